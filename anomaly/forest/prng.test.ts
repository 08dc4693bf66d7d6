import { describe, expect, it } from "vitest";
import { averagePathLength } from "./forest";
import { splitMix64State, Xoshiro256 } from "./prng";

describe("xoshiro256** seeded by SplitMix64 (reference values, seed 42)", () => {
  it("derives the documented SplitMix64 state", () => {
    expect(splitMix64State(42n)).toEqual([
      0xbdd732262feb6e95n,
      0x28efe333b266f103n,
      0x47526757130f9f52n,
      0x581ce1ff0e4ae394n,
    ]);
  });

  it("produces the documented first five outputs", () => {
    const g = new Xoshiro256(42);
    const got = Array.from({ length: 5 }, () => g.nextBigInt());
    expect(got).toEqual([
      1546998764402558742n,
      6990951692964543102n,
      12544586762248559009n,
      17057574109182124193n,
      18295552978065317476n,
    ]);
  });

  it("below(256) and below(10) from fresh generators", () => {
    let g = new Xoshiro256(42);
    expect(Array.from({ length: 5 }, () => g.below(256))).toEqual([126, 161, 100, 56, 135]);
    g = new Xoshiro256(42);
    expect(Array.from({ length: 5 }, () => g.below(10))).toEqual([6, 1, 1, 4, 8]);
  });

  it("u01 is (next >> 11) / 2^53", () => {
    const g = new Xoshiro256(42);
    expect([g.u01(), g.u01(), g.u01()]).toEqual([0.08386297105988216, 0.3789802506626686, 0.6800434110281394]);
  });

  it("below(n ≤ 0) returns 0 without drawing", () => {
    const a = new Xoshiro256(42);
    const b = new Xoshiro256(42);
    expect(a.below(0)).toBe(0);
    expect(a.below(-5)).toBe(0);
    expect(a.nextBigInt()).toBe(b.nextBigInt());
  });

  it("below masks above 32 bits stay in range", () => {
    const g = new Xoshiro256(7);
    for (let i = 0; i < 1000; i++) {
      const v = g.below(2 ** 40 + 3);
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThan(2 ** 40 + 3);
      expect(Number.isInteger(v)).toBe(true);
    }
  });
});

describe("c(n), the average path length", () => {
  it("matches the reference values", () => {
    expect(averagePathLength(3)).toBe(1.207392357589623);
    expect(averagePathLength(100)).toBe(8.364671030072245);
    expect(averagePathLength(256)).toBe(10.244770920119917);
  });
  it("is 0 for n ≤ 1 and 1 for n = 2", () => {
    expect(averagePathLength(0)).toBe(0);
    expect(averagePathLength(1)).toBe(0);
    expect(averagePathLength(2)).toBe(1);
  });
});
