/**
 * The expected value and band of each numeric column, and the band check
 * that votes beside the forests.
 *
 * An isolation forest saturates: a value beyond the training range lands in
 * the same leaves as the most extreme training value, so a spike to 10× the
 * range scores like the day's highest normal point, and a calibrated margin
 * (which must let the day's extremes through) cannot flag it. The band
 * measures distance instead: per numeric column, the centre is the median of
 * the training window and the scale a robust spread, and a value's z =
 * |x − centre| / scale grows without bound. Its decision value −ln(1 + z)
 * is calibrated on the window's own rows like a forest's (calibration.ts),
 * so it flags about its share of the target rate and its severity is on the
 * same scale. The band returned with a verdict is the range of values that
 * stays under the anomaly margin.
 *
 * The window is the last day of the stream's clock (at least MIN_POINTS
 * rows): the horizon a rolling baseline of one daily cycle would use.
 */
import { MIN_POINTS } from "../constants";
import { type Calibration, fitCalibration } from "./calibration";
import { windowStart } from "./windows";

/** Minutes of history the band is fitted on. */
export const BAND_WINDOW_MIN = 1440;

export interface ColumnBand {
  feature: string;
  center: number;
  scale: number;
  calibration: Calibration;
  /**
   * Only in the copy of the metadata that scoring reads, when feedback raised
   * the band's margin past a false positive (feedback/modelFeedback.ts);
   * never stored: otherwise the margin follows the calibration and the rate.
   */
  margin?: number;
}

function quantileSorted(sorted: Float64Array, q: number): number {
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.min(sorted.length - 1, lo + 1);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

/** A value's band decision: 0 at the centre, falling as it moves away (never saturating). */
export function bandDecision(b: Pick<ColumnBand, "center" | "scale">, x: number): number {
  return -Math.log1p(Math.abs(x - b.center) / b.scale);
}

/** The values whose decision stays above −margin: [lower, upper]. */
export function bandRange(b: Pick<ColumnBand, "center" | "scale">, margin: number): [number, number] {
  const z = Math.expm1(Math.max(0, margin));
  return [b.center - z * b.scale, b.center + z * b.scale];
}

/**
 * Bands of the numeric features over the window ending at `clock`, from the
 * raw (unscaled) row-major matrix.
 */
export function fitBands(
  matrix: Float64Array,
  feats: readonly string[],
  numeric: readonly boolean[],
  times: ArrayLike<number>,
  clock: number,
): ColumnBand[] {
  const nFeat = feats.length;
  const n = times.length;
  if (nFeat === 0 || n < MIN_POINTS) return [];
  const from = windowStart(times, clock, { window_min: BAND_WINDOW_MIN, window_pts: 0 });
  const bands: ColumnBand[] = [];
  for (let c = 0; c < nFeat; c++) {
    if (!numeric[c]) continue;
    const column = new Float64Array(n - from);
    for (let i = from; i < n; i++) column[i - from] = matrix[i * nFeat + c];
    const sorted = Float64Array.from(column).sort();
    const center = quantileSorted(sorted, 0.5);
    const deviations = column.map((x) => Math.abs(x - center)).sort();
    const mad = 1.4826 * quantileSorted(deviations, 0.5);
    // A mostly constant metric has MAD 0: a tenth of its 1–99 % range, then
    // a relative floor, keep the scale from flagging every last-digit wiggle.
    const spread = (quantileSorted(sorted, 0.99) - quantileSorted(sorted, 0.01)) / 10;
    const scale = Math.max(mad, spread, 1e-9 * (1 + Math.abs(center)));
    const decisions = column.map((x) => bandDecision({ center, scale }, x));
    const calibration = fitCalibration(decisions);
    if (calibration !== null) bands.push({ feature: feats[c], center, scale, calibration });
  }
  return bands;
}

export function parseBands(raw: unknown): ColumnBand[] {
  if (!Array.isArray(raw)) return [];
  const out: ColumnBand[] = [];
  for (const b of raw) {
    if (b === null || typeof b !== "object") continue;
    const r = b as Record<string, unknown>;
    const c = r.calibration as Calibration | undefined;
    if (typeof r.feature !== "string" || typeof r.center !== "number" || typeof r.scale !== "number") continue;
    if (!(r.scale > 0) || c === undefined || typeof c !== "object") continue;
    out.push({ feature: r.feature, center: r.center, scale: r.scale, calibration: c });
  }
  return out;
}
