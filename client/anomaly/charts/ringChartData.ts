// Turning rescored ring data into uPlot's aligned arrays: the x axis is the
// points' time when every point has one and they never go back, otherwise
// the point's position in the ring.
import type uPlot from "uplot";
import type { RingScores } from "../engine/ringScores";

export function ringXAxis(scores: RingScores): { xs: Float64Array; isTime: boolean } {
  const t = scores.times;
  let ordered = t.length > 0;
  for (let i = 0; i < t.length && ordered; i++) ordered = t[i] > 0 && (i === 0 || t[i] >= t[i - 1]);
  if (ordered) return { xs: t, isTime: true };
  return { xs: Float64Array.from(t, (_, i) => i), isTime: false };
}

/** NaN becomes null: uPlot draws null as a gap. */
export function withGaps(values: Float64Array): (number | null)[] {
  const out = new Array<number | null>(values.length);
  for (let i = 0; i < values.length; i++) out[i] = Number.isNaN(values[i]) ? null : values[i];
  return out;
}

/** The lowest score over versions at each flagged point, in `flagged` order (where the markers sit). */
export function markerScores(scores: RingScores): Float64Array {
  return Float64Array.from(scores.flagged, (i) => {
    let low = Number.POSITIVE_INFINITY;
    for (const v of scores.versions) if (v.scores[i] < low) low = v.scores[i];
    return low;
  });
}

/** How the metric chart puts several columns on one plot. */
export type ColumnLayout = "normalised" | "own-axes";

/** Each column's finite minimum and maximum (equal when constant; 0 and 1 when it has no value). */
export function columnRanges(scores: RingScores): { min: number; max: number }[] {
  return scores.columns.map((c) => {
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    for (const v of c.values) {
      if (Number.isNaN(v)) continue;
      if (v < min) min = v;
      if (v > max) max = v;
    }
    return min <= max ? { min, max } : { min: 0, max: 1 };
  });
}

/** Min–max scaling to [0, 1] so columns of any unit share one axis; a constant column sits at 0.5. */
export function normalise(values: Float64Array, range: { min: number; max: number }): Float64Array {
  const span = range.max - range.min;
  return Float64Array.from(values, (v) => (span > 0 ? (v - range.min) / span : 0.5));
}

export function columnsData(
  scores: RingScores,
  xs: Float64Array,
  layout: ColumnLayout = "own-axes",
): uPlot.AlignedData {
  if (layout === "own-axes") return [xs, ...scores.columns.map((c) => withGaps(c.values))];
  const ranges = columnRanges(scores);
  return [xs, ...scores.columns.map((c, i) => withGaps(normalise(c.values, ranges[i])))];
}

export function scoresData(scores: RingScores, xs: Float64Array): uPlot.AlignedData {
  return [xs, ...scores.versions.map((v) => withGaps(v.scores))];
}

/** First i in [0, count) with valueAt(i) ≥ target, for ascending valueAt. */
export function lowerBound(count: number, valueAt: (i: number) => number, target: number): number {
  let lo = 0;
  let hi = count;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (valueAt(mid) < target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
