/**
 * The verdict record (protocol/anomaly/verdictRecord.ts) as the engine keeps
 * it: in memory beside each ring point, and on disk inside the point's own
 * line of the data log under the key `@verdict`, so it survives restarts,
 * compaction and export/import with the point and never drifts from it.
 *
 * `@verdict` is refused as a field name on ingest (encoding.ts), so the key
 * can never be a column. Lines written before verdicts were recorded have
 * no key: their points show as "not recorded". The stored value is checked
 * here against the wire type (zod stays out of the browser's bundle, which
 * runs this engine too); a stored value that does not fit is dropped on load
 * (the point still loads) and refused on import with where and why.
 */
import type { TopColumn, VerdictRecord } from "../../protocol/anomaly/verdictRecord";
import { TOP_COLUMNS, VOTER_PATTERN } from "../../protocol/anomaly/verdictVoters";
import type { RawRecord } from "../store/store";
import { VERDICT_KEY } from "./encoding";

export type { TopColumn, VerdictRecord };
export { VERDICT_KEY };

function isSeverity(x: unknown): x is number {
  return typeof x === "number" && x >= 0 && x <= 100;
}

/** The stored value as a verdict record, or what is wrong with it. */
export function parseVerdictRecord(raw: unknown): VerdictRecord | string {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return "must be an object";
  const r = raw as Record<string, unknown>;
  if (typeof r.anomaly !== "boolean") return "anomaly must be true or false";
  if (typeof r.alert !== "boolean") return "alert must be true or false";
  // Records from before warm-ups were recorded lack it: those models counted as warm.
  if (r.learning !== undefined && typeof r.learning !== "boolean") return "learning must be true or false";
  if (!isSeverity(r.severity)) return "severity must be a number from 0 to 100";
  if (typeof r.score !== "number" || !Number.isFinite(r.score)) return "score must be a finite number";
  if (!Array.isArray(r.voters) || !r.voters.every((v) => typeof v === "string" && VOTER_PATTERN.test(v))) {
    return 'voters must be a list of "band:<column>", "version:<name>", "sustained" or "sustained:<column>"';
  }
  if (!Array.isArray(r.top_columns) || r.top_columns.length > TOP_COLUMNS) {
    return `top_columns must be a list of at most ${TOP_COLUMNS} columns`;
  }
  const top: TopColumn[] = [];
  for (const c of r.top_columns as unknown[]) {
    const t = c as Record<string, unknown> | null;
    if (t === null || typeof t !== "object" || typeof t.column !== "string") {
      return "top_columns entries must be {column, share}";
    }
    if (typeof t.share !== "number" || !(t.share >= 0 && t.share <= 1)) return "top_columns shares must be 0 to 1";
    top.push({ column: t.column, share: t.share });
  }
  if (typeof r.trained_at !== "number" || !Number.isInteger(r.trained_at)) return "trained_at must be an integer";
  return {
    anomaly: r.anomaly,
    alert: r.alert,
    learning: r.learning === true,
    severity: r.severity,
    score: r.score,
    voters: [...(r.voters as string[])],
    top_columns: top,
    trained_at: r.trained_at,
  };
}

/** A stored line split into the point's record and its verdict (null: not recorded, or unreadable). */
export function splitStored(line: RawRecord): { record: RawRecord; verdict: VerdictRecord | null } {
  if (!(VERDICT_KEY in line)) return { record: line, verdict: null };
  const { [VERDICT_KEY]: raw, ...record } = line;
  const parsed = parseVerdictRecord(raw);
  return { record, verdict: typeof parsed === "string" ? null : parsed };
}

/** The line stored for a point: its record, with its verdict when one was given. */
export function storedLine(record: RawRecord, verdict: VerdictRecord | undefined | null): RawRecord {
  return verdict === undefined || verdict === null ? record : { ...record, [VERDICT_KEY]: verdict };
}
