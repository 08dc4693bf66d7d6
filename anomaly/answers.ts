/**
 * How a model's verdict becomes the body of the ingest and verdict routes.
 * The bodies' types are the wire's own (protocol/anomaly/schemas.ts).
 */
import type { CollectingBody, DetectBody, VerdictBody } from "../protocol/anomaly/schemas";
import { MIN_POINTS } from "./constants";
import type { IngestResult, Model } from "./model/model";
import type { Verdict } from "./model/verdict";
import type { VerdictRecord } from "./model/verdictRecord";
import type { RawRecord } from "./store/store";

export type { VersionVerdict } from "./model/verdict";
export type { CollectingBody, DetectBody, VerdictBody };

/** What POST /detect answers, with the HTTP status that goes with the body. */
export type DetectAnswer = { httpStatus: 202; body: CollectingBody } | { httpStatus: 200; body: VerdictBody };

/** How a damaged model appears in the model list. */
export interface DamagedEntry {
  file: string;
  error: string;
}

export function verdictBody(m: Model, verdict: Verdict, record: RawRecord, nSeen = m.meta.n_seen): VerdictBody {
  return {
    status: "success",
    model: m.name,
    anomaly: verdict.anomaly,
    score: verdict.score,
    data_points: nSeen,
    versions: verdict.versions,
    data_point: record,
    severity: verdict.severity,
    voters: verdict.voters,
    top_columns: verdict.top_columns,
    alert: verdict.alert,
    learning: verdict.learning,
    maintenance: verdict.maintenance,
    expected: verdict.expected,
  };
}

/** What one accepted record of an ingest batch answers: 202 while collecting, else its verdict. */
export function detectAnswer(m: Model, result: Exclude<IngestResult, { rejected: unknown }>): DetectAnswer {
  const n = result.nSeen;
  if (result.verdict === null) {
    return {
      httpStatus: 202,
      body: {
        status: "collecting",
        message: `Collecting data (${n}/${MIN_POINTS} points).`,
        data_points: n,
        min_data_points: MIN_POINTS,
        model_name: m.name,
      },
    };
  }
  return { httpStatus: 200, body: verdictBody(m, result.verdict, result.record, n) };
}

/**
 * The answer a stored point was given, rebuilt from the verdict record kept
 * with it (verdictRecord.ts): for a retry whose first answer was lost after
 * the point was stored. Each version's own verdict and the expected values
 * are not kept with a point, so `versions` is left out; everything an
 * operator acts on (flag, score, severity, voters, alert, warm-up) is as
 * given. A point stored without a verdict was answered "collecting".
 */
export function recordedAnswer(
  m: Model,
  record: RawRecord,
  given: VerdictRecord | null,
  nSeen: number,
  maintenance: boolean,
): DetectAnswer {
  if (given === null) return detectAnswer(m, { record, verdict: null, nSeen });
  const body = {
    status: "success",
    model: m.name,
    anomaly: given.anomaly,
    score: given.score,
    data_points: nSeen,
    data_point: record,
    severity: given.severity,
    voters: [...given.voters],
    top_columns: given.top_columns.map((c) => ({ ...c })),
    alert: given.alert,
    learning: given.learning,
    maintenance,
  };
  // The wire's VerdictBody names per-version verdicts, which a record does not keep.
  return { httpStatus: 200, body: body as unknown as VerdictBody };
}
