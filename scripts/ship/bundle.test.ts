// The production bundle as `npm start` runs it: plain node on
// build/server/main.cjs (built here, so the test needs no earlier step).
// That it needs no tsx or node_modules at all is proven by test:sea, whose
// root has neither.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitForHealth } from "./checks";

const root = resolve(import.meta.dirname, "..", "..");
let child: ChildProcess;
let base = "";
let home = "";
let output = "";

beforeAll(async () => {
  execFileSync(process.execPath, ["--import", "tsx", join(root, "scripts/build-server.ts")], { cwd: root });
  home = mkdtempSync(join(tmpdir(), "pith-bundle-"));
  child = spawn(process.execPath, [join(root, "build/server/main.cjs")], {
    // NODE_OPTIONS cleared: vitest's own loaders must not help the bundle.
    env: { ...process.env, NODE_OPTIONS: "", PORT: "0", HOST: "127.0.0.1", ANOMALY_HOME: home },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const port = await new Promise<number>((resolvePort, reject) => {
    const onData = () => {
      const match = /serving on http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (match) resolvePort(Number(match[1]));
    };
    child.stdout?.on("data", onData);
    child.once("exit", (code) => reject(new Error(`the bundle exited (${code}) before listening:\n${output}`)));
  });
  base = `http://127.0.0.1:${port}`;
  await waitForHealth(base);
});

afterAll(() => {
  if (child.exitCode === null) child.kill("SIGKILL");
  rmSync(home, { recursive: true, force: true });
});

describe("the production bundle", () => {
  it("answers /health with the compiler available", async () => {
    const health = await (await fetch(`${base}/health`)).json();
    expect(health.status).toBe("ok");
    expect(health.compiler_available).toBe(true);
  });

  it("compiles on its worker threads from the prebuilt worker module", async () => {
    const response = await fetch(`${base}/build_wasm`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ source: 'fn main() {\n  println("bundled")\n}\n' }),
    });
    const body = await response.json();
    expect(body.status, JSON.stringify(body)).toBe("ok");
    expect(body.wasm_bytes).toBeGreaterThan(0);
  });

  it("answers an MCP initialize", async () => {
    const response = await fetch(`${base}/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "bundle-test", version: "1" } },
      }),
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("serverInfo");
  });

  it("warns on stderr when it listens beyond loopback with no anomaly token, and not on loopback", async () => {
    expect(output).not.toContain("anomaly API unauthenticated");
    const open = spawn(process.execPath, [join(root, "build/server/main.cjs")], {
      env: { ...process.env, NODE_OPTIONS: "", PORT: "0", HOST: "0.0.0.0", ANOMALY_HOME: home, ANOMALY_API_TOKENS: "" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    open.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    await new Promise<void>((listening, reject) => {
      open.stdout.on("data", (chunk) => {
        stdout += chunk;
        if (/serving on/.test(stdout)) listening();
      });
      open.once("exit", (code) => reject(new Error(`the bundle exited (${code}) before listening:\n${stderr}`)));
    });
    const exited = new Promise((r) => open.once("exit", r));
    open.kill("SIGTERM");
    await exited;
    expect(stderr).toMatch(
      /WARNING: listening on 0\.0\.0\.0:\d+, beyond this machine, with the anomaly API unauthenticated/,
    );
    expect(stderr).toContain("ANOMALY_API_TOKENS");
  });

  it("exits 0 on SIGTERM after draining", async () => {
    const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(output).toContain("SIGTERM received");
  });
});
