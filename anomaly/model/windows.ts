/**
 * Which ring rows a version trains on, and the sliding-window view used by
 * the "timevector" kind.
 */
import { MIN_POINTS } from "../constants";
import type { RowMatrix } from "../forest/forest";
import type { VersionConfig } from "./versions";

/**
 * First row of the version's training range over n rows with clocks `times`:
 * the first point no older than window_min minutes, no more than window_pts
 * points back, and never fewer than the most recent 50 rows.
 */
export function windowStart(
  times: ArrayLike<number>,
  now: number,
  v: Pick<VersionConfig, "window_min" | "window_pts">,
): number {
  const n = times.length;
  let from = 0;
  if (v.window_min > 0) {
    const cutoff = now - 60 * v.window_min;
    from = n;
    for (let i = 0; i < n; i++) {
      if (times[i] >= cutoff) {
        from = i;
        break;
      }
    }
  }
  if (v.window_pts > 0) from = Math.max(from, n - v.window_pts);
  if (n - from <= MIN_POINTS) from = Math.max(0, n - MIN_POINTS);
  return from;
}

/**
 * Sliding windows over rows [from, from + count) of a row-major matrix with
 * nFeat columns: window k is W consecutive rows starting at row from + k·S,
 * flattened oldest first. Consecutive rows are contiguous, so each window is
 * a plain slice and the view needs no copy. Null when count < W.
 */
export function slidingWindows(
  scaled: Float64Array,
  nFeat: number,
  from: number,
  count: number,
  windowSize: number,
  stepSize: number,
): RowMatrix | null {
  if (count < windowSize) return null;
  const step = Math.max(stepSize, 1);
  return {
    data: scaled.subarray(from * nFeat),
    nRows: Math.floor((count - windowSize) / step) + 1,
    rowStride: step * nFeat,
  };
}
