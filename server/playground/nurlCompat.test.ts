// The compatibility contract with NURL's API: clients written for NURL's
// response models (pydantic, so a missing required field or a wrong type is
// a parse error) must parse this server's answers, and NURL's playground
// page must find the pages it links to. The field lists below are that
// contract, written out from NURL's models; the answers come from a real
// server on loopback, with real native builds where the toolchain is here.
import type { AddressInfo } from "node:net";
import { type ServerType, serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { missingTools } from "../toolchain/detect";
import { HELLO, testPlayground } from "./testPlayground";

type FieldType = "str" | "int" | "bool" | "str[]" | "diagnostic[]" | "artifact";
/** A field of a NURL model: its type, whether it may be null, whether it must be present. */
type Field = { type: FieldType; nullable?: boolean; optional?: boolean };
type Model = Record<string, Field>;

const NURLC_DIAGNOSTIC: Model = {
  file: { type: "str" },
  line: { type: "int" },
  col: { type: "int" },
  message: { type: "str" },
};

const BUILD_ARTIFACT: Model = {
  name: { type: "str" },
  bytes: { type: "int" },
  download_url: { type: "str" },
  token: { type: "str" },
};

/** NURL's BuildResponse: POST /build, /build_windows, /build_macos. */
const BUILD_RESPONSE: Model = {
  status: { type: "str" },
  message: { type: "str" },
  filename: { type: "str", nullable: true, optional: true },
  uses_canvas: { type: "bool", optional: true },
  nurlc_returncode: { type: "int" },
  nurlc_stdout_bytes: { type: "int" },
  nurlc_stderr: { type: "str" },
  clang_returncode: { type: "int", nullable: true, optional: true },
  clang_stdout: { type: "str", nullable: true, optional: true },
  clang_stderr: { type: "str", nullable: true, optional: true },
  stdout: { type: "str" },
  stderr: { type: "str" },
  nurlc_errors: { type: "diagnostic[]", optional: true },
  ll_artifact: { type: "artifact", nullable: true, optional: true },
  binary_artifact: { type: "artifact", nullable: true, optional: true },
};

/** NURL's BuildWasmResponse: POST /build_wasm with return_format json. */
const BUILD_WASM_RESPONSE: Model = {
  status: { type: "str" },
  message: { type: "str" },
  filename: { type: "str", nullable: true, optional: true },
  wasm_base64: { type: "str", nullable: true, optional: true },
  wasm_bytes: { type: "int", nullable: true, optional: true },
  nurlc_stderr: { type: "str", nullable: true, optional: true },
  nurlc_errors: { type: "diagnostic[]", optional: true },
  clang_stderr: { type: "str", nullable: true, optional: true },
  llvm_ir: { type: "str", nullable: true, optional: true },
  uses_canvas: { type: "bool", optional: true },
  uses_audio: { type: "bool", optional: true },
};

/** NURL's HealthResponse: GET /health. */
const HEALTH_RESPONSE: Model = {
  status: { type: "str" },
  nurlc_available: { type: "bool" },
  nurlc_path: { type: "str" },
  wasi_toolchain_available: { type: "bool" },
  stdlib_available: { type: "bool" },
  stdlib_dir: { type: "str" },
  stdlib_modules: { type: "str[]", optional: true },
};

/** What NURL's playground page links to: its header, then its favicons. */
const NURL_PAGE_LINKS = [
  "/readme",
  "/roadmap",
  "/gotchas",
  "/grammar",
  "/stdlib-viewer",
  "/tests-viewer",
  "/license",
  "/docs",
  "/health",
  "/static/favicon.svg",
  "/favicon.ico",
];

/** Why `value` does not parse as `model` (empty when it does), each problem with its path. */
function problems(value: unknown, model: Model, at = "body"): string[] {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return [`${at}: not an object`];
  const record = value as Record<string, unknown>;
  const found: string[] = [];
  for (const [name, field] of Object.entries(model)) {
    const where = `${at}.${name}`;
    if (!(name in record)) {
      if (!field.optional) found.push(`${where}: missing`);
      continue;
    }
    const v = record[name];
    if (v === null) {
      if (!field.nullable) found.push(`${where}: null`);
      continue;
    }
    found.push(...typeProblems(v, field.type, where));
  }
  return found;
}

function typeProblems(v: unknown, type: FieldType, where: string): string[] {
  switch (type) {
    case "str":
      return typeof v === "string" ? [] : [`${where}: not a string`];
    case "int":
      return Number.isInteger(v) ? [] : [`${where}: not an integer`];
    case "bool":
      return typeof v === "boolean" ? [] : [`${where}: not a boolean`];
    case "str[]":
      return Array.isArray(v) && v.every((s) => typeof s === "string") ? [] : [`${where}: not a list of strings`];
    case "diagnostic[]":
      return Array.isArray(v)
        ? v.flatMap((d, i) => problems(d, NURLC_DIAGNOSTIC, `${where}[${i}]`))
        : [`${where}: not a list`];
    case "artifact":
      return problems(v, BUILD_ARTIFACT, where);
  }
}

const playground = testPlayground();
let server: ServerType;
let base = "";
beforeAll(async () => {
  server = serve({ fetch: playground.app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await playground.close();
});

const post = (path: string, body: unknown) =>
  fetch(`${base}${path}`, {
    method: "POST",
    // As a page on another origin (NURL's page served elsewhere) sends it; CORS answers any origin.
    headers: { "content-type": "application/json", origin: "https://nurl-page.example" },
    body: JSON.stringify(body),
  });

const BROKEN = "fn main() {\n  let x = \n}\n";
const CANVAS = "import std.canvas\n\nfn main() {\n  canvas.open(8, 8, 1)\n  canvas.present()\n}\n";

describe("the checker itself", () => {
  it("reports a missing field, a wrong type and a bad nested artifact", () => {
    expect(
      problems(
        { status: "ok", message: 1, binary_artifact: { name: "a", bytes: 1, download_url: "u" } },
        {
          ...BUILD_RESPONSE,
        },
      ),
    ).toEqual(
      expect.arrayContaining([
        "body.message: not a string",
        "body.nurlc_returncode: missing",
        "body.binary_artifact.token: missing",
      ]),
    );
  });
});

describe("NURL's response models parse this server's answers", () => {
  it("GET /health parses as HealthResponse, with a real compiler path and stdlib folder", async () => {
    const response = await fetch(`${base}/health`);
    const body = await response.json();
    expect(problems(body, HEALTH_RESPONSE)).toEqual([]);
    expect(body.nurlc_path).toMatch(/compiler\.wasm$/);
    expect(body.stdlib_available).toBe(body.stdlib_modules.length > 0);
    const { statSync } = await import("node:fs");
    expect(statSync(body.nurlc_path).isFile()).toBe(true);
    expect(statSync(body.stdlib_dir).isDirectory()).toBe(true);
  });

  it("POST /build_wasm parses as BuildWasmResponse, ok or not, with nurlc_errors mirroring errors", async () => {
    const ok = await (await post("/build_wasm", { source: HELLO })).json();
    expect(problems(ok, BUILD_WASM_RESPONSE)).toEqual([]);
    expect(ok.nurlc_errors).toEqual([]);
    const broken = await (await post("/build_wasm", { source: BROKEN })).json();
    expect(problems(broken, BUILD_WASM_RESPONSE)).toEqual([]);
    expect(broken.status).toBe("error");
    expect(broken.nurlc_errors.length).toBeGreaterThan(0);
    expect(broken.nurlc_errors).toEqual(broken.errors);
  });

  it("POST /build_wasm with return_format binary says which host modules the module needs", async () => {
    const plain = await post("/build_wasm", { source: HELLO, return_format: "binary" });
    expect(plain.headers.get("content-type")).toBe("application/wasm");
    expect(plain.headers.get("x-nurl-uses-canvas")).toBe("0");
    expect(plain.headers.get("x-nurl-uses-audio")).toBe("0");
    // A page on another origin may read them.
    const exposed = (plain.headers.get("access-control-expose-headers") ?? "").toLowerCase();
    expect(exposed).toContain("x-nurl-uses-canvas");
    expect(exposed).toContain("x-nurl-uses-audio");
    const canvas = await post("/build_wasm", { source: CANVAS, return_format: "binary" });
    expect(canvas.status).toBe(200);
    expect(canvas.headers.get("x-nurl-uses-canvas")).toBe("1");
    expect(canvas.headers.get("x-nurl-uses-audio")).toBe("0");
  });

  const NATIVE = [
    { path: "/build", target: "linux-x64" },
    { path: "/build_windows", target: "windows-x64" },
    { path: "/build_macos", target: "macos-x64" },
  ];
  for (const { path, target } of NATIVE) {
    const tools = missingTools()[target] ?? [];
    it.runIf(tools.length === 0)(`POST ${path} parses as BuildResponse, with honest values`, async () => {
      const ok = await (await post(path, { source: HELLO, filename: "hello.pith" })).json();
      expect(problems(ok, BUILD_RESPONSE)).toEqual([]);
      expect(ok).toMatchObject({ status: "ok", nurlc_returncode: 0, clang_returncode: 0, nurlc_errors: [] });
      // The compiler's output is the IR the .ll download holds, byte for byte.
      expect(ok.nurlc_stdout_bytes).toBe(ok.ll_artifact.bytes);
      const ll = await fetch(ok.ll_artifact.download_url);
      expect((await ll.arrayBuffer()).byteLength).toBe(ok.nurlc_stdout_bytes);
      // The token names the build in the download URL.
      for (const artifact of [ok.ll_artifact, ok.binary_artifact]) {
        expect(new URL(artifact.download_url).pathname.split("/")[2]).toBe(artifact.token);
      }

      const broken = await (await post(path, { source: BROKEN })).json();
      expect(problems(broken, BUILD_RESPONSE)).toEqual([]);
      expect(broken.status).toBe("error");
      expect(broken.nurlc_returncode).not.toBe(0);
      expect(broken.nurlc_stdout_bytes).toBe(0);
      // The program did not compile, so clang never ran.
      expect(broken.clang_returncode).toBeNull();
      expect(broken.nurlc_errors.length).toBeGreaterThan(0);
      expect(broken.nurlc_errors).toEqual(broken.errors);
    });
  }
});

describe("NURL's playground page finds what it links to", () => {
  for (const link of NURL_PAGE_LINKS) {
    it(`GET ${link} answers 200`, async () => {
      const response = await fetch(`${base}${link}`, { headers: { accept: "text/html" } });
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    });
  }

  it("serves the favicons as the images they are named for", async () => {
    const svg = await fetch(`${base}/static/favicon.svg`);
    expect(svg.headers.get("content-type")).toBe("image/svg+xml");
    expect(await svg.text()).toMatch(/^<svg /);
    const ico = Buffer.from(await (await fetch(`${base}/favicon.ico`)).arrayBuffer());
    // ICO header: reserved 0, type 1 (icon), one image; the image is a PNG.
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, 1]);
    const offset = ico.readUInt32LE(18);
    expect(ico.subarray(offset, offset + 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(ico.readUInt32LE(14)).toBe(ico.length - offset);
  });

  it("lists the standard library and shows one module highlighted", async () => {
    const modules = (await (await fetch(`${base}/stdlib`)).json()) as { path: string }[];
    const listing = await (await fetch(`${base}/stdlib-viewer`)).text();
    for (const m of modules) expect(listing).toContain(`?path=${encodeURIComponent(m.path)}`);
    const one = await fetch(`${base}/stdlib-viewer?path=${encodeURIComponent(modules[0].path)}`);
    expect(one.status).toBe(200);
    expect(await one.text()).toContain('<code class="hljs language-pith">');
    const outside = await fetch(`${base}/tests-viewer?path=..%2F..%2Fpackage.json`);
    expect(outside.status).toBe(400);
  });
});
