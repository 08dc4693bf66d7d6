// Fair compile scheduling under attack: victims build hello world on the
// production server (its own process, loopback) first alone, then while 8
// attacker clients keep sending slow-compiling programs as fast as the
// server admits them. Prints the victims' p50/p99 both ways from the same
// run, the attack's load (requests answered, refused, compiles run) and the
// targets: attacked p99 at most 3× the unattacked p99, no victim over 2 s.
// Clients are told apart by X-Forwarded-For (TRUST_PROXY=1), as behind a
// proxy; the server runs the default per-client shares and 2 compiler threads
// (light clients get those plus the default reserve thread, heavy clients 2
// threads of their own at nice 19). The attackers run in
// a process of their own (fairnessAttacker.ts), so the victims' times are
// not stretched by the attack's own JavaScript on the same event loop.
//
//   npx tsx bench/build-fairness.bench.ts [--victims 2] [--builds 15] [--attackers 8] [--slow-fns 300]
//
// --slow-fns sets the attackers' programs: chains of that many functions,
// valid and slow to compile (about 0.1 s at 300 and 0.5 s at 3000 on a quiet
// core), so the figures do not depend on the compiler refusing anything. A
// comma-separated list (`--slow-fns 300,1000,3000`) makes each attacker send
// the sizes in turn: a mix of heavy programs. `fanoutLxW` entries send the
// explosive-program generator's generic fan-out instead (`--slow-fns
// 300,fanout9x2,fanout9x4`: its slowest compile per byte inside the compile
// budget, and one past it that ends in E0505).
import { type ChildProcess, spawn } from "node:child_process";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { startServer } from "../e2e/server";
import { machineLine } from "./machine";
import { median } from "./median";

const TARGETS = { p99Ratio: 3, maxMs: 2000 };
const { values } = parseArgs({
  options: {
    victims: { type: "string", default: "2" },
    builds: { type: "string", default: "15" },
    attackers: { type: "string", default: "8" },
    "slow-fns": { type: "string", default: "300" },
  },
});
const victims = Number(values.victims);
const builds = Number(values.builds);
const attackers = Number(values.attackers);
const slowFns = values["slow-fns"];

const HELLO = 'fn main() {\n  let n = 6 * 7\n  println("hello from {n}")\n}\n';

function percentile(xs: number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const server = await startServer({
  TRUST_PROXY: "1",
  COMPILER_WORKERS: "2",
  COMPILE_CACHE_BYTES: "0",
  RATE_LIMIT_WASM_PER_MINUTE: "0",
});

interface AttackLoad {
  sent: number;
  ok: number;
  compileErrors: number;
  refused429: number;
  refused503: number;
  other: number;
  dropped: number;
}

/** Connections the server's side closed under a request (a keep-alive socket closed as it was reused). */
let dropped = 0;

/** One build; status 0 when the connection failed. */
async function build(
  client: string,
  source: string,
): Promise<{ status: number; ms: number; serverMs: number; retryAfter: number }> {
  const started = performance.now();
  let response: Response;
  try {
    response = await fetch(`${server.url}/build_wasm`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": client },
      body: JSON.stringify({ source }),
    });
  } catch {
    dropped += 1;
    return { status: 0, ms: performance.now() - started, serverMs: 0, retryAfter: 0 };
  }
  const body = (await response.json()) as { status?: string; elapsed_ms?: number };
  const ms = performance.now() - started;
  if (response.status === 200 && body.status !== "ok") throw new Error(`${client}: the build failed`);
  return {
    status: response.status,
    ms,
    serverMs: body.elapsed_ms ?? 0,
    retryAfter: Number(response.headers.get("retry-after") ?? 0),
  };
}

/**
 * Each victim builds hello world `builds` times, one after another; every
 * build must succeed. Times as the victim sees them, and as the server's
 * answer reports them (elapsed_ms: the queue's wait and the compile), and
 * when each build ended (seconds since the first began), to tell a slow
 * start of the attack from a steady one.
 */
async function victimTimes(): Promise<number[] & { server: number[]; endedS: number[] }> {
  const times = Object.assign([] as number[], { server: [] as number[], endedS: [] as number[] });
  const began = performance.now();
  await Promise.all(
    Array.from({ length: victims }, async (_, v) => {
      for (let i = 0; i < builds; i++) {
        let answer = await build(`192.0.2.${v + 1}`, HELLO);
        // A dropped connection is retried (and counted), as a browser would; the time is the total.
        for (let tries = 1; answer.status === 0 && tries < 3; tries++) {
          const again = await build(`192.0.2.${v + 1}`, HELLO);
          answer = { ...again, ms: answer.ms + again.ms };
        }
        if (answer.status !== 200) throw new Error(`victim ${v} got ${answer.status}`);
        times.push(answer.ms);
        times.server.push(answer.serverMs);
        times.endedS.push((performance.now() - began) / 1000);
        await new Promise((r) => setTimeout(r, 50));
      }
    }),
  );
  return times;
}

/** The attackers' process, stopped in the end whatever happens to the victims. */
let attack: ChildProcess | undefined;
try {
  // Warm-up: thread start and the first compile's one-time costs.
  await victimTimes();
  const alone = await victimTimes();

  const attackerFile = fileURLToPath(new URL("./fairnessAttacker.ts", import.meta.url));
  const child = spawn(process.execPath, ["--import", "tsx", attackerFile, server.url, String(attackers), slowFns], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  attack = child;
  const exited = new Promise<void>((resolve, reject) =>
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`the attackers exited ${code}`)))),
  );
  const messages: { steady?: boolean; load?: AttackLoad }[] = [];
  child.on("message", (message) => messages.push(message as (typeof messages)[number]));
  // The victims start once the attack is steady: the queue full and every
  // attacker known to the queue (one compile answered each; a new client
  // counts as light and runs with the light clients, COMPILE_LIGHT_RESERVE).
  const steadyBy = performance.now() + 60_000;
  while (!messages.some((m) => m.steady) && performance.now() < steadyBy) await new Promise((r) => setTimeout(r, 20));
  const attackStarted = performance.now();
  const attacked = await victimTimes();
  const attackSeconds = (performance.now() - attackStarted) / 1000;
  child.send("stop");
  await exited;
  const load = messages.find((m) => m.load)?.load;
  if (load === undefined) throw new Error("the attackers did not report their load");
  dropped += load.dropped;

  const health = (await (await fetch(`${server.url}/health`)).json()) as Record<string, unknown>;
  const row = (name: string, xs: number[]) =>
    `${name.padEnd(18)} p50 ${median(xs).toFixed(0).padStart(6)} ms   p99 ${percentile(xs, 99).toFixed(0).padStart(6)} ms   max ${Math.max(
      ...xs,
    )
      .toFixed(0)
      .padStart(6)} ms   (${xs.length} builds)`;
  console.log(machineLine());
  console.log(
    `attack: ${attackers} clients × 4 requests in flight, programs ${slowFns}; ${load.sent} requests in all, ${attackSeconds.toFixed(1)} s of them during the victims' builds: ${load.ok} answered (${load.compileErrors} of them compile errors such as E0505), ${load.refused429} × 429, ${load.refused503} × 503, ${load.other} other`,
  );
  console.log(row("victims, alone", alone));
  console.log(row("victims, attacked", attacked));
  // Where the time went, alone and then attacked: the server's own count
  // (elapsed_ms) is the queue's wait and the compile; the rest is HTTP and
  // the loaded machine.
  console.log(row("  in the server", alone.server));
  console.log(row("  in the server", attacked.server));
  const ratio = percentile(attacked, 99) / percentile(alone, 99);
  const worst = Math.max(...attacked);
  const worstAt = attacked.endedS[attacked.indexOf(worst)];
  console.log(
    `p99 attacked / alone: ${ratio.toFixed(2)}× (target ≤ ${TARGETS.p99Ratio}×: ${ratio <= TARGETS.p99Ratio ? "met" : "MISSED"}); slowest victim ${worst.toFixed(0)} ms, ${worstAt.toFixed(1)} s into the attacked builds (target ≤ ${TARGETS.maxMs} ms: ${worst <= TARGETS.maxMs ? "met" : "MISSED"})`,
  );
  console.log(`connections closed under a request (counted; victims retry): ${dropped}`);
  console.log(
    `load average after: ${loadavg()[0].toFixed(2)}; /health build_queue ${JSON.stringify(health.build_queue)}`,
  );
} finally {
  attack?.kill();
  await server.stop();
}
