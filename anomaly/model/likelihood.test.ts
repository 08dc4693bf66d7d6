import { describe, expect, it } from "vitest";
import { seededUniform } from "../testing";
import { severityThreshold } from "./calibration";
import {
  calibratedSeverity,
  cloneSeverityHistory,
  LIKELIHOOD,
  newSeverityHistory,
  parseSeverityHistory,
  takeSeverities,
  warmingUp,
} from "./likelihood";

const THRESHOLD = severityThreshold(0.005);

const generator = seededUniform;

/** One point of two checks through the calibration in stream order; whether it flagged. */
function take(h: ReturnType<typeof newSeverityHistory>, daily: number, bands: number): boolean {
  const warm = !warmingUp(h);
  const cal = {
    daily: calibratedSeverity(h, "daily", daily, 2, THRESHOLD),
    bands: calibratedSeverity(h, "bands", bands, 2, THRESHOLD),
  };
  const flagged = { daily: warm && cal.daily >= THRESHOLD, bands: warm && cal.bands >= THRESHOLD };
  takeSeverities(h, { daily, bands }, flagged, THRESHOLD);
  return flagged.daily || flagged.bands;
}

describe("the stream's own calibration of severities", () => {
  it("holds a miscalibrated stream's flags near the promised rate", () => {
    // The version's severity is −20·log10 of a uniform draw plus 20: it reaches the
    // threshold on one point in ten before calibration.
    const random = generator(7);
    const h = newSeverityHistory();
    let raw = 0;
    let flagged = 0;
    const n = 20_000;
    for (let i = 0; i < n; i++) {
      const daily = Math.min(100, 20 - 20 * Math.log10(1 - random()));
      const bands = Math.max(0, -20 * Math.log10(1 - random()) - 6);
      if (daily >= THRESHOLD || bands >= THRESHOLD) raw++;
      if (take(h, daily, bands)) flagged++;
    }
    expect(raw / n).toBeGreaterThan(0.05);
    // Within a fifth of the promised 0.5 % (the first histories are thin), from over 5 %.
    expect(flagged / n).toBeLessThanOrEqual(0.006);
  });

  it("flags nothing while warming up, then keeps a severity the stream has never shown", () => {
    const h = newSeverityHistory();
    const random = generator(3);
    for (let i = 0; i < 3 * LIKELIHOOD.warmUpPoints; i++) {
      const early = warmingUp(h);
      // Often 60 on this stream: ordinary here, however rare in training.
      const flagged = take(h, random() < 0.2 ? 60 : 10 * random(), 10 * random());
      if (early) expect(flagged).toBe(false);
    }
    expect(warmingUp(h)).toBe(false);
    expect(calibratedSeverity(h, "bands", 100, 2, THRESHOLD)).toBe(100);
    expect(calibratedSeverity(h, "daily", 60, 2, THRESHOLD)).toBeLessThan(THRESHOLD);
    // A history it has no record of leaves the severity as it is.
    expect(calibratedSeverity(h, "weekly", 70, 3, THRESHOLD)).toBe(70);
  });

  it("keeps the rest of an incident as rare as its first point", () => {
    const h = newSeverityHistory();
    const random = generator(5);
    for (let i = 0; i < 2000; i++) take(h, 10 * random(), 10 * random());
    // A level shift: its first points flag, each as rare as the first; once the
    // band has flagged more than its share of the promised rate (0.5 % / 2 of
    // 2000 points), a shift that goes on is what the stream does now.
    const flags: boolean[] = [];
    for (let i = 0; i < 30; i++) flags.push(take(h, 5, 80));
    expect(flags.slice(0, 5)).toEqual([true, true, true, true, true]);
    expect(flags.slice(20)).not.toContain(true);
  });

  it("round-trips through JSON and refuses malformed state", () => {
    const h = newSeverityHistory();
    takeSeverities(h, { daily: 12.5, bands: 70 }, { bands: true }, THRESHOLD);
    expect(parseSeverityHistory(JSON.parse(JSON.stringify(h)))).toEqual(h);
    const clone = cloneSeverityHistory(h);
    takeSeverities(clone, { daily: 1 }, {}, THRESHOLD);
    expect(clone.points).toBe(2);
    expect(h.points).toBe(1);
    expect(h.flags.bands).toBe(1);
    expect(parseSeverityHistory({ checks: { daily: [1, 2] }, points: 1 })).toEqual(newSeverityHistory());
    expect(parseSeverityHistory({ checks: {}, points: -1 })).toEqual(newSeverityHistory());
    expect(parseSeverityHistory(null)).toEqual(newSeverityHistory());
  });
});
