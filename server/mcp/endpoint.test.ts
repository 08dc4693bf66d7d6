// The MCP endpoint through the SDK's own Client, over both transports,
// against a real server on loopback: the protocol surface, every tool,
// resource, template and the prompt, and how bad calls are answered.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listContent, readContent, readDocument } from "../playground/content";
import { type TestPlayground, testPlayground } from "../playground/testPlayground";
import { connectClient, type Loopback, listenOnLoopback, type TransportKind } from "./testing";

const HELLO = 'fn main() {\n    println("hello from pith")\n}\n';

let playground: TestPlayground;
let server: Loopback;
beforeAll(async () => {
  // Rates are tested in limits.test.ts; here every resource is read, far over them.
  playground = testPlayground({ wasmBuildsPerMinute: 0, nativeBuildsPerMinute: 0 });
  server = await listenOnLoopback(playground.app);
});
afterAll(async () => {
  await server.close();
  await playground.close();
});

type ToolResult = Awaited<ReturnType<Client["callTool"]>>;

function text(result: ToolResult): string {
  const first = (result.content as { type: string; text?: string }[])[0];
  return first?.text ?? "";
}

/** One valid call per tool, and what its structured result must contain. */
const CALLS: Record<string, { args?: Record<string, unknown>; expect: (r: Record<string, unknown>) => void }> = {
  lang_build_wasm: {
    args: { source: HELLO },
    expect: (r) => expect(r).toMatchObject({ status: "ok", filename: "main.wasm", errors: [] }),
  },
  lang_build_native: {
    args: { source: HELLO },
    expect: (r) => expect(r).toMatchObject({ status: "ok", target: "linux-x64" }),
  },
  lang_build_windows: {
    args: { source: HELLO, filename: "hello.pith" },
    expect: (r) => expect(r).toMatchObject({ status: "ok", binary_artifact: { name: "hello.exe" } }),
  },
  lang_build_macos: {
    args: { source: HELLO },
    expect: (r) => expect(r.message).toContain("quarantine"),
  },
  lang_build_target: {
    args: { source: HELLO, target: "linux-arm64-musl", opt: "-Os" },
    expect: (r) => expect(r).toMatchObject({ status: "ok", target: "linux-arm64-musl" }),
  },
  lang_debug: {
    args: { source: HELLO, breakpoints: [{ line: 2 }] },
    expect: (r) =>
      expect(r).toMatchObject({
        status: "ok",
        output: "hello from pith\n",
        exit_code: 0,
        stops: [{ line: 2, reason: "breakpoint", stack: [{ function: "main" }] }],
      }),
  },
  lang_check: { args: { source: HELLO }, expect: (r) => expect(r).toMatchObject({ ok: true, diagnostics: [] }) },
  lang_format: {
    args: { source: "fn main() {\nprintln(1)\n}\n" },
    expect: (r) => expect(r).toMatchObject({ formatted: "fn main() {\n    println(1)\n}\n", changed: true }),
  },
  lang_query: {
    args: { source: HELLO, what: "hover", line: 2, col: 6 },
    expect: (r) => expect(r).toMatchObject({ what: "hover", answer: { signature: "fn println(value)" } }),
  },
  lang_explain_error: {
    args: { message: "use 'var' for a mutable binding" },
    expect: (r) => expect(r).toMatchObject({ known: true }),
  },
  lang_list_examples: { expect: (r) => expect(r.files).toContainEqual(expect.objectContaining({ name: "primes" })) },
  lang_list_stdlib: { expect: (r) => expect(r.files).toContainEqual(expect.objectContaining({ name: "math" })) },
  lang_list_tests: {
    expect: (r) => expect(r.files).toContainEqual(expect.objectContaining({ name: "strings/slicing" })),
  },
  lang_read_example: { args: { name: "primes" }, expect: (r) => expect(r.source).toContain("fn sieve(") },
  lang_read_stdlib: { args: { name: "math" }, expect: (r) => expect(r.source).toContain("fn sqrt") },
  lang_read_test: { args: { name: "strings/slicing" }, expect: (r) => expect(r.name).toBe("strings/slicing.pith") },
  lang_read_grammar: { expect: (r) => expect(r.text).toContain("fn_decl") },
  lang_read_readme: { expect: (r) => expect(r.text).toContain("# Pith in one page") },
  lang_read_semantics: { expect: (r) => expect(r.text).toContain("Compile errors") },
  lang_read_roadmap: { expect: (r) => expect(String(r.text).length).toBeGreaterThan(100) },
  lang_read_gotchas: { expect: (r) => expect(r.text).toContain("Enum.Variant") },
  lang_read_habits: { expect: (r) => expect(r.text).toContain("`let mut x = 1`") },
};

describe.each<TransportKind>(["streamable", "sse"])("over the %s transport", (kind) => {
  let client: Client;
  beforeAll(async () => {
    client = await connectClient(server.url, kind);
  });
  afterAll(() => client.close());

  it("initializes as the Pith playground and advertises tools, resources, prompts and completions", () => {
    expect(client.getServerVersion()?.name).toBe("pith-playground");
    const caps = client.getServerCapabilities();
    expect(caps?.tools).toBeDefined();
    expect(caps?.resources).toBeDefined();
    expect(caps?.prompts).toBeDefined();
    expect(caps?.completions).toBeDefined();
    expect(client.getInstructions()).toContain("lang_check");
  });

  it("lists every tool by its WIRE.md name, with a description, an input schema and an output schema", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(Object.keys(CALLS).sort());
    for (const tool of tools) {
      expect(tool.description?.length, tool.name).toBeGreaterThan(60);
      expect(tool.inputSchema.type, tool.name).toBe("object");
      expect(tool.outputSchema?.type, tool.name).toBe("object");
    }
  });

  it('gives every schema node a single type: string-or-null is anyOf, never type: [..., "null"]', async () => {
    // Clients whose schema dialect has only single types reject a type array.
    const arrays: string[] = [];
    const walk = (node: unknown, path: string): void => {
      if (node === null || typeof node !== "object") return;
      if (Array.isArray((node as { type?: unknown }).type)) arrays.push(path);
      for (const [key, child] of Object.entries(node)) walk(child, `${path}/${key}`);
    };
    for (const tool of (await client.listTools()).tools) {
      walk(tool.inputSchema, `${tool.name}/input`);
      walk(tool.outputSchema, `${tool.name}/output`);
    }
    expect(arrays).toEqual([]);
  });

  it("calls every tool successfully, with structured content matching its output", { timeout: 120_000 }, async () => {
    for (const [name, call] of Object.entries(CALLS)) {
      const result = await client.callTool({ name, arguments: call.args ?? {} });
      expect(result.isError, `${name}: ${text(result)}`).toBeFalsy();
      expect(text(result).length, name).toBeGreaterThan(0);
      call.expect(result.structuredContent as Record<string, unknown>);
    }
  });

  it("list and read tools return the files the HTTP API serves", async () => {
    for (const [collection, list, read] of [
      ["examples", "lang_list_examples", "lang_read_example"],
      ["stdlib", "lang_list_stdlib", "lang_read_stdlib"],
      ["tests", "lang_list_tests", "lang_read_test"],
    ] as const) {
      const listed = await client.callTool({ name: list });
      const files = (listed.structuredContent as { files: { name: string }[] }).files;
      expect(files).toEqual(await listContent(collection));
      const first = files.find((f) => f.name.includes("/")) ?? files[0];
      const result = await client.callTool({ name: read, arguments: { name: first.name } });
      expect(result.structuredContent).toEqual(await readContent(collection, first.name));
      expect(text(result)).toBe((await readContent(collection, first.name)).source);
    }
    for (const doc of ["grammar", "readme", "roadmap", "gotchas", "habits", "semantics"] as const) {
      const result = await client.callTool({ name: `lang_read_${doc}` });
      expect(result.structuredContent).toEqual({ document: doc, text: await readDocument(doc) });
    }
  });

  it("lang_check reports positioned errors with a fix hint", async () => {
    const bad = await client.callTool({
      name: "lang_check",
      arguments: { source: 'fn main() {\n    let mut x = 1\n    println("{x}")\n}\n' },
    });
    expect(bad.isError).toBeFalsy();
    const report = bad.structuredContent as { ok: boolean; diagnostics: Record<string, unknown>[] };
    expect(report.ok).toBe(false);
    expect(report.diagnostics[0]).toMatchObject({
      line: 2,
      col: 9,
      severity: "error",
      message: "use 'var' for a mutable binding",
    });
    expect(report.diagnostics[0].hint).toContain("var x");
    expect(text(bad)).toContain("main.pith:2:9");
  });

  it("lang_format gives the canonical layout, is a fixed point, and reports a program that does not parse", async () => {
    const messy = 'fn  main( ) {\n  let x = 1\n      println("{x}")   // keep me\n}\n';
    const once = await client.callTool({ name: "lang_format", arguments: { source: messy } });
    const formatted = (once.structuredContent as { formatted: string }).formatted;
    expect(formatted).toBe('fn main() {\n    let x = 1\n    println("{x}") // keep me\n}\n');
    expect(text(once)).toBe(formatted);
    const twice = await client.callTool({ name: "lang_format", arguments: { source: formatted } });
    expect(twice.structuredContent).toMatchObject({ formatted, changed: false });

    const broken = await client.callTool({ name: "lang_format", arguments: { source: "fn main( {\n}\n" } });
    expect(broken.isError).toBeFalsy();
    const report = broken.structuredContent as { formatted: null; diagnostics: { line: number }[] };
    expect(report.formatted).toBeNull();
    expect(report.diagnostics[0].line).toBe(1);
  });

  it("lang_explain_error explains a message with or without its position prefix", async () => {
    const result = await client.callTool({
      name: "lang_explain_error",
      arguments: { message: "main.pith:3:5: error: use '.' instead of '::'" },
    });
    expect(result.structuredContent).toMatchObject({ message: "use '.' instead of '::'", known: true });
    expect((result.structuredContent as { fix: string }).fix).toContain("Enum.Variant");
    const unknown = await client.callTool({ name: "lang_explain_error", arguments: { message: "something odd" } });
    expect(unknown.structuredContent).toMatchObject({ known: false });
  });

  it("lang_explain_error explains a diagnostic code, as `pith explain` and the /errors page do", async () => {
    const result = await client.callTool({ name: "lang_explain_error", arguments: { code: "E0116" } });
    expect(result.structuredContent).toMatchObject({
      known: true,
      code: "E0116",
      title: "let mut",
      help_url: expect.stringMatching(/\/errors\/E0116$/),
    });
    expect((result.structuredContent as { example: string }).example).toContain("let mut");
    expect(text(result)).toMatch(/^E0116: let mut\n/);
    // A code written in a pasted line wins over its text.
    const pasted = await client.callTool({
      name: "lang_explain_error",
      arguments: { message: "main.pith:2:5: error[E0114]: paths use a dot" },
    });
    expect(pasted.structuredContent).toMatchObject({ known: true, code: "E0114" });
    const unknown = await client.callTool({ name: "lang_explain_error", arguments: { code: "E9999" } });
    expect(unknown.structuredContent).toMatchObject({ known: false });
  });

  it("lists and reads every resource, nested template paths included", { timeout: 60_000 }, async () => {
    const { resources } = await client.listResources();
    const uris = resources.map((r) => r.uri);
    expect(uris).toEqual(
      expect.arrayContaining([
        "lang://grammar",
        "lang://readme",
        "lang://roadmap",
        "lang://gotchas",
        "lang://habits",
        "lang://semantics",
      ]),
    );
    const [tests, examples, stdlib] = await Promise.all([
      listContent("tests"),
      listContent("examples"),
      listContent("stdlib"),
    ]);
    expect(uris.length).toBe(6 + tests.length + examples.length + stdlib.length);
    expect(uris).toContain("lang://test/strings/slicing");
    for (const r of resources) expect(r.mimeType, r.uri).toBeTruthy();
    for (const uri of uris) {
      const read = await client.readResource({ uri });
      const first = read.contents[0] as { uri: string; text?: string };
      expect(first.uri).toBe(uri);
      expect(first.text?.length, uri).toBeGreaterThan(0);
    }
    const grammar = await client.readResource({ uri: "lang://grammar" });
    expect((grammar.contents[0] as { text: string }).text).toBe(await readDocument("grammar"));
  });

  it("lists the three templates and completes their arguments", async () => {
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate).sort()).toEqual([
      "lang://example/{name}",
      "lang://stdlib/{path}",
      "lang://test/{name}",
    ]);
    for (const t of resourceTemplates) expect(t.description).toBeTruthy();
    const done = await client.complete({
      ref: { type: "ref/resource", uri: "lang://test/{name}" },
      argument: { name: "name", value: "strings/s" },
    });
    expect(done.completion.values).toContain("strings/slicing");
    for (const v of done.completion.values) expect(v.startsWith("strings/s")).toBe(true);
    const examples = await client.complete({
      ref: { type: "ref/resource", uri: "lang://example/{name}" },
      argument: { name: "name", value: "pri" },
    });
    expect(examples.completion.values).toEqual(["primes"]);
  });

  it("reading a missing or escaping resource is an error naming it, and the connection stays usable", async () => {
    await expect(client.readResource({ uri: "lang://example/no_such_program" })).rejects.toThrow(/no_such_program/);
    await expect(client.readResource({ uri: "lang://stdlib/..%2F..%2Fpackage.json" })).rejects.toThrow(/'\.\.'/);
    // The spec's codes: resource not found (-32002) for a missing file, invalid params for an unsafe path.
    await expect(client.readResource({ uri: "lang://test/no/such_test" })).rejects.toMatchObject({ code: -32002 });
    await expect(client.readResource({ uri: "lang://stdlib/..%2F..%2Fpackage.json" })).rejects.toMatchObject({
      code: -32602,
    });
    expect((await client.listTools()).tools.length).toBe(Object.keys(CALLS).length);
  });

  it("the coding-assistant prompt carries the grammar, gotchas, canonical examples and the task", async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(["lang_coding_assistant"]);
    expect(prompts[0].arguments?.[0]).toMatchObject({ name: "task", required: false });
    const withTask = await client.getPrompt({ name: "lang_coding_assistant", arguments: { task: "print a triangle" } });
    const body = (withTask.messages[0].content as { text: string }).text;
    expect(body).toContain(await readDocument("grammar"));
    expect(body).toContain(await readDocument("gotchas"));
    expect(body).toContain("fn sieve(");
    expect(body).toContain("print a triangle");
    const without = await client.getPrompt({ name: "lang_coding_assistant" });
    expect((without.messages[0].content as { text: string }).text).not.toContain("# Your task");
  });

  it("bad calls are tool errors that say what was wrong, never a dropped connection", async () => {
    const unknown = await client.callTool({ name: "lang_no_such_tool" });
    expect(unknown.isError).toBe(true);
    expect(text(unknown)).toContain("lang_no_such_tool not found");

    const wrongType = await client.callTool({ name: "lang_read_example", arguments: { name: 42 } });
    expect(wrongType.isError).toBe(true);
    expect(text(wrongType)).toMatch(/expected string.*name/);

    const wrongOpt = await client.callTool({ name: "lang_build_wasm", arguments: { source: HELLO, opt: "-O9" } });
    expect(wrongOpt.isError).toBe(true);
    expect(text(wrongOpt)).toContain("-O2");

    const missing = await client.callTool({ name: "lang_check", arguments: {} });
    expect(missing.isError).toBe(true);
    expect(text(missing)).toContain("source");

    const escaping = await client.callTool({ name: "lang_read_stdlib", arguments: { name: "../../package.json" } });
    expect(escaping.isError).toBe(true);
    expect(text(escaping)).toContain("'..' segment");

    const oversized = `fn main() {}\n//${"x".repeat(1024 * 1024)}`;
    for (const name of ["lang_check", "lang_build_wasm", "lang_build_native"]) {
      const result = await client.callTool({ name, arguments: { source: oversized } });
      expect(result.isError, name).toBe(true);
      expect(text(result), name).toContain("larger than the limit of 1048576 bytes");
    }

    const blank = await client.callTool({ name: "lang_build_wasm", arguments: { source: "  \n" } });
    expect(text(blank)).toContain("source is blank");

    expect((await client.callTool({ name: "lang_read_readme" })).isError).toBeFalsy();
  });
});
