// std.math gives bit-identical results on every target: it is written in
// Pith from correctly rounded +, -, *, / and sqrt only, with no libm or host
// import. The same 100,000 seeded inputs (every function, every magnitude)
// run in the wasm build and in linux-x64 builds at -O0 and -O2 (clang-19),
// and each printed result (the double's bits) must match byte for byte.
import { describe, expect, it } from "vitest";
import { missingToolsFor } from "../../../server/toolchain/detect";
import { nativeDifferences } from "../../../wasm/tests/llvm_support";
import { runHarness } from "./harness";
import { mathCases, RANGES } from "./inputs";

const TARGET = "linux-x64";
const RANGE_COUNT = Object.values(RANGES).reduce((n, r) => n + r.length, 0);
const PER_RANGE = Math.ceil(100_000 / RANGE_COUNT);
const missing = missingToolsFor(TARGET);

describe("std.math: wasm and native agree bit for bit", () => {
  if (missing.length > 0) {
    it.skip(`cannot build ${TARGET} here: missing ${missing.join(", ")}`, () => {});
    return;
  }
  it(`on ${PER_RANGE * RANGE_COUNT} inputs at -O0 and -O2`, { timeout: 600_000 }, async () => {
    const cases = mathCases(0xb175n, PER_RANGE);
    expect(cases.length).toBeGreaterThanOrEqual(100_000);
    const stdin = `${cases.map((c) => `${c.fn} ${c.args.join(" ")}`).join("\n")}\n`;
    const { ll, wasm } = await runHarness(cases);
    for (const opt of ["-O0", "-O2"]) {
      const problems = await nativeDifferences(ll, wasm, TARGET, opt, "math_harness.pith", stdin);
      // A difference prints both outputs in full; keep the failure readable.
      expect(problems.map((p) => p.slice(0, 2000))).toEqual([]);
    }
  });
});
