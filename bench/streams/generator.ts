// Labelled streams for measuring the detector away from the NAB series its
// defaults were chosen on: seeded and deterministic, with the cadences and
// value shapes of real metrics (hourly and 5-minute, irregular sampling with
// gaps, jitter and bursts; Poisson and negative-binomial counts with heavy
// tails; daily and weekly seasonality with holidays; trends, slow drifts,
// busier-is-noisier variance; sensors that saturate and stick) and one kind
// of labelled anomaly per stream, windowed as NAB windows its labels.
import type { Series } from "../nab/corpus";
import { Random } from "./random";

export const CADENCES = ["5min", "hourly", "irregular"] as const;
export type Cadence = (typeof CADENCES)[number];

export const ANOMALY_KINDS = [
  "spike",
  "dip",
  "level_shift",
  "variance_change",
  "trend_break",
  "missing_data",
  "gradual_failure",
] as const;
export type AnomalyKind = (typeof ANOMALY_KINDS)[number];
/** A stream's kind: the one kind of anomaly it carries, or none. */
export type StreamKind = AnomalyKind | "none";
export const STREAM_KINDS: readonly StreamKind[] = [...ANOMALY_KINDS, "none"];

export const FAMILIES = ["gauge", "counts", "sensor"] as const;
export type Family = (typeof FAMILIES)[number];

export interface GeneratedSeries extends Series {
  seed: number;
  cadence: Cadence;
  kind: StreamKind;
  family: Family;
  /** Rows (of `values`) where each labelled anomaly begins; each window is centred on one. */
  onsets: number[];
}

/** Nominal seconds between points per cadence, and points per stream (a week at 5 min, 60 days hourly). */
export const CADENCE_STEP: Record<Cadence, number> = { "5min": 300, hourly: 3600, irregular: 300 };
const CADENCE_ROWS: Record<Cadence, number> = { "5min": 2016, hourly: 1440, irregular: 2000 };
/** NAB's window budget: 10 % of the series, shared out among its anomalies. */
export const WINDOW_SHARE = 0.1;
/** Anomalies begin after NAB's 15 % probation plus room for half a window. */
const FIRST_ONSET = 0.22;

const DAY = 86_400;
// A Monday, so the weekly cycle starts in a known place.
const EPOCH = Date.parse("2026-01-05T00:00:00Z") / 1000;

export interface StreamOptions {
  cadence?: Cadence;
  kind?: StreamKind;
  family?: Family;
  /** Points before any outage is cut out (default: the cadence's, a week at 5 min, 60 days hourly). */
  rows?: number;
}

/** One stream; the same seed and options always give the same stream. */
export function generateStream(seed: number, options: StreamOptions = {}): GeneratedSeries {
  const rng = new Random(seed);
  const cadence = options.cadence ?? rng.pick(CADENCES);
  const kind = options.kind ?? rng.pick(STREAM_KINDS);
  const family = options.family ?? rng.pick(FAMILIES);
  const rows = options.rows ?? CADENCE_ROWS[cadence];
  if (!Number.isInteger(rows) || rows < 200) throw new Error(`rows must be a whole number ≥ 200, got ${rows}`);
  const times = sampleTimes(rng, cadence, rows);
  const n = times.length;
  const shape = baseline(rng, family, times);
  const shift = new Float64Array(n);
  const scale = new Float64Array(n).fill(1);
  const override = new Float64Array(n).fill(Number.NaN);
  const dropped = new Uint8Array(n);

  const count = kind === "none" ? 0 : kind === "trend_break" || kind === "gradual_failure" ? 1 : rng.int(1, 3);
  // An outage removes rows before its onset: space those onsets by its longest length more.
  const starts = spacedOnsets(rng, n, count, kind === "missing_data" ? Math.floor(0.04 * n) : 0);
  for (const s of starts) {
    inject(rng, kind as AnomalyKind, s, n, shape, { shift, scale, override, dropped });
  }

  const values: number[] = [];
  const kept: number[] = [];
  for (let i = 0; i < n; i++) {
    if (dropped[i]) continue;
    kept.push(i);
    values.push(Number.isNaN(override[i]) ? shape.draw(i, shift[i], scale[i]) : shape.finish(override[i]));
  }
  if (family === "sensor") stick(rng, values);
  // Onsets in kept rows: a gap's onset is the first point after it.
  const rowOf = (i: number) => {
    const r = kept.findIndex((k) => k >= i);
    return r < 0 ? kept.length - 1 : r;
  };
  const onsets = starts.map(rowOf);
  const keptTimes = kept.map((i) => times[i]);
  const isoTimes = keptTimes.map((t) => `${new Date(t * 1000).toISOString().slice(0, 19)}Z`);
  return {
    key: `generated/${cadence}/${kind}/${family}-${seed}.csv`,
    category: `generated-${cadence}`,
    times: keptTimes,
    isoTimes,
    values,
    windows: nabWindows(values.length, onsets),
    seed,
    cadence,
    kind,
    family,
    onsets,
  };
}

/**
 * `count` streams, seeds first..first+count−1, cycling every cadence × kind
 * combination in turn so a few hundred streams cover each evenly.
 */
export function generateCorpus(count: number, firstSeed = 1, rows?: number): GeneratedSeries[] {
  const out: GeneratedSeries[] = [];
  for (let k = 0; k < count; k++) {
    const cadence = CADENCES[k % CADENCES.length];
    const kind = STREAM_KINDS[Math.floor(k / CADENCES.length) % STREAM_KINDS.length];
    out.push(generateStream(firstSeed + k, { cadence, kind, rows }));
  }
  return out;
}

/**
 * NAB's windows: each 10 % of the length divided by the number of anomalies,
 * centred on its onset, clipped to the series; overlapping windows merge.
 */
export function nabWindows(n: number, onsets: readonly number[]): [number, number][] {
  if (onsets.length === 0) return [];
  const length = Math.max(1, Math.floor((WINDOW_SHARE * n) / onsets.length));
  const windows: [number, number][] = [];
  for (const o of [...onsets].sort((a, b) => a - b)) {
    const a = Math.max(0, o - Math.floor(length / 2));
    const b = Math.min(n - 1, a + length - 1);
    const last = windows[windows.length - 1];
    if (last !== undefined && a <= last[1] + 1) last[1] = Math.max(last[1], b);
    else windows.push([a, b]);
  }
  return windows;
}

function sampleTimes(rng: Random, cadence: Cadence, rows: number): number[] {
  const step = CADENCE_STEP[cadence];
  let t = EPOCH + rng.int(0, 6) * DAY;
  const times: number[] = [];
  while (times.length < rows) {
    if (cadence !== "irregular") {
      times.push(t);
      t += step;
      continue;
    }
    // A collector that reports late or early, now and then skips a few
    // reports (a restart), and now and then flushes a burst a second apart.
    times.push(Math.round(t + rng.uniform(-0.4, 0.4) * step));
    if (rng.chance(0.01)) {
      const burst = rng.int(2, 6);
      const at = times[times.length - 1];
      for (let b = 1; b <= burst && times.length < rows; b++) times.push(at + b);
    }
    t += rng.chance(0.005) ? step * rng.int(2, 6) : step;
  }
  return times;
}

export interface Shape {
  /** The expected value and its noise scale per row (the unit anomalies are sized in). */
  mean: Float64Array;
  sd: Float64Array;
  /** A value for row i, its mean moved by `shift` sds and its noise scaled by `scale`. */
  draw(i: number, shift: number, scale: number): number;
  /** A value as the family writes it (counts whole and ≥ 0, sensors clipped and rounded). */
  finish(value: number): number;
  /** The value a dead source reports. */
  floor: number;
}

function baseline(rng: Random, family: Family, times: number[]): Shape {
  const n = times.length;
  const mean = new Float64Array(n);
  const sd = new Float64Array(n);
  const days = (times[n - 1] - times[0]) / DAY;
  const holidays = new Set<number>();
  for (let h = rng.int(0, 2); h > 0; h--) holidays.add(Math.floor(times[0] / DAY) + rng.int(1, Math.max(1, days - 1)));
  const peakHour = rng.uniform(9, 20);
  const dailyAmp = rng.uniform(0, 1);
  const weekendDrop = rng.chance(0.7) ? rng.uniform(0.1, 0.5) : 0;
  const trendPerDay = rng.chance(0.5) ? rng.uniform(-0.01, 0.02) : 0;
  const busyNoise = rng.uniform(0, 0.6);
  const dof = rng.uniform(3.5, 12);
  const dispersion = rng.uniform(3, 60);
  const base = family === "counts" ? Math.exp(rng.uniform(Math.log(3), Math.log(800))) : 0;
  const level = family === "sensor" ? rng.uniform(25, 70) : rng.uniform(50, 5000);
  const noise = family === "sensor" ? rng.uniform(1, 4) : level * rng.uniform(0.01, 0.05);
  let drift = 0;
  for (let i = 0; i < n; i++) {
    const t = times[i];
    const day = Math.floor(t / DAY);
    const weekday = (day + 3) % 7; // 1970-01-01 was a Thursday; 0 = Monday
    const quiet = weekday >= 5 || holidays.has(day);
    const hour = (t % DAY) / 3600;
    const daily = Math.cos((2 * Math.PI * (hour - peakHour)) / 24) * (quiet ? 0.5 : 1);
    const season = (1 + dailyAmp * 0.6 * daily) * (quiet ? 1 - weekendDrop : 1);
    const trend = 1 + trendPerDay * ((t - times[0]) / DAY);
    if (family === "counts") {
      const lambda = Math.max(0.05, base * season * trend);
      mean[i] = lambda;
      sd[i] = Math.sqrt(lambda + (lambda * lambda) / dispersion);
    } else {
      // A slow mean-reverting wander: the drift real gauges show over days.
      drift = 0.995 * drift + 0.08 * noise * rng.normal();
      mean[i] = level * season * trend + drift;
      sd[i] = noise * (1 + busyNoise * Math.max(0, daily));
    }
  }
  const finish = (v: number) =>
    family === "counts"
      ? Math.max(0, Math.round(v))
      : family === "sensor"
        ? Math.round(10 * Math.min(100, Math.max(0, v))) / 10
        : v;
  return {
    mean,
    sd,
    floor: 0,
    finish,
    draw(i, shift, scale) {
      const mu = mean[i] + shift * sd[i];
      const residual =
        family === "counts"
          ? rng.negBinomial(Math.max(0.05, mu), dispersion) - Math.max(0.05, mu)
          : sd[i] * rng.studentT(dof) * Math.sqrt((dof - 2) / dof);
      return finish(mu + scale * residual);
    },
  };
}

/** `count` onsets after probation, at least a window apart, in order. */
function spacedOnsets(rng: Random, n: number, count: number, extra: number): number[] {
  if (count === 0) return [];
  const gap = Math.ceil((WINDOW_SHARE * n) / count) + 2 + extra;
  const lo = Math.floor(FIRST_ONSET * n);
  const hi = Math.floor(0.92 * n) - gap * (count - 1);
  const out: number[] = [];
  let at = lo;
  for (let k = 0; k < count; k++) {
    const room = hi + gap * k - at;
    at += rng.int(0, Math.max(0, Math.floor(room / (count - k))));
    out.push(at);
    at += gap;
  }
  return out;
}

interface Edits {
  shift: Float64Array;
  scale: Float64Array;
  override: Float64Array;
  dropped: Uint8Array;
}

function inject(rng: Random, kind: AnomalyKind, s: number, n: number, shape: Shape, e: Edits) {
  const sign = rng.chance(0.5) ? 1 : -1;
  const sdAt = shape.sd[s];
  switch (kind) {
    case "spike":
    case "dip": {
      const size = rng.uniform(6, 12) * (kind === "spike" ? 1 : -1);
      const width = rng.int(1, 3);
      for (let i = s; i < Math.min(n, s + width); i++) e.override[i] = shape.mean[i] + size * sdAt;
      break;
    }
    case "level_shift": {
      const size = sign * rng.uniform(4, 8);
      for (let i = s; i < n; i++) e.shift[i] += (size * sdAt) / shape.sd[i];
      break;
    }
    case "variance_change": {
      const factor = rng.uniform(3, 6);
      const end = Math.min(n, s + rng.int(Math.floor(0.05 * n), Math.floor(0.15 * n)));
      for (let i = s; i < end; i++) e.scale[i] *= factor;
      break;
    }
    case "trend_break": {
      // Reaches 8 sds of departure in 4 % of the series: inside the window's second half.
      const perRow = (sign * 8 * sdAt) / (0.04 * n);
      for (let i = s; i < n; i++) e.shift[i] += (perRow * (i - s)) / shape.sd[i];
      break;
    }
    case "missing_data": {
      // An outage many reports long; the labelled point is the first after it.
      const length = rng.int(Math.floor(0.02 * n), Math.floor(0.04 * n));
      for (let i = Math.max(0, s - length); i < s; i++) e.dropped[i] = 1;
      break;
    }
    case "gradual_failure": {
      // Degrades (drifting, noisier) over a ramp, then dies and reports its floor.
      const ramp = rng.int(Math.floor(0.015 * n), Math.floor(0.035 * n));
      const dead = rng.int(Math.floor(0.01 * n), Math.floor(0.02 * n));
      for (let k = 0; k < ramp && s + k < n; k++) {
        const f = k / ramp;
        e.shift[s + k] += (sign * 5 * f * f * sdAt) / shape.sd[s + k];
        e.scale[s + k] *= 1 + 2 * f;
      }
      for (let i = s + ramp; i < Math.min(n, s + ramp + dead); i++) e.override[i] = shape.floor;
      break;
    }
  }
}

/** A few short stretches where a sensor repeats its last reading (a normal quirk, not labelled). */
function stick(rng: Random, values: number[]) {
  for (let k = rng.int(1, 3); k > 0; k--) {
    const at = rng.int(1, values.length - 10);
    const length = rng.int(3, 8);
    for (let i = at; i < at + length; i++) values[i] = values[at - 1];
  }
}
