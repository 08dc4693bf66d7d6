/**
 * Model metadata: the encoder state, scaler, schedule, counters and versions.
 * Serialised as JSON in the documented field order; `next_train` is appended
 * after the documented fields because the old service recomputed it on every
 * open (so through HTTP the schedule never fired after the first training).
 */
import { DEFAULT_SCHED_AT_MAX, DEFAULT_SCHED_BELOW, MIN_POINTS } from "../constants";
import { type ColumnBand, parseBands } from "./band";
import { DEFAULT_FALSE_ALARM_RATE, isFalseAlarmRate } from "./calibration";
import { type ColumnNovelty, parseNovelty } from "./novelty";
import { newOnsetState, type OnsetState, parseOnsetState } from "./onset";
import { clonePending, type PendingTraining, parsePending } from "./pendingTraining";
import { defaultVersions, parseVersion, type VersionConfig } from "./versions";

/** Column kinds, fixed on first sight. */
export const KIND_NUMERIC = 0;
export const KIND_CATEGORICAL = 1;
export const KIND_TIMESTAMP = 2;
export type ColumnKind = 0 | 1 | 2;

// A type alias, not an interface, so it is assignable to the wire's loose
// `Record<string, unknown>` for metadata (protocol/anomaly/schemas.ts).
export type MetadataJson = {
  name: string;
  created: string;
  cols: string[];
  kinds: ColumnKind[];
  cats: string[][];
  feats: string[];
  sc_mean: number[];
  sc_std: number[];
  sched_below: number;
  sched_at_max: number;
  n_seen: number;
  /** Unix seconds (an integer) of the last training; 0 before the first. */
  last_trained: number;
  versions: VersionConfig[];
  next_train: number;
  /** Target share of normal points flagged; versions' margins follow it (calibration.ts). */
  false_alarm_rate: number;
  /** Expected value and band per numeric column, from the last training (band.ts). */
  bands: ColumnBand[];
  /** The values each categorical column showed in the last training (novelty.ts). */
  novelty: ColumnNovelty[];
  /** Which flagged points open an alert, and the state that decides it (onset.ts). */
  alerting: OnsetState;
  /** The scheduled training running beside ingest, not yet in force (pendingTraining.ts); null when none. */
  pending_training: PendingTraining | null;
};

export function isoFromUnix(seconds: number): string {
  return new Date(Math.round(seconds * 1000)).toISOString();
}

export function newMetadata(name: string, now: number, versions = defaultVersions()): MetadataJson {
  return {
    name,
    created: isoFromUnix(now),
    cols: [],
    kinds: [],
    cats: [],
    feats: [],
    sc_mean: [],
    sc_std: [],
    sched_below: DEFAULT_SCHED_BELOW,
    sched_at_max: DEFAULT_SCHED_AT_MAX,
    n_seen: 0,
    last_trained: 0,
    versions,
    next_train: MIN_POINTS,
    false_alarm_rate: DEFAULT_FALSE_ALARM_RATE,
    bands: [],
    novelty: [],
    alerting: newOnsetState(),
    pending_training: null,
  };
}

/** Copies in the documented field order (JSON.stringify keeps insertion order). */
export function orderedMetadata(m: MetadataJson): MetadataJson {
  return {
    name: m.name,
    created: m.created,
    cols: m.cols,
    kinds: m.kinds,
    cats: m.cats,
    feats: m.feats,
    sc_mean: m.sc_mean,
    sc_std: m.sc_std,
    sched_below: m.sched_below,
    sched_at_max: m.sched_at_max,
    n_seen: m.n_seen,
    last_trained: m.last_trained,
    versions: m.versions,
    next_train: m.next_train,
    false_alarm_rate: m.false_alarm_rate,
    bands: m.bands,
    novelty: m.novelty,
    alerting: m.alerting,
    pending_training: m.pending_training,
  };
}

export function cloneMetadata(m: MetadataJson): MetadataJson {
  return {
    ...orderedMetadata(m),
    cols: [...m.cols],
    kinds: [...m.kinds],
    cats: m.cats.map((c) => [...c]),
    feats: [...m.feats],
    sc_mean: [...m.sc_mean],
    sc_std: [...m.sc_std],
    versions: m.versions.map((v) => ({ ...v, calibration: v.calibration === null ? null : { ...v.calibration } })),
    bands: m.bands.map((b) => ({ ...b, calibration: { ...b.calibration } })),
    novelty: m.novelty.map((n) => ({ ...n, seen: [...n.seen] })),
    alerting: { ...m.alerting },
    pending_training: clonePending(m.pending_training),
  };
}

const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === "string");
const isNumberArray = (v: unknown): v is number[] =>
  Array.isArray(v) && v.every((x) => typeof x === "number" && Number.isFinite(x));
const isScalerArray = (v: unknown): v is (number | null)[] =>
  Array.isArray(v) && v.every((x) => x === null || typeof x === "number");

const positiveIntOr = (v: unknown, d: number) => (typeof v === "number" && Number.isInteger(v) && v > 0 ? v : d);

/**
 * Unix seconds, floored. Metadata written before this was an integer holds
 * an ISO string (or null before the first training).
 */
function parseLastTrained(v: unknown): number {
  if (typeof v === "number" && Number.isFinite(v) && v >= 0) return Math.floor(v);
  if (typeof v === "string") {
    const ms = Date.parse(v);
    if (Number.isFinite(ms) && ms >= 0) return Math.floor(ms / 1000);
  }
  return 0;
}

/**
 * Validates stored metadata. Missing or mistyped required fields (name, the
 * encoder arrays, versions) fail the load (null); absent or mistyped integer
 * fields take their default.
 */
export function parseMetadata(raw: unknown): MetadataJson | null {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return null;
  const r = raw as Record<string, unknown>;
  if (typeof r.name !== "string") return null;
  if (!isStringArray(r.cols) || !Array.isArray(r.kinds) || !Array.isArray(r.cats)) return null;
  if (r.kinds.length !== r.cols.length || r.cats.length !== r.cols.length) return null;
  if (!r.kinds.every((k) => k === 0 || k === 1 || k === 2)) return null;
  if (!r.cats.every(isStringArray)) return null;
  if (!isStringArray(r.feats) || !isScalerArray(r.sc_mean) || !isScalerArray(r.sc_std)) return null;
  if (r.sc_mean.length !== r.feats.length || r.sc_std.length !== r.feats.length) return null;
  // A scaler holding null (NaN or ±Infinity on write) came from a point whose
  // square overflowed, before such values were refused: the model loads
  // untrained with its settings kept, and retrains at its next point.
  const brokenScaler = !isNumberArray(r.sc_mean) || !isNumberArray(r.sc_std);
  if (!Array.isArray(r.versions)) return null;
  const versions: VersionConfig[] = [];
  for (const v of r.versions) {
    const parsed = parseVersion(v);
    if (parsed === null) return null;
    versions.push(parsed);
  }
  const nSeen = typeof r.n_seen === "number" && Number.isInteger(r.n_seen) && r.n_seen >= 0 ? r.n_seen : 0;
  const schedBelow = positiveIntOr(r.sched_below, DEFAULT_SCHED_BELOW);
  const schedAtMax = positiveIntOr(r.sched_at_max, DEFAULT_SCHED_AT_MAX);
  const lastTrained = parseLastTrained(r.last_trained);
  // Metadata from before the mark was persisted: the next mark is the first
  // one still ahead, so an old model keeps its schedule instead of stalling.
  let nextTrain = positiveIntOr(r.next_train, 0);
  if (brokenScaler) nextTrain = Math.max(MIN_POINTS, nSeen + 1);
  if (nextTrain === 0) {
    nextTrain = r.feats.length === 0 ? Math.max(MIN_POINTS, nSeen + 1) : nSeen + schedBelow;
  }
  return {
    name: r.name,
    created: typeof r.created === "string" ? r.created : "",
    cols: r.cols,
    kinds: r.kinds as ColumnKind[],
    cats: r.cats as string[][],
    feats: brokenScaler ? [] : r.feats,
    sc_mean: brokenScaler ? [] : (r.sc_mean as number[]),
    sc_std: brokenScaler ? [] : (r.sc_std as number[]),
    sched_below: schedBelow,
    sched_at_max: schedAtMax,
    n_seen: nSeen,
    last_trained: lastTrained,
    versions,
    next_train: nextTrain,
    false_alarm_rate: isFalseAlarmRate(r.false_alarm_rate) ? r.false_alarm_rate : DEFAULT_FALSE_ALARM_RATE,
    bands: parseBands(r.bands),
    novelty: parseNovelty(r.novelty),
    alerting: parseOnsetState(r.alerting, nSeen),
    // Only with the forests it was started beside: a model loading untrained trains anew.
    pending_training: brokenScaler ? null : parsePending(r.pending_training, nSeen),
  };
}
