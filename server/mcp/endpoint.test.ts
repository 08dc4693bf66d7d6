// The MCP endpoint through the SDK's own Client, over both transports,
// against a real server on loopback.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { fileContent } from "./content";
import { connectClient, type Loopback, listenOnLoopback, type TransportKind } from "./testing";

const content = fileContent();
let server: Loopback;

beforeAll(async () => {
  server = await listenOnLoopback(createApp());
});
afterAll(() => server.close());

type ToolResult = Awaited<ReturnType<Client["callTool"]>>;

function text(result: ToolResult): string {
  const first = (result.content as { type: string; text?: string }[])[0];
  return first?.text ?? "";
}

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

  it("lists every tool with a description, an input schema and an output schema", async () => {
    const { tools } = await client.listTools();
    for (const tool of tools) {
      expect(tool.description?.length, tool.name).toBeGreaterThan(40);
      expect(tool.inputSchema.type, tool.name).toBe("object");
      expect(tool.outputSchema?.type, tool.name).toBe("object");
    }
    expect(tools.map((t) => t.name)).toEqual(
      expect.arrayContaining([
        "lang_list_examples",
        "lang_list_stdlib",
        "lang_list_tests",
        "lang_read_example",
        "lang_read_stdlib",
        "lang_read_test",
        "lang_read_grammar",
        "lang_read_readme",
        "lang_read_roadmap",
        "lang_read_gotchas",
        "lang_check",
        "lang_explain_error",
      ]),
    );
  });

  it("list tools return the files on disk, and read tools return their sources", async () => {
    for (const [collection, list, read] of [
      ["examples", "lang_list_examples", "lang_read_example"],
      ["stdlib", "lang_list_stdlib", "lang_read_stdlib"],
      ["tests", "lang_list_tests", "lang_read_test"],
    ] as const) {
      const listed = await client.callTool({ name: list });
      const files = (listed.structuredContent as { files: { name: string }[] }).files;
      expect(files).toEqual(await content.list(collection));
      const first = files.find((f) => f.name.includes("/")) ?? files[0];
      const result = await client.callTool({ name: read, arguments: { name: first.name } });
      expect(result.isError, `${read} ${first.name}`).toBeFalsy();
      expect(result.structuredContent).toMatchObject(await content.read(collection, first.name));
      expect(text(result)).toBe((await content.read(collection, first.name)).source);
    }
  });

  it("document tools return the grammar, README, roadmap and gotchas", async () => {
    for (const doc of ["grammar", "readme", "roadmap", "gotchas"] as const) {
      const result = await client.callTool({ name: `lang_read_${doc}` });
      expect(result.structuredContent).toEqual({ document: doc, text: await content.document(doc) });
    }
  });

  it("lang_check reports positioned errors with a fix hint, and ok for a correct program", async () => {
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

    const good = await client.callTool({ name: "lang_check", arguments: { source: 'fn main() { println("hi") }\n' } });
    expect(good.structuredContent).toMatchObject({ ok: true, diagnostics: [] });
  });

  it("lang_explain_error explains a compiler message, with or without its position prefix", async () => {
    const result = await client.callTool({
      name: "lang_explain_error",
      arguments: { message: "main.pith:3:5: error: use '.' instead of '::'" },
    });
    expect(result.structuredContent).toMatchObject({ message: "use '.' instead of '::'", known: true });
    expect((result.structuredContent as { fix: string }).fix).toContain("Enum.Variant");
    const unknown = await client.callTool({ name: "lang_explain_error", arguments: { message: "something odd" } });
    expect(unknown.structuredContent).toMatchObject({ known: false });
  });

  it("reads every listed resource, including nested template paths", async () => {
    const { resources } = await client.listResources();
    const uris = resources.map((r) => r.uri);
    expect(uris).toEqual(
      expect.arrayContaining(["lang://grammar", "lang://readme", "lang://roadmap", "lang://gotchas"]),
    );
    const tests = await content.list("tests");
    expect(uris).toContain(`lang://test/${tests[0].name}`);
    expect(tests[0].name).toContain("/");
    for (const r of resources) {
      expect(r.mimeType, r.uri).toBeTruthy();
    }
    // Reading all of them is a few hundred small reads; a sample of each kind plus every document proves the mapping.
    const sample = ["lang://grammar", "lang://readme", "lang://roadmap", "lang://gotchas"];
    for (const prefix of ["lang://stdlib/", "lang://example/", "lang://test/"]) {
      sample.push(...uris.filter((u) => u.startsWith(prefix)).slice(0, 3));
    }
    for (const uri of sample) {
      const read = await client.readResource({ uri });
      expect(read.contents[0].uri).toBe(uri);
      expect(String(read.contents[0].text).length, uri).toBeGreaterThan(10);
    }
    const grammar = await client.readResource({ uri: "lang://grammar" });
    expect(grammar.contents[0].text).toBe(await content.document("grammar"));
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
    expect(done.completion.values.length).toBeGreaterThan(0);
    for (const v of done.completion.values) expect(v.startsWith("strings/s")).toBe(true);
    const examples = await client.complete({
      ref: { type: "ref/resource", uri: "lang://example/{name}" },
      argument: { name: "name", value: "pri" },
    });
    expect(examples.completion.values).toEqual(["primes"]);
  });

  it("reading a missing or escaping resource is an error naming it, and the connection stays usable", async () => {
    await expect(client.readResource({ uri: "lang://example/no_such_program" })).rejects.toThrow(/no_such_program/);
    await expect(client.readResource({ uri: "lang://stdlib/..%2F..%2Fpackage.json" })).rejects.toThrow(
      /not a path inside/,
    );
    expect((await client.listTools()).tools.length).toBeGreaterThan(10);
  });

  it("the coding-assistant prompt carries the grammar, gotchas, canonical examples and the task", async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name)).toContain("lang_coding_assistant");
    expect(prompts.find((p) => p.name === "lang_coding_assistant")?.arguments?.[0]).toMatchObject({
      name: "task",
      required: false,
    });
    const withTask = await client.getPrompt({ name: "lang_coding_assistant", arguments: { task: "print a triangle" } });
    const body = (withTask.messages[0].content as { text: string }).text;
    expect(body).toContain(await content.document("grammar"));
    expect(body).toContain("Enum.Variant");
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

    const missing = await client.callTool({ name: "lang_check", arguments: {} });
    expect(missing.isError).toBe(true);
    expect(text(missing)).toContain("source");

    const escaping = await client.callTool({ name: "lang_read_stdlib", arguments: { name: "../../package.json" } });
    expect(escaping.isError).toBe(true);
    expect(text(escaping)).toContain("not a path inside stdlib/");

    const oversized = await client.callTool({
      name: "lang_check",
      arguments: { source: `fn main() {}\n//${"x".repeat(1024 * 1024)}` },
    });
    expect(oversized.isError).toBe(true);
    expect(text(oversized)).toContain("larger than 1048576 bytes");

    const blank = await client.callTool({ name: "lang_check", arguments: { source: "  \n" } });
    expect(text(blank)).toContain("source is blank");

    expect((await client.callTool({ name: "lang_read_readme" })).isError).toBeFalsy();
  });
});
