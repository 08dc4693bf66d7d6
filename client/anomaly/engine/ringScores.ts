/**
 * Rescoring a model's whole ring in the browser from an exported bundle:
 * every point against every trained version with the model's current
 * forests and scaler (what the chart and the anomalies table show), plus
 * per-feature contributions for one point. Pure engine code: runs in the
 * engine worker, and in Node for tests.
 */
import type { ScoringBackend } from "../../../anomaly/backends/backend";
import type { Forest } from "../../../anomaly/forest/forest";
import { decisionFunction } from "../../../anomaly/forest/scoring";
import { Projector } from "../../../anomaly/model/encoding";
import { KIND_NUMERIC } from "../../../anomaly/model/metadata";
import { recordTime } from "../../../anomaly/model/model";
import { forestWidth } from "../../../anomaly/model/verdict";
import { slidingWindows } from "../../../anomaly/model/windows";
import type { ParsedBundle } from "../../../anomaly/store/bundle";

export interface VersionScores {
  name: string;
  margin: number;
  /** Points per window (1 for plain versions). */
  width: number;
  /** decision value per ring point; NaN where the point has no full window yet. */
  scores: Float64Array;
}

export interface RingScores {
  /** Unix seconds per ring point (0 when a record has no readable clock). */
  times: Float64Array;
  /** Each numeric column's values (NaN where a record lacks it). */
  columns: { name: string; values: Float64Array }[];
  versions: VersionScores[];
  /** Ring indices flagged by at least one version. */
  flagged: number[];
}

/** The ring projected on the model's features and scaled with its scaler. */
export function scaledRing(bundle: ParsedBundle): Float64Array {
  const meta = bundle.metadata;
  const nFeat = meta.feats.length;
  const matrix = new Projector(meta, meta.feats).projectAll(bundle.ring);
  for (let i = 0; i < matrix.length; i++) {
    const c = i % nFeat;
    matrix[i] = (matrix[i] - meta.sc_mean[c]) / meta.sc_std[c];
  }
  return matrix;
}

export async function scoreRing(
  bundle: ParsedBundle,
  backend: ScoringBackend,
  matrix = scaledRing(bundle),
): Promise<RingScores> {
  const meta = bundle.metadata;
  const n = bundle.ring.length;
  const nFeat = meta.feats.length;
  const times = new Float64Array(n);
  for (let i = 0; i < n; i++) times[i] = recordTime(bundle.ring[i]);
  const columns = meta.cols
    .filter((_, i) => meta.kinds[i] === KIND_NUMERIC)
    .map((name) => {
      const values = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        const v = bundle.ring[i][name];
        values[i] = typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : Number.NaN;
      }
      return { name, values };
    });
  const forests = new Map(bundle.forests.map((f) => [f.name, f.forest]));
  const versions: VersionScores[] = [];
  const flaggedSet = new Uint8Array(n);
  for (const v of meta.versions) {
    const forest = forests.get(v.vname);
    if (!v.enabled || forest === undefined || nFeat === 0) continue;
    const width = forestWidth(forest, nFeat);
    if (width === 0) continue;
    const scores = new Float64Array(n).fill(Number.NaN);
    const rows = slidingWindows(matrix, nFeat, 0, n, width, 1);
    if (rows !== null) {
      const d = await decisionFunction(backend, forest, rows);
      for (let j = 0; j < d.length; j++) {
        scores[j + width - 1] = d[j];
        if (d[j] <= -v.decision_margin) flaggedSet[j + width - 1] = 1;
      }
    }
    versions.push({ name: v.vname, margin: v.decision_margin, width, scores });
  }
  const flagged: number[] = [];
  for (let i = 0; i < n; i++) if (flaggedSet[i] === 1) flagged.push(i);
  return { times, columns, versions, flagged };
}

export interface Contribution {
  feature: string;
  /** Share of the point's isolation credited to this feature (the shares sum to 1). */
  share: number;
}

/**
 * Which features isolated a point. For every tree the point walks to its
 * leaf; each split on its path credits the split's feature with 1 / h, where
 * h is that tree's path length (the leaf's depth + c(leaf size)). A point
 * isolated in few splits gives each of them a large credit, so the features
 * that separate it early and often (what makes its score anomalous) lead.
 * Credits are summed over trees, window lags are folded onto their feature,
 * and the result is normalised to shares that sum to 1.
 */
export function contributions(forest: Forest, feats: string[], row: Float64Array): Contribution[] {
  const nFeat = feats.length;
  const credit = new Float64Array(nFeat);
  const path: number[] = [];
  for (let t = 0; t < forest.roots.length; t++) {
    path.length = 0;
    let node = forest.roots[t];
    while (forest.feature[node] >= 0) {
      const f = forest.feature[node];
      path.push(f);
      node = row[f] < forest.split[node] ? forest.left[node] : forest.right[node];
    }
    const h = forest.value[node];
    if (!(h > 0)) continue;
    for (const f of path) credit[f % nFeat] += 1 / h;
  }
  let total = 0;
  for (const c of credit) total += c;
  const out = feats.map((feature, i) => ({ feature, share: total > 0 ? credit[i] / total : 0 }));
  return out.sort((a, b) => b.share - a.share);
}

/** The window row of ring point `index` for a version `width` points wide (null before a full window). */
export function windowRow(matrix: Float64Array, nFeat: number, index: number, width: number): Float64Array | null {
  const start = index - width + 1;
  if (start < 0) return null;
  return matrix.subarray(start * nFeat, (index + 1) * nFeat);
}
