/**
 * Why a point scored as it did, per input column (a categorical field's
 * one-hot features count as one column).
 *
 * The method is a counterfactual, not a reading of the trees' splits: the
 * point's score is compared with the scores of the same point where some
 * columns carry the values of reference records instead (a fixed, evenly
 * spaced sample of the training data), and each column's contribution is
 * its Shapley value over those replacements, with v(S) the mean decision
 * value, over the references, of the point whose columns outside S come
 * from the reference:
 *
 *   contribution(c) = Σ over sets S of the other columns of
 *     |S|!(n−|S|−1)!/n! · (v(S) − v(S ∪ {c}))
 *
 * so contributions sum exactly to baseline_score − score, and a positive
 * one is how much that column's actual value lowered the decision value
 * (pushed the point towards anomalous). Why not path-split credit (the
 * dashboard's old method): splits on one-hot columns are common in every
 * tree whatever the point, so one-hot features took a quarter of the credit;
 * a value of zero isolated by a split on another column credited that other
 * column; and a novel category projects to all zeros, which no split singles
 * out, so it got nothing. A replacement measures what each value does to the
 * score. References, not one "typical" record: a category that is as common
 * as any other (say one of three regions) then gets about nothing, while a
 * single typical record (the most frequent category) would blame it.
 *
 * Columns whose actual value projects exactly like every reference's
 * change nothing and get 0 without being evaluated. With at most
 * EXACT_LIMIT other columns every subset is scored (2^n · references
 * windows, one kernel call); beyond that each column is replaced alone
 * (one-at-a-time counterfactual), which misses interactions but stays
 * linear. Everything is + − × ÷ over the deterministic walk, so the answer
 * is bit-identical on every engine.
 */
import type { Forest } from "../forest/forest";
import { scoreFromSum } from "../forest/scoring";
import { compileForest, walkForest } from "../forest/walk";
import { Projector, parseNumber } from "../model/encoding";
import { KIND_CATEGORICAL, KIND_NUMERIC, type MetadataJson } from "../model/metadata";
import { forestWidth } from "../model/verdict";
import type { RawRecord } from "../store/store";
import type { TypicalValues } from "./typical";

/** Exact Shapley values up to this many differing columns. */
export const EXACT_LIMIT = 10;
/** Reference records drawn from the training data (fewer when 2^n would make too many windows). */
export const REFERENCES = 32;
/** At most this many windows are scored for one exact explanation. */
const MAX_WINDOWS = 8192;

export type ColumnKindName = "numeric" | "categorical" | "timestamp";

export interface ColumnContribution {
  column: string;
  kind: ColumnKindName;
  /** The point's value (null: the record lacks the column). */
  actual: number | string | null;
  /** The training data's typical value (null: typically absent). */
  typical: number | string | null;
  /** How much this column's actual value lowered the decision value (negative: it made the point look more normal). */
  contribution: number;
  /** This column's share of the positive contributions (0 to 1; the shares sum to 1 when any is positive). */
  share: number;
}

export interface Explanation {
  /**
   * The voter explained (model/voters.ts): the verdict's strongest; null for
   * a point no rule flagged, whose strongest check is explained instead.
   */
  voter: string | null;
  /** The forest version explained; null when the explanation reads the bands (method "band"). */
  version: string | null;
  /**
   * "shapley" / "one_at_a_time": a forest version's counterfactual
   * contributions (below); "band": each numeric column's band severity
   * (0–100) as its contribution (voterExplain.ts).
   */
  method: "shapley" | "one_at_a_time" | "band";
  /** The point's decision value under that version (method "band": the top column's severity). */
  score: number;
  /** The mean decision value of the reference records in this point's place (contributions sum to baseline_score − score; 0 for "band"). */
  baseline_score: number;
  /** Every learned column, largest contribution first (ties in column order). */
  columns: ColumnContribution[];
}

export interface ExplainInput {
  meta: Pick<MetadataJson, "cols" | "kinds" | "cats" | "feats" | "sc_mean" | "sc_std" | "versions">;
  forests: ReadonlyMap<string, Forest>;
  /** The points before this one, oldest first (windowed versions read their newest W − 1). */
  context: readonly RawRecord[];
  record: RawRecord;
  /** Per column, the value shown as typical (typical.ts). */
  typical: TypicalValues;
  /** The training data the references are drawn from (typically the training set, oldest first). */
  training: readonly RawRecord[];
  /** Explain this version instead of the lowest-scoring one. */
  version?: string;
}

export const KIND_NAMES: ColumnKindName[] = ["numeric", "categorical", "timestamp"];

export function actualValue(kind: number, value: unknown): number | string | null {
  if (value === null || value === undefined) return null;
  if (kind === KIND_NUMERIC) return parseNumber(value);
  if (kind === KIND_CATEGORICAL) return typeof value === "string" ? value : String(value);
  return typeof value === "string" ? value : null;
}

/** The record with the listed columns taken from `reference` (removed where the reference lacks them). */
function withReference(record: RawRecord, cols: readonly string[], reference: RawRecord): RawRecord {
  const out: RawRecord = { ...record };
  for (const col of cols) {
    const v = reference[col];
    if (v === null || v === undefined) delete out[col];
    else out[col] = v;
  }
  return out;
}

/** `count` records evenly spaced over `records` (deterministic: the same data gives the same references). */
export function referenceSample(records: readonly RawRecord[], count: number): RawRecord[] {
  const n = records.length;
  if (n <= count) return [...records];
  const out: RawRecord[] = [];
  for (let k = 0; k < count; k++) out.push(records[Math.floor(((2 * k + 1) * n) / (2 * count))]);
  return out;
}

/** Scales one projected row in place with the model's scaler. */
function scale(meta: ExplainInput["meta"], row: Float64Array, offset: number, nFeat: number): void {
  for (let c = 0; c < nFeat; c++) row[offset + c] = (row[offset + c] - meta.sc_mean[c]) / meta.sc_std[c];
}

/**
 * Decision values of `variants` (each a whole record for the explained
 * point) under one forest `width` points wide, all sharing the same
 * context rows.
 */
function scoreVariants(
  meta: ExplainInput["meta"],
  projector: Projector,
  forest: Forest,
  width: number,
  contextRows: Float64Array,
  variants: readonly RawRecord[],
): Float64Array {
  const nFeat = meta.feats.length;
  const rowLen = width * nFeat;
  const data = new Float64Array(variants.length * rowLen);
  const ctx = contextRows.subarray(contextRows.length - (width - 1) * nFeat);
  for (let i = 0; i < variants.length; i++) {
    const at = i * rowLen;
    data.set(ctx, at);
    projector.project(variants[i], data, at + rowLen - nFeat);
    scale(meta, data, at + rowLen - nFeat, nFeat);
  }
  const sums = new Float64Array(variants.length);
  walkForest(compileForest(forest), data, rowLen, 0, variants.length, sums);
  for (let i = 0; i < sums.length; i++) sums[i] = scoreFromSum(forest, sums[i]) - forest.offset;
  return sums;
}

/**
 * A forest version's explanation (voter left null: the caller, voterExplain.ts,
 * names it). Null when no enabled forest version has a full window for this point.
 */
export function explainPoint(input: ExplainInput): Explanation | null {
  const { meta, forests, record, typical } = input;
  const nFeat = meta.feats.length;
  if (nFeat === 0) return null;
  const projector = new Projector(meta, meta.feats);
  const maxContext = input.context.length;
  const contextRows = new Float64Array(maxContext * nFeat);
  // Only the newest context rows a forest can read are projected.
  let widest = 1;
  for (const f of forests.values()) widest = Math.max(widest, forestWidth(f, nFeat));
  const firstUsed = Math.max(0, maxContext - (widest - 1));
  for (let i = firstUsed; i < maxContext; i++) {
    projector.project(input.context[i], contextRows, i * nFeat);
    scale(meta, contextRows, i * nFeat, nFeat);
  }

  // The version to explain: the one furthest past its threshold (decision + margin lowest), the one that flags first.
  let chosen: { name: string; forest: Forest; width: number; score: number; past: number } | null = null;
  for (const v of meta.versions) {
    const forest = forests.get(v.vname);
    if (!v.enabled || forest === undefined) continue;
    if (input.version !== undefined && v.vname !== input.version) continue;
    const width = forestWidth(forest, nFeat);
    if (width === 0 || width - 1 > maxContext) continue;
    const score = scoreVariants(meta, projector, forest, width, contextRows, [record])[0];
    const past = score + v.decision_margin;
    if (chosen === null || past < chosen.past) chosen = { name: v.vname, forest, width, score, past };
  }
  if (chosen === null) return null;

  const columns = meta.cols.map((column, i) => ({
    column,
    kind: KIND_NAMES[meta.kinds[i]],
    actual: actualValue(meta.kinds[i], record[column]),
    typical: typical.get(column) ?? null,
    contribution: 0,
    share: 0,
  }));
  const allReferences = referenceSample(input.training, REFERENCES);
  if (allReferences.length === 0) {
    return {
      voter: null,
      version: chosen.name,
      method: "shapley",
      score: chosen.score,
      baseline_score: chosen.score,
      columns,
    };
  }
  // Columns whose value projects like every reference's cannot change the score.
  const base = new Float64Array(nFeat);
  projector.project(record, base, 0);
  const probe = new Float64Array(nFeat);
  const differing: number[] = [];
  columns.forEach((c, i) => {
    const differs = allReferences.some((ref) => {
      projector.project(withReference(record, [c.column], ref), probe, 0);
      for (let f = 0; f < nFeat; f++) if (probe[f] !== base[f]) return true;
      return false;
    });
    if (differs) differing.push(i);
  });

  const names = differing.map((i) => columns[i].column);
  const n = names.length;
  const score = (variants: RawRecord[]) =>
    scoreVariants(meta, projector, chosen.forest, chosen.width, contextRows, variants);
  let method: Explanation["method"] = "shapley";
  let baseline: number;
  if (n <= EXACT_LIMIT) {
    const subsets = 1 << n;
    const refs = referenceSample(allReferences, Math.max(1, Math.floor(MAX_WINDOWS / subsets)));
    // Subset mask bit j: differing column j keeps its actual value; v[mask] averages over the references.
    const variants: RawRecord[] = [];
    for (let mask = 0; mask < subsets; mask++) {
      const replaced = names.filter((_, j) => (mask & (1 << j)) === 0);
      for (const ref of refs) variants.push(withReference(record, replaced, ref));
    }
    const scores = score(variants);
    const v = new Float64Array(subsets);
    for (let mask = 0; mask < subsets; mask++) {
      let sum = 0;
      for (let r = 0; r < refs.length; r++) sum += scores[mask * refs.length + r];
      v[mask] = sum / refs.length;
    }
    // weight[s] = s!(n−s−1)!/n! = 1 / (n · C(n−1, s))
    const weight: number[] = [];
    for (let size = 0; size < n; size++) {
      let w = 1 / n;
      for (let k = 1; k <= size; k++) w *= k / (n - k);
      weight.push(w);
    }
    for (let j = 0; j < n; j++) {
      let total = 0;
      for (let mask = 0; mask < subsets; mask++) {
        if ((mask & (1 << j)) !== 0) continue;
        total += weight[popcount(mask)] * (v[mask] - v[mask | (1 << j)]);
      }
      columns[differing[j]].contribution = total;
    }
    baseline = v[0];
  } else {
    method = "one_at_a_time";
    const variants: RawRecord[] = [];
    for (const name of names) for (const ref of allReferences) variants.push(withReference(record, [name], ref));
    variants.push(...allReferences.map((ref) => withReference(record, names, ref)));
    const scores = score(variants);
    const mean = (from: number) => {
      let sum = 0;
      for (let r = 0; r < allReferences.length; r++) sum += scores[from + r];
      return sum / allReferences.length;
    };
    differing.forEach((i, j) => {
      columns[i].contribution = mean(j * allReferences.length) - chosen.score;
    });
    baseline = mean(n * allReferences.length);
  }

  let positive = 0;
  for (const c of columns) if (c.contribution > 0) positive += c.contribution;
  for (const c of columns) c.share = positive > 0 && c.contribution > 0 ? c.contribution / positive : 0;
  const order = columns.map((c, i) => ({ c, i }));
  order.sort((a, b) => b.c.contribution - a.c.contribution || a.i - b.i);
  return {
    voter: null,
    version: chosen.name,
    method,
    score: chosen.score,
    baseline_score: baseline,
    columns: order.map((o) => o.c),
  };
}

function popcount(x: number): number {
  let n = 0;
  for (let v = x; v !== 0; v &= v - 1) n++;
  return n;
}
