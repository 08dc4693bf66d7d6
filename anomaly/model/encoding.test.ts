import { describe, expect, it } from "vitest";
import type { EncoderState } from "./encoding";
import {
  checkRecord,
  compareBytewise,
  EncodingError,
  featureNames,
  learnRecord,
  MAX_FEATURES,
  Projector,
  parseNumber,
} from "./encoding";

const fresh = (): EncoderState => ({ cols: [], kinds: [], cats: [] });
const learn = (s: EncoderState, r: unknown) => learnRecord(s, checkRecord(r));

describe("encoding", () => {
  it("freezes a column's kind on first sight", () => {
    const s = fresh();
    learn(s, { a: 1, b: "2.5", c: "2024-01-01T00:00:00Z", d: "red", e: true });
    expect(s.cols).toEqual(["a", "b", "c", "d", "e"]);
    expect(s.kinds).toEqual([0, 0, 2, 1, 1]);
    // A numeric column then refuses text; a categorical one accepts numbers.
    expect(() => learn(s, { a: "oops" })).toThrow(EncodingError);
    learn(s, { d: 7 });
    expect(s.cats[3]).toEqual(["7", "red"]);
  });

  it("never treats `timestamp` as a feature", () => {
    const s = fresh();
    const rec = checkRecord({ timestamp: "2024-01-01T00:00:00Z", x: 1 });
    learnRecord(s, rec);
    expect(s.cols).toEqual(["x"]);
    expect(rec.timestamp).toBe(Date.UTC(2024, 0, 1) / 1000);
  });

  it("sorts categories byte-wise (UTF-8 order, not UTF-16)", () => {
    const s = fresh();
    for (const c of ["b", "a", "B", "é", "\u{1F600}", "\uFF5E", "aa", ""]) learn(s, { k: c });
    expect(s.cats[0]).toEqual(["", "B", "a", "aa", "b", "é", "\uFF5E", "\u{1F600}"]);
    const bytes = (x: string) => Array.from(new TextEncoder().encode(x));
    const sorted = [...s.cats[0]].sort((x, y) => {
      const a = bytes(x);
      const b = bytes(y);
      for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
      return a.length - b.length;
    });
    expect(s.cats[0]).toEqual(sorted);
    expect(compareBytewise("\uFF5E", "\u{1F600}")).toBeLessThan(0);
  });

  it("names features per kind in column order", () => {
    const s = fresh();
    learn(s, { n: 1, c: "y", t: "2024-01-01T00:00:00Z" });
    learn(s, { c: "x" });
    expect(featureNames(s)).toEqual(["n", "c_x", "c_y", "t_hour_sin", "t_hour_cos", "t_week_sin", "t_week_cos"]);
  });

  it("a bad value leaves the encoder state untouched", () => {
    const s = fresh();
    learn(s, { n: 1, t: "2024-01-01T00:00:00Z", c: "a" });
    const before = JSON.stringify(s);
    expect(() => learn(s, { new1: 5, c: "b", n: "NaN" })).toThrow(EncodingError);
    expect(() => learn(s, { new2: 5, c: "b", t: "yesterday" })).toThrow(EncodingError);
    expect(JSON.stringify(s)).toBe(before);
  });

  it("rejects non-objects, nested values, non-finite numbers and bad timestamps", () => {
    for (const bad of [
      null,
      5,
      "x",
      [1, 2],
      { a: { b: 1 } },
      { a: [1] },
      { a: Number.NaN },
      { a: Number.POSITIVE_INFINITY },
      { timestamp: "soon" },
      { timestamp: true },
      { a: "NaN" },
      { a: "-Infinity" },
      { a: "1e400" },
      { a: "inf" },
    ]) {
      expect(() => checkRecord(bad), JSON.stringify(bad)).toThrow(EncodingError);
    }
  });

  it("learns at most MAX_FEATURES features; the rest stays raw", () => {
    const s = fresh();
    for (let i = 0; i < 300; i++) learn(s, { id: `user${i}`, x: i });
    expect(featureNames(s).length).toBe(MAX_FEATURES);
    expect(s.cats[0].length).toBe(MAX_FEATURES - 1);
    learn(s, { late: 1, when: "2024-01-01T00:00:00Z" });
    expect(s.cols).toEqual(["id", "x"]);
  });

  it("parses numbers strictly", () => {
    expect(parseNumber("1e3")).toBe(1000);
    expect(parseNumber(" -2.5 ")).toBe(-2.5);
    expect(parseNumber(".5")).toBe(0.5);
    for (const bad of ["NaN", "Infinity", "1e400", "0x10", "", "1,5", "1.2.3"])
      expect(parseNumber(bad), bad).toBeNull();
    expect(parseNumber(Number.MAX_VALUE)).toBe(Number.MAX_VALUE);
  });

  it("projects: missing → 0, unknown columns dropped, unseen categories all zeros", () => {
    const s = fresh();
    learn(s, { n: 2, c: "x", t: "2024-03-05T06:00:00Z" });
    const feats = featureNames(s);
    const p = new Projector(s, feats);
    const out = new Float64Array(feats.length);
    p.project({ c: "x", t: "2024-03-05T06:00:00Z", other: 9 }, out, 0);
    // Tuesday 06:00 UTC: a quarter through the day (sin 1, cos 0) and 30 h into the week.
    const week = (2 * Math.PI * 30) / 168;
    const expected = [0, 1, 1, 0, Math.sin(week), Math.cos(week)];
    expect(out).toHaveLength(expected.length);
    for (const [i, x] of expected.entries()) expect(out[i]).toBeCloseTo(x, 9);
    p.project({ n: "3", c: "never seen" }, out, 0);
    expect(Array.from(out)).toEqual([3, 0, 0, 0, 0, 0]);
  });
});
