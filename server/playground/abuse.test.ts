// Abuse of a real server on loopback, bounded in count and time: floods get
// 429s while /health stays fast, oversized sources and bodies (chunked too)
// get 413s, and pathological programs get a diagnostic or a 504, never a
// crash.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { type ServerType, serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../../e2e/server";
import { TIME_FACTOR } from "../../vitest.timing.config";
import type { PlaygroundLimits } from "./limits";
import { HEAVY_PROGRAM, HELLO, type TestPlayground, testPlayground } from "./testPlayground";

interface Loopback {
  base: string;
  playground: TestPlayground;
  close(): Promise<void>;
}

/** The app with `limits` on a real socket at 127.0.0.1, compiler threads started. */
async function onLoopback(limits: Partial<PlaygroundLimits>): Promise<Loopback> {
  const playground = testPlayground(limits);
  const server: ServerType = serve({ fetch: playground.app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  await playground.services.compiler.warm();
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    playground,
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await playground.close();
    },
  };
}

// The flooded server is the production entry point in its own process, so
// the test's own clients do not share its event loop.
let flooded: RunningServer;
let plain: Loopback;
const artifactDir = mkdtempSync(join(tmpdir(), "abuse-artifacts-"));
beforeAll(async () => {
  [flooded, plain] = await Promise.all([
    startServer({
      RATE_LIMIT_WASM_PER_MINUTE: "60",
      RATE_LIMIT_NATIVE_PER_MINUTE: "10",
      NATIVE_BUILD_CONCURRENCY: "1",
      NATIVE_BUILD_QUEUE: "1",
      // The flood's 8 loops share one address: room for all of them in the
      // client's share, so the rate limit is what refuses.
      COMPILE_CLIENT_QUEUE: "8",
      ARTIFACT_DIR: artifactDir,
    }),
    onLoopback({}),
  ]);
}, 60_000);
afterAll(async () => {
  await Promise.all([flooded.stop(), plain.close()]);
  rmSync(artifactDir, { recursive: true, force: true });
});

const post = (path: string, body: unknown, base = flooded.url) =>
  fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Probes the URL every 2 ms (one request at a time) from its own process:
 * prints "ready" once, then, when its stdin closes, the JSON list of times.
 */
const PROBE_SCRIPT = `
const times = [];
let on = true;
process.stdin.on("end", () => { on = false; });
process.stdin.resume();
(async () => {
  let first = true;
  while (on || times.length === 0) {
    const t = performance.now();
    const r = await fetch(process.argv[1]);
    await r.json();
    if (r.status !== 200) { console.error("status " + r.status); process.exit(1); }
    if (first) { process.stdout.write("ready\\n"); first = false; continue; }
    times.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 2));
  }
  process.stdout.write(JSON.stringify(times));
})();
`;

/** Runs `count` requests from `clients` concurrent loops; returns the statuses. */
async function flood(count: number, clients: number, send: () => Promise<Response>): Promise<number[]> {
  const statuses: number[] = [];
  let left = count;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (left-- > 0) {
        const response = await send();
        await response.arrayBuffer();
        statuses.push(response.status);
      }
    }),
  );
  return statuses;
}

describe("a flood of builds", () => {
  it("gets 429s past the rates and the queue while /health stays under 100 ms at p99 (quiet machine)", async () => {
    // The same probe without a flood, printed beside the figure so a loaded
    // machine can be told from a slow server.
    const idleTimes: number[] = [];
    for (let i = 0; i < 30; i++) {
      const t = performance.now();
      await (await fetch(`${flooded.url}/health`)).json();
      idleTimes.push(performance.now() - t);
    }
    const started = performance.now();
    const healthTimes: number[] = [];
    // The probe runs in a process of its own, so the flood's 230 clients in
    // this process do not delay the loop that times /health.
    const prober = spawn(process.execPath, ["-e", PROBE_SCRIPT, `${flooded.url}/health`], {
      stdio: ["pipe", "pipe", "inherit"],
    });
    let probeOut = "";
    prober.stdout.on("data", (chunk) => {
      probeOut += chunk;
    });
    const probe = new Promise<void>((resolve, reject) => {
      prober.once("exit", (code) => {
        if (code !== 0) return reject(new Error(`the /health probe exited ${code}: ${probeOut}`));
        healthTimes.push(...(JSON.parse(probeOut.slice(probeOut.indexOf("["))) as number[]));
        resolve();
      });
    });
    await new Promise<void>((resolve) => prober.stdout.once("data", () => resolve()));
    const [wasm, native] = await Promise.all([
      flood(200, 8, () => post("/build_wasm", { source: HELLO })),
      flood(30, 6, () => post("/build", { source: HELLO })),
    ]);
    prober.stdin.end();
    await probe;
    const elapsed = performance.now() - started;

    const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;
    expect(count(wasm, 200)).toBe(60);
    expect(count(wasm, 429)).toBe(140);
    expect(count(native, 200)).toBeGreaterThanOrEqual(1);
    expect(count(native, 200)).toBeLessThanOrEqual(10);
    expect(count(native, 429)).toBe(30 - count(native, 200));
    expect(healthTimes.length).toBeGreaterThan(5);
    const p99 = percentile(healthTimes, 99);
    console.log(
      `[abuse] ${wasm.length} wasm + ${native.length} native requests in ${elapsed.toFixed(0)} ms; ` +
        `/health p50 ${percentile(healthTimes, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms over ${healthTimes.length} probes ` +
        `(without the flood: p50 ${percentile(idleTimes, 50).toFixed(1)} ms, p99 ${percentile(idleTimes, 99).toFixed(1)} ms; load average ${loadavg()[0].toFixed(1)})`,
    );
    // The bar is 100 ms (scaled with the idle baseline, so what fails is the
    // server's own share of the delay), asserted by `npm run bench`
    // (TIMING_STRICT=1). In `npm test` a neighbour holding the CPU must not
    // fail the suite: only a /health starved by the flood itself (seconds,
    // many times its own idle figure) does.
    const idleP99 = percentile(idleTimes, 99);
    if (process.env.TIMING_STRICT === "1") {
      expect(p99).toBeLessThan(Math.max(100, 4 * idleP99));
      expect(elapsed).toBeLessThan(30_000);
    } else {
      expect(p99).toBeLessThan(Math.max(2000, 20 * idleP99));
    }
  }, 60_000);
});

describe("oversized input over a socket", () => {
  it("answers a 2 MiB source with a 413 stating the limit", async () => {
    const response = await fetch(`${plain.base}/build_target`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ source: "x".repeat(2 << 20), target: "linux-x64-musl" }),
    });
    expect(response.status).toBe(413);
    expect((await response.json()).detail).toMatch(/MAX_SOURCE_BYTES/);
  });

  it("answers a chunked body past MAX_BODY_BYTES with a 413 without reading it all", async () => {
    let sent = 0;
    const chunk = new TextEncoder().encode(`${"z".repeat(64 * 1024)}`);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"source": "'));
      },
      pull(controller) {
        if (sent >= 64 << 20) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const response = await fetch(`${plain.base}/build_wasm`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(sent).toBeLessThan(64 << 20);
  });
});

describe("pathological programs", () => {
  // [what, source, whether it is a valid program]: a valid one may compile
  // (the compiler's passes are linear now, so a fast machine finishes it
  // inside the limit); the others must be refused with a diagnostic.
  const cases: [string, string, boolean?][] = [
    ["deep parenthesis nesting", `fn main() {\n  let x = ${"(".repeat(200_000)}1${")".repeat(200_000)}\n}\n`],
    ["deep block nesting", `fn main() {\n${"if true {\n".repeat(50_000)}${"}\n".repeat(50_000)}}\n`],
    ["a huge integer literal", `fn main() {\n  let x = ${"9".repeat(900_000)}\n}\n`],
    [
      "a 60 000-term expression",
      `fn main() {\n  let x = ${Array.from({ length: 60_000 }, () => "1").join(" + ")}\n}\n`,
    ],
    ["a program that makes the compiler work hard", HEAVY_PROGRAM, true],
  ];
  for (const [what, source, valid] of cases) {
    it(`${what} gets ${valid ? "its build, " : ""}a diagnostic or a 504, and the server keeps answering`, async () => {
      const fresh = testPlayground({ compileTimeoutMs: 500 });
      try {
        const started = performance.now();
        const build = await fresh.app.request("/build_wasm", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ source }),
        });
        expect([200, 504]).toContain(build.status);
        const body = await build.json();
        if (build.status === 200 && !(valid && body.status === "ok")) {
          expect(body.status).toBe("error");
          expect(body.errors.length).toBeGreaterThan(0);
        }
        // Stopped by its compile time limit, not left to run (well under the test's own timeout).
        expect(performance.now() - started).toBeLessThan(10_000 * TIME_FACTOR);
        expect(
          (
            await fresh.app.request("/build_wasm", {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify({ source: HELLO }),
            })
          ).status,
        ).toBe(200);
      } finally {
        await fresh.close();
      }
    }, 20_000);
  }
});
