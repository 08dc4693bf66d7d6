/**
 * Explaining a window version's flag. A window version (timevector) scores
 * the last W points together, so what it flags is the window: a level shift
 * held for an hour, a category that keeps appearing. The point-level
 * Shapley values of explain.ts replace only the point's own row, which
 * leaves the W − 1 unusual rows before it in place: the credit then goes to
 * whatever else varies. Here each column is replaced across the whole
 * window by the same column of reference windows (W consecutive training
 * records, evenly spaced through the training data), one column at a time:
 * its contribution is how much the decision value rises when that column
 * alone looks like normal history (mean over the references). One column at
 * a time keeps the cost at columns × references windows; interactions are
 * not split (method "one_at_a_time"). Deterministic like explain.ts.
 */
import type { Forest } from "../forest/forest";
import { scoreFromSum } from "../forest/scoring";
import { compileForest, walkForest } from "../forest/walk";
import { Projector } from "../model/encoding";
import type { RawRecord } from "../store/store";
import { actualValue, type ExplainInput, type Explanation, KIND_NAMES } from "./explain";

/** Reference windows per explanation. */
export const WINDOW_REFERENCES = 16;

/** The window with `column` taken from `reference` (same length) in every row. */
function withColumn(window: readonly RawRecord[], column: string | null, reference: readonly RawRecord[]): RawRecord[] {
  return window.map((row, k) => {
    if (column === null) return reference[k];
    const out: RawRecord = { ...row };
    const v = reference[k][column];
    if (v === null || v === undefined) delete out[column];
    else out[column] = v;
    return out;
  });
}

/**
 * Null when the point has no full window, or the training data holds no
 * window of that length.
 */
export function explainWindow(input: Omit<ExplainInput, "version">, version: string, forest: Forest, width: number) {
  const { meta, record, typical, training } = input;
  const nFeat = meta.feats.length;
  if (input.context.length < width - 1 || training.length < width) return null;
  const window = [...input.context.slice(input.context.length - (width - 1)), record];
  const starts: number[] = [];
  const span = training.length - width + 1;
  const count = Math.min(WINDOW_REFERENCES, span);
  for (let k = 0; k < count; k++) starts.push(Math.floor(((2 * k + 1) * span) / (2 * count)));
  const references = starts.map((s) => training.slice(s, s + width));

  const projector = new Projector(meta, meta.feats);
  const rowLen = width * nFeat;
  // Variant 0: the window as it is; then per column and reference; then each reference whole.
  const variants: RawRecord[][] = [window];
  for (const column of meta.cols) for (const ref of references) variants.push(withColumn(window, column, ref));
  for (const ref of references) variants.push(withColumn(window, null, ref));
  const data = new Float64Array(variants.length * rowLen);
  variants.forEach((rows, i) => {
    rows.forEach((row, k) => {
      const at = i * rowLen + k * nFeat;
      projector.project(row, data, at);
      for (let c = 0; c < nFeat; c++) data[at + c] = (data[at + c] - meta.sc_mean[c]) / meta.sc_std[c];
    });
  });
  const sums = new Float64Array(variants.length);
  walkForest(compileForest(forest), data, rowLen, 0, variants.length, sums);
  const score = (i: number) => scoreFromSum(forest, sums[i]) - forest.offset;
  const actual = score(0);
  const mean = (from: number) => {
    let sum = 0;
    for (let r = 0; r < references.length; r++) sum += score(from + r);
    return sum / references.length;
  };
  const columns = meta.cols.map((column, i) => ({
    column,
    kind: KIND_NAMES[meta.kinds[i]],
    actual: actualValue(meta.kinds[i], record[column]),
    typical: typical.get(column) ?? null,
    contribution: mean(1 + i * references.length) - actual,
    share: 0,
  }));
  let positive = 0;
  for (const c of columns) if (c.contribution > 0) positive += c.contribution;
  for (const c of columns) c.share = positive > 0 && c.contribution > 0 ? c.contribution / positive : 0;
  const order = columns.map((c, i) => ({ c, i }));
  order.sort((a, b) => b.c.contribution - a.c.contribution || a.i - b.i);
  const explanation: Explanation = {
    voter: null,
    version,
    method: "one_at_a_time",
    score: actual,
    baseline_score: mean(1 + meta.cols.length * references.length),
    columns: order.map((o) => o.c),
  };
  return explanation;
}
