/**
 * A small multilayer perceptron for the autoencoder: ReLU hidden layers, a
 * linear output, squared loss with L2, trained by Adam on mini-batches.
 * Conventions follow scikit-learn's MLPRegressor: loss = Σ(y−x)²/(2B) +
 * α·ΣW²/(2B), so gradients are (y−x)/B and α·W/B. Adam's step counter is
 * global over all updates (bias correction uses it).
 */
import type { Xoshiro256 } from "../forest/prng";

export interface Mlp {
  /** Layer widths, input first. */
  layers: number[];
  /** weights[l] is layers[l] × layers[l+1], row-major. */
  weights: Float64Array[];
  biases: Float64Array[];
}

/** Glorot-uniform weights (limit √(6/(fan_in+fan_out))), zero biases. */
export function initMlp(layers: number[], rng: Xoshiro256): Mlp {
  const weights: Float64Array[] = [];
  const biases: Float64Array[] = [];
  for (let l = 0; l + 1 < layers.length; l++) {
    const fanIn = layers[l];
    const fanOut = layers[l + 1];
    const limit = Math.sqrt(6 / (fanIn + fanOut));
    const w = new Float64Array(fanIn * fanOut);
    for (let i = 0; i < w.length; i++) w[i] = (2 * rng.u01() - 1) * limit;
    weights.push(w);
    biases.push(new Float64Array(fanOut));
  }
  return { layers, weights, biases };
}

/**
 * Activations of every layer for `rows` rows of `input` (row-major).
 * `transposed[l]` holds weights[l] as nOut × nIn, so each output is a
 * contiguous dot product; four outputs are computed together so their sums
 * form independent chains (about twice as fast as the axpy form in V8).
 */
function forwardAll(
  mlp: Mlp,
  transposed: Float64Array[],
  input: Float64Array,
  rows: number,
  acts: Float64Array[],
): void {
  const { layers, biases } = mlp;
  acts[0] = input;
  const last = layers.length - 2;
  for (let l = 0; l <= last; l++) {
    const nIn = layers[l];
    const nOut = layers[l + 1];
    const a = acts[l];
    const z = acts[l + 1];
    const wt = transposed[l];
    const b = biases[l];
    const relu = l < last;
    for (let r = 0; r < rows; r++) {
      const ao = r * nIn;
      const zo = r * nOut;
      let j = 0;
      for (; j + 3 < nOut; j += 4) {
        const w0 = j * nIn;
        const w1 = w0 + nIn;
        const w2 = w1 + nIn;
        const w3 = w2 + nIn;
        let s0 = b[j];
        let s1 = b[j + 1];
        let s2 = b[j + 2];
        let s3 = b[j + 3];
        for (let i = 0; i < nIn; i++) {
          const x = a[ao + i];
          s0 += x * wt[w0 + i];
          s1 += x * wt[w1 + i];
          s2 += x * wt[w2 + i];
          s3 += x * wt[w3 + i];
        }
        z[zo + j] = relu && s0 < 0 ? 0 : s0;
        z[zo + j + 1] = relu && s1 < 0 ? 0 : s1;
        z[zo + j + 2] = relu && s2 < 0 ? 0 : s2;
        z[zo + j + 3] = relu && s3 < 0 ? 0 : s3;
      }
      for (; j < nOut; j++) {
        const w0 = j * nIn;
        let s = b[j];
        for (let i = 0; i < nIn; i++) s += a[ao + i] * wt[w0 + i];
        z[zo + j] = relu && s < 0 ? 0 : s;
      }
    }
  }
}

/** weights[l] (nIn × nOut) into out (nOut × nIn). */
function transposeInto(w: Float64Array, nIn: number, nOut: number, out: Float64Array): void {
  for (let i = 0; i < nIn; i++) {
    for (let j = 0; j < nOut; j++) out[j * nIn + i] = w[i * nOut + j];
  }
}

function transposedWeights(mlp: Mlp): Float64Array[] {
  return mlp.weights.map((w, l) => {
    const out = new Float64Array(w.length);
    transposeInto(w, mlp.layers[l], mlp.layers[l + 1], out);
    return out;
  });
}

function activationBuffers(layers: number[], rows: number): Float64Array[] {
  return layers.map((w) => new Float64Array(rows * w));
}

/** Per-row mean squared reconstruction error. */
export function reconstructionErrors(mlp: Mlp, data: Float64Array, rows: number): Float64Array {
  const d = mlp.layers[0];
  const out = new Float64Array(rows);
  const CHUNK = 1024;
  const acts = activationBuffers(mlp.layers, CHUNK);
  const wt = transposedWeights(mlp);
  for (let r0 = 0; r0 < rows; r0 += CHUNK) {
    const n = Math.min(CHUNK, rows - r0);
    forwardAll(mlp, wt, data.subarray(r0 * d, (r0 + n) * d), n, acts);
    const y = acts[acts.length - 1];
    for (let r = 0; r < n; r++) {
      let s = 0;
      for (let j = 0; j < d; j++) {
        const e = y[r * d + j] - data[(r0 + r) * d + j];
        s += e * e;
      }
      out[r0 + r] = s / d;
    }
  }
  return out;
}

export interface TrainOptions {
  learningRate: number;
  l2: number;
  maxEpochs: number;
  batchSize: number;
  patience: number;
  tolerance: number;
}

export const DEFAULT_TRAIN: TrainOptions = {
  learningRate: 0.001,
  l2: 1e-4,
  maxEpochs: 500,
  batchSize: 200,
  patience: 10,
  tolerance: 1e-4,
};

function meanOf(a: Float64Array): number {
  let s = 0;
  for (const x of a) s += x;
  return a.length === 0 ? 0 : s / a.length;
}

/**
 * Trains in place on `train` (nTrain rows) with early stopping on the mean
 * reconstruction error of `val`; restores the best weights. Returns the best
 * validation loss.
 */
export function trainMlp(
  mlp: Mlp,
  train: Float64Array,
  nTrain: number,
  val: Float64Array,
  nVal: number,
  rng: Xoshiro256,
  options: TrainOptions = DEFAULT_TRAIN,
): number {
  const { layers, weights, biases } = mlp;
  const d = layers[0];
  const L = weights.length;
  const batch = Math.min(options.batchSize, nTrain);
  const acts = activationBuffers(layers, batch);
  const deltas = activationBuffers(layers, batch);
  const gw = weights.map((w) => new Float64Array(w.length));
  const gb = biases.map((b) => new Float64Array(b.length));
  const mw = weights.map((w) => new Float64Array(w.length));
  const vw = weights.map((w) => new Float64Array(w.length));
  const mb = biases.map((b) => new Float64Array(b.length));
  const vb = biases.map((b) => new Float64Array(b.length));
  const input = new Float64Array(batch * d);
  const wt = transposedWeights(mlp);
  const order = new Int32Array(nTrain);
  for (let i = 0; i < nTrain; i++) order[i] = i;
  const beta1 = 0.9;
  const beta2 = 0.999;
  const eps = 1e-8;
  let step = 0;

  let best = Number.POSITIVE_INFINITY;
  let bestWeights = weights.map((w) => Float64Array.from(w));
  let bestBiases = biases.map((b) => Float64Array.from(b));
  let stale = 0;

  for (let epoch = 0; epoch < options.maxEpochs; epoch++) {
    for (let i = nTrain - 1; i > 0; i--) {
      const j = rng.below(i + 1);
      const t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
    for (let start = 0; start < nTrain; start += batch) {
      const B = Math.min(batch, nTrain - start);
      for (let r = 0; r < B; r++) input.set(train.subarray(order[start + r] * d, order[start + r] * d + d), r * d);
      forwardAll(mlp, wt, input, B, acts);
      // Output delta: (y − x)/B, linear output.
      const out = acts[L];
      const dOut = deltas[L];
      for (let k = 0; k < B * d; k++) dOut[k] = (out[k] - input[k]) / B;
      for (let l = L - 1; l >= 0; l--) {
        const nIn = layers[l];
        const nOut = layers[l + 1];
        const a = acts[l];
        const dz = deltas[l + 1];
        const w = weights[l];
        const g = gw[l];
        const gbl = gb[l];
        for (let k = 0; k < g.length; k++) g[k] = (options.l2 * w[k]) / B;
        gbl.fill(0);
        for (let r = 0; r < B; r++) {
          const zo = r * nOut;
          for (let j = 0; j < nOut; j++) gbl[j] += dz[zo + j];
        }
        // Four rows per pass: one read-modify-write of g per four products.
        let r = 0;
        for (; r + 3 < B; r += 4) {
          const a0 = r * nIn;
          const z0 = r * nOut;
          for (let i = 0; i < nIn; i++) {
            const x0 = a[a0 + i];
            const x1 = a[a0 + nIn + i];
            const x2 = a[a0 + 2 * nIn + i];
            const x3 = a[a0 + 3 * nIn + i];
            if (x0 === 0 && x1 === 0 && x2 === 0 && x3 === 0) continue;
            const wo = i * nOut;
            for (let j = 0; j < nOut; j++) {
              const k = z0 + j;
              g[wo + j] += x0 * dz[k] + x1 * dz[k + nOut] + x2 * dz[k + 2 * nOut] + x3 * dz[k + 3 * nOut];
            }
          }
        }
        for (; r < B; r++) {
          const zo = r * nOut;
          const ao = r * nIn;
          for (let i = 0; i < nIn; i++) {
            const x = a[ao + i];
            if (x === 0) continue;
            const wo = i * nOut;
            for (let j = 0; j < nOut; j++) g[wo + j] += x * dz[zo + j];
          }
        }
        if (l > 0) {
          // Back through W and the ReLU of layer l (a > 0 where it was active).
          const da = deltas[l];
          for (let r = 0; r < B; r++) {
            const ao = r * nIn;
            const zo = r * nOut;
            let i = 0;
            // Four inputs at once: independent sums, one dz load per four products.
            for (; i + 3 < nIn; i += 4) {
              const w0 = i * nOut;
              const w1 = w0 + nOut;
              const w2 = w1 + nOut;
              const w3 = w2 + nOut;
              let s0 = 0;
              let s1 = 0;
              let s2 = 0;
              let s3 = 0;
              for (let j = 0; j < nOut; j++) {
                const e = dz[zo + j];
                s0 += w[w0 + j] * e;
                s1 += w[w1 + j] * e;
                s2 += w[w2 + j] * e;
                s3 += w[w3 + j] * e;
              }
              da[ao + i] = a[ao + i] > 0 ? s0 : 0;
              da[ao + i + 1] = a[ao + i + 1] > 0 ? s1 : 0;
              da[ao + i + 2] = a[ao + i + 2] > 0 ? s2 : 0;
              da[ao + i + 3] = a[ao + i + 3] > 0 ? s3 : 0;
            }
            for (; i < nIn; i++) {
              const wo = i * nOut;
              let s = 0;
              for (let j = 0; j < nOut; j++) s += w[wo + j] * dz[zo + j];
              da[ao + i] = a[ao + i] > 0 ? s : 0;
            }
          }
        }
      }
      step++;
      const lrT = (options.learningRate * Math.sqrt(1 - beta2 ** step)) / (1 - beta1 ** step);
      for (let l = 0; l < L; l++) {
        adam(weights[l], gw[l], mw[l], vw[l], lrT, beta1, beta2, eps);
        transposeInto(weights[l], layers[l], layers[l + 1], wt[l]);
        adam(biases[l], gb[l], mb[l], vb[l], lrT, beta1, beta2, eps);
      }
    }
    const loss = meanOf(reconstructionErrors(mlp, val, nVal));
    if (loss < best - options.tolerance) {
      best = loss;
      bestWeights = weights.map((w) => Float64Array.from(w));
      bestBiases = biases.map((b) => Float64Array.from(b));
      stale = 0;
    } else {
      if (loss < best) {
        best = loss;
        bestWeights = weights.map((w) => Float64Array.from(w));
        bestBiases = biases.map((b) => Float64Array.from(b));
      }
      if (++stale >= options.patience) break;
    }
  }
  for (let l = 0; l < L; l++) {
    weights[l].set(bestWeights[l]);
    biases[l].set(bestBiases[l]);
  }
  return best;
}

function adam(
  p: Float64Array,
  g: Float64Array,
  m: Float64Array,
  v: Float64Array,
  lrT: number,
  beta1: number,
  beta2: number,
  eps: number,
): void {
  for (let k = 0; k < p.length; k++) {
    const gk = g[k];
    m[k] = beta1 * m[k] + (1 - beta1) * gk;
    v[k] = beta2 * v[k] + (1 - beta2) * gk * gk;
    p[k] -= (lrT * m[k]) / (Math.sqrt(v[k]) + eps);
  }
}
