// The stream generator: one seed is one stream, labels lie inside it, every
// kind and cadence appears, and each cadence keeps the sampling it promises.
import { describe, expect, it } from "vitest";
import { probationEnd } from "../nab/scoring";
import {
  ANOMALY_KINDS,
  CADENCE_STEP,
  CADENCES,
  generateCorpus,
  generateStream,
  nabWindows,
  STREAM_KINDS,
} from "./generator";

const corpus = generateCorpus(96);

describe("stream generator", () => {
  it("gives the same stream for the same seed and a different one for another", () => {
    const a = generateStream(7, { cadence: "irregular", kind: "spike" });
    const b = generateStream(7, { cadence: "irregular", kind: "spike" });
    const c = generateStream(8, { cadence: "irregular", kind: "spike" });
    expect(b).toEqual(a);
    expect(c.values).not.toEqual(a.values);
    expect(generateCorpus(5)).toEqual(generateCorpus(5));
  });

  it("rejects a seed that is not a whole number", () => {
    expect(() => generateStream(-1)).toThrow(/seed must be a whole number/);
    expect(() => generateStream(1.5)).toThrow(/seed must be a whole number/);
  });

  it("labels every anomaly inside the series, after probation, one window around each onset", () => {
    for (const s of corpus) {
      const n = s.values.length;
      expect(s.times).toHaveLength(n);
      expect(s.isoTimes).toHaveLength(n);
      expect(s.values.every(Number.isFinite)).toBe(true);
      if (s.kind === "none") {
        expect(s.windows).toEqual([]);
        continue;
      }
      expect(s.onsets.length).toBeGreaterThan(0);
      for (const o of s.onsets) {
        expect(o).toBeGreaterThan(probationEnd(n));
        expect(o).toBeLessThan(n);
        expect(s.windows.some(([a, b]) => a <= o && o <= b)).toBe(true);
      }
      for (const [a, b] of s.windows) {
        expect(0 <= a && a <= b && b < n).toBe(true);
      }
    }
  });

  it("sizes windows as NAB does: 10 % of the length shared among the anomalies", () => {
    expect(nabWindows(1000, [500])).toEqual([[450, 549]]);
    expect(nabWindows(1000, [300, 700])).toEqual([
      [275, 324],
      [675, 724],
    ]);
    // Overlapping windows merge into one.
    expect(nabWindows(1000, [500, 520])).toEqual([[475, 544]]);
  });

  it("covers every anomaly kind, the anomaly-free kind and every cadence", () => {
    for (const kind of STREAM_KINDS) {
      for (const cadence of CADENCES) {
        expect(corpus.some((s) => s.kind === kind && s.cadence === cadence)).toBe(true);
      }
    }
    expect(STREAM_KINDS).toHaveLength(ANOMALY_KINDS.length + 1);
  });

  it("keeps each cadence's sampling: regular steps, or jitter with gaps and bursts", () => {
    for (const s of corpus) {
      const steps = s.times.slice(1).map((t, i) => t - s.times[i]);
      expect(steps.every((d) => d > 0)).toBe(true);
      const step = CADENCE_STEP[s.cadence];
      if (s.cadence === "irregular") continue;
      // Regular cadences step evenly, except across a labelled outage.
      const uneven = steps.filter((d) => d !== step).length;
      expect(uneven).toBe(s.kind === "missing_data" ? s.onsets.length : 0);
    }
    const irregular = corpus.filter((s) => s.cadence === "irregular");
    const steps = irregular.flatMap((s) => s.times.slice(1).map((t, i) => t - s.times[i]));
    const step = CADENCE_STEP.irregular;
    expect(steps.some((d) => d < 10)).toBe(true); // bursts
    expect(steps.some((d) => d > 2 * step)).toBe(true); // gaps
    expect(steps.some((d) => d !== step && d > 0.5 * step && d < 1.5 * step)).toBe(true); // jitter
  });

  it("writes counts as whole numbers ≥ 0 and sensors within their 0–100 range", () => {
    for (const s of corpus) {
      if (s.family === "counts") expect(s.values.every((v) => Number.isInteger(v) && v >= 0)).toBe(true);
      if (s.family === "sensor") expect(s.values.every((v) => v >= 0 && v <= 100)).toBe(true);
    }
  });
});
