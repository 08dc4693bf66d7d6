import { describe, expect, it } from "vitest";
import { CpuBackend } from "../backends/backend";
import { buildForest, computeLeafValues } from "./forest";
import { Xoshiro256 } from "./prng";
import { decisionFunction, decisionOne, percentile, scoreFromSum } from "./scoring";

function gaussianish(n: number, d: number, seed: number): Float64Array {
  const g = new Xoshiro256(seed);
  return Float64Array.from({ length: n * d }, () => g.u01() + g.u01() + g.u01() - 1.5);
}

describe("isolation forest", () => {
  const data = gaussianish(1000, 4, 1);
  const rows = { data, nRows: 1000, rowStride: 4 };

  it("is deterministic for a seed", () => {
    const a = buildForest(rows, 4, { nTrees: 50, maxSamples: 256, seed: 42 });
    const b = buildForest(rows, 4, { nTrees: 50, maxSamples: 256, seed: 42 });
    expect(a.split).toEqual(b.split);
    expect(a.feature).toEqual(b.feature);
    const c = buildForest(rows, 4, { nTrees: 50, maxSamples: 256, seed: 43 });
    expect(c.split).not.toEqual(a.split);
  });

  it("respects ψ and the depth limit ceil(log2 ψ)", () => {
    const f = buildForest(rows, 4, { nTrees: 20, maxSamples: 256, seed: 42 });
    expect(f.sampleSize).toBe(256);
    expect(f.cPsi).toBe(10.244770920119917);
    for (const t of f.roots) expect(f.size[t]).toBe(256);
    const value = computeLeafValues(f);
    expect(value).toEqual(f.value);
    // Leaves sit at depth ≤ 8: value − c(size) ≤ 8.
    for (let i = 0; i < f.feature.length; i++) {
      if (f.feature[i] < 0) expect(f.value[i]).toBeLessThanOrEqual(8 + 10.25);
    }
    const small = buildForest({ data, nRows: 10, rowStride: 4 }, 4, { nTrees: 3, maxSamples: 256, seed: 42 });
    expect(small.sampleSize).toBe(10);
  });

  it("children sizes add up and splits separate rows", () => {
    const f = buildForest(rows, 4, { nTrees: 10, maxSamples: 64, seed: 42 });
    for (let i = 0; i < f.feature.length; i++) {
      if (f.feature[i] >= 0) expect(f.size[f.left[i]] + f.size[f.right[i]]).toBe(f.size[i]);
    }
  });

  it("an outlier scores lower than the bulk; the single-row path equals the backend", async () => {
    const f = buildForest(rows, 4, { nTrees: 100, maxSamples: 256, seed: 42 });
    const probe = Float64Array.from([0, 0, 0, 0, 9, 9, -9, 9]);
    const d = await decisionFunction(new CpuBackend(), f, { data: probe, nRows: 2, rowStride: 4 });
    expect(d[1]).toBeLessThan(d[0]);
    expect(d[1]).toBeLessThan(0);
    expect(decisionOne(f, probe, 4)).toBe(d[1]);
    expect(decisionOne(f, probe, 0)).toBe(d[0]);
  });

  it("score_samples is −2^(−mean/c(ψ)) and percentile is numpy's linear one", () => {
    const f = { nTrees: 4, cPsi: 2 } as Parameters<typeof scoreFromSum>[0];
    expect(scoreFromSum(f, 8)).toBe(-0.5);
    expect(percentile(Float64Array.from([4, 1, 3, 2]), 10)).toBeCloseTo(1.3, 12);
    expect(percentile(Float64Array.from([4, 1, 3, 2]), 100)).toBe(4);
  });

  it("a constant column is a leaf, never a split", () => {
    const constant = new Float64Array(300).fill(3);
    const f = buildForest({ data: constant, nRows: 300, rowStride: 1 }, 1, { nTrees: 5, maxSamples: 256, seed: 42 });
    expect(f.feature.length).toBe(5);
  });
});
