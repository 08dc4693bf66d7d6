/**
 * Isolation forest (Liu, Ting & Zhou 2008), built exactly as ANOMALY.md
 * states so every platform grows the same trees from seed 42: one generator
 * shared by all trees in order, a partial Fisher–Yates sample per tree, and
 * depth-first growth, left before right. A node is a leaf only when every
 * column is constant over its rows (or at the depth or size limit); the split
 * column is drawn with `below` among the columns that vary over the node, as
 * scikit-learn skips constant features. (The old service made a leaf when the
 * drawn column was constant, which with one-hot columns stopped about half of
 * all splits.) Forests grown by the old rule still load and score: the file
 * format does not record how a tree was grown.
 *
 * Nodes of all trees share flat arrays. A leaf has feature −1 and children
 * −1. `value` holds each leaf's depth + c(size) so scoring is a walk plus an
 * addition, the same on every backend.
 */
import { log } from "./detMath";
import { Xoshiro256 } from "./prng";

/** Rows of a matrix: row r's features start at r * rowStride in `data`. */
export interface RowMatrix {
  data: Float64Array;
  nRows: number;
  rowStride: number;
}

export interface Forest {
  nTrees: number;
  sampleSize: number;
  cPsi: number;
  nCols: number;
  /** score_samples − offset is the decision function. */
  offset: number;
  roots: Int32Array;
  feature: Int32Array;
  split: Float64Array;
  left: Int32Array;
  right: Int32Array;
  size: Int32Array;
  /** Derived, never stored: depth + c(size) at leaves, 0 elsewhere. */
  value: Float64Array;
}

const EULER_GAMMA = 0.5772156649015329;

/** Average path length of an unsuccessful BST search among n points. */
export function averagePathLength(n: number): number {
  if (n <= 1) return 0;
  if (n === 2) return 1;
  // detMath's log: the same bits in every engine (Math.log differs across engines).
  return 2 * (log(n - 1) + EULER_GAMMA) - (2 * (n - 1)) / n;
}

export interface ForestOptions {
  nTrees: number;
  maxSamples: number;
  seed: number;
}

/** Grows the trees; the offset is left at −0.5 ("auto"), see scoring.ts for others. */
export function buildForest(rows: RowMatrix, nCols: number, options: ForestOptions): Forest {
  const n = rows.nRows;
  if (n < 1) throw new Error("cannot build a forest on zero rows");
  const { data, rowStride } = rows;
  const psi = Math.max(1, Math.min(options.maxSamples, n));
  const limit = psi > 1 ? Math.ceil(Math.log2(psi)) : 0;
  const nTrees = options.nTrees;
  const rng = new Xoshiro256(options.seed);

  const capacity = nTrees * (2 * psi - 1);
  const feature = new Int32Array(capacity);
  const split = new Float64Array(capacity);
  const left = new Int32Array(capacity);
  const right = new Int32Array(capacity);
  const size = new Int32Array(capacity);
  const value = new Float64Array(capacity);
  const roots = new Int32Array(nTrees);
  let count = 0;

  const perm = new Int32Array(n);
  for (let i = 0; i < n; i++) perm[i] = i;
  const swaps = new Int32Array(psi);
  const work = new Int32Array(psi);
  // candidates[depth] lists, in column order, the columns not constant over
  // the node being grown at that depth. A column constant over a node is
  // constant over its children too, so each node filters its parent's list
  // (the root starts from every column).
  const allColumns = Int32Array.from({ length: nCols }, (_, j) => j);
  const candidates = Array.from({ length: limit + 1 }, () => new Int32Array(nCols));

  const isConstant = (lo: number, hi: number, q: number): boolean => {
    const first = data[work[lo] * rowStride + q];
    for (let i = lo + 1; i < hi; i++) if (data[work[i] * rowStride + q] !== first) return false;
    return true;
  };

  // Returns the node index; rows of this node are work[lo, hi), and the
  // columns that may still vary over them are parent[0, nParent).
  const grow = (lo: number, hi: number, depth: number, parent: Int32Array, nParent: number): number => {
    const node = count++;
    const m = hi - lo;
    size[node] = m;
    left[node] = -1;
    right[node] = -1;
    feature[node] = -1;
    let nVarying = 0;
    if (depth < limit && m > 1) {
      const varying = candidates[depth];
      for (let k = 0; k < nParent; k++) {
        if (!isConstant(lo, hi, parent[k])) varying[nVarying++] = parent[k];
      }
    }
    // A leaf at the depth limit, at one row, or when every column is constant.
    if (nVarying === 0) {
      value[node] = depth + averagePathLength(m);
      return node;
    }
    // As scikit-learn: the split column is drawn among the varying columns only.
    const varying = candidates[depth];
    const q = varying[rng.below(nVarying)];
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    for (let i = lo; i < hi; i++) {
      const x = data[work[i] * rowStride + q];
      if (x < min) min = x;
      if (x > max) max = x;
    }
    const p = min + rng.u01() * (max - min);
    // Partition in place; row order inside a node never affects the result.
    let a = lo;
    let b = hi - 1;
    while (a <= b) {
      if (data[work[a] * rowStride + q] < p) a++;
      else {
        const t = work[a];
        work[a] = work[b];
        work[b] = t;
        b--;
      }
    }
    feature[node] = q;
    split[node] = p;
    left[node] = grow(lo, a, depth + 1, varying, nVarying);
    right[node] = grow(a, hi, depth + 1, varying, nVarying);
    return node;
  };

  for (let t = 0; t < nTrees; t++) {
    for (let k = 0; k < psi; k++) {
      const j = k + rng.below(n - k);
      swaps[k] = j;
      const tmp = perm[k];
      perm[k] = perm[j];
      perm[j] = tmp;
    }
    work.set(perm.subarray(0, psi));
    // Undo the swaps so every tree samples from the identity permutation.
    for (let k = psi - 1; k >= 0; k--) {
      const j = swaps[k];
      const tmp = perm[k];
      perm[k] = perm[j];
      perm[j] = tmp;
    }
    roots[t] = grow(0, psi, 0, allColumns, nCols);
  }

  return {
    nTrees,
    sampleSize: psi,
    cPsi: averagePathLength(psi),
    nCols,
    offset: -0.5,
    roots,
    feature: feature.slice(0, count),
    split: split.slice(0, count),
    left: left.slice(0, count),
    right: right.slice(0, count),
    size: size.slice(0, count),
    value: value.slice(0, count),
  };
}

/**
 * Recomputes `value` from the tree structure (after loading a file).
 * Returns null when the structure is not a set of trees (a cycle, a node
 * shared between parents, or a child index out of range).
 */
export function computeLeafValues(f: Omit<Forest, "value">): Float64Array | null {
  const n = f.feature.length;
  const value = new Float64Array(n);
  const seen = new Uint8Array(n);
  const stack: number[] = [];
  for (let t = 0; t < f.roots.length; t++) {
    stack.push(f.roots[t], 0);
    while (stack.length > 0) {
      const depth = stack.pop() as number;
      const node = stack.pop() as number;
      if (node < 0 || node >= n || seen[node]) return null;
      seen[node] = 1;
      if (f.feature[node] < 0) {
        value[node] = depth + averagePathLength(f.size[node]);
      } else {
        stack.push(f.right[node], depth + 1, f.left[node], depth + 1);
      }
    }
  }
  return value;
}
