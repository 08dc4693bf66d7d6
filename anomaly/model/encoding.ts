/**
 * Turns flat JSON records into feature vectors.
 *
 * A column's kind is frozen the first time it is seen: a number (or a string
 * that parses as one) is numeric, else an ISO-8601 string is a timestamp,
 * else categorical. The key `timestamp` is the point's own clock, never a
 * feature. Learning is two-phase (plan, then apply) so a record with a bad
 * value changes nothing.
 */

import { cyclicFeatures, cyclicNames } from "./cyclic";
import { type ColumnKind, KIND_CATEGORICAL, KIND_NUMERIC, KIND_TIMESTAMP } from "./metadata";
import { parseIsoTimestamp } from "./timestamp";

export const TIMESTAMP_KEY = "timestamp";
/** Where a stored line keeps its point's verdict (verdictRecord.ts). */
export const VERDICT_KEY = "@verdict";
const MAX_FIELDS = 1000;
const MAX_KEY_LENGTH = 256;
const MAX_STRING_LENGTH = 4096;

/** A record that cannot be used; the message is meant for the user. */
export class EncodingError extends Error {}

/** The encoder state persisted in metadata. */
export interface EncoderState {
  cols: string[];
  kinds: ColumnKind[];
  cats: string[][];
}

const NON_FINITE_TEXT = /^\s*[+-]?(nan|inf|infinity)\s*$/i;
const NUMERIC_TEXT = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/;

/** A finite number from a number or numeric text; null otherwise ("NaN", "1e999", "0x10" are not numbers). */
export function parseNumber(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "string" && NUMERIC_TEXT.test(value)) {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/** Orders strings by their UTF-8 bytes (code point order), unlike JS's UTF-16 `<`. */
export function compareBytewise(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.codePointAt(i) as number;
    const y = b.codePointAt(i) as number;
    if (x !== y) return x < y ? -1 : 1;
    if (x > 0xffff) i++;
  }
  return a.length - b.length;
}

/**
 * The largest magnitude a stored number may have. Training sums the squares
 * of up to 150,000 deviations per column (the scaler), and a value of 1e155
 * already squares to infinity, which turned the scaler's std into NaN (null
 * on disk) and broke the model. |x| <= 1e150 keeps 150,000 squared
 * deviations (each at most 4e300) far below Number.MAX_VALUE (1.8e308).
 * Subnormals and zero are fine.
 */
export const MAX_ABS_VALUE = 1e150;

function checkMagnitude(key: string, n: number): void {
  if (Math.abs(n) > MAX_ABS_VALUE) {
    throw new EncodingError(
      `Field '${key}' is ${n}: numbers must lie within -1e150..1e150 (larger ones overflow the scaler's sum of squares).`,
    );
  }
}

/** A validated record: its fields (without `timestamp`) and its clock. */
export interface CheckedRecord {
  fields: [string, number | string | boolean][];
  /** Unix seconds, or null when the record carries none. */
  timestamp: number | null;
}

/**
 * Checks the shape of an incoming record: a flat JSON object of scalars.
 * `@verdict` is never a field: a stored line keeps the point's verdict under
 * it (verdictRecord.ts), so `stored` lines skip it and an ingested record
 * that carries it is refused.
 */
export function checkRecord(record: unknown, stored = false): CheckedRecord {
  if (record === null || typeof record !== "object" || Array.isArray(record)) {
    throw new EncodingError("The record must be a flat JSON object.");
  }
  const fields: [string, number | string | boolean][] = [];
  let timestamp: number | null = null;
  const entries = Object.entries(record as Record<string, unknown>);
  if (entries.length > MAX_FIELDS) {
    throw new EncodingError(`The record has more than ${MAX_FIELDS} fields.`);
  }
  for (const [key, value] of entries) {
    if (key.length === 0 || key.length > MAX_KEY_LENGTH) {
      throw new EncodingError(`Field names must be 1 to ${MAX_KEY_LENGTH} characters long.`);
    }
    if (key === TIMESTAMP_KEY) {
      if (value === null || value === undefined) continue;
      timestamp = parseTimestampValue(value);
      continue;
    }
    if (key === VERDICT_KEY) {
      if (stored) continue;
      throw new EncodingError(`Field '${VERDICT_KEY}' is reserved: stored points keep their verdict under it.`);
    }
    if (value === null || value === undefined) continue;
    if (typeof value === "number") {
      if (!Number.isFinite(value)) {
        throw new EncodingError(`Field '${key}' is not a finite number.`);
      }
      checkMagnitude(key, value);
      fields.push([key, value]);
    } else if (typeof value === "string") {
      if (value.length > MAX_STRING_LENGTH) {
        throw new EncodingError(`Field '${key}' is longer than ${MAX_STRING_LENGTH} characters.`);
      }
      // Text that names a non-finite number ("NaN", "inf", "1e999") is a bad
      // number, not a category: accepting it would freeze the column's kind wrongly.
      if (NON_FINITE_TEXT.test(value) || (NUMERIC_TEXT.test(value) && parseNumber(value) === null)) {
        throw new EncodingError(`Field '${key}' is not a finite number (${JSON.stringify(value)}).`);
      }
      const n = parseNumber(value);
      if (n !== null) checkMagnitude(key, n);
      fields.push([key, value]);
    } else if (typeof value === "boolean") {
      fields.push([key, value]);
    } else {
      throw new EncodingError(
        `Field '${key}' must be a number, string, boolean or null, not ${Array.isArray(value) ? "an array" : typeof value}.`,
      );
    }
  }
  return { fields, timestamp };
}

/** The `timestamp` key: unix seconds as a number or numeric text, or an ISO-8601 string. */
export function parseTimestampValue(value: unknown): number {
  const n = parseNumber(value);
  if (n !== null) return n;
  if (typeof value === "string") {
    const t = parseIsoTimestamp(value);
    if (t !== null) return t;
  }
  throw new EncodingError("Field 'timestamp' must be unix seconds or an ISO-8601 time like 2024-01-31T12:00:00Z.");
}

function kindOf(value: number | string | boolean): ColumnKind {
  if (parseNumber(value) !== null) return KIND_NUMERIC;
  if (typeof value === "string" && parseIsoTimestamp(value) !== null) return KIND_TIMESTAMP;
  return KIND_CATEGORICAL;
}

function categoryOf(value: number | string | boolean): string {
  return typeof value === "string" ? value : String(value);
}

/** Validates `value` against a column kind; throws with a message naming the field. */
function checkValue(key: string, kind: ColumnKind, value: number | string | boolean): void {
  if (kind === KIND_NUMERIC && parseNumber(value) === null) {
    throw new EncodingError(`Field '${key}' must be a number (it was numeric before).`);
  }
  if (kind === KIND_TIMESTAMP && (typeof value !== "string" || parseIsoTimestamp(value) === null)) {
    throw new EncodingError(`Field '${key}' must be an ISO-8601 time (it was one before).`);
  }
}

function insertSorted(list: string[], item: string): void {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const c = compareBytewise(list[mid], item);
    if (c === 0) return;
    if (c < 0) lo = mid + 1;
    else hi = mid;
  }
  list.splice(lo, 0, item);
}

/**
 * At most this many features are learned. The ring is re-encoded as a dense
 * 150,000 × features matrix on every training, so an unbounded one-hot (say
 * a unique id per record) would exhaust memory; past the budget, new columns
 * and categories are kept in the raw records but not learned.
 */
export const MAX_FEATURES = 256;

function featureCount(state: EncoderState): number {
  let n = 0;
  state.kinds.forEach((kind, i) => {
    n += kind === KIND_NUMERIC ? 1 : kind === KIND_TIMESTAMP ? 4 : state.cats[i].length;
  });
  return n;
}

/**
 * Throws (naming the field) when a value does not fit its column's kind;
 * changes nothing. Loading uses it to set aside stored lines that would
 * break training.
 */
export function checkFits(state: EncoderState, rec: CheckedRecord): void {
  for (const [key, value] of rec.fields) {
    const i = state.cols.indexOf(key);
    if (i >= 0) checkValue(key, state.kinds[i], value);
  }
}

/**
 * Learns the record's columns and categories into `state`, or throws without
 * touching `state` when any value is bad. Returns whether `state` changed.
 */
export function learnRecord(state: EncoderState, rec: CheckedRecord): boolean {
  const index = new Map(state.cols.map((c, i) => [c, i]));
  const added: { key: string; kind: ColumnKind }[] = [];
  for (const [key, value] of rec.fields) {
    const i = index.get(key);
    if (i !== undefined) checkValue(key, state.kinds[i], value);
    else added.push({ key, kind: kindOf(value) });
  }
  let changed = false;
  let budget = MAX_FEATURES - featureCount(state);
  for (const { key, kind } of added) {
    const cost = kind === KIND_TIMESTAMP ? 4 : 1;
    if (cost > budget) continue;
    budget -= kind === KIND_CATEGORICAL ? 0 : cost;
    index.set(key, state.cols.length);
    state.cols.push(key);
    state.kinds.push(kind);
    state.cats.push([]);
    changed = true;
  }
  for (const [key, value] of rec.fields) {
    const i = index.get(key);
    if (i === undefined || state.kinds[i] !== KIND_CATEGORICAL) continue;
    const cat = categoryOf(value);
    const list = state.cats[i];
    if (budget > 0 && !list.includes(cat)) {
      insertSorted(list, cat);
      budget--;
      changed = true;
    }
  }
  return changed;
}

/** The authoritative feature order: columns in order of first sight, each expanded. */
export function featureNames(state: EncoderState): string[] {
  const out: string[] = [];
  state.cols.forEach((col, i) => {
    const kind = state.kinds[i];
    if (kind === KIND_NUMERIC) out.push(col);
    else if (kind === KIND_CATEGORICAL) for (const c of state.cats[i]) out.push(`${col}_${c}`);
    else out.push(...cyclicNames(col));
  });
  return out;
}

type ColumnPlan =
  | { kind: typeof KIND_NUMERIC; at: number }
  | { kind: typeof KIND_CATEGORICAL; at: Map<string, number> }
  | { kind: typeof KIND_TIMESTAMP; at: [number, number, number, number] };

/**
 * Maps records onto a fixed feature list. Features outside the list are
 * dropped, missing ones are 0, unseen categories are all zeros.
 */
export class Projector {
  private readonly columns = new Map<string, ColumnPlan>();
  readonly width: number;

  constructor(state: EncoderState, feats: string[]) {
    this.width = feats.length;
    const pos = new Map(feats.map((f, i) => [f, i]));
    const at = (name: string) => pos.get(name) ?? -1;
    state.cols.forEach((col, i) => {
      const kind = state.kinds[i];
      if (kind === KIND_NUMERIC) {
        if (at(col) >= 0) this.columns.set(col, { kind, at: at(col) });
      } else if (kind === KIND_CATEGORICAL) {
        const m = new Map<string, number>();
        for (const c of state.cats[i]) if (at(`${col}_${c}`) >= 0) m.set(c, at(`${col}_${c}`));
        this.columns.set(col, { kind, at: m });
      } else {
        const idx = cyclicNames(col).map(at) as [number, number, number, number];
        this.columns.set(col, { kind, at: idx });
      }
    });
  }

  /** Writes the raw (unscaled) features of `record` into out[offset, offset + width). */
  project(record: Record<string, unknown>, out: Float64Array, offset: number): void {
    out.fill(0, offset, offset + this.width);
    for (const key in record) {
      const plan = this.columns.get(key);
      if (plan === undefined) continue;
      const value = record[key];
      if (value === null || value === undefined) continue;
      if (plan.kind === KIND_NUMERIC) {
        const n = parseNumber(value);
        if (n === null) throw new EncodingError(`Field '${key}' must be a number.`);
        out[offset + plan.at] = n;
      } else if (plan.kind === KIND_CATEGORICAL) {
        const i = plan.at.get(categoryOf(value as string));
        if (i !== undefined) out[offset + i] = 1;
      } else {
        const t = typeof value === "string" ? parseIsoTimestamp(value) : null;
        if (t === null) throw new EncodingError(`Field '${key}' must be an ISO-8601 time.`);
        const c = cyclicFeatures(t);
        const [hs, hc, ws, wc] = plan.at;
        if (hs >= 0) out[offset + hs] = c.hourSin;
        if (hc >= 0) out[offset + hc] = c.hourCos;
        if (ws >= 0) out[offset + ws] = c.weekSin;
        if (wc >= 0) out[offset + wc] = c.weekCos;
      }
    }
  }

  /** Row-major raw matrix of many records. */
  projectAll(records: readonly Record<string, unknown>[]): Float64Array {
    const out = new Float64Array(records.length * this.width);
    for (let r = 0; r < records.length; r++) this.project(records[r], out, r * this.width);
    return out;
  }
}

/** A stored record's clock; records without a readable one count as time 0. */
export function recordTime(record: Readonly<Record<string, unknown>>): number {
  try {
    return parseTimestampValue(record[TIMESTAMP_KEY]);
  } catch {
    return 0;
  }
}
