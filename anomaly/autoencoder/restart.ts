/**
 * One autoencoder restart: from its seed alone it draws the validation split,
 * the initial weights and the batch order, so a restart gives the same model
 * on any thread. That lets a host run the restarts in parallel.
 */

import { Xoshiro256 } from "../forest/prng";
import { initMlp, trainMlp } from "./mlp";

export interface RestartJob {
  /** Min-max scaled rows, n × d, row-major. */
  data: Float64Array;
  n: number;
  d: number;
  layers: number[];
  seed: number;
}

export interface RestartResult {
  seed: number;
  /** Best validation loss (mean reconstruction MSE). */
  loss: number;
  weights: Float64Array[];
  biases: Float64Array[];
}

/** A shuffled 10 % validation split (at least one row). */
function splitValidation(data: Float64Array, n: number, d: number, rng: Xoshiro256) {
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  for (let i = n - 1; i > 0; i--) {
    const j = rng.below(i + 1);
    const t = order[i];
    order[i] = order[j];
    order[j] = t;
  }
  const nVal = Math.max(1, Math.ceil(0.1 * n));
  const nTrain = n - nVal;
  const train = new Float64Array(nTrain * d);
  const val = new Float64Array(nVal * d);
  for (let i = 0; i < n; i++) {
    const src = data.subarray(order[i] * d, order[i] * d + d);
    if (i < nTrain) train.set(src, i * d);
    else val.set(src, (i - nTrain) * d);
  }
  return { train, nTrain, val, nVal };
}

export function trainRestart(job: RestartJob): RestartResult {
  const rng = new Xoshiro256(job.seed);
  const { train, nTrain, val, nVal } = splitValidation(job.data, job.n, job.d, rng);
  const mlp = initMlp(job.layers, rng);
  const loss = trainMlp(mlp, train, nTrain, val, nVal, rng);
  return { seed: job.seed, loss, weights: mlp.weights, biases: mlp.biases };
}
