// Generated native code against C: each bench/programs/<name>.pith built for
// linux-x64 at -O2 (compiler.wasm --emit ll, then clang-19/lld-19) against
// <name>.c built by clang-19 -O2 for the same host, both run natively.
// Target (issue 16, tightening issue 4's 1.3×): every program, tuned and
// idiomatic, within 1.10× of C. Outputs must match .stdout.
//
//   npx tsx bench/native-programs.bench.ts [--runs 7] [--one fib]
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { buildNative } from "../server/toolchain/buildNative";
import { median } from "./median";
import { baseline } from "./programs";

const { values } = parseArgs({ options: { runs: { type: "string", default: "7" }, one: { type: "string" } } });
const runs = Math.max(1, Number(values.runs));
const programs = new URL("./programs/", import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), "pith-native-bench-"));
const TARGET_RATIO = 1.1;

/**
 * Wall times of `runs` rounds, one run of each binary per round, and
 * whether every output matched. The binaries take turns going first, so
 * neither always runs right after the other.
 */
function timeRounds(binaries: string[], expected: string): { times: number[]; ok: boolean }[] {
  const times: number[][] = binaries.map(() => []);
  const ok = binaries.map(() => true);
  for (let i = 0; i < runs; i++) {
    const order = binaries.map((_, b) => b);
    if (i % 2 === 1) order.reverse();
    for (const b of order) {
      const started = performance.now();
      const result = spawnSync(binaries[b], [], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
      times[b].push(performance.now() - started);
      ok[b] &&= result.status === 0 && result.stdout === expected;
    }
  }
  return binaries.map((_, b) => ({ times: times[b], ok: ok[b] }));
}

const names = readdirSync(programs)
  .filter((f) => f.endsWith(".pith"))
  .map((f) => f.slice(0, -".pith".length))
  .filter((n) => !values.one || n === values.one)
  .sort();

console.log(
  `native code, linux-x64 -O2, median of ${runs} rounds; pith/C is the median of the rounds' own ratios (load average ${loadavg()[0].toFixed(1)})`,
);
const header = ["program", "pith ms", "C ms", "pith/C", "target", "output"];
const widths = [16, 9, 9, 8, 8, 8];
const line = (cells: (string | number)[]) => console.log(cells.map((c, i) => String(c).padEnd(widths[i])).join("  "));
line(header);
let misses = 0;
try {
  for (const name of names) {
    const expected = readFileSync(join(programs, `${name}.stdout`), "utf8");
    const build = await buildNative({
      source: readFileSync(join(programs, `${name}.pith`), "utf8"),
      filename: `${name}.pith`,
      target: "linux-x64",
      opt: "-O2",
    });
    if (build.status !== "ok" || !build.binary) {
      line([name, "build failed", "", "", "", ""]);
      console.log(`  ${build.errors.map((e) => e.message).join("; ")}`);
      misses++;
      continue;
    }
    const pithBinary = join(work, `${name}-pith`);
    writeFileSync(pithBinary, build.binary);
    chmodSync(pithBinary, 0o755);
    const cBinary = join(work, `${name}-c`);
    execFileSync("clang-19", ["-O2", join(programs, `${baseline(name)}.c`), "-o", cBinary, "-lm"]);
    const [pith, c] = timeRounds([pithBinary, cBinary], expected);
    // The ratio is the median of each round's own ratio: a round runs both
    // binaries within a second, so a machine whose speed drifts (this one is
    // shared) moves both alike, where the ratio of two medians mixes rounds.
    const ratio = median(pith.times.map((t, i) => t / c.times[i]));
    if (ratio > TARGET_RATIO || !pith.ok) misses++;
    line([
      name,
      median(pith.times).toFixed(0),
      median(c.times).toFixed(0),
      ratio.toFixed(2),
      `≤ ${TARGET_RATIO}`,
      pith.ok && c.ok ? "same" : "DIFFERS",
    ]);
  }
} finally {
  if (existsSync(work)) rmSync(work, { recursive: true, force: true });
}
console.log(misses === 0 ? "all within target" : `${misses} program(s) outside the target`);
