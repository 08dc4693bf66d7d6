// Fair compile scheduling under attack: victims build hello world on the
// production server (its own process, loopback) first alone, then while 8
// attacker clients keep sending slow-compiling programs as fast as the
// server admits them. Prints the victims' p50/p99 both ways from the same
// run, the attack's load (requests answered, refused, compiles run) and the
// targets: attacked p99 at most 3× the unattacked p99, no victim over 2 s.
// Clients are told apart by X-Forwarded-For (TRUST_PROXY=1), as behind a
// proxy; the server runs the default per-client shares and 2 compiler threads
// (plus the default reserve thread for light clients).
//
//   npx tsx bench/build-fairness.bench.ts [--victims 2] [--builds 15] [--attackers 8] [--slow-fns 300]
//
// --slow-fns sets the attackers' program: a chain of that many functions,
// valid and slow to compile (about 1 s at 300 on a quiet core), so the
// figures do not depend on the compiler refusing anything.
import { loadavg } from "node:os";
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
const slowFns = Number(values["slow-fns"]);

const HELLO = 'fn main() {\n  let n = 6 * 7\n  println("hello from {n}")\n}\n';
/** Distinct per request (the constant), so no cache could answer it even if one were on. */
const slowProgram = (salt: number) =>
  `${Array.from(
    { length: slowFns },
    (_, i) => `fn f${i}(x: i64) -> i64 {\n  x * ${i + salt} + ${i ? `f${i - 1}(x)` : "1"}\n}\n`,
  ).join("")}fn main() {\n  println("{f${slowFns - 1}(2)}")\n}\n`;

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

/** Connections the server's side closed under a request (a keep-alive socket closed as it was reused). */
let dropped = 0;

/** One build; status 0 when the connection failed. */
async function build(client: string, source: string): Promise<{ status: number; ms: number; retryAfter: number }> {
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
    return { status: 0, ms: performance.now() - started, retryAfter: 0 };
  }
  const body = (await response.json()) as { status?: string };
  const ms = performance.now() - started;
  if (response.status === 200 && body.status !== "ok") throw new Error(`${client}: the build failed`);
  return { status: response.status, ms, retryAfter: Number(response.headers.get("retry-after") ?? 0) };
}

/** Each victim builds hello world `builds` times, one after another; every build must succeed. */
async function victimTimes(): Promise<number[]> {
  const times: number[] = [];
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
        await new Promise((r) => setTimeout(r, 50));
      }
    }),
  );
  return times;
}

try {
  // Warm-up: thread start and the first compile's one-time costs.
  await victimTimes();
  const alone = await victimTimes();

  const load = { sent: 0, ok: 0, refused429: 0, refused503: 0, other: 0 };
  let attacking = true;
  let salt = 0;
  // Each attacker keeps 4 requests in flight (more than its share), and
  // after a refusal waits only 50 ms, ignoring Retry-After, as a hostile
  // client would.
  const attack = Array.from({ length: attackers * 4 }, async (_, loop) => {
    const client = `198.51.100.${(loop % attackers) + 1}`;
    while (attacking) {
      load.sent += 1;
      const { status } = await build(client, slowProgram(salt++));
      if (status === 200) load.ok += 1;
      else if (status === 429) load.refused429 += 1;
      else if (status === 503) load.refused503 += 1;
      else load.other += 1;
      if (status !== 200) await new Promise((r) => setTimeout(r, 50));
    }
  });
  // The victims start once the attack is steady: the queue full and every
  // attacker known as heavy (one compile answered each; a new client counts
  // as light and may use the reserve thread, COMPILE_LIGHT_RESERVE).
  const steadyBy = performance.now() + 60_000;
  while ((load.refused429 + load.refused503 < attackers || load.ok < attackers) && performance.now() < steadyBy)
    await new Promise((r) => setTimeout(r, 20));
  const attackStarted = performance.now();
  const attacked = await victimTimes();
  const attackSeconds = (performance.now() - attackStarted) / 1000;
  attacking = false;
  await Promise.all(attack);

  const health = (await (await fetch(`${server.url}/health`)).json()) as Record<string, unknown>;
  const row = (name: string, xs: number[]) =>
    `${name.padEnd(18)} p50 ${median(xs).toFixed(0).padStart(6)} ms   p99 ${percentile(xs, 99).toFixed(0).padStart(6)} ms   max ${Math.max(
      ...xs,
    )
      .toFixed(0)
      .padStart(6)} ms   (${xs.length} builds)`;
  console.log(machineLine());
  console.log(
    `attack: ${attackers} clients × 4 requests in flight, ${slowFns}-function programs; ${load.sent} requests in ${attackSeconds.toFixed(1)} s of victims' builds: ${load.ok} compiled, ${load.refused429} × 429, ${load.refused503} × 503, ${load.other} other`,
  );
  console.log(row("victims, alone", alone));
  console.log(row("victims, attacked", attacked));
  const ratio = percentile(attacked, 99) / percentile(alone, 99);
  const worst = Math.max(...attacked);
  console.log(
    `p99 attacked / alone: ${ratio.toFixed(2)}× (target ≤ ${TARGETS.p99Ratio}×: ${ratio <= TARGETS.p99Ratio ? "met" : "MISSED"}); slowest victim ${worst.toFixed(0)} ms (target ≤ ${TARGETS.maxMs} ms: ${worst <= TARGETS.maxMs ? "met" : "MISSED"})`,
  );
  console.log(`connections closed under a request (counted; victims retry): ${dropped}`);
  console.log(
    `load average after: ${loadavg()[0].toFixed(2)}; /health build_queue ${JSON.stringify(health.build_queue)}`,
  );
} finally {
  await server.stop();
}
