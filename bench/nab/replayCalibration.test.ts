// Calibration on without losing level shifts: the stream's own calibration
// (anomaly/model/likelihood.ts) makes a shifted stream's high severities
// common within a few dozen points, so its flags stop; the
// sustained-departure sum reading the severities as trained keeps a run
// above what the model learnt as evidence, and goes on flagging it. Pure
// replays of hand-made severities (the engine's are replayed in
// replay.test.ts), so the test is fast and shows the mechanism alone.
import { describe, expect, it } from "vitest";
import { DEFAULT_FALSE_ALARM_RATE, LIKELIHOOD, severityThreshold } from "../../anomaly";
import { seededUniform } from "../../anomaly/testing";
import type { Series } from "./corpus";
import { DEFAULTS, decisionOf } from "./loco";
import { replay } from "./replay";

const ROWS = 3000;
const SHIFT = 1500;
const STEP = 300;
const THRESHOLD = severityThreshold(DEFAULT_FALSE_ALARM_RATE);

function shiftedStream(seed: number, shifted: number): { series: Series; parts: Record<string, Float64Array> } {
  const uniform = seededUniform(seed);
  const times = Array.from({ length: ROWS }, (_, i) => 1_700_000_000 + i * STEP);
  // A point's severity is −20·log10 of its tail share: uniform shares give the severities of normal points.
  const band = Float64Array.from(times, (_, i) =>
    i >= SHIFT ? shifted + 5 * uniform() : Math.min(100, -20 * Math.log10(1 - uniform())),
  );
  const series: Series = {
    key: `generated/level-shift-${seed}.csv`,
    category: "generated",
    times,
    isoTimes: times.map((t) => new Date(t * 1000).toISOString()),
    values: times.map(() => 0),
    windows: [[SHIFT - 100, SHIFT + 100]],
  };
  return { series, parts: { "band:value": band } };
}

const flagsAfter = (flags: boolean[], from: number) => flags.slice(from).filter(Boolean).length;

describe("stream calibration and level shifts", () => {
  const calibrated = (evidenceAsTrained: number) =>
    decisionOf({ ...DEFAULTS, calibrate: 1, warmUp: LIKELIHOOD.warmUpPoints, evidenceAsTrained });

  it("keeps flagging a level shift the checks hold high when the sustained sum reads severities as trained", () => {
    for (const seed of [1, 2, 3]) {
      // The shifted points score a little over the threshold, as a check half-absorbing a shift does.
      const { series, parts } = shiftedStream(seed, THRESHOLD + 4);
      const asCalibrated = replay(series, parts, calibrated(0), 60);
      const asTrained = replay(series, parts, calibrated(1), 60);
      // Both flag the shift's first points: the stream never scored so high before.
      expect(asCalibrated.anomaly.slice(SHIFT, SHIFT + 5).some(Boolean)).toBe(true);
      expect(asTrained.anomaly.slice(SHIFT, SHIFT + 5).some(Boolean)).toBe(true);
      // Hundreds of points later the calibrated history holds the shift: as calibrated, almost nothing flags.
      expect(flagsAfter(asCalibrated.anomaly, SHIFT + 500)).toBeLessThanOrEqual(5);
      // As trained, the sum fills every few points for as long as the shift lasts.
      expect(flagsAfter(asTrained.anomaly, SHIFT + 500)).toBeGreaterThan(50);
    }
  });

  it("adds no flag to a stream without a shift: under the slack, the severities as trained drain the sum", () => {
    for (const seed of [4, 5, 6]) {
      const { series, parts } = shiftedStream(seed, 0);
      const asTrained = replay(series, parts, calibrated(1), 60);
      const asCalibrated = replay(series, parts, calibrated(0), 60);
      expect(asTrained.anomaly).toEqual(asCalibrated.anomaly);
      // Flagged normal points stay near the promised rate (0.5 %) before the quiet end of the stream.
      expect(flagsAfter(asTrained.anomaly, 0)).toBeLessThanOrEqual(0.01 * ROWS);
    }
  });

  it("changes nothing while calibration is off", () => {
    const { series, parts } = shiftedStream(7, THRESHOLD + 4);
    const off = replay(series, parts, decisionOf({ ...DEFAULTS, calibrate: 0, evidenceAsTrained: 0 }), 60);
    const offAsTrained = replay(series, parts, decisionOf({ ...DEFAULTS, calibrate: 0, evidenceAsTrained: 1 }), 60);
    expect(offAsTrained).toEqual(off);
  });
});
