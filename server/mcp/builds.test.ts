// The build tools end to end: a client builds, downloads the artifact from
// the URL in the result and runs it; compile errors are results, refusals
// are tool errors; download URLs follow PUBLIC_URL and forwarded headers.
import { execFile } from "node:child_process";
import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runWasiShim } from "../../lang/runtime/wasi/wasiShim";
import { TIME_FACTOR } from "../../vitest.timing.config";
import { type TestPlayground, testPlayground } from "../playground/testPlayground";
import { connectClient, type Loopback, listenOnLoopback, type TransportKind } from "./testing";

const run = promisify(execFile);
const PROGRAM = 'fn main() {\n    for i in 1..4 {\n        println("line {i}")\n    }\n}\n';
const OUTPUT = "line 1\nline 2\nline 3\n";

let playground: TestPlayground;
let server: Loopback;
let scratch: string;
beforeAll(async () => {
  playground = testPlayground();
  server = await listenOnLoopback(playground.app);
  scratch = await mkdtemp(join(tmpdir(), "mcp-downloads-"));
});
afterAll(async () => {
  await server.close();
  await playground.close();
  await rm(scratch, { recursive: true, force: true });
});

type Structured = Record<string, unknown> & {
  binary_artifact?: { name: string; download_url: string } | null;
  wasm_artifact?: { name: string; download_url: string } | null;
};

function text(result: Awaited<ReturnType<Client["callTool"]>>): string {
  return (result.content as { text?: string }[])[0]?.text ?? "";
}

describe.each<TransportKind>(["streamable", "sse"])("over the %s transport", (kind) => {
  let client: Client;
  beforeAll(async () => {
    client = await connectClient(server.url, kind);
  });
  afterAll(() => client.close());

  it("lang_build_native gives a download URL whose binary runs here", { timeout: 60_000 * TIME_FACTOR }, async () => {
    const result = await client.callTool({ name: "lang_build_native", arguments: { source: PROGRAM } });
    expect(result.isError, text(result)).toBeFalsy();
    const built = result.structuredContent as Structured;
    expect(built).toMatchObject({ status: "ok", target: "linux-x64", errors: [] });
    const url = built.binary_artifact?.download_url ?? "";
    expect(url.startsWith(`${server.url}/download/`)).toBe(true);
    expect(text(result)).toContain(url);

    const download = await fetch(url);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toContain("attachment");
    const path = join(scratch, `${kind}-main`);
    await writeFile(path, new Uint8Array(await download.arrayBuffer()));
    await chmod(path, 0o755);
    const { stdout } = await run(path);
    expect(stdout).toBe(OUTPUT);
  });

  it("lang_build_wasm returns the module inline and as a download, and it runs under WASI", async () => {
    const result = await client.callTool({ name: "lang_build_wasm", arguments: { source: PROGRAM, opt: "-O1" } });
    const built = result.structuredContent as Structured & { wasm_base64: string; wasm_bytes: number };
    expect(built.status).toBe("ok");
    const inline = Buffer.from(built.wasm_base64, "base64");
    expect(inline.length).toBe(built.wasm_bytes);
    const downloaded = Buffer.from(await (await fetch(built.wasm_artifact?.download_url ?? "")).arrayBuffer());
    expect(downloaded.equals(inline)).toBe(true);
    const ran = await runWasiShim({ module: await WebAssembly.compile(downloaded), args: [] });
    expect(new TextDecoder().decode(ran.stdout)).toBe(OUTPUT);
  });

  it("a compile error is a normal result with positioned errors, not a tool error", async () => {
    const result = await client.callTool({
      name: "lang_build_native",
      arguments: { source: 'fn main() {\n    let x: i64 = "no"\n}\n', filename: "bad.pith" },
    });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      status: "error",
      binary_artifact: null,
      errors: [{ file: "bad.pith", line: 2, col: 18, message: "expected i64, found str" }],
    });
    expect(text(result)).toContain("bad.pith:2:18: expected i64, found str\n  hint: ");
    expect(text(result)).toContain("[E0300]");
    expect(result.structuredContent).toMatchObject({
      errors: [{ code: "E0300", help_url: expect.stringMatching(/\/errors\/E0300$/) }],
    });
  });

  it("a target that rejects canvas refuses the program with a tool error naming the module", async () => {
    const source = "import std.canvas\n\nfn main() {\n    println(1)\n}\n";
    for (const [name, args] of [
      ["lang_build_windows", { source }],
      ["lang_build_target", { source, target: "linux-arm64-musl" }],
    ] as const) {
      const result = await client.callTool({ name, arguments: args });
      expect(result.isError, name).toBe(true);
      expect(text(result), name).toMatch(/build refused \(400\): .*std\.canvas/s);
    }
    const unknownTarget = await client.callTool({
      name: "lang_build_target",
      arguments: { source, target: "amiga-68k" },
    });
    expect(unknownTarget.isError).toBe(true);
    expect(text(unknownTarget)).toContain("linux-riscv64-musl");
  });
});

describe("download URLs work from outside", () => {
  it("follow X-Forwarded-Proto and X-Forwarded-Host from a proxy in front", async () => {
    const client = await connectClient(server.url, "streamable", {
      "x-forwarded-proto": "https",
      "x-forwarded-host": "play.example.org",
    });
    const result = await client.callTool({ name: "lang_build_wasm", arguments: { source: PROGRAM } });
    expect((result.structuredContent as Structured).wasm_artifact?.download_url).toMatch(
      /^https:\/\/play\.example\.org\/download\/[0-9a-f]{32}\/main\.wasm$/,
    );
    await client.close();
  });

  it("use PUBLIC_URL when the operator set it", async () => {
    const configured = testPlayground({ publicUrl: "https://pith.example.net" });
    const own = await listenOnLoopback(configured.app);
    try {
      const client = await connectClient(own.url, "sse");
      const result = await client.callTool({ name: "lang_build_wasm", arguments: { source: PROGRAM } });
      expect((result.structuredContent as Structured).wasm_artifact?.download_url).toMatch(
        /^https:\/\/pith\.example\.net\/download\//,
      );
      await client.close();
    } finally {
      await own.close();
      await configured.close();
    }
  });
});
