/**
 * From path-length sums to scores. score_samples is the negated paper score
 * (as in scikit-learn): −2^(−mean path / c(ψ)), so lower is more anomalous;
 * the decision function subtracts the forest's offset, and a point is flagged
 * when decision ≤ −margin.
 */
import type { ScoringBackend } from "../backends/backend";
import type { Contamination } from "../model/versions";
import { exp2 } from "./detMath";
import type { Forest, RowMatrix } from "./forest";
import { compileForest, walkForest } from "./walk";

export function scoreFromSum(forest: Forest, sum: number): number {
  const mean = sum / forest.nTrees;
  // c(ψ) is 0 only for a one-row forest, where every path is 0 too: 0/0
  // carries no information, so it scores as the neutral −0.5 instead of NaN.
  const ratio = forest.cPsi > 0 ? mean / forest.cPsi : 1;
  // exp2, not `**`: engines' pow differ in the last bit (detMath.ts).
  return -exp2(-ratio);
}

/** decision_function values for all rows, through a backend. */
export async function decisionFunction(
  backend: ScoringBackend,
  forest: Forest,
  rows: RowMatrix,
): Promise<Float64Array> {
  const sums = await backend.pathSums(forest, rows);
  for (let i = 0; i < sums.length; i++) sums[i] = scoreFromSum(forest, sums[i]) - forest.offset;
  return sums;
}

/** decision_function of one row (row starts at `offset` in data), on the calling thread. */
export function decisionOne(forest: Forest, data: Float64Array, offset = 0): number {
  const out = new Float64Array(1);
  const view = offset === 0 ? data : data.subarray(offset);
  walkForest(compileForest(forest), view, forest.nCols, 0, 1, out);
  return scoreFromSum(forest, out[0]) - forest.offset;
}

/** numpy's default ("linear") percentile, q in [0, 100]. */
export function percentile(values: Float64Array, q: number): number {
  const sorted = Float64Array.from(values).sort();
  const n = sorted.length;
  if (n === 0) return Number.NaN;
  const pos = ((n - 1) * q) / 100;
  const lo = Math.floor(pos);
  const hi = Math.min(n - 1, lo + 1);
  const frac = pos - lo;
  return sorted[lo] + (sorted[hi] - sorted[lo]) * frac;
}

/**
 * The offset: −0.5 for "auto" (the paper's threshold); otherwise the
 * percentile at 100·contamination of the training rows' score_samples.
 */
export async function fitOffset(
  backend: ScoringBackend,
  forest: Forest,
  rows: RowMatrix,
  contamination: Contamination,
): Promise<number> {
  if (contamination === "auto") return -0.5;
  const sums = await backend.pathSums(forest, rows);
  for (let i = 0; i < sums.length; i++) sums[i] = scoreFromSum(forest, sums[i]);
  return percentile(sums, 100 * contamination);
}
