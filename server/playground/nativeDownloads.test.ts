// One program through every native route of a real server on loopback,
// downloaded by the absolute download_url it returned, and run: x86-64
// directly, arm64/riscv64 under qemu, Windows under Wine; macOS executables
// are checked structurally. Each prints what the wasm build prints.
import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { type ServerType, serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TIME_FACTOR } from "../../vitest.timing.config";
import { runWasiNode } from "../compiler/wasiNode";
import { inspectElf, inspectMacho } from "../toolchain/inspect";
import { runNative } from "../toolchain/runNative";
import { shutdownWine, winePrefix } from "../toolchain/winePrefix";
import { CONTENT_FOLDERS } from "./content";
import { testPlayground } from "./testPlayground";

const SOURCE = readFileSync(join(CONTENT_FOLDERS.examples, "primes.pith"), "utf8");
const playground = testPlayground();
let server: ServerType;
let base = "";
let wasmOutput = "";

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

async function post(path: string, body: unknown) {
  const response = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  const result = await response.json();
  expect(result.errors).toEqual([]);
  expect(result.status).toBe("ok");
  return result;
}

/** Builds through `path`, then downloads the binary by its absolute URL over the socket. */
async function buildAndDownload(path: string, body: Record<string, unknown>) {
  const result = await post(path, { source: SOURCE, filename: "primes.pith", ...body });
  const url = result.binary_artifact.download_url as string;
  expect(url.startsWith(`${base}/download/`)).toBe(true);
  const download = await fetch(url);
  expect(download.status).toBe(200);
  expect(download.headers.get("content-disposition")).toMatch(
    /^attachment; filename="primes(\.exe|-arm64|-riscv64|-macos-(x64|arm64))?"$/,
  );
  return { result, binary: new Uint8Array(await download.arrayBuffer()) };
}

beforeAll(async () => {
  server = serve({ fetch: playground.app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const wasm = await post("/build_wasm", { source: SOURCE });
  const run = await runWasiNode({
    module: await WebAssembly.compile(Buffer.from(wasm.wasm_base64, "base64")),
    args: [],
  });
  wasmOutput = text(run.stdout);
  expect(wasmOutput.length).toBeGreaterThan(0);
}, 60_000 * TIME_FACTOR);

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await playground.close();
  await shutdownWine();
});

const RUNNABLE: { route: string; target: string; body: Record<string, unknown> }[] = [
  { route: "/build", target: "linux-x64", body: {} },
  { route: "/build_target", target: "linux-x64-musl", body: { target: "linux-x64-musl" } },
  { route: "/build_target", target: "linux-arm64-musl", body: { target: "linux-arm64-musl" } },
  { route: "/build_target", target: "linux-riscv64-musl", body: { target: "linux-riscv64-musl" } },
  { route: "/build_target", target: "linux-arm64-gnu", body: { target: "linux-arm64-gnu" } },
  { route: "/build_windows", target: "windows-x64", body: {} },
];

describe("native builds downloaded from a server on loopback", { concurrent: true }, () => {
  for (const { route, target, body } of RUNNABLE) {
    it(
      `${route} (${target}) runs and prints what the wasm build prints`,
      async () => {
        if (target === "windows-x64") await winePrefix();
        const { result, binary } = await buildAndDownload(route, body);
        expect(result.target).toBe(target);
        const run = await runNative(binary, target, { timeoutMs: 60_000 * TIME_FACTOR });
        expect(run.timedOut).toBe(false);
        expect(text(run.stdout)).toBe(wasmOutput);
        expect(run.exitCode).toBe(0);
        if (target.startsWith("linux-")) {
          const elf = await inspectElf(binary);
          expect(elf.interpreter === null).toBe(target !== "linux-arm64-gnu");
        }
      },
      90_000 * TIME_FACTOR,
    );
  }

  for (const [route, target, cpu, signed] of [
    ["/build_macos", "macos-x64", "X86_64", false],
    ["/build_target", "macos-arm64", "ARM64", true],
  ] as const) {
    it(`${route} (${target}) is a Mach-O executable linking only libSystem`, async () => {
      const { result, binary } = await buildAndDownload(route, target === "macos-arm64" ? { target } : {});
      expect(result.target).toBe(target);
      const info = await inspectMacho(binary);
      expect(info).toMatchObject({ cpuType: cpu, hasMain: true, hasCodeSignature: signed });
      expect(info.dylibs).toEqual(["/usr/lib/libSystem.B.dylib"]);
    });
  }
});
