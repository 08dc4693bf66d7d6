/**
 * The optional autoencoder version, trained only on request: pre-filter the
 * ring with a temporary forest, min-max scale the remaining rows, train an
 * MLP [d, 64, 32, 64, d] from seeds 42, 43 and 44 and keep the one with the
 * best validation loss. Its score is threshold − reconstruction MSE, so
 * negative means anomalous, like a forest's decision value.
 */
import type { ScoringBackend } from "../backends/backend";
import { MIN_POINTS } from "../constants";
import { buildForest } from "../forest/forest";
import { decisionFunction, fitOffset } from "../forest/scoring";
import { applyScaler, fitScaler } from "../model/scaler";
import { type Mlp, reconstructionErrors } from "./mlp";
import { trainRestart } from "./restart";

export const AUTOENCODER_VERSION = "autoencoder";
export const AUTOENCODER_MARGIN = 0.05;
const SEEDS = [42, 43, 44];
const DEFAULT_HIDDEN = [64, 32, 64];

/** What autoencoder.json holds. */
export interface AutoencoderJson {
  feats: string[];
  layers: number[];
  weights: number[][];
  biases: number[][];
  /** Per feature minimum and range (max − min; 0 for constant features). */
  min: number[];
  range: number[];
  threshold: number;
  margin: number;
  val_loss: number;
  seed: number;
}

/** A training request that cannot be satisfied; the message is for the user. */
export class AutoencoderError extends Error {}

export interface AutoencoderRequest {
  hidden: number[];
  contamination: number;
}

export function parseAutoencoderRequest(body: unknown): AutoencoderRequest {
  const b = body === undefined || body === null ? {} : body;
  if (typeof b !== "object" || Array.isArray(b)) {
    throw new AutoencoderError("The request body must be a JSON object.");
  }
  const r = b as Record<string, unknown>;
  let hidden = DEFAULT_HIDDEN;
  if (r.hidden !== undefined && r.hidden !== null) {
    if (
      !Array.isArray(r.hidden) ||
      r.hidden.length === 0 ||
      r.hidden.length > 8 ||
      !r.hidden.every((h) => Number.isInteger(h) && h >= 1 && h <= 1024)
    ) {
      throw new AutoencoderError("hidden must be a list of 1 to 8 layer widths between 1 and 1024.");
    }
    hidden = r.hidden as number[];
  }
  let contamination = 0.1;
  if (r.contamination !== undefined && r.contamination !== null) {
    const c = r.contamination;
    if (typeof c !== "number" || !Number.isFinite(c) || c > 0.5) {
      throw new AutoencoderError("contamination must be a number up to 0.5.");
    }
    if (c > 0) contamination = c;
  }
  return { hidden, contamination };
}

export interface AutoencoderFit {
  model: AutoencoderJson;
  trainingPoints: number;
  filteredAnomalies: number;
}

/**
 * @param raw the ring projected on `feats`, unscaled, row-major.
 */
export async function fitAutoencoder(
  raw: Float64Array,
  nRows: number,
  feats: string[],
  request: AutoencoderRequest,
  backend: ScoringBackend,
): Promise<AutoencoderFit> {
  const d = feats.length;
  if (nRows < MIN_POINTS || d === 0) {
    throw new AutoencoderError(
      `Not enough data points to train the autoencoder (${nRows}, need at least ${MIN_POINTS}).`,
    );
  }
  // Pre-filter: drop the rows a temporary forest calls anomalous.
  const scaled = Float64Array.from(raw);
  applyScaler(fitScaler(scaled, nRows, d), scaled, d);
  const rows = { data: scaled, nRows, rowStride: d };
  const forest = buildForest(rows, d, { nTrees: 200, maxSamples: 256, seed: 42 });
  forest.offset = await fitOffset(backend, forest, rows, request.contamination);
  const decisions = await decisionFunction(backend, forest, rows);
  const keep: number[] = [];
  for (let i = 0; i < nRows; i++) if (decisions[i] >= 0) keep.push(i);
  if (keep.length < MIN_POINTS) {
    throw new AutoencoderError(
      `Too few normal points remain after anomaly filtering (${keep.length}, need at least ${MIN_POINTS}).`,
    );
  }
  const n = keep.length;
  const data = new Float64Array(n * d);
  keep.forEach((row, i) => {
    data.set(raw.subarray(row * d, row * d + d), i * d);
  });
  const { min, range } = minMax(data, n, d);
  scaleMinMax(data, d, min, range);

  const layers = [d, ...request.hidden, d];
  const jobs = SEEDS.map((seed) => ({ data, n, d, layers, seed }));
  const results = backend.trainRestarts ? await backend.trainRestarts(jobs) : jobs.map((job) => trainRestart(job));
  // Best validation loss wins; ties go to the earlier seed.
  let best = results[0];
  for (const r of results) if (r.loss < best.loss) best = r;
  const mlp: Mlp = { layers, weights: best.weights, biases: best.biases };
  const errors = reconstructionErrors(mlp, data, n).sort();
  const threshold = errors[Math.min(n - 1, Math.floor(0.95 * n))];
  return {
    model: {
      feats: [...feats],
      layers,
      weights: best.weights.map((w) => Array.from(w)),
      biases: best.biases.map((b) => Array.from(b)),
      min: Array.from(min),
      range: Array.from(range),
      threshold,
      margin: AUTOENCODER_MARGIN,
      val_loss: best.loss,
      seed: best.seed,
    },
    trainingPoints: n,
    filteredAnomalies: nRows - n,
  };
}

function minMax(data: Float64Array, n: number, d: number) {
  const min = new Float64Array(d).fill(Number.POSITIVE_INFINITY);
  const max = new Float64Array(d).fill(Number.NEGATIVE_INFINITY);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < d; c++) {
      const x = data[r * d + c];
      if (x < min[c]) min[c] = x;
      if (x > max[c]) max[c] = x;
    }
  }
  const range = new Float64Array(d);
  for (let c = 0; c < d; c++) range[c] = max[c] - min[c];
  return { min, range };
}

/** Zero-range features scale to 0. */
function scaleMinMax(data: Float64Array, d: number, min: ArrayLike<number>, range: ArrayLike<number>) {
  for (let i = 0; i < data.length; i++) {
    const c = i % d;
    data[i] = range[c] > 0 ? (data[i] - min[c]) / range[c] : 0;
  }
}

/** The runtime form: typed arrays ready for scoring. */
export interface AutoencoderModel {
  json: AutoencoderJson;
  mlp: Mlp;
}

export function loadAutoencoder(json: AutoencoderJson): AutoencoderModel {
  return {
    json,
    mlp: {
      layers: json.layers,
      weights: json.weights.map((w) => Float64Array.from(w)),
      biases: json.biases.map((b) => Float64Array.from(b)),
    },
  };
}

/** threshold − MSE of the reconstruction of one raw feature row (over json.feats). */
export function autoencoderScore(ae: AutoencoderModel, raw: Float64Array): number {
  const row = Float64Array.from(raw);
  scaleMinMax(row, row.length, ae.json.min, ae.json.range);
  return ae.json.threshold - reconstructionErrors(ae.mlp, row, 1)[0];
}

const isNumbers = (v: unknown): v is number[] =>
  Array.isArray(v) && v.every((x) => typeof x === "number" && Number.isFinite(x));

/** Validates stored autoencoder JSON; null when malformed. */
export function parseAutoencoder(raw: unknown): AutoencoderJson | null {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return null;
  const r = raw as Record<string, unknown>;
  if (!Array.isArray(r.feats) || !r.feats.every((f) => typeof f === "string")) return null;
  if (!isNumbers(r.layers) || r.layers.length < 2) return null;
  const layers = r.layers;
  const d = r.feats.length;
  if (layers[0] !== d || layers[layers.length - 1] !== d) return null;
  if (!layers.every((w) => Number.isInteger(w) && w >= 1)) return null;
  if (!Array.isArray(r.weights) || !Array.isArray(r.biases)) return null;
  if (r.weights.length !== layers.length - 1 || r.biases.length !== layers.length - 1) return null;
  for (let l = 0; l + 1 < layers.length; l++) {
    const w = r.weights[l];
    const b = r.biases[l];
    if (!isNumbers(w) || w.length !== layers[l] * layers[l + 1]) return null;
    if (!isNumbers(b) || b.length !== layers[l + 1]) return null;
  }
  if (!isNumbers(r.min) || !isNumbers(r.range) || r.min.length !== d || r.range.length !== d) return null;
  if (typeof r.threshold !== "number" || !Number.isFinite(r.threshold)) return null;
  const margin = typeof r.margin === "number" && Number.isFinite(r.margin) ? r.margin : AUTOENCODER_MARGIN;
  return {
    feats: r.feats as string[],
    layers,
    weights: r.weights as number[][],
    biases: r.biases as number[][],
    min: r.min,
    range: r.range,
    threshold: r.threshold,
    margin,
    val_loss: typeof r.val_loss === "number" ? r.val_loss : 0,
    seed: typeof r.seed === "number" ? r.seed : 0,
  };
}
