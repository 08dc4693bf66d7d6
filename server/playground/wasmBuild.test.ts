// POST /build_wasm through the app: the WIRE.md result, every -O level, the
// binary form, compile errors as results, and every way a request can be
// wrong (each a 4xx with the playground error shape, never a 500).
import { afterAll, describe, expect, it } from "vitest";
import { TIME_FACTOR } from "../../vitest.timing.config";
import { runWasiNode } from "../compiler/wasiNode";
import { HEAVY_PROGRAM, HELLO, postJson, testPlayground } from "./testPlayground";

const playground = testPlayground();
const { app } = playground;
afterAll(() => playground.close());

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

async function runWasm(bytes: Uint8Array, stdin = ""): Promise<string> {
  const module = await WebAssembly.compile(bytes as Uint8Array<ArrayBuffer>);
  return text((await runWasiNode({ module, args: [], stdin })).stdout);
}

describe("POST /build_wasm", () => {
  it("returns the module as base64 with every WIRE.md field, and the module runs", async () => {
    const response = await postJson(app, "/build_wasm", { source: HELLO, filename: "hello.pith" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const body = await response.json();
    expect(Object.keys(body).sort()).toEqual(
      [
        "status",
        "message",
        "filename",
        "wasm_base64",
        "wasm_bytes",
        "logs",
        "errors",
        "warnings",
        "llvm_ir",
        "uses_canvas",
        "uses_audio",
        "uses_http",
        "elapsed_ms",
        // The NURL page's aliases (issue 33), beside the WIRE.md fields.
        "stderr",
        "nurlc_stderr",
        "nurlc_returncode",
        "nurlc_errors",
      ].sort(),
    );
    expect(body).toMatchObject({ status: "ok", filename: "hello.wasm", errors: [], warnings: [], llvm_ir: null });
    const wasm = Buffer.from(body.wasm_base64, "base64");
    expect(wasm.length).toBe(body.wasm_bytes);
    expect(await runWasm(wasm)).toBe("hello from 42\n");
    expect(body.elapsed_ms).toBeGreaterThan(0);
  });

  it("compiles at all six optimisation levels", async () => {
    for (const opt of ["-O0", "-O1", "-O2", "-O3", "-Os", "-Oz"]) {
      const body = await (await postJson(app, "/build_wasm", { source: HELLO, opt })).json();
      expect(body.status, opt).toBe("ok");
      expect(body.message).toContain(opt);
      expect(await runWasm(Buffer.from(body.wasm_base64, "base64"))).toBe("hello from 42\n");
    }
  });

  it("adds the LLVM IR when emit_ll is set", async () => {
    const body = await (await postJson(app, "/build_wasm", { source: HELLO, emit_ll: true })).json();
    expect(body.llvm_ir).toContain("define i32 @pith_main");
  });

  it("returns the raw module as an attachment with return_format binary", async () => {
    const response = await postJson(app, "/build_wasm", {
      source: HELLO,
      filename: "greet.pith",
      return_format: "binary",
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/wasm");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="greet.wasm"');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(await runWasm(bytes)).toBe("hello from 42\n");
  });

  it("answers a program that does not compile with 200, status error and positioned errors with their codes and pages", async () => {
    const response = await postJson(app, "/build_wasm", {
      source: 'fn main() {\n  let x: i64 = "text"\n}\n',
      filename: "bad.pith",
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      status: "error",
      wasm_base64: null,
      wasm_bytes: 0,
      errors: [{ file: "bad.pith", line: 2, col: 16, code: "E0300", message: "expected i64, found str" }],
    });
    // help_url is absolute and its page answers.
    const page = new URL(body.errors[0].help_url);
    expect(page.pathname).toBe("/errors/E0300");
    const help = await app.request(page.pathname);
    expect(help.status).toBe(200);
    expect(await help.text()).toContain("mismatched types");
  });

  it("says which browser host modules the program imports", async () => {
    const body = await (
      await postJson(app, "/build_wasm", { source: "import std.canvas\nimport std.audio\nfn main() {}\n" })
    ).json();
    expect(body).toMatchObject({ uses_canvas: true, uses_audio: true, uses_http: false });
  });

  it("reduces a file name with folders to its plain name", async () => {
    const body = await (await postJson(app, "/build_wasm", { source: HELLO, filename: "../../etc/x.pith" })).json();
    expect(body.filename).toBe("x.wasm");
  });

  it("answers a repeated build from the compile cache with the same module", async () => {
    const source = 'fn main() {\n  println("cached")\n}\n';
    const first = await (await postJson(app, "/build_wasm", { source })).json();
    const hitsBefore = playground.services.compileCache.hits;
    const second = await (await postJson(app, "/build_wasm", { source })).json();
    expect(second.wasm_base64).toBe(first.wasm_base64);
    expect(playground.services.compileCache.hits).toBe(hitsBefore + 1);
    expect((await (await app.request("/health")).json()).compile_cache.hits).toBe(hitsBefore + 1);
  });

  it("ignores unknown fields", async () => {
    const response = await postJson(app, "/build_wasm", { source: HELLO, colour: "blue", nested: { a: 1 } });
    expect(response.status).toBe(200);
  });

  // Any other site's page can send these cross-origin without a preflight; a JSON client says application/json.
  for (const type of [null, "application/x-www-form-urlencoded", "text/plain", "application/xml"]) {
    it(`refuses a body sent with ${type ?? "no"} Content-Type with a 415 saying what to send`, async () => {
      const hitsBefore = playground.services.compileCache.hits + playground.services.compileCache.misses;
      const response = await app.request("/build_wasm", {
        method: "POST",
        // Bytes, not a string: a string body would be given text/plain on the way.
        body: new TextEncoder().encode(JSON.stringify({ source: HELLO })),
        headers: type ? { "content-type": type } : {},
      });
      expect(response.status).toBe(415);
      const body = await response.json();
      expect(body.status).toBe("error");
      expect(body.detail).toContain("Content-Type: application/json");
      expect(body.detail).toContain(type ?? "no Content-Type");
      // Refused before any compile.
      expect(playground.services.compileCache.hits + playground.services.compileCache.misses).toBe(hitsBefore);
    });
  }

  it("takes a JSON body with a charset or a +json type", async () => {
    for (const type of ["application/json; charset=utf-8", "application/vnd.api+json"]) {
      const response = await app.request("/build_wasm", {
        method: "POST",
        body: JSON.stringify({ source: HELLO }),
        headers: { "content-type": type },
      });
      expect(response.status).toBe(200);
    }
  });

  const invalid: [string, unknown, RegExp][] = [
    ["malformed JSON", '{"source": ', /Malformed JSON/],
    ["a missing source", {}, /source/],
    ["a blank source", { source: "  \n\t" }, /source: must not be blank/],
    ["a source of the wrong type", { source: 42 }, /source/],
    ["an unknown optimisation level", { source: HELLO, opt: "-O9" }, /opt/],
    ["a wrong return_format", { source: HELLO, return_format: "xml" }, /return_format/],
    ["a JSON array", [1, 2], /expected object/],
  ];
  for (const [what, body, detail] of invalid) {
    it(`answers ${what} with a 400 in the playground error shape`, async () => {
      const response = await postJson(app, "/build_wasm", body);
      expect(response.status).toBe(400);
      const answer = await response.json();
      expect(answer.status).toBe("error");
      expect(answer.detail).toMatch(detail);
    });
  }

  it("refuses a 2 MiB source with a 413 that states the limit", async () => {
    const response = await postJson(app, "/build_wasm", { source: `// ${"x".repeat(2 << 20)}\nfn main() {}\n` });
    expect(response.status).toBe(413);
    expect((await response.json()).detail).toMatch(/limit is 1048576 bytes \(MAX_SOURCE_BYTES\)/);
  });

  it("refuses a body over MAX_BODY_BYTES with a 413 before parsing it", async () => {
    const response = await postJson(app, "/build_wasm", { source: HELLO, padding: "y".repeat(5 << 20) });
    expect(response.status).toBe(413);
    expect((await response.json()).detail).toMatch(/MAX_BODY_BYTES/);
  });

  it("keeps the compiler's own traps (a too-deep program) a diagnostic, not a crash", async () => {
    const deep = `fn main() {\n  let x = ${"(".repeat(100_000)}1${")".repeat(100_000)}\n}\n`;
    const response = await postJson(app, "/build_wasm", { source: deep });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.status).toBe("error");
    expect(body.errors[0].message).toMatch(/nested too deeply/);
    expect((await postJson(app, "/build_wasm", { source: HELLO })).status).toBe(200);
  });
});

describe("the compile time limit", () => {
  it("stops a compile past COMPILE_TIMEOUT_MS with a 504 and keeps serving", async () => {
    const slow = testPlayground({ compileTimeoutMs: 150, compilerWorkers: 1 });
    try {
      // Warm the worker so the limit measures the compile, not the thread start.
      expect((await postJson(slow.app, "/build_wasm", { source: HELLO })).status).toBe(200);
      const started = performance.now();
      const response = await postJson(slow.app, "/build_wasm", { source: HEAVY_PROGRAM });
      expect(response.status).toBe(504);
      expect((await response.json()).detail).toMatch(/time limit of 150 ms/);
      // Answered at its limit rather than after the compile (the bound allows a busy machine).
      expect(performance.now() - started).toBeLessThan(1500 * TIME_FACTOR);
      const after = await postJson(slow.app, "/build_wasm", { source: HELLO });
      expect((await after.json()).status).toBe("ok");
    } finally {
      await slow.close();
    }
  });
});
