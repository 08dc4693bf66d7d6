// Programs of several files: `import util` in main.pith reads util.pith
// beside it. The same two files through `pith run` (files on disk), POST
// /build_wasm and POST /build on a real server on loopback (the native
// executable downloaded and run) print the same; an error in util.pith is
// reported against util.pith; requests whose files do not fit are refused.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { type ServerType, serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runWasiNode } from "../compiler/wasiNode";
import { missingToolsFor } from "../toolchain/detect";
import { runNative } from "../toolchain/runNative";
import { testPlayground } from "./testPlayground";

const MAIN = [
  "import util",
  "",
  "fn main() {",
  "    let p = Point { x: 3, y: 4 }",
  '    println("twice 21 is {util.twice(21)}, {util.GREETING}")',
  '    println("norm² of ({p.x}, {p.y}) is {util.norm2(p)}")',
  "}",
  "",
].join("\n");
const UTIL = [
  'const GREETING: str = "hello from util"',
  "",
  "struct Point {",
  "    x: i64,",
  "    y: i64,",
  "}",
  "",
  "fn twice(n: i64) -> i64 {",
  "    n * 2",
  "}",
  "",
  "fn norm2(p: Point) -> i64 {",
  "    p.x * p.x + p.y * p.y",
  "}",
  "",
].join("\n");
const EXPECTED = "twice 21 is 42, hello from util\nnorm² of (3, 4) is 25\n";
const FILES = [{ name: "util.pith", source: UTIL }];

const playground = testPlayground();
let server: ServerType;
let base = "";
const dir = mkdtempSync(join(tmpdir(), "program-files-"));

beforeAll(async () => {
  server = serve({ fetch: playground.app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await playground.close();
  rmSync(dir, { recursive: true, force: true });
});

async function post(path: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function runWasm(base64: string): Promise<string> {
  const module = await WebAssembly.compile(Buffer.from(base64, "base64"));
  return new TextDecoder().decode((await runWasiNode({ module, args: [] })).stdout);
}

const pith = (...args: string[]) =>
  promisify(execFile)("npx", ["tsx", "server/cli/pith.ts", ...args], { cwd: process.cwd() }).then(
    (r) => ({ code: 0, ...r }),
    (e: { code: number; stdout: string; stderr: string }) => e,
  );

describe("programs of several files", () => {
  it("`pith run` reads util.pith beside main.pith", async () => {
    writeFileSync(join(dir, "main.pith"), MAIN);
    writeFileSync(join(dir, "util.pith"), UTIL);
    const run = await pith("run", join(dir, "main.pith"));
    expect(run.stderr).toBe("");
    expect(run.stdout).toBe(EXPECTED);
  });

  it("POST /build_wasm with files builds a module that prints the same", async () => {
    const { status, body } = await post("/build_wasm", { source: MAIN, files: FILES });
    expect(status).toBe(200);
    expect(body.errors).toEqual([]);
    expect(await runWasm(body.wasm_base64 as string)).toBe(EXPECTED);
  });

  it("POST /build with files builds an executable that, downloaded and run, prints the same", async () => {
    if (missingToolsFor("linux-x64-musl").length > 0) throw new Error("clang-19/lld are needed (scripts/bootstrap.sh)");
    const { status, body } = await post("/build", { source: MAIN, files: FILES, filename: "twice.pith" });
    expect(status).toBe(200);
    expect(body.errors).toEqual([]);
    const download = await fetch((body.binary_artifact as { download_url: string }).download_url);
    const binary = new Uint8Array(await download.arrayBuffer());
    const run = await runNative(binary, "linux-x64-musl", { timeoutMs: 60_000 });
    expect(new TextDecoder().decode(run.stdout)).toBe(EXPECTED);
  });

  it("reports an error in util.pith against util.pith, at its line", async () => {
    const broken = UTIL.replace("    n * 2", '    n * "2"');
    const { body } = await post("/build_wasm", { source: MAIN, files: [{ name: "util.pith", source: broken }] });
    expect(body.status).toBe("error");
    expect(body.errors).toEqual([expect.objectContaining({ file: "util.pith", line: 9 })]);
  });

  it("says which file is missing when an import names none", async () => {
    const { body } = await post("/build_wasm", { source: MAIN });
    expect(body.status).toBe("error");
    expect((body.errors as { message: string }[])[0].message).toBe(
      "unknown module 'util': there is no file util.pith beside main.pith (standard modules are imported as std.name)",
    );
  });

  it("refuses files that do not fit together, or are too large together, and compiles nothing", async () => {
    const twice = await post("/build_wasm", { source: MAIN, files: [...FILES, ...FILES] });
    expect(twice.status).toBe(400);
    expect(twice.body.detail).toMatch(/util\.pith appears twice/);
    const entry = await post("/build_wasm", { source: MAIN, files: [{ name: "main.pith", source: UTIL }] });
    expect(entry.status).toBe(400);
    const badName = await post("/build_wasm", { source: MAIN, files: [{ name: "../util.pith", source: UTIL }] });
    expect(badName.status).toBe(400);
    const limits = testPlayground({ maxSourceBytes: 1000 });
    try {
      const response = await limits.app.request("/build_wasm", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ source: MAIN, files: [{ name: "util.pith", source: "x".repeat(900) }] }),
      });
      expect(response.status).toBe(413);
      expect(((await response.json()) as { detail: string }).detail).toMatch(/source and files are \d+ bytes/);
    } finally {
      await limits.close();
    }
  });
});
