import { describe, expect, it } from "vitest";
import { runCampaign, summary } from "./campaign";
import { nativeAvailable } from "./differential";
import { generateProgram } from "./generator";

// CI's share of the differential fuzzer: PITH_DIFF_SECONDS (60 by default)
// split between a fixed seed (the same programs every run) and a random one,
// printed so a failure can be replayed with `npm run fuzz -- --seed S`.
const SECONDS = Number(process.env.PITH_DIFF_SECONDS ?? 60);
const FIXED_SEED = 20261123;

describe("differential fuzzing", () => {
  it("the generator is deterministic: one seed, one program", () => {
    expect(generateProgram(7)).toBe(generateProgram(7));
    expect(generateProgram(7)).not.toBe(generateProgram(8));
  });

  it("generates nested patterns after for and let, and exhaustive matches on tuples", () => {
    const programs = Array.from({ length: 40 }, (_, seed) => generateProgram(seed)).join("\n");
    expect(programs).toMatch(/for \(\(\w+, \w+\), \w+\) in /);
    expect(programs).toMatch(/let \(\w+, \(_, \w+\)\) = /);
    expect(programs).toMatch(/\(true, E\.C\) \| \(false, E\.C\)/);
  });

  it("native builds are part of the comparison (clang-19 and lld-19 are installed)", () => {
    expect(nativeAvailable()).toBe(true);
  });

  for (const [label, seed] of [
    ["a fixed seed", FIXED_SEED],
    ["a random seed", Math.floor(Math.random() * 2 ** 32)],
  ] as const) {
    it(
      `wasm and linux-x64 at -O0 and -O3 agree on every generated program (${label}: ${seed})`,
      async () => {
        const report = await runCampaign({ seed, seconds: SECONDS / 2, maxFailures: 1, log: console.log });
        console.log(summary(report, seed));
        expect(report.programs).toBeGreaterThan(0);
        // Every generated program is well typed; a rejection is a generator or checker bug.
        expect(report.rejections).toEqual([]);
        expect(
          report.failures.map((f) => `seed ${f.seed} (${f.kind}), saved as ${f.savedAs}:\n${f.repro}\n${f.detail}`),
        ).toEqual([]);
      },
      (SECONDS / 2) * 1000 + 300_000,
    );
  }
});
