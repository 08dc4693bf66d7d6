/**
 * Retraining: re-encode the raw ring, refresh the feature list, refit one
 * scaler over the whole ring, and grow each enabled version's forest on its
 * window (seed 42 per forest).
 */
import type { RowMatrix, ScoringBackend } from "./backend";
import { FOREST_SEED } from "./constants";
import { type EncoderState, featureNames, Projector } from "./encoding";
import { buildForest, type Forest } from "./forest";
import { applyScaler, fitScaler } from "./scaler";
import { fitOffset } from "./scoring";
import type { RawRecord } from "./store";
import type { VersionConfig } from "./versions";
import { slidingWindows, windowStart } from "./windows";

export interface TrainedModel {
  feats: string[];
  mean: number[];
  std: number[];
  /** One entry per enabled version; null when the version has no forest this round. */
  forests: Map<string, Forest | null>;
}

export interface TrainingInput {
  state: EncoderState;
  records: readonly RawRecord[];
  times: ArrayLike<number>;
  versions: readonly VersionConfig[];
  now: number;
  backend: ScoringBackend;
}

/** The ring as a standardised matrix over freshly derived features. */
export function encodeRing(state: EncoderState, records: readonly RawRecord[]) {
  const feats = featureNames(state);
  const projector = new Projector(state, feats);
  const matrix = projector.projectAll(records);
  const scaler = fitScaler(matrix, records.length, feats.length);
  applyScaler(scaler, matrix, feats.length);
  return { feats, scaler, matrix };
}

/** The rows one version trains on, as a matrix view (null: too few rows for its windows). */
export function versionRows(
  matrix: Float64Array,
  nFeat: number,
  times: ArrayLike<number>,
  now: number,
  v: VersionConfig,
): { rows: RowMatrix; nCols: number } | null {
  const n = times.length;
  const from = windowStart(times, now, v);
  if (v.window_size > 0) {
    const rows = slidingWindows(matrix, nFeat, from, n - from, v.window_size, v.step_size);
    return rows === null ? null : { rows, nCols: v.window_size * nFeat };
  }
  return { rows: { data: matrix.subarray(from * nFeat), nRows: n - from, rowStride: nFeat }, nCols: nFeat };
}

export async function trainVersions(input: TrainingInput): Promise<TrainedModel> {
  const { feats, scaler, matrix } = encodeRing(input.state, input.records);
  const nFeat = feats.length;
  const forests = new Map<string, Forest | null>();
  for (const v of input.versions) {
    if (!v.enabled) continue;
    const picked = nFeat > 0 ? versionRows(matrix, nFeat, input.times, input.now, v) : null;
    if (picked === null || picked.rows.nRows < 1) {
      forests.set(v.vname, null);
      continue;
    }
    const forest = buildForest(picked.rows, picked.nCols, {
      nTrees: v.n_estimators,
      maxSamples: v.max_samples,
      seed: FOREST_SEED,
    });
    forest.offset = await fitOffset(input.backend, forest, picked.rows, v.contamination);
    forests.set(v.vname, forest);
  }
  return { feats, mean: Array.from(scaler.mean), std: Array.from(scaler.std), forests };
}
