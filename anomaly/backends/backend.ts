/**
 * Bulk scoring backends. Every backend must be bit-identical: it only walks
 * trees and adds each tree's precomputed leaf value (depth + c(leaf size)) in
 * tree order, in f64; all non-linear maths (the 2^x, the offset) stays on the
 * host in scoring.ts. That keeps CPU, worker and a later WebGPU backend
 * interchangeable.
 */

import type { RestartJob, RestartResult } from "../autoencoder/restart";
import type { Forest, RowMatrix } from "../forest/forest";
import { compileForest, walkForest } from "../forest/walk";
import type { ColumnBand } from "../model/band";
import type { Calibration } from "../model/calibration";
import type { VersionConfig } from "../model/versions";

/** A retraining's scaler and forests as one self-contained job (training.ts's trainForests). */
export interface ForestJob {
  /** The ring projected on the new features, row-major, unscaled (it is scaled in place). */
  matrix: Float64Array;
  nFeat: number;
  /** The feature names (nFeat of them) and, per feature, whether it is a numeric column (those get a band). */
  feats: string[];
  numeric: boolean[];
  /** Each ring point's clock (windows are cut by it). */
  times: Float64Array;
  versions: VersionConfig[];
  now: number;
}

export interface TrainedForests {
  mean: number[];
  std: number[];
  /** One entry per enabled version; null when the version has no forest this round. */
  forests: Map<string, Forest | null>;
  /** Per version with a forest: the summary of its training rows' decision values. */
  calibrations: Map<string, Calibration>;
  /** Expected value and band per numeric column (band.ts), fitted on the unscaled matrix. */
  bands: ColumnBand[];
}

export interface ScoringBackend {
  readonly name: string;
  /** Sum over trees (in tree order) of each row's path length. */
  pathSums(forest: Forest, rows: RowMatrix): Promise<Float64Array>;
  /**
   * Optional: train independent autoencoder restarts, e.g. in parallel.
   * Each result must equal trainRestart(job) on the calling thread.
   */
  trainRestarts?(jobs: RestartJob[]): Promise<RestartResult[]>;
  /**
   * Optional: run a whole CSV batch (batch.ts's batchCsvBody) off the
   * calling thread, answering the encoded JSON body or the input error's
   * message. The bytes may be transferred (left detached).
   */
  batchCsv?(csv: Uint8Array, hasHeader: boolean): Promise<{ body: Uint8Array } | { inputError: string }>;
  /**
   * Optional: training.ts's trainForests off the calling thread (a model's
   * retrain then holds up only that model). Must answer exactly what
   * trainForests answers on the calling thread.
   */
  trainForests?(job: ForestJob): Promise<TrainedForests>;
  close(): Promise<void>;
}

/** Single-threaded typed-array backend; runs anywhere (Node, browser, Web Worker). */
export class CpuBackend implements ScoringBackend {
  readonly name = "cpu";
  async pathSums(forest: Forest, rows: RowMatrix): Promise<Float64Array> {
    const out = new Float64Array(rows.nRows);
    walkForest(compileForest(forest), rows.data, rows.rowStride, 0, rows.nRows, out);
    return out;
  }
  async close(): Promise<void> {}
}

/** Environment switches honoured when picking an accelerator. */
export interface BackendEnv {
  ANOMALY_GPU?: string;
  LANG_GPU?: string;
}

/**
 * Whether an accelerator may be used at all. `ANOMALY_GPU=0` disables it;
 * `LANG_GPU=cpu` forces the host backend. The WebGPU backend (anomaly/gpu)
 * is tried only where this returns true.
 */
export function acceleratorAllowed(env: BackendEnv): boolean {
  if (env.ANOMALY_GPU === "0") return false;
  if (env.LANG_GPU !== undefined && env.LANG_GPU.toLowerCase() === "cpu") return false;
  return true;
}
