/**
 * The JSON bodies of the ingest and verdict routes (WIRE.md), as types the
 * dashboards import too, and how a model's verdict becomes one.
 */
import { MIN_POINTS } from "./constants";
import type { Explanation } from "./explain/explain";
import type { ColumnExpectation } from "./model/calibrate";
import type { IngestResult, Model } from "./model/model";
import type { Verdict, VersionVerdict } from "./model/verdict";
import type { RawRecord } from "./store/store";

export type { VersionVerdict } from "./model/verdict";

/** POST /detect while the model is warming up (fewer than 50 points). */
export interface CollectingBody {
  status: "collecting";
  message: string;
  data_points: number;
  min_data_points: typeof MIN_POINTS;
  model_name: string;
}

/** A verdict: the lowest decision value over the versions, and each version's. */
export interface SuccessBody {
  status: "success";
  model: string;
  anomaly: boolean;
  score: number;
  data_points: number;
  versions: Record<string, VersionVerdict>;
  data_point: RawRecord;
  /** Only when asked for (`?explain=1`): per-column contributions; null when no forest version can explain the point. */
  explanation?: Explanation | null;
  /** 0–100 (calibration.ts); added after the reference's fields. */
  severity: number;
  /** Flagged after a quiet spell: the point to page on (onset.ts). */
  alert: boolean;
  /** Per numeric column: value, expected value and band; the routes send it only with `?expected=1`. */
  expected?: Record<string, ColumnExpectation>;
}

export type DetectBody = CollectingBody | SuccessBody;
export type DetectAnswer = { httpStatus: 200 | 202; body: DetectBody };

/** How a damaged model appears in the model list. */
export interface DamagedEntry {
  file: string;
  error: string;
}

export function verdictBody(m: Model, verdict: Verdict, record: RawRecord, nSeen = m.meta.n_seen): SuccessBody {
  return {
    status: "success",
    model: m.name,
    anomaly: verdict.anomaly,
    score: verdict.score,
    data_points: nSeen,
    versions: verdict.versions,
    data_point: record,
    severity: verdict.severity,
    alert: verdict.alert,
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
