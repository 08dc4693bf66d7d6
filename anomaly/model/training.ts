/**
 * Retraining: re-encode the raw ring, refresh the feature list, refit one
 * scaler over the whole ring, and grow each enabled version's forest on its
 * window (seed 42 per forest).
 *
 * Only the projection of the ring's records (and the categorical value
 * tables) runs where the caller is; the rest (bands, scaler and forests,
 * the expensive part: about 0.4 s for the five default versions) is one
 * self-contained ForestJob that a backend may run
 * off the calling thread (node/engineThread.ts), so a model's scheduled
 * retrain does not hold up requests to other models. Same code, same seed:
 * the same forests wherever it runs.
 */
import type { ForestJob, ScoringBackend, TrainedForests } from "../backends/backend";
import { FOREST_SEED } from "../constants";
import { buildForest, type Forest, type RowMatrix } from "../forest/forest";
import { fitOffset, scoreFromSum } from "../forest/scoring";
import type { RawRecord } from "../store/store";
import { type ColumnBand, fitBands } from "./band";
import { CALIBRATION_ROWS, type Calibration, fitCalibration } from "./calibration";
import { type EncoderState, featureNames, Projector } from "./encoding";
import { KIND_CATEGORICAL, KIND_NUMERIC } from "./metadata";
import type { ColumnNovelty } from "./novelty";
import { applyScaler, fitScaler } from "./scaler";
import { noveltyInSlices, projectInSlices } from "./trainingInput";
import type { VersionConfig } from "./versions";
import { slidingWindows, windowStart } from "./windows";

export interface TrainedModel {
  feats: string[];
  mean: number[];
  std: number[];
  /** One entry per enabled version; null when the version has no forest this round. */
  forests: Map<string, Forest | null>;
  calibrations: Map<string, Calibration>;
  /** Expected value and band per numeric column (band.ts). */
  bands: ColumnBand[];
  /** The values each categorical column showed (novelty.ts). */
  novelty: ColumnNovelty[];
}

export interface TrainingInput {
  state: EncoderState;
  /** The feature list to train on; by default the encoder's current one. */
  feats?: string[];
  records: readonly RawRecord[];
  times: ArrayLike<number>;
  versions: readonly VersionConfig[];
  now: number;
  backend: ScoringBackend;
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

/** Bands, scaler and forests of a training, on whichever thread runs it. Scales job.matrix in place. */
export async function trainForests(job: ForestJob, backend: ScoringBackend): Promise<TrainedForests> {
  const { matrix, nFeat, times, now } = job;
  // Before scaling: bands are in the data's units. Here, not where the
  // training starts: on a full ring it is ~80 ms of CPU, which held every
  // request up at each training start.
  const bands = fitBands(matrix, job.feats, job.numeric, times, now);
  const scaler = fitScaler(matrix, times.length, nFeat);
  applyScaler(scaler, matrix, nFeat);
  const forests = new Map<string, Forest | null>();
  const calibrations = new Map<string, Calibration>();
  for (const v of job.versions) {
    if (!v.enabled) continue;
    const picked = nFeat > 0 ? versionRows(matrix, nFeat, times, now, v) : null;
    if (picked === null || picked.rows.nRows < 1) {
      forests.set(v.vname, null);
      continue;
    }
    const forest = buildForest(picked.rows, picked.nCols, {
      nTrees: v.n_estimators,
      maxSamples: v.max_samples,
      seed: FOREST_SEED,
    });
    forest.offset = await fitOffset(backend, forest, picked.rows, v.contamination);
    forests.set(v.vname, forest);
    const calibration = fitCalibration(await trainingDecisions(backend, forest, picked.rows));
    if (calibration !== null) calibrations.set(v.vname, calibration);
  }
  return { mean: Array.from(scaler.mean), std: Array.from(scaler.std), forests, calibrations, bands };
}

/**
 * Decision values of (at most CALIBRATION_ROWS, evenly strided) training
 * rows: the distribution margins and severities are calibrated on. Striding
 * keeps a retrain on a full ring as cheap as before while leaving ~40 rows
 * below the 1 % quantile.
 */
async function trainingDecisions(backend: ScoringBackend, forest: Forest, rows: RowMatrix): Promise<Float64Array> {
  const stride = Math.max(1, Math.ceil(rows.nRows / CALIBRATION_ROWS));
  const sample: RowMatrix = {
    data: rows.data,
    nRows: Math.floor((rows.nRows - 1) / stride) + 1,
    rowStride: rows.rowStride * stride,
  };
  const sums = await backend.pathSums(forest, sample);
  for (let i = 0; i < sums.length; i++) sums[i] = scoreFromSum(forest, sums[i]) - forest.offset;
  return sums;
}

export async function trainVersions(input: TrainingInput): Promise<TrainedModel> {
  // Everything read from the encoder is read before the first await: ingest
  // may go on teaching it meanwhile.
  const feats = input.feats ?? featureNames(input.state);
  const projector = new Projector(input.state, feats);
  const numericCols = new Set(input.state.cols.filter((_, i) => input.state.kinds[i] === KIND_NUMERIC));
  const categorical = input.state.cols.filter((_, i) => input.state.kinds[i] === KIND_CATEGORICAL);
  const times = Float64Array.from(input.times);
  const versions = input.versions.map((v) => ({ ...v }));
  const { backend, records } = input;
  // The ring's work on this thread goes in slices (trainingInput.ts); the
  // categorical counts are made while the forests train.
  const job: ForestJob = {
    matrix: await projectInSlices(projector, records),
    nFeat: feats.length,
    feats,
    numeric: feats.map((f) => numericCols.has(f)),
    times,
    versions,
    now: input.now,
  };
  const forests = backend.trainForests ? backend.trainForests(job) : trainForests(job, backend);
  const [trained, novelty] = await Promise.all([forests, noveltyInSlices(categorical, records)]);
  return { feats, ...trained, novelty };
}
