// The compile budget (wasm/src/check/budget.ts): a small program that asks
// for an exponential amount of work fails at once with a positioned
// diagnostic, and every program of the explosive families either compiles
// within the budget or fails with a limit diagnostic. Work is measured by
// the compiler's own counters (`--budget-stats`) and by the size of what it
// writes, never by the clock.
import { describe, expect, it } from "vitest";
import { diagnosticCode } from "../../protocol/diagnostics/codes";
import { parseCompilerDiagnostics } from "../../protocol/diagnostics/compilerDiagnostic";
import { compileToLl } from "../../server/toolchain/compileToLl";
import { pith } from "./compiler";
import { explosivePrograms, genericFanout } from "./explosive_programs";

interface BudgetStats {
  fuel: number;
  instances: number;
  maxFuel: number;
  maxInstances: number;
}

/** The codes of the limits a program may hit instead of compiling. */
const LIMIT_CODES = new Set([
  "E0102", // expression nested too deeply
  "E0103", // expression too long
  "E0504", // generic instantiation too deep
  "E0505", // generic instantiations exceeded
  "E0506", // compile budget exceeded
]);

// A wasm module that compiled may hold at most this many bytes per unit of
// fuel spent checking it, beyond the runtime every program carries and the
// literals it copies from its source: the budget bounds the later phases
// only while their output stays in proportion to what was checked (a
// generic fan-out of 1,365 instances writes about 3 bytes per unit,
// ordinary code about 8).
const BYTES_PER_FUEL = 24;
const RUNTIME_BYTES = 64 * 1024;

async function build(source: string) {
  const r = await pith(["build", "main.pith", "-O2", "--json", "--budget-stats", "-o", "out.wasm"], source);
  const statsLine = r.stderr.split("\n").find((line) => line.startsWith('{"fuel"'));
  if (statsLine === undefined) throw new Error(`no budget stats (exit ${r.exitCode}): ${r.stderr.slice(0, 300)}`);
  const stats = JSON.parse(statsLine) as BudgetStats;
  const parsed = parseCompilerDiagnostics(r.stdout || "[]");
  if (!parsed.ok) throw new Error(parsed.problem);
  return { exitCode: r.exitCode, wasm: r.wasm, stats, diagnostics: parsed.diagnostics };
}

describe("compile budget", () => {
  it("stops a kilobyte of fanned-out generic calls at the call that makes the 1,001st instance", async () => {
    const source = genericFanout(8, 4);
    expect(source.length).toBeLessThan(1200);
    const r = await build(source);
    expect(r.exitCode).toBe(1);
    expect(r.diagnostics).toHaveLength(1);
    const [d] = r.diagnostics;
    expect(d.code).toBe("E0505");
    expect(d.message).toMatch(
      /^generic instantiations exceeded 1000: f\d<[^>]*> instantiated from here \(in 'f\d<[^>]*>'\)/,
    );
    // The call is in the source: its line declares the generic function the message says it is in.
    const caller = /\(in '(f\d)</.exec(d.message)?.[1];
    expect(source.split("\n")[d.line - 1]).toContain(`fn ${caller}<`);
    expect(r.stats.instances).toBe(r.stats.maxInstances);
  }, 120_000);

  it("counts the instances and the work of a fan-out that fits", async () => {
    const r = await build(genericFanout(5, 4));
    expect(r.exitCode).toBe(0);
    // 1 + 4 + 16 + 64 + 256 instances of f1..f5, none of them deep.
    expect(r.stats.instances).toBeGreaterThanOrEqual(341);
    expect(r.stats.fuel).toBeLessThan(r.stats.maxFuel);
  }, 120_000);

  it("stops a program whose instances are few but each is large with E0506 where the work ran out", async () => {
    const example = diagnosticCode("E0506")?.example ?? "";
    const r = await build(example);
    expect(r.diagnostics.map((d) => d.code)).toEqual(["E0506"]);
    expect(r.stats.instances).toBeLessThan(r.stats.maxInstances);
    expect(r.stats.fuel).toBeGreaterThan(r.stats.maxFuel);
    expect(r.diagnostics[0].message).toContain(`more than ${r.stats.maxFuel} units of work`);
  }, 120_000);

  it("states in the explanation pages the limits the compiler applies", async () => {
    const { stats } = await build("fn main() {\n    println(1)\n}\n");
    const thousands = (n: number) => n.toLocaleString("en-US");
    expect(diagnosticCode("E0505")?.explanation).toContain(
      `at most ${thousands(stats.maxInstances)} generic instances`,
    );
    expect(diagnosticCode("E0506")?.explanation).toContain(`at most ${thousands(stats.maxFuel)} units`);
  }, 120_000);

  it("lets --no-budget compile the fan-out the budget stops, so benchmarks can compare", async () => {
    const source = genericFanout(6, 4);
    expect((await build(source)).diagnostics.map((d) => d.code)).toEqual(["E0505"]);
    const r = await pith(["build", "main.pith", "-O0", "--no-budget", "--budget-stats", "-o", "out.wasm"], source);
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toMatch(/"instances":1365\b/);
  }, 120_000);

  it("stops a native build in the front end, before any LLVM IR is written", async () => {
    const r = await compileToLl({
      source: genericFanout(8, 4),
      filename: "main.pith",
      files: {},
      opt: "-O2",
      target: "linux-x64",
    });
    expect(r.ll).toBeNull();
    expect(r.errors.map((e) => e.code)).toEqual(["E0505"]);
  }, 120_000);

  // The class, not one program: a seeded sample of every explosive family.
  const SEED = 20261207;
  for (const program of explosivePrograms(SEED, 3)) {
    it(`${program.family} (size ${program.size}, width ${program.width}) compiles within the budget or stops at a limit`, async () => {
      const r = await build(program.source);
      const codes = r.diagnostics.map((d) => d.code);
      if (r.exitCode === 0) {
        expect(r.stats.fuel).toBeLessThanOrEqual(r.stats.maxFuel);
        expect(r.stats.instances).toBeLessThanOrEqual(r.stats.maxInstances);
        expect(r.wasm?.length ?? 0).toBeLessThanOrEqual(
          RUNTIME_BYTES + program.source.length + BYTES_PER_FUEL * r.stats.fuel,
        );
      } else {
        expect(r.exitCode).toBe(1);
        expect(codes.length).toBeGreaterThan(0);
        expect(codes.some((c) => LIMIT_CODES.has(c))).toBe(true);
        for (const d of r.diagnostics) expect(d.line).toBeGreaterThan(0);
      }
    }, 120_000);
  }
});
