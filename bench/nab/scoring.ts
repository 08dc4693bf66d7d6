// NAB's scoring, written from the description in ../shared/data/nab/README.md
// (Lavin & Ahmad 2015): the first 15 % of a series is probationary and not
// scored; inside a window only the first detection counts, worth
// tp·σ(position) where position runs from −1 at the window's start to 0 at
// its end; a window without one costs fn; a detection outside every window
// costs fp·σ(distance after the preceding window in window lengths), the
// full fp when no window precedes it. σ(x) = 2/(1+e^{5x}) − 1. Corpus scores
// are normalised so the null detector gets 0 and the perfect one 100.
import { DEFAULT_ALERT_QUIET_MIN, newOnsetState, takePoint } from "../../anomaly";
import type { Series } from "./corpus";

export interface Profile {
  name: string;
  tp: number;
  fn: number;
  fp: number;
}

export const PROFILES: Profile[] = [
  { name: "standard", tp: 1, fn: 1, fp: 0.11 },
  { name: "reward_low_FP", tp: 1, fn: 1, fp: 0.22 },
  { name: "reward_low_FN", tp: 1, fn: 2, fp: 0.11 },
];

export const PROBATION = 0.15;

export const sigmoid = (x: number) => 2 / (1 + Math.exp(5 * x)) - 1;

export function probationEnd(n: number): number {
  return Math.floor(PROBATION * n);
}

/**
 * The probationary period on the series' own clock, in minutes: the
 * benches give each model this warm-up (NAB's convention: a detector learns
 * during probation, where nothing is scored), so a short series still
 * alerts after its probation whatever the service's default warm-up.
 */
export function probationMinutes(series: Series): number {
  const n = series.times.length;
  if (n === 0) return 0;
  return (series.times[Math.min(n - 1, probationEnd(n))] - series.times[0]) / 60;
}

/** Raw score of one series' detections (a boolean per row), and the null and perfect raw scores. */
export function scoreSeries(series: Series, detected: ArrayLike<boolean>, p: Profile) {
  const n = series.values.length;
  const start = probationEnd(n);
  const windowOf = new Int32Array(n).fill(-1);
  series.windows.forEach(([a, b], w) => {
    for (let i = a; i <= b; i++) windowOf[i] = w;
  });
  const hit = new Array<boolean>(series.windows.length).fill(false);
  let raw = 0;
  let lastEnd = -1;
  let lastLength = 1;
  for (let i = 0; i < n; i++) {
    const w = windowOf[i];
    if (w >= 0) {
      lastEnd = series.windows[w][1];
      lastLength = series.windows[w][1] - series.windows[w][0] + 1;
    }
    if (i < start || !detected[i]) continue;
    if (w >= 0) {
      if (hit[w]) continue;
      hit[w] = true;
      const [a, b] = series.windows[w];
      const position = -(b - i + 1) / (b - a + 1);
      raw += p.tp * sigmoid(position);
    } else if (lastEnd < 0) {
      raw -= p.fp;
    } else {
      raw += p.fp * sigmoid((i - lastEnd) / lastLength);
    }
  }
  const missed = hit.filter((h) => !h).length;
  raw -= p.fn * missed;
  const nullScore = -p.fn * series.windows.length;
  const perfect = p.tp * sigmoid(-1) * series.windows.length;
  return { raw, nullScore, perfect };
}

/** Normalised score over a set of series: 0 = null detector, 100 = perfect. */
export function corpusScore(list: { series: Series; detected: ArrayLike<boolean> }[], p: Profile): number {
  let raw = 0;
  let nul = 0;
  let perfect = 0;
  for (const { series, detected } of list) {
    const s = scoreSeries(series, detected, p);
    raw += s.raw;
    nul += s.nullScore;
    perfect += s.perfect;
  }
  return perfect === nul ? 0 : (100 * (raw - nul)) / (perfect - nul);
}

/** Share of scored (post-probation) points outside every window that were flagged. */
export function flaggedNormalShare(list: { series: Series; detected: ArrayLike<boolean> }[]) {
  let normal = 0;
  let flagged = 0;
  for (const { series, detected } of list) {
    const inWindow = new Uint8Array(series.values.length);
    for (const [a, b] of series.windows) inWindow.fill(1, a, b + 1);
    for (let i = probationEnd(series.values.length); i < series.values.length; i++) {
      if (inWindow[i]) continue;
      normal++;
      if (detected[i]) flagged++;
    }
  }
  return normal === 0 ? 0 : flagged / normal;
}

/**
 * The corpus-wide threshold on a per-point score that maximises a profile's
 * score (as NAB tunes every detector): candidates are the distinct score
 * values' quantiles, so the search is cheap and covers the range. `detect`
 * turns a series' scores and a threshold into detections (by default, the
 * points at or above it).
 */
export function tuneThreshold(
  list: { series: Series; scores: ArrayLike<number> }[],
  p: Profile,
  detect: (series: Series, scores: ArrayLike<number>, threshold: number) => ArrayLike<boolean> = (_, scores, t) =>
    Array.from(scores, (s) => s >= t),
): { threshold: number; score: number } {
  const all: number[] = [];
  for (const { scores } of list) for (let i = 0; i < scores.length; i++) all.push(scores[i]);
  const sorted = Float64Array.from(all.filter(Number.isFinite)).sort();
  const candidates = new Set<number>();
  for (let k = 0; k <= 400; k++) {
    // Denser near the top, where thresholds worth having lie.
    const q = 1 - (1 - k / 400) ** 3;
    candidates.add(sorted[Math.min(sorted.length - 1, Math.floor(q * (sorted.length - 1)))]);
  }
  // And an even grid over the range: most points share a few low values, so
  // the quantiles alone can skip the span where a calibrated scale's
  // defaults lie (severity 46 sat between candidates 40 and 50).
  const lo = sorted[0];
  const hi = sorted[sorted.length - 1];
  for (let k = 0; k <= 200; k++) candidates.add(lo + ((hi - lo) * k) / 200);
  let best = { threshold: Number.POSITIVE_INFINITY, score: 0 };
  for (const t of candidates) {
    const score = corpusScore(
      list.map(({ series, scores }) => ({ series, detected: detect(series, scores, t) })),
      p,
    );
    if (score > best.score) best = { threshold: t, score };
  }
  return best;
}

/**
 * Detections as the service's alerts make them (anomaly/model/onset.ts): a
 * flagged row opens an alert when no row was flagged in the quiet period of
 * the series' own clock before it, and none during the model's warm-up
 * (the first `warmupMin` minutes of the series' clock).
 */
export function onsets(
  series: Series,
  flagged: ArrayLike<boolean>,
  quietMin = DEFAULT_ALERT_QUIET_MIN,
  warmupMin = probationMinutes(series),
): boolean[] {
  const state = { ...newOnsetState(), quiet_min: quietMin, warmup_min: warmupMin };
  return Array.from(flagged, (f, i) => takePoint(state, f, series.times[i], i + 1, series.times[0]).alert);
}
