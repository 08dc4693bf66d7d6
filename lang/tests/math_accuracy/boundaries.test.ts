// std.math at the edges the random inputs rarely hit: the π/4 and Cody–Waite
// (1.6e6) switches of the trigonometric reduction, the largest doubles, exp
// and pow at the overflow and underflow thresholds, logarithms next to 1 and
// √2 and in the subnormals, hypot and atan2 at the scaling switches. Each
// result must be mpmath's correctly rounded value.
import { describe, expect, it } from "vitest";
import { references, runHarness } from "./harness";
import { bitsOf, fromBits, ulpDistance } from "./inputs";

const next = (x: number, d: number) => fromBits(bitsOf(x) + BigInt(d));
const PI2 = Math.PI / 2;

function boundaryCases(): [string, number[]][] {
  const list: [string, number[]][] = [];
  const trig = [
    0.7853981633974483,
    0.7853981633974484,
    1599999.9999999998,
    1600000,
    1647099.3,
    2 ** 20,
    2 ** 20 - 0.5,
    6381956970095103 * 2 ** 797,
    1e308,
    2 ** 1023,
    3 * PI2,
    1e6 * PI2,
    2 ** -1022,
    5e-324,
    Math.PI,
    2 * Math.PI,
  ];
  for (const x of trig) for (const fn of ["sin", "cos", "tan"]) for (const s of [1, -1]) list.push([fn, [s * x]]);
  const exps = [
    709.782712893384, 709.7827128933839, -745.1332191019411, -745.1332191019412, -708.3964185322641, 5e-324,
  ];
  for (const x of exps) list.push(["exp", [x]]);
  const logs = [next(1, 1), next(1, -1), next(1, -2), 5e-324, 1.7976931348623157e308, Math.SQRT2, next(Math.SQRT2, 1)];
  for (const x of logs) for (const fn of ["ln", "log2", "log10"]) list.push([fn, [x]]);
  const pows = [
    [2, 1023],
    [2, 1024],
    [2, -1075],
    [2, -1074.5],
    [next(1, 1), 2 ** 60],
    [next(1, -1), -(2 ** 62)],
    [1.5, 1750.5],
    [-1.0000001, 2 ** 52 + 1],
    [5e-324, 0.5],
    [1e-300, -1.02],
  ];
  for (const args of pows) list.push(["pow", args]);
  const hypots = [
    [1e308, 1e308],
    [5e-324, 5e-324],
    [1e300, 1e-300],
    [2 ** 500, 2 ** 500],
    [2 ** -500, 2 ** -501],
  ];
  for (const args of hypots) list.push(["hypot", args]);
  const atan2s = [
    [1, 2 ** 60],
    [1, -(2 ** 60)],
    [2 ** 61, -1],
    [1e308, 1e-308],
    [-1e-308, -1e308],
    [5e-324, -1],
    [-1e-310, -3e-310],
  ];
  for (const args of atan2s) list.push(["atan2", args]);
  for (const x of [2 ** 60, next(2 ** 60, 1), 2 ** -28, next(2 ** -28, 1), next(1, 1)]) list.push(["atan", [x]]);
  return list;
}

describe("std.math at its boundaries", () => {
  it("gives the correctly rounded result on each", async () => {
    const list = boundaryCases();
    const cases = list.map(([fn, args]) => ({ fn, range: "boundary", args: args.map(bitsOf) }));
    const [run, want] = await Promise.all([runHarness(cases), references(cases)]);
    const off = cases
      .map((c, i) => ({ call: `${c.fn}(${list[i][1].join(", ")})`, got: run.bits[i], want: want[i] }))
      .filter((r) => r.got !== r.want)
      .map((r) => `${r.call}: ${fromBits(r.got)}, exact ${fromBits(r.want)} (${ulpDistance(r.got, r.want)} ulp)`);
    expect(off).toEqual([]);
  });
});
