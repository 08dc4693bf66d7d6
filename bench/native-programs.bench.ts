// Generated native code against C: each bench/programs/<name>.pith built for
// linux-x64 at -O2 (compiler.wasm --emit ll, then clang-19/lld-19) against
// <name>.c built by clang-19 -O2 for the same host, both run natively.
// Target (issue 16, tightening issue 4's 1.3×): every program, tuned and
// idiomatic, within 1.10× of C. Outputs must match .stdout.
//
// Beside the times, the instructions each binary executes (valgrind
// --tool=callgrind, bench/instructions.ts) and their ratio: a count is the
// same on every x86-64 CPU, so it separates "Pith does more work" from "this
// core overlaps the work differently" (issue 36). The C baseline is plain
// clang-19 -O2, as issue 4 defines it: no flag the Pith build adds (such as
// -mbranches-within-32B-boundaries) is given to it.
//
//   npx tsx bench/native-programs.bench.ts [--runs 7] [--one fib] [--skip-instructions]
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { buildNative } from "../server/toolchain/buildNative";
import { countInstructions, formatCount, valgrindAvailable } from "./instructions";
import { machineLine } from "./machine";
import { median } from "./median";
import { baseline } from "./programs";

const USAGE = `usage: npx tsx bench/native-programs.bench.ts [--runs N] [--one NAME] [--skip-instructions]

Builds every bench/programs/<name>.pith for linux-x64 at -O2 and its C
baseline with plain clang-19 -O2, checks both outputs against <name>.stdout
and prints, per program, the median wall time of each (ms), their ratio
(target ≤ 1.10) and the instructions each executes under valgrind's callgrind.

  --runs N              timed rounds per program, each running both binaries (default 7)
  --one NAME            only this program (e.g. fannkuch-redux-idiomatic)
  --skip-instructions   leave out the callgrind counts (they take 30-50× a run)
  --help                this text`;
const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "7" },
    one: { type: "string" },
    "skip-instructions": { type: "boolean", default: false },
    help: { type: "boolean", default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const runs = Math.max(1, Number(values.runs));
const countThem = !values["skip-instructions"] && valgrindAvailable();
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

if (names.length === 0) {
  console.error(`no program named ${values.one} in bench/programs`);
  process.exit(2);
}

console.log(machineLine());
console.log(
  `native code, linux-x64 -O2, median of ${runs} rounds; pith/C is the median of the rounds' own ratios; instructions counted by callgrind${countThem ? "" : " (skipped: --skip-instructions or no valgrind)"}`,
);
const header = ["program", "pith ms", "C ms", "pith/C", "target", "pith instr", "C instr", "instr ratio", "output"];
const widths = [24, 8, 8, 7, 7, 11, 11, 11, 7];
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
      line([name, "build failed", "", "", "", "", "", "", ""]);
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
    const pithCount = countThem ? countInstructions(pithBinary) : null;
    const cCount = countThem ? countInstructions(cBinary) : null;
    line([
      name,
      median(pith.times).toFixed(0),
      median(c.times).toFixed(0),
      ratio.toFixed(2),
      `≤ ${TARGET_RATIO}`,
      formatCount(pithCount),
      formatCount(cCount),
      pithCount !== null && cCount ? (pithCount / cCount).toFixed(2) : "-",
      pith.ok && c.ok ? "same" : "DIFFERS",
    ]);
  }
} finally {
  if (existsSync(work)) rmSync(work, { recursive: true, force: true });
}
console.log(misses === 0 ? "all within target" : `${misses} program(s) outside the target`);
