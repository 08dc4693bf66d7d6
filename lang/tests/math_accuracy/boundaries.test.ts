// std.math at the edges the random inputs rarely hit: the π/4 and Cody–Waite
// (1.6e6) switches of the trigonometric reduction, the largest doubles, exp
// and pow at the overflow and underflow thresholds, logarithms next to 1 and
// √2 and in the subnormals, hypot and atan2 at the scaling switches, and
// the switch from each fast path to the double-double series. Each result
// must be mpmath's correctly rounded value.
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

// Arguments whose results lie so near a rounding boundary that the fast
// path's rounding test fails and the double-double series decides (found by
// calling the fast paths directly), the first twelve ones where the fast
// path's own double is the wrong one (found by disabling the test):
// correctly rounded, like the rest.
const HANDOVERS: [string, bigint[]][] = [
  ["exp", [4606681512254479824n]],
  ["exp", [-4618022593470551168n]],
  ["ln", [4609049774356780775n]],
  ["ln", [4609838161978513483n]],
  ["sin", [-4610640215651860735n]],
  ["sin", [4613146127381258736n]],
  ["cos", [-4573813033019818216n]],
  ["cos", [6847618397021254346n]],
  ["tan", [-4554881797404308740n]],
  ["tan", [7193887083159482190n]],
  ["pow", [4640848942640497503n, -4585679969827497814n]],
  ["pow", [4630432162970807463n, -4584632547461560637n]],
  ["exp", [-4606459673946619904n]],
  ["exp", [-4597891598631043072n]],
  ["exp", [4621458901885255680n]],
  ["ln", [4649985799192738398n]],
  ["ln", [4644743617086452924n]],
  ["ln", [4649776377122978398n]],
  ["sin", [4604586120037124801n]],
  ["sin", [4603068637295539126n]],
  ["sin", [4603540374205614785n]],
  ["cos", [4605191713233485955n]],
  ["cos", [4589245427096219550n]],
  ["cos", [4605160115231105483n]],
  ["atan", [4599639312673468842n]],
  ["atan", [4613692698831511093n]],
  ["atan", [4600751020330643882n]],
  ["pow", [4608436671436816384n, 4619848792751996928n]],
  ["pow", [4609545289867460608n, 4619848792751996928n]],
  ["pow", [4613612462102020096n, 4619848792751996928n]],
];

// Results within 2^-54 ulp of a tie (e^(2^-53) = 1 + 2^-53 + 2^-107 + ...):
// no plain-double sum rounds them, and double-double, 106 bits, cannot
// either (e^(2^-53) gives 1.0, one ulp below): within one ulp, as promised.
const NEAR_TIES: [string, bigint[]][] = [
  ["exp", [bitsOf(2 ** -53)]],
  ["exp", [bitsOf(-(2 ** -54))]],
  ["exp", [bitsOf(3 * 2 ** -53)]],
];

describe("std.math where a fast path hands over to double-double", () => {
  it("gives the correctly rounded result past the rounding test, and within one ulp at a near-tie", async () => {
    const all = [...HANDOVERS, ...NEAR_TIES];
    const cases = all.map(([fn, args]) => ({ fn, range: "handover", args }));
    const [run, want] = await Promise.all([runHarness(cases), references(cases)]);
    const off = cases
      .map((c, i) => ({ c, i, got: run.bits[i], want: want[i] }))
      .filter((r) => ulpDistance(r.got, r.want) > (r.i < HANDOVERS.length ? 0n : 1n))
      .map((r) => `${r.c.fn}(${r.c.args.map(fromBits).join(", ")}): ${fromBits(r.got)}, exact ${fromBits(r.want)}`);
    expect(off).toEqual([]);
  });
});
