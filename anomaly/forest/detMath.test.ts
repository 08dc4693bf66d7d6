import { describe, expect, it } from "vitest";
import { exp2, log } from "./detMath";

/** Distance in units in the last place. */
function ulps(a: number, b: number): number {
  const view = new DataView(new ArrayBuffer(16));
  view.setFloat64(0, a);
  view.setFloat64(8, b);
  return Number(view.getBigInt64(0) - view.getBigInt64(8));
}

describe("deterministic log and exp2", () => {
  it("log is within one ulp of Math.log over a wide range, exact at 1 and powers of two", () => {
    let worst = 0;
    for (let i = 1; i < 200_000; i++) {
      const x = i * 0.37 + 1e-3;
      worst = Math.max(worst, Math.abs(ulps(log(x), Math.log(x))));
    }
    for (const x of [1e-300, 3e-310, 0.5, 2, 255, 1e300]) worst = Math.max(worst, Math.abs(ulps(log(x), Math.log(x))));
    expect(worst).toBeLessThanOrEqual(1);
    expect(log(1)).toBe(0);
    expect(log(0)).toBe(Number.NEGATIVE_INFINITY);
    expect(log(-1)).toBeNaN();
    expect(log(1024)).toBe(10 * Math.LN2);
  });

  it("exp2 is within one ulp of 2 ** y and exact at integers", () => {
    let worst = 0;
    for (let i = -100_000; i < 100_000; i++) {
      const y = i * 1.37e-4;
      worst = Math.max(worst, Math.abs(ulps(exp2(y), 2 ** y)));
    }
    expect(worst).toBeLessThanOrEqual(1);
    for (let k = -1070; k <= 1023; k += 7) expect(exp2(k)).toBe(2 ** k);
    expect(exp2(2000)).toBe(Number.POSITIVE_INFINITY);
    expect(exp2(-2000)).toBe(0);
  });
});
