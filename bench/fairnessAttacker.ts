// The attackers of build-fairness.bench.ts, in a process of their own: the
// victims' builds are timed on an event loop that does nothing else, as a
// real victim's would be, rather than on one that also builds and sends
// hundreds of 100 KB attack requests a second.
//
//   node --import tsx bench/fairnessAttacker.ts URL ATTACKERS SIZES
//
// SIZES: comma-separated function counts, or `fanoutLxW` for the explosive
// generator's generic fan-out of L levels and W argument types (fanout9x2 is
// the slowest compile per byte it finds inside the compile budget; fanout9x4
// is past it and ends in E0505); each request takes the next one in turn, so
// the clients send a mix of programs. It reports on its IPC
// channel: { steady: true } once the attack is steady (every attacker has had
// a compile answered and the queue has refused some), and the load counts
// when the parent sends "stop" and every request in flight has ended.

import { genericFanout } from "../wasm/tests/explosive_programs";

const [url, attackerArg, sizesArg] = process.argv.slice(2);
const attackers = Number(attackerArg);
const sizes = sizesArg.split(",");
const FANOUT = /^fanout(\d+)x(\d+)$/;
if (!url || !(attackers > 0) || sizes.some((s) => !(Number(s) > 0) && !FANOUT.test(s)))
  throw new Error(`usage: fairnessAttacker.ts URL ATTACKERS SIZES (got ${process.argv.slice(2).join(" ")})`);

/** The generator's fan-out program; the salt goes in a comment, so no cache could answer it. */
function fanoutMaker(levels: number, width: number): (salt: number) => string {
  const source = genericFanout(levels, width);
  return (salt) => JSON.stringify({ source: `${source}// ${salt}\n` });
}

/**
 * A chain of `n` functions, valid and slow to compile, as a JSON body ready
 * to send but for its last line: the functions are made and escaped once per
 * size, and each request's `main` differs (the salt) so no cache could
 * answer it.
 */
function bodyMaker(n: number): (salt: number) => string {
  const chain = Array.from(
    { length: n },
    (_, i) => `fn f${i}(x: i64) -> i64 {\n  x * ${i + 1} + ${i ? `f${i - 1}(x)` : "1"}\n}\n`,
  ).join("");
  const head = `{"source":${JSON.stringify(chain).slice(0, -1)}`;
  return (salt) => `${head}${JSON.stringify(`fn main() {\n  println("{f${n - 1}(${salt})}")\n}\n`).slice(1)}}`;
}
const bodies = sizes.map((s) => {
  const fanout = FANOUT.exec(s);
  return fanout ? fanoutMaker(Number(fanout[1]), Number(fanout[2])) : bodyMaker(Number(s));
});

const load = { sent: 0, ok: 0, compileErrors: 0, refused429: 0, refused503: 0, other: 0, dropped: 0 };
const answered = new Set<string>();
let attacking = true;
let steady = false;
let salt = 0;

process.on("message", (message) => {
  if (message === "stop") attacking = false;
});

// Each attacker keeps 4 requests in flight (more than its share), and after
// a refusal waits only 50 ms, ignoring Retry-After, as a hostile client would.
const loops = Array.from({ length: attackers * 4 }, async (_, loop) => {
  const client = `198.51.100.${(loop % attackers) + 1}`;
  for (let i = loop; attacking; i++) {
    load.sent += 1;
    let status = 0;
    try {
      const response = await fetch(`${url}/build_wasm`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": client },
        body: bodies[i % bodies.length](salt++),
      });
      const text = await response.text();
      status = response.status;
      // NURL's contract answers a compile error (E0505 past the budget included) with 200 and status "error".
      if (status === 200 && text.startsWith('{"status":"error"')) load.compileErrors += 1;
    } catch {
      load.dropped += 1;
    }
    if (status === 200) {
      load.ok += 1;
      answered.add(client);
    } else if (status === 429) load.refused429 += 1;
    else if (status === 503) load.refused503 += 1;
    else if (status !== 0) load.other += 1;
    if (!steady && answered.size === attackers && load.refused429 + load.refused503 >= attackers) {
      steady = true;
      process.send?.({ steady: true });
    }
    if (status !== 200) await new Promise((r) => setTimeout(r, 50));
  }
});

await Promise.all(loops);
process.send?.({ load }, () => process.exit(0));
