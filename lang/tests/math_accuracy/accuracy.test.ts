// std.math against the exact values: seeded random inputs of every magnitude
// run through a real Pith program (compiler.wasm, wasm build), and compared
// with mpmath's correctly rounded results (reference.py). Every function
// must stay within one ulp in every range; the table of the largest errors
// is printed so a regression shows where it lies.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { accuracyTable, formatTable, references, runHarness } from "./harness";
import { bitsOf, mathCases, RANGES } from "./inputs";

// 400 inputs in each of the ~50 ranges: about 20,000 in all, a few seconds
// of wasm and of mpmath.
const PER_RANGE = 400;
const SEED = 0x5eed0f3a7n;

describe("std.math accuracy against mpmath", () => {
  it("is within one ulp for every function and input range", { timeout: 600_000 }, async () => {
    const cases = mathCases(SEED, PER_RANGE);
    const [run, want] = await Promise.all([runHarness(cases), references(cases)]);
    const rows = accuracyTable(cases, run.bits, want);
    console.log(`std.math, max ulps from the correctly rounded result:\n${formatTable(rows)}`);
    expect(new Set(rows.map((r) => r.fn))).toEqual(new Set(Object.keys(RANGES)));
    const over = rows.filter((r) => r.maxUlp > 1n).map((r) => `${r.fn} ${r.range}: ${r.maxUlp} ulp at ${r.worst}`);
    expect(over).toEqual([]);
  });

  it("is exact where the exact result is a double", async () => {
    // pow on exact powers and roots, logarithms of exact powers, the zeros.
    const exact: [string, number[], number][] = [
      ["pow", [2, 10], 1024],
      ["pow", [0.5, 3], 0.125],
      ["pow", [9, 0.5], 3],
      ["pow", [10, -3], 0.001],
      ["pow", [10, 22], 1e22],
      ["pow", [2, -1074], 5e-324],
      ["pow", [-2, 3], -8],
      ["pow", [-3, -2], 1 / 9],
      ["pow", [16, 0.25], 2],
      ["pow", [1e-300, 0.5], 1e-150],
      ["ln", [1], 0],
      ["log2", [2 ** -1074], -1074],
      ["log2", [2 ** 1023], 1023],
      ["log10", [1e22], 22],
      ["log10", [1e-5], -5],
      ["exp", [0], 1],
      ["hypot", [3e300, 4e300], 5e300],
      ["hypot", [5e-324, 0], 5e-324],
    ];
    const cases = exact.map(([fn, args]) => ({ fn, range: "exact", args: args.map(bitsOf) }));
    const run = await runHarness(cases);
    const got = exact.map(([fn, args, want], i) => ({ call: `${fn}(${args.join(", ")})`, want, bits: run.bits[i] }));
    for (const g of got) expect(`${g.call} = ${g.bits}`).toBe(`${g.call} = ${bitsOf(g.want)}`);
  });
});

describe("std.math on arguments that used to go wrong", () => {
  it("matches mpmath's correctly rounded value on each", async () => {
    // Large trigonometric arguments (the reduction), and powers whose exponent
    // magnifies any error of ln.
    const known: [string, number[]][] = [
      ["sin", [Math.PI]],
      ["sin", [1e15]],
      ["sin", [1e22]],
      ["cos", [1e22]],
      ["tan", [1e300]],
      ["sin", [2 ** 1023 * 1.9999999999999998]],
      ["pow", [1.0000001, 1e7]],
      ["pow", [1.1, 1000]],
      ["pow", [0.9999999999999999, -4e16]],
      ["exp", [709.78]],
      ["ln", [1.0000000000000002]],
    ];
    const cases = known.map(([fn, args]) => ({ fn, range: "known", args: args.map(bitsOf) }));
    const [run, want] = await Promise.all([runHarness(cases), references(cases)]);
    const show = (i: number) => `${known[i][0]}(${known[i][1].join(", ")})`;
    expect(run.bits.map((b, i) => `${show(i)} = ${b}`)).toEqual(want.map((b, i) => `${show(i)} = ${b}`));
  });
});

describe("std.math special values", () => {
  it("lang/tests/stdlib/math_special_values.stdout is what C's libm gives (special_values.py)", () => {
    const script = fileURLToPath(new URL("./special_values.py", import.meta.url));
    const expected = fileURLToPath(new URL("../stdlib/math_special_values.stdout", import.meta.url));
    const out = execFileSync("python3", [script], { encoding: "utf8", timeout: 60_000 });
    expect(out).toBe(readFileSync(expected, "utf8"));
  });
});
