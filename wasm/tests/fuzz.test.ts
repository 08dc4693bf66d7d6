import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { COMPILER_WASM_PATH } from "../../server/compiler/compilerModule";
import { robustnessSummary, runRobustness } from "../fuzz/robustness";

// Random and mutated programs must never make the compiler report an
// internal error (exit 70), trap, hang, or write an invalid module, and the
// differential generator's programs must always check.
// PITH_FUZZ_SECONDS sets the time budget (20 s by default), PITH_FUZZ_SEED the seed.
const SECONDS = Number(process.env.PITH_FUZZ_SECONDS ?? 20);
const SEED = Number(process.env.PITH_FUZZ_SEED ?? 12345);

describe("compiler fuzzing", () => {
  it(
    `never crashes, traps, hangs or writes an invalid module (${SECONDS} s of random and mutated programs)`,
    async () => {
      const report = await runRobustness({
        root: join(import.meta.dirname, "..", ".."),
        compilerPath: COMPILER_WASM_PATH,
        seed: SEED,
        seconds: SECONDS,
      });
      console.log(robustnessSummary(report, SEED));
      expect(report.failures).toEqual([]);
      expect(report.programs).toBeGreaterThan(0);
      expect(report.byKind.generated).toBeGreaterThan(0);
    },
    SECONDS * 1000 + 60_000,
  );
});
