// Fair compile scheduling on a real server on loopback: attackers flooding
// slow compiles get 429s past their share while a victim's hello world
// builds ahead of their queued compiles; a compile whose client hangs up is
// dropped from the line, or has its thread stopped; the MCP build tools take
// the same turns. Clients are told apart by X-Forwarded-For (TRUST_PROXY).
// Nothing here is timed: the queue's own counters say what happened.
import { afterEach, describe, expect, it } from "vitest";
import { connectClient, type Loopback, listenOnLoopback } from "../mcp/testing";
import type { PlaygroundLimits } from "./limits";
import { HELLO, type TestPlayground, testPlayground } from "./testPlayground";

/**
 * A chain of 2,000 functions: valid, and far more compiler work than hello
 * world, so the compiles the tests hold stay running or waiting while the
 * next request arrives (300 functions compiled too fast for that once the
 * inliner became linear, and the MCP share test could see its thread free).
 */
const SLOW = `${Array.from(
  { length: 2000 },
  (_, i) => `fn f${i}(x: i64) -> i64 {\n  x * ${i} + ${i ? `f${i - 1}(x)` : "1"}\n}\n`,
).join("")}fn main() {\n  println("{f1999(2)}")\n}\n`;

/** The default per-client shares, two compiler threads as on the public server, no cache so every build compiles. */
const LIMITS: Partial<PlaygroundLimits> = {
  compilerWorkers: 2,
  compileCacheBytes: 0,
  trustProxy: true,
  wasmBuildsPerMinute: 0,
  compileClientRunning: 1,
  compileClientQueue: 2,
  // No reserve thread for light clients: the tests count threads in use.
  compileLightReserve: 0,
};

let playground: TestPlayground;
let server: Loopback;

async function start(limits: Partial<PlaygroundLimits> = {}): Promise<void> {
  playground = testPlayground({ ...LIMITS, ...limits });
  server = await listenOnLoopback(playground.app);
  await playground.services.compiler.warm();
}

afterEach(async () => {
  await server?.close();
  await playground?.close();
});

function build(client: string, source: string, signal?: AbortSignal): Promise<Response> {
  return fetch(`${server.url}/build_wasm`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": client },
    body: JSON.stringify({ source }),
    signal,
  });
}

/** Waits for the compiler's queue to reach a state; the test's own time limit bounds the wait. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}

const stats = () => playground.services.compiler.stats();

describe("fair compile scheduling", () => {
  it("builds a victim's hello world ahead of the attackers' queued compiles and refuses them past their share", async () => {
    await start();
    const attackers = ["10.0.0.1", "10.0.0.2", "10.0.0.3"];
    // Each attacker sends six slow builds at once: one runs or waits for a
    // thread, two wait (COMPILE_CLIENT_QUEUE), three are refused.
    const flood = attackers.map((ip) =>
      Promise.all(
        Array.from({ length: 6 }, async () => {
          const response = await build(ip, SLOW);
          await response.arrayBuffer();
          return { status: response.status, retryAfter: response.headers.get("retry-after") };
        }),
      ),
    );
    // Every request has arrived once each is refused, running or waiting.
    await until(() => stats().refusedClient + stats().started + stats().waiting === 18);
    expect(stats().running).toBe(2);

    const victim = await build("10.0.0.100", HELLO);
    const body = await victim.json();
    expect(victim.status).toBe(200);
    expect(body.status).toBe("ok");
    // In a single FIFO the victim's compile would start after all seven
    // waiting attacker compiles; here it took the next free thread.
    expect(stats().waiting).toBeGreaterThanOrEqual(3);

    const answers = await Promise.all(flood);
    for (const statuses of answers) {
      const refused = statuses.filter((s) => s.status === 429);
      expect(statuses.filter((s) => s.status === 200)).toHaveLength(3);
      expect(refused).toHaveLength(3);
      for (const r of refused) expect(Number(r.retryAfter)).toBeGreaterThan(0);
    }
    expect(stats().refusedClient).toBe(9);
    expect(stats().running + stats().waiting).toBe(0);
    // /health shows the same counts, so an operator sees the refusals.
    const health = await (await fetch(`${server.url}/health`)).json();
    expect(health.queues.compiles).toEqual({
      running: 0,
      waiting: 0,
      started: stats().started,
      refused: { client: 9, full: 0, wait: 0 },
      expired: 0,
      cancelled: { waiting: 0, running: 0 },
    });
    expect(health.queues.native).toMatchObject({ running: 0, waiting: 0, started: 0 });
  });

  it("drops a waiting compile whose client hangs up, and stops a running one, freeing its thread", async () => {
    await start({ compilerWorkers: 1 });
    const running = new AbortController();
    const waiting = new AbortController();
    const first = build("10.0.0.1", SLOW, running.signal).catch((e: Error) => e);
    await until(() => stats().running === 1);
    const second = build("10.0.0.1", SLOW, waiting.signal).catch((e: Error) => e);
    await until(() => stats().waiting === 1);

    waiting.abort();
    await until(() => stats().cancelledWaiting === 1);
    expect(stats().waiting).toBe(0);
    expect(await second).toBeInstanceOf(Error);

    running.abort();
    await until(() => stats().cancelledRunning === 1 && stats().running === 0);
    expect(await first).toBeInstanceOf(Error);
    // Neither compile ran to the end; the thread that held one was replaced.
    expect(stats().started).toBe(1);
    const after = await build("10.0.0.2", HELLO);
    expect((await after.json()).status).toBe("ok");
    const health = await (await fetch(`${server.url}/health`)).json();
    expect(health.queues.compiles.cancelled).toEqual({ waiting: 1, running: 1 });
  });

  it("counts MCP build tool calls in the same client's share as its HTTP builds", async () => {
    await start();
    const ip = "10.0.0.7";
    const http = Array.from({ length: 3 }, () => build(ip, SLOW).then((r) => r.arrayBuffer()));
    await until(() => stats().running + stats().waiting === 3);
    const mcp = await connectClient(server.url, "streamable", { "x-forwarded-for": ip });
    try {
      const refused = await mcp.callTool({ name: "lang_build_wasm", arguments: { source: HELLO } });
      expect(refused.isError).toBe(true);
      expect(JSON.stringify(refused.content)).toMatch(/build refused \(429\): too many compiles from this client/);
      // Another client's MCP call takes its own turn and builds.
      const other = await connectClient(server.url, "streamable", { "x-forwarded-for": "10.0.0.8" });
      try {
        const built = await other.callTool({ name: "lang_build_wasm", arguments: { source: HELLO } });
        expect((built.structuredContent as { status: string }).status).toBe("ok");
      } finally {
        await other.close();
      }
    } finally {
      await mcp.close();
    }
    await Promise.all(http);
  });

  it("spends one build rate budget across the HTTP routes and the MCP build tools", async () => {
    await start({ wasmBuildsPerMinute: 2 });
    const ip = "10.0.0.9";
    for (let i = 0; i < 2; i++) expect((await build(ip, HELLO)).status).toBe(200);
    const mcp = await connectClient(server.url, "streamable", { "x-forwarded-for": ip });
    try {
      await expect(mcp.callTool({ name: "lang_build_wasm", arguments: { source: HELLO } })).rejects.toThrow(
        /429|rate limit/,
      );
    } finally {
      await mcp.close();
    }
  });
});
