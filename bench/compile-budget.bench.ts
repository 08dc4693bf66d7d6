// Searches the explosive program families (wasm/tests/explosive_programs.ts)
// for the slowest compile per byte of source, with the compile budget off
// (`--no-budget`, or another compiler.wasm given with --before-wasm, e.g. one
// built before the budget existed) and on, and prints the worst program of
// each family and of all. A compile with the budget off can run for minutes
// or exhaust memory, so each of those runs in a child process with a time
// limit; a compile that hits it counts as taking the limit. Both sides run
// the same way, one compile per child after a warm-up compile.
//
//   npx tsx bench/compile-budget.bench.ts [--samples 5] [--seed 7] [--limit-s 20] [--before-wasm PATH]
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { runWasiShim } from "../lang/runtime/wasi/wasiShim";
import { COMPILER_WASM_PATH } from "../server/compiler/compilerModule";
import {
  drawProgram,
  type ExplosiveFamily,
  type ExplosiveProgram,
  FAMILIES,
  seededRandom,
} from "../wasm/tests/explosive_programs";
import { machineLine } from "./machine";

const { values } = parseArgs({
  options: {
    samples: { type: "string", default: "5" },
    seed: { type: "string", default: "7" },
    "limit-s": { type: "string", default: "20" },
    "before-wasm": { type: "string" },
    // Internal: compile the source on stdin once and print "ms exit", for the parent's time limit.
    child: { type: "string" },
    "no-budget": { type: "boolean" },
  },
});
const BUILD = ["build", "main.pith", "-O2", "--json", "-o", "out.wasm"];

async function compileOnce(wasmPath: string, source: string, extra: string[]): Promise<{ ms: number; exit: number }> {
  const module = await WebAssembly.compile(readFileSync(wasmPath));
  const started = performance.now();
  const r = await runWasiShim({ module, program: "pith", args: [...BUILD, ...extra], files: { "main.pith": source } });
  return { ms: performance.now() - started, exit: r.exitCode };
}

if (values.child !== undefined) {
  const source = readFileSync(0, "utf8");
  // A first compile of a small program, so the timed ones run on a warmed-up
  // engine, as a compile in a running server or playground does; the second
  // is the fixed cost every program pays (runtime, prelude), taken off the
  // program's time so that a tiny program's per-byte figure is its own work.
  const hello = "fn main() {\n    println(1)\n}\n";
  await compileOnce(values.child, hello, []);
  const base = await compileOnce(values.child, hello, []);
  const r = await compileOnce(values.child, source, values["no-budget"] ? ["--no-budget"] : []);
  console.log(`${r.ms.toFixed(1)} ${r.exit} ${base.ms.toFixed(1)}`);
  process.exit(0);
}

const samples = Math.max(1, Number(values.samples));
const limitMs = Number(values["limit-s"]) * 1000;
const beforeWasm = values["before-wasm"] ?? COMPILER_WASM_PATH;

interface Timing {
  ms: number;
  /** The same engine's compile of hello world, the fixed cost in `ms`. */
  baseMs: number;
  /** "ok", "limit" (a budget or limit diagnostic), "timeout", "crash" (the compiler trapped or ran out of memory). */
  outcome: string;
}

/** One compile in a child process, stopped at the time limit. */
function timedInChild(wasmPath: string, source: string, noBudget: boolean): Timing {
  const args = ["--import", "tsx", new URL(import.meta.url).pathname, "--child", wasmPath];
  if (noBudget) args.push("--no-budget");
  const r = spawnSync(process.execPath, args, { input: source, encoding: "utf8", timeout: limitMs + 5000 });
  if (r.error || r.signal) return { ms: limitMs, baseMs: 0, outcome: "timeout" };
  const [ms, exit, baseMs] = r.stdout.trim().split(" ").map(Number);
  if (r.status !== 0 || !Number.isFinite(ms)) return { ms: Number.NaN, baseMs: 0, outcome: "crash" };
  return { ms, baseMs, outcome: exit === 0 ? "ok" : "limit" };
}

interface Measured {
  program: ExplosiveProgram;
  before: Timing;
  after: Timing;
}

/** µs per byte of source beyond the fixed cost of any compile. */
const perByte = (t: Timing, p: ExplosiveProgram) => (Math.max(0, t.ms - t.baseMs) * 1000) / p.source.length;
// A crash (a trap or memory exhausted) ranks above every time.
const score = (t: Timing, p: ExplosiveProgram) => (Number.isNaN(t.ms) ? Number.POSITIVE_INFINITY : perByte(t, p));
const describe = (p: ExplosiveProgram) => `${p.family} size ${p.size}${p.width > 1 ? ` width ${p.width}` : ""}`;
const show = (t: Timing, p: ExplosiveProgram) =>
  Number.isNaN(t.ms) ? t.outcome : `${t.ms.toFixed(0)} ms ${t.outcome}, ${perByte(t, p).toFixed(1)} µs/B`;

/** The family's corners (smallest and largest parameters) and `samples` draws between. */
function candidates(family: ExplosiveFamily, random: () => number): ExplosiveProgram[] {
  const wMin = family.width?.min ?? 1;
  const wMax = family.width?.max ?? 1;
  const corner = (size: number, width: number) => ({
    family: family.name,
    size,
    width,
    source: family.build(size, width),
  });
  const out = [corner(family.max, wMax), corner(family.max, wMin)];
  for (let i = 0; i < samples; i++) out.push(drawProgram(family, random));
  return out;
}

console.log(machineLine());
console.log(
  `before: ${values["before-wasm"] ? beforeWasm : "this compiler with --no-budget"}; limit ${limitMs / 1000} s`,
);
const random = seededRandom(Number(values.seed));
const worst: Measured[] = [];
for (const family of FAMILIES) {
  let worstBefore: Measured | undefined;
  let worstAfter: Measured | undefined;
  for (const program of candidates(family, random)) {
    const before = timedInChild(beforeWasm, program.source, values["before-wasm"] === undefined);
    const after = timedInChild(COMPILER_WASM_PATH, program.source, false);
    const m = { program, before, after };
    if (worstBefore === undefined || score(before, program) > score(worstBefore.before, worstBefore.program))
      worstBefore = m;
    if (worstAfter === undefined || score(after, program) > score(worstAfter.after, worstAfter.program)) worstAfter = m;
  }
  if (worstBefore && worstAfter) {
    console.log(`\n${family.name}`);
    console.log(
      `  worst before: ${describe(worstBefore.program)} (${worstBefore.program.source.length} B): ${show(worstBefore.before, worstBefore.program)}; with the budget ${show(worstBefore.after, worstBefore.program)}`,
    );
    console.log(
      `  worst after:  ${describe(worstAfter.program)} (${worstAfter.program.source.length} B): ${show(worstAfter.after, worstAfter.program)}; before ${show(worstAfter.before, worstAfter.program)}`,
    );
    worst.push(worstBefore, worstAfter);
  }
}

const timed = (t: Timing, p: ExplosiveProgram) => (Number.isNaN(t.ms) ? -1 : perByte(t, p));
const worstBy = (key: (m: Measured) => number) => worst.reduce((a, b) => (key(b) > key(a) ? b : a));
const crashed = worst.filter((m) => m.before.outcome === "crash");
const overallBefore = worstBy((m) => timed(m.before, m.program));
const overallAfter = worstBy((m) => timed(m.after, m.program));
console.log("\nslowest compile per byte of source found (beyond the fixed cost of compiling hello world)");
if (crashed.length > 0)
  console.log(
    `  before, crashed (trap or memory): ${crashed.map((m) => `${describe(m.program)} (${m.program.source.length} B)`).join("; ")}`,
  );
console.log(
  `  before: ${describe(overallBefore.program)} (${overallBefore.program.source.length} B): ${show(overallBefore.before, overallBefore.program)}`,
);
console.log(
  `  after:  ${describe(overallAfter.program)} (${overallAfter.program.source.length} B): ${show(overallAfter.after, overallAfter.program)}`,
);
const ratio = timed(overallBefore.before, overallBefore.program) / timed(overallAfter.after, overallAfter.program);
console.log(`  worst µs/B before / after: ${ratio.toFixed(1)}×`);
