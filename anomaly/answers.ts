/**
 * How a model's verdict becomes the body of the ingest and verdict routes.
 * The bodies' types are the wire's own (protocol/anomaly/schemas.ts).
 */
import type { CollectingBody, DetectBody, VerdictBody } from "../protocol/anomaly/schemas";
import { MIN_POINTS } from "./constants";
import type { IngestResult, Model } from "./model/model";
import type { Verdict } from "./model/verdict";
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
