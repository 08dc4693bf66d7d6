/**
 * Daily recurrence: a flagged record is withdrawn when every one of its
 * fields is something the stream already showed at this time of day on
 * earlier days.
 *
 * The forests and the band learn from recent windows (the band from the last
 * day), so a batch job that spikes the CPU at 03:00 every night is one row
 * in 288 of the window: far out in the tail, flagged every night. An
 * operator calls that the metric's daily shape. So when a record is flagged,
 * the ring is searched for points within ±30 minutes of the same time of day
 * on each of the 7 days before; if at least 2 of those days have points,
 * every numeric field lies within their range (widened by 5 % of it) and
 * every other field takes a value they took, the flags are withdrawn. A
 * value outside what those days showed, a category they never had, or a
 * time of day without history keeps its flag.
 *
 * The search reads the ring's records at their own times, so it gives the
 * same answer live, in a replay and when a loaded model scores points again
 * (onset.ts), as long as records arrive in time order.
 */
import { KIND_NUMERIC, KIND_TIMESTAMP, type MetadataJson } from "./metadata";
import type { Ring } from "./ring";

const DAY_S = 86_400;
/** Half the width of the same-time-of-day slot searched on each earlier day. */
export const RECURRENCE_HALF_S = 1_800;
export const RECURRENCE_DAYS = 7;
/** Days (of RECURRENCE_DAYS) that must have points in the slot. */
export const RECURRENCE_MIN_DAYS = 2;
const TOLERANCE = 0.05;

/** A field the check compares: numeric fields by range, others by value. */
export interface RecurrenceField {
  name: string;
  numeric: boolean;
}

/** The fields of a model's records the check compares (every column but the timestamp). */
export function recurrenceFields(meta: Pick<MetadataJson, "cols" | "kinds">): RecurrenceField[] {
  return meta.cols.flatMap((name, c) =>
    meta.kinds[c] === KIND_TIMESTAMP ? [] : [{ name, numeric: meta.kinds[c] === KIND_NUMERIC }],
  );
}

/** A numeric field's value (numbers may arrive as numeric strings); NaN if none. */
function numberOf(v: unknown): number {
  return typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : Number.NaN;
}

/** Whether `record` at `time` is, field by field, what the same time of day showed on earlier days. */
export function recursDaily(
  ring: Ring,
  fields: readonly RecurrenceField[],
  record: Readonly<Record<string, unknown>>,
  time: number,
): boolean {
  if (!(time > 0) || !Number.isFinite(time)) return false;
  const present = fields.filter((f) => record[f.name] !== undefined && record[f.name] !== null);
  if (present.length === 0) return false;
  const lo = present.map(() => Number.POSITIVE_INFINITY);
  const hi = present.map(() => Number.NEGATIVE_INFINITY);
  const seen = present.map(() => new Set<string>());
  const oldest = time - RECURRENCE_DAYS * DAY_S - RECURRENCE_HALF_S;
  let days = 0;
  let lastDay = 0;
  // Newest first; days are met in increasing order of k as time goes back.
  for (let j = ring.length - 1; j >= 0; j--) {
    const t = ring.time(j);
    if (t < oldest) break;
    const k = Math.round((time - t) / DAY_S);
    if (k < 1 || k > RECURRENCE_DAYS || Math.abs(time - k * DAY_S - t) > RECURRENCE_HALF_S) continue;
    const earlier = ring.record(j);
    present.forEach((f, c) => {
      const v = earlier[f.name];
      if (!f.numeric) {
        if (v !== undefined && v !== null) seen[c].add(String(v));
        return;
      }
      const x = numberOf(v);
      if (!Number.isFinite(x)) return;
      lo[c] = Math.min(lo[c], x);
      hi[c] = Math.max(hi[c], x);
    });
    if (k !== lastDay) {
      days++;
      lastDay = k;
    }
  }
  if (days < RECURRENCE_MIN_DAYS) return false;
  return present.every((f, c) => {
    const v = record[f.name];
    if (!f.numeric) return seen[c].has(String(v));
    const x = numberOf(v);
    const slack = TOLERANCE * (hi[c] - lo[c]);
    return Number.isFinite(x) && x >= lo[c] - slack && x <= hi[c] + slack;
  });
}
