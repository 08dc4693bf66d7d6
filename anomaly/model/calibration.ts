/**
 * Calibrated sensitivity: each trained version keeps a summary of the
 * decision values its own training rows got, and a verdict's margin and
 * severity follow from that distribution instead of a fixed number.
 *
 * The summary is the median and the 5 % and 1 % quantiles. Below the median
 * a decision value d becomes z = (median − d) / scale with scale = median −
 * q05, so z = 1 at the 5 % quantile whatever the model's units. The tail
 * probability P(z) is log-linear from 0.5 at z = 0 to 0.05 at z = 1, and
 * beyond it falls exponentially with the rate fitted through the 1 %
 * quantile (a training window of a few hundred rows has no 0.1 % quantile to
 * read; the exponential tail extrapolates to it). Points above the median
 * have P = 0.5.
 *
 * Several versions vote on each point, so a model with V calibrated versions
 * gives each the rate r / V (Bonferroni): the model flags about r of its
 * normal points, not V·r. Severity is −20·log10 of the corrected tail
 * probability min(1, V·P), clamped to 0–100: 0.01 → 40, 0.001 → 60,
 * 0.00001 → 100. It is a probability scale, so 60 means the same rarity on
 * every model; a point is an anomaly exactly when its severity reaches
 * −20·log10(r) (46 at the default r = 0.5 %).
 */

/** The default target: 0.5 % of normal points flagged. */
export const DEFAULT_FALSE_ALARM_RATE = 0.005;
/** Accepted targets (exclusive of 0: a rate of 0 would never flag). */
export const MIN_FALSE_ALARM_RATE = 1e-6;
export const MAX_FALSE_ALARM_RATE = 0.5;

/** Rows of a training window read for the summary (evenly strided): enough for a 1 % quantile. */
export const CALIBRATION_ROWS = 4096;

export interface Calibration {
  median: number;
  /** median − q05, floored so a constant window still has a finite scale. */
  scale: number;
  /** z of the 1 % quantile, at least 1.25. */
  z01: number;
}

// Decision values lie in [−0.5, 0.5]; a window where every row scores the
// same (a flat line) still needs a scale, and any real departure from it is
// then far out in the tail.
const MIN_SCALE = 1e-3;
const MIN_TAIL_SPAN = 0.25;
const LN_HALF = Math.log(0.5);
const LN_05 = Math.log(0.05);

function quantileSorted(sorted: Float64Array, q: number): number {
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.min(sorted.length - 1, lo + 1);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

/** The summary of a version's training decision values (null: none). */
export function fitCalibration(decisions: Float64Array): Calibration | null {
  if (decisions.length === 0) return null;
  const sorted = Float64Array.from(decisions).sort();
  const median = quantileSorted(sorted, 0.5);
  const scale = Math.max(MIN_SCALE, median - quantileSorted(sorted, 0.05));
  const z01 = Math.max(1 + MIN_TAIL_SPAN, (median - quantileSorted(sorted, 0.01)) / scale);
  return { median, scale, z01 };
}

/** ln P(z): the estimated share of normal points at least this far below the median. */
function logTail(c: Calibration, decision: number): number {
  const z = (c.median - decision) / c.scale;
  if (!(z > 0)) return LN_HALF;
  if (z <= 1) return LN_HALF + z * (LN_05 - LN_HALF);
  const lambda = Math.log(5) / (c.z01 - 1);
  return LN_05 - lambda * (z - 1);
}

/** The z at which ln P reaches ln p. */
function zFor(c: Calibration, p: number): number {
  const lp = Math.log(p);
  if (lp >= LN_HALF) return 0;
  if (lp >= LN_05) return (lp - LN_HALF) / (LN_05 - LN_HALF);
  const lambda = Math.log(5) / (c.z01 - 1);
  return 1 + (LN_05 - lp) / lambda;
}

/** The margin (flag when decision ≤ −margin) that flags `rate` / `voters` of normal points. */
export function calibratedMargin(c: Calibration, rate: number, voters: number): number {
  const threshold = c.median - c.scale * zFor(c, rate / Math.max(1, voters));
  return -threshold;
}

/** Severity 0–100 of one version's decision value. */
export function calibratedSeverity(c: Calibration, decision: number, voters: number): number {
  const log10p = (logTail(c, decision) + Math.log(Math.max(1, voters))) / Math.LN10;
  return severityFromLog10(Math.min(0, log10p));
}

/** The severity at which a point counts as an anomaly for target rate r. */
export function severityThreshold(rate: number): number {
  return severityFromLog10(Math.log10(rate));
}

function severityFromLog10(log10p: number): number {
  return Math.min(100, Math.max(0, -20 * log10p));
}

export function isFalseAlarmRate(value: unknown): value is number {
  return (
    typeof value === "number" &&
    Number.isFinite(value) &&
    value >= MIN_FALSE_ALARM_RATE &&
    value <= MAX_FALSE_ALARM_RATE
  );
}

export function parseCalibration(raw: unknown): Calibration | undefined {
  if (raw === null || typeof raw !== "object") return undefined;
  const r = raw as Record<string, unknown>;
  const ok = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);
  if (!ok(r.median) || !ok(r.scale) || !ok(r.z01) || r.scale <= 0 || r.z01 <= 1) return undefined;
  return { median: r.median, scale: r.scale, z01: r.z01 };
}
