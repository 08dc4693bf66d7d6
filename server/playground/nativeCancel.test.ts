// A native build whose client hangs up while clang runs, on a real server on
// loopback: clang's process group is killed, the build slot is freed for the
// next client, and nothing is stored for the client that left. Nothing here
// is timed: the queues' counters and /proc say what happened. The test stops
// clang (SIGSTOP) before the client hangs up, so the build cannot end by
// clang finishing on its own: only the kill frees the slot.
import { readdirSync, readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { type Loopback, listenOnLoopback } from "../mcp/testing";
import { missingToolsFor } from "../toolchain/detect";
import { HELLO, type TestPlayground, testPlayground } from "./testPlayground";

/** Many small loops at -O2: cheap for the Pith compiler, seconds of clang's optimiser and code generation. */
const SLOW_FOR_CLANG = `${Array.from(
  { length: 400 },
  (_, i) =>
    `fn f${i}(n: i64) -> i64 {\n  var s: i64 = ${i}\n  var k: i64 = 0\n  while k < n {\n    s = s * 31 + k * ${i + 1}\n    k = k + 1\n  }\n  s\n}\n`,
).join("")}fn main() {\n  println("{f399(3)}")\n}\n`;

let playground: TestPlayground;
let server: Loopback;

afterEach(async () => {
  await server?.close();
  await playground?.close();
});

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}

/** The processes descended from this one, by pid, with their command lines. */
function descendants(): Map<number, string> {
  const parents = new Map<number, number>();
  const lines = new Map<number, string>();
  for (const name of readdirSync("/proc")) {
    const pid = Number(name);
    if (!Number.isInteger(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // A zombie has already died; only its exit status is left to collect.
      if (fields[0] === "Z") continue;
      parents.set(pid, Number(fields[1]));
      lines.set(pid, readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " "));
    } catch {
      // The process ended while being read.
    }
  }
  const mine = new Map<number, string>();
  for (const [pid, line] of lines) {
    for (let up = parents.get(pid); up !== undefined && up > 1; up = parents.get(up)) {
      if (up === process.pid) {
        mine.set(pid, line);
        break;
      }
    }
  }
  return mine;
}

const clangs = () => [...descendants()].filter(([, line]) => line.includes("clang-19")).map(([pid]) => pid);

describe.skipIf(missingToolsFor("linux-x64").length > 0)("a native build whose client hangs up", () => {
  it("has its clang killed and its slot given to the next client's build", async () => {
    playground = testPlayground({
      nativeConcurrency: 1,
      nativeBuildsPerMinute: 0,
      compileCacheBytes: 0,
      trustProxy: true,
      // Far past the test's own limit: the build must not end by timing out either.
      nativeTimeoutMs: 3_600_000,
    });
    server = await listenOnLoopback(playground.app);
    const native = () => playground.services.nativeQueue.stats();

    const leaving = new AbortController();
    const gone = fetch(`${server.url}/build`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "10.0.0.1" },
      body: JSON.stringify({ source: SLOW_FOR_CLANG, opt: "-O2" }),
      signal: leaving.signal,
    }).catch((error: Error) => error);
    // The Pith compile is done and clang is running.
    await until(() => clangs().length > 0);
    const running = clangs();
    expect(native().running).toBe(1);
    for (const pid of running) process.kill(pid, "SIGSTOP");

    leaving.abort();
    expect(await gone).toBeInstanceOf(Error);
    await until(() => native().running === 0);
    expect(native().cancelledRunning).toBe(1);
    // Killed, not left to finish: none of the build's clang processes is alive.
    const alive = descendants();
    expect(running.filter((pid) => alive.has(pid))).toEqual([]);
    // Nothing was stored for a client that is not there to download it.
    expect(playground.services.artifacts.buildCount).toBe(0);

    const next = await fetch(`${server.url}/build`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "10.0.0.2" },
      body: JSON.stringify({ source: HELLO }),
    });
    expect((await next.json()).status).toBe("ok");
    expect(native()).toMatchObject({ started: 2, running: 0, waiting: 0, cancelledRunning: 1 });
    const health = await (await fetch(`${server.url}/health`)).json();
    expect(health.queues.native.cancelled).toEqual({ waiting: 0, running: 1 });
  });
});
