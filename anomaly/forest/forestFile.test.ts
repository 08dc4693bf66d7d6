import { describe, expect, it } from "vitest";
import { buildForest } from "./forest";
import { adoptEncoded, decodeForestFile, encodeForestFile } from "./forestFile";
import { Xoshiro256 } from "./prng";

const g = new Xoshiro256(3);
const data = Float64Array.from({ length: 400 * 3 }, () => g.u01());
const forest = buildForest({ data, nRows: 400, rowStride: 3 }, 3, { nTrees: 4, maxSamples: 16, seed: 42 });
forest.offset = -0.47;
const bytes = encodeForestFile({ name: "daily", margin: 0.12, forest });

describe("ANOMFOR1 forest files", () => {
  it("round-trips exactly", () => {
    const back = decodeForestFile(bytes, "daily");
    expect(back).not.toBeNull();
    expect(back?.margin).toBe(0.12);
    expect(back?.forest).toEqual(forest);
    expect(Array.from(bytes.subarray(0, 8), (b) => String.fromCharCode(b)).join("")).toBe("ANOMFOR1");
  });

  it("has the documented layout", () => {
    const n = forest.feature.length;
    expect(bytes.length).toBe(8 + 8 + 5 + 8 * 6 + 8 + 8 * 4 + 8 + 5 * (8 + 8 * n));
    const v = new DataView(bytes.buffer);
    expect(v.getUint32(8, true)).toBe(5);
    expect(v.getFloat64(21, true)).toBe(-0.47);
    expect(v.getFloat64(29, true)).toBe(0.12);
  });

  it("rejects another version's file, bad magic, short and trailing bytes", () => {
    expect(decodeForestFile(bytes, "weekly")).toBeNull();
    const badMagic = bytes.slice();
    badMagic[7] = 0x32;
    expect(decodeForestFile(badMagic, "daily")).toBeNull();
    expect(decodeForestFile(bytes.subarray(0, bytes.length - 1), "daily")).toBeNull();
    const longer = new Uint8Array(bytes.length + 1);
    longer.set(bytes);
    expect(decodeForestFile(longer, "daily")).toBeNull();
    expect(decodeForestFile(new Uint8Array(0), "daily")).toBeNull();
  });

  it("rejects out-of-range indices and features", () => {
    const n = forest.feature.length;
    const featureAt = 8 + 8 + 5 + 8 * 6 + 8 + 8 * 4 + 8 + 8;
    const bad = bytes.slice();
    new DataView(bad.buffer).setInt32(featureAt, 3, true); // n_cols is 3
    expect(decodeForestFile(bad, "daily")).toBeNull();
    const leftAt = featureAt + 8 * n + 8 + 8 * n + 8;
    const bad2 = bytes.slice();
    new DataView(bad2.buffer).setInt32(leftAt, n, true);
    expect(decodeForestFile(bad2, "daily")).toBeNull();
  });

  it("10,000 mutated or truncated files load as absent or valid, never throw", () => {
    const rng = new Xoshiro256(99);
    let valid = 0;
    for (let i = 0; i < 10_000; i++) {
      let b: Uint8Array;
      const kind = rng.below(4);
      if (kind === 0) b = bytes.subarray(0, rng.below(bytes.length));
      else {
        b = bytes.slice();
        const flips = 1 + rng.below(kind === 3 ? 40 : 4);
        for (let k = 0; k < flips; k++) {
          // Bias mutations toward the header, where counts live.
          const at = rng.below(2) === 0 ? rng.below(Math.min(b.length, 120)) : rng.below(b.length);
          b[at] = kind === 1 ? b[at] ^ (1 << rng.below(8)) : rng.below(256);
        }
      }
      const out = decodeForestFile(b, "daily");
      if (out !== null) {
        valid++;
        // Whatever loads must be walkable.
        const f = out.forest;
        for (const r of f.roots) expect(r >= 0 && r < f.feature.length).toBe(true);
      }
    }
    expect(valid).toBeLessThan(10_000);
  });

  it("a file encoded elsewhere (the training thread) is the same bytes, with the margin it is saved with", () => {
    const twin = buildForest({ data, nRows: 400, rowStride: 3 }, 3, { nTrees: 4, maxSamples: 16, seed: 42 });
    twin.offset = -0.47;
    const ahead = encodeForestFile({ name: "daily", margin: 0, forest: twin });
    adoptEncoded(twin, "daily", ahead);
    const saved = encodeForestFile({ name: "daily", margin: 0.12, forest: twin });
    expect(saved).toBe(ahead);
    expect(saved).toEqual(bytes);
    // Used once (not kept in memory beside the forest): the next save encodes afresh, the same bytes.
    const again = encodeForestFile({ name: "daily", margin: 0.3, forest: twin });
    expect(again).not.toBe(ahead);
    expect(decodeForestFile(again, "daily")?.margin).toBe(0.3);
    // Saved under another name it is encoded afresh.
    expect(decodeForestFile(encodeForestFile({ name: "weekly", margin: 0.2, forest: twin }), "weekly")?.forest).toEqual(
      forest,
    );
  });
});
