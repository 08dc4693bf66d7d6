import { describe, expect, it } from "vitest";
import { averagePathLength, buildForest, type Forest } from "./forest";
import { Xoshiro256 } from "./prng";
import { compileForest, walkForest } from "./walk";

/** The documented procedure, plainly: depth + c(leaf size), left when x < split. */
function referencePathSum(f: Forest, row: Float64Array): number {
  let sum = 0;
  for (const root of f.roots) {
    let node = root;
    let depth = 0;
    while (f.feature[node] >= 0) {
      node = row[f.feature[node]] < f.split[node] ? f.left[node] : f.right[node];
      depth++;
    }
    sum += depth + averagePathLength(f.size[node]);
  }
  return sum;
}

describe("scoring kernel", () => {
  const g = new Xoshiro256(5);
  const d = 3;
  const n = 2003;
  const data = Float64Array.from({ length: n * d }, () => Math.floor(g.u01() * 20));

  it("heap and pointer layouts equal the documented walk bit for bit", () => {
    for (const maxSamples of [1, 2, 7, 256, 2000]) {
      const f = buildForest({ data, nRows: n, rowStride: d }, d, { nTrees: 25, maxSamples, seed: 42 });
      const heap = new Float64Array(n);
      const pointer = new Float64Array(n);
      walkForest(compileForest(f), data, d, 0, n, heap);
      walkForest(compileForest(f, 0), data, d, 0, n, pointer);
      for (let r = 0; r < n; r++) {
        const ref = referencePathSum(f, data.subarray(r * d, r * d + d));
        expect(heap[r]).toBe(ref);
        expect(pointer[r]).toBe(ref);
      }
    }
  });

  it("scores a sub-range into out[r − from]", () => {
    const f = buildForest({ data, nRows: n, rowStride: d }, d, { nTrees: 10, maxSamples: 64, seed: 42 });
    const all = new Float64Array(n);
    const part = new Float64Array(5);
    walkForest(compileForest(f), data, d, 0, n, all);
    walkForest(compileForest(f), data, d, 100, 105, part);
    expect(Array.from(part)).toEqual(Array.from(all.subarray(100, 105)));
  });

  it("a few rows (tree-interleaved leftovers) sum exactly as the eight-row blocks", () => {
    const f = buildForest({ data, nRows: n, rowStride: d }, d, { nTrees: 27, maxSamples: 256, seed: 42 });
    const all = new Float64Array(n);
    walkForest(compileForest(f), data, d, 0, n, all);
    for (let count = 1; count <= 17; count++) {
      const part = new Float64Array(count);
      walkForest(compileForest(f), data, d, 40 + count, 40 + 2 * count, part);
      expect(Array.from(part)).toEqual(Array.from(all.subarray(40 + count, 40 + 2 * count)));
    }
  });
});
