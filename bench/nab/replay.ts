// The engine's decision layer replayed offline from each point's check
// severities: which points flag and which open an alert, for any value of
// the settings that decide it. Feeding a series costs minutes; the
// severities each check gave (each forest version, each numeric band) do
// not depend on these settings, so one feed per series is enough to score
// every candidate value, and the leave-one-category-out search (loco.ts)
// can choose all of them, the sustained-departure slack and limit
// included, on one group of series and score them on another.
//
// The replay follows the engine's order per point: a check flags at or
// above the threshold; a window version's flag within the echo of a point
// rare on its own is withdrawn and adds no evidence; the sustained sum
// takes the point (sustained.ts) and may flag it; the alert onset rule
// takes the flag (onset.ts), silent during the warm-up. At the defaults it
// gives the engine's own flags (replay.test.ts feeds a stream to check).
import {
  BANDS_HISTORY,
  calibratedSeverity,
  defaultVersions,
  dropEcho,
  type LikelihoodParams,
  learningAt,
  MIN_POINTS,
  newOnsetState,
  newSeverityHistory,
  type SustainedParams,
  scoresWindows,
  takeEvidence,
  takePoint,
  takeSeverities,
  WITHDRAWN_GAP,
  warmingUp,
} from "../../anomaly";
import type { Series } from "./corpus";

/** Every setting the replay varies. */
export interface Decision {
  /** Severity at or above which a check flags (0–100; 46 at the default false-alarm rate). */
  threshold: number;
  /** Minutes of the series' clock without a flag before a flag opens a new alert. */
  quietMin: number;
  /** The sustained-departure rule's slack and limit (severity points). */
  sustained: SustainedParams;
  /** The stream's own calibration of its checks' severities (likelihood.ts), or null for none. */
  likelihood: LikelihoodParams | null;
}

/** Per check: its severity per row (`band:<column>` for a numeric column's band, else a version's name). */
/** Points per window of each default version that scores windows (the benches feed fresh models). */
const WINDOW_VERSIONS = new Map(
  defaultVersions().flatMap((v): [string, number][] => (scoresWindows(v) ? [[v.vname, v.window_size]] : [])),
);

export type Parts = Record<string, ArrayLike<number>>;

export interface Replayed {
  anomaly: boolean[];
  alert: boolean[];
}

/**
 * The verdicts the engine would give `series` with these settings, from
 * the severities its checks gave. Rows before the model scored (the first
 * MIN_POINTS − 1) are neither flagged nor alerted; the warm-up is
 * `warmupMin` of the series' clock from its first row (the benches' NAB
 * probation, bench/nab/feed.ts).
 */
export function replay(series: Series, parts: Parts, d: Decision, warmupMin: number): Replayed {
  const n = series.values.length;
  const anomaly = new Array<boolean>(n).fill(false);
  const alert = new Array<boolean>(n).fill(false);
  const checks = Object.entries(parts).map(([name, severity]) => ({
    severity,
    window: WINDOW_VERSIONS.get(name) ?? 1,
    history: name.startsWith("band:") ? BANDS_HISTORY : name,
    present: false,
  }));
  const history = newSeverityHistory();
  const raw: Record<string, number> = {};
  const flaggedBy: Record<string, boolean> = {};
  const onset = newOnsetState();
  onset.quiet_min = d.quietMin;
  onset.warmup_min = warmupMin;
  const evidence = { evidence: 0, echo: 0 };
  for (let i = MIN_POINTS - 1; i < n; i++) {
    const point = { pointwise: 0, windowed: 0, width: 1 };
    // The same point as trained, for a sustained sum that reads severities uncalibrated.
    const asTrained = { pointwise: 0, windowed: 0, width: 1 };
    for (const key of Object.keys(raw)) delete raw[key];
    for (const key of Object.keys(flaggedBy)) delete flaggedBy[key];
    for (const c of checks) {
      const read = c.severity[i];
      // A check is in the verdict where it has a severity; NaN is absent (a
      // window version before its first window is full). A severity of 0 is
      // present: a window version that joins on a perfectly ordinary window
      // already holds its echo after a point rare on its own (sustained.ts),
      // and read as absent the replay summed evidence the engine did not.
      c.present = Number.isFinite(read);
      if (c.present) raw[c.history] = Math.max(raw[c.history] ?? 0, read);
    }
    const groups = Object.keys(raw).length;
    const warm = d.likelihood === null || !warmingUp(history, d.likelihood);
    for (const c of checks) {
      if (!c.present) continue;
      let s = c.severity[i];
      if (d.likelihood !== null) {
        s = calibratedSeverity(history, c.history, s, groups, d.threshold, d.likelihood);
        // While warming up no check flags: its severity stays under the threshold, as withdraw() leaves it.
        if (!warm) s = Math.min(s, d.threshold - WITHDRAWN_GAP);
        if (s >= d.threshold) flaggedBy[c.history] = true;
      }
      if (c.window > 1) {
        point.windowed = Math.max(point.windowed, s);
        point.width = Math.max(point.width, c.window);
        asTrained.windowed = Math.max(asTrained.windowed, c.severity[i]);
        asTrained.width = point.width;
      } else {
        point.pointwise = Math.max(point.pointwise, s);
        asTrained.pointwise = Math.max(asTrained.pointwise, c.severity[i]);
      }
    }
    // dropEcho lowers the window severity it withdraws, so read the flag after it.
    const evidenceOf = d.likelihood?.evidenceAsTrained ? asTrained : point;
    if (dropEcho(evidence, point, d.threshold)) asTrained.windowed = point.windowed;
    let flagged = Math.max(point.pointwise, point.windowed) >= d.threshold;
    if (takeEvidence(evidence, evidenceOf, d.threshold, d.sustained)) flagged = true;
    const learning = learningAt(onset, series.times[i], series.times[0]);
    if (d.likelihood !== null && !(d.likelihood.afterLearning && learning)) {
      takeSeverities(history, raw, flaggedBy, d.threshold, d.likelihood);
    }
    anomaly[i] = flagged;
    alert[i] = takePoint(onset, flagged, series.times[i], i + 1, series.times[0]).alert;
  }
  return { anomaly, alert };
}
