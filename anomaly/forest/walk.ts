/**
 * The scoring kernel shared by every host backend. A forest is compiled once
 * into a layout made for walking: when its deepest leaf is shallow (≤ 12,
 * always so for ψ ≤ 4096), each tree becomes a complete binary tree in heap
 * order (children of i at 2i+1, 2i+2) and a shallower leaf is padded with
 * "always go right" nodes (split NaN: x < NaN is false) down to the last
 * level, where its value sits. Every walk then has the same length and no
 * exit test, and eight rows walk side by side so their memory loads overlap
 * (eight measured 20 % faster than four).
 * The step is written `2i + 2 − (x < s)` (a boolean used as 0/1) rather than
 * a conditional: V8 then emits no branch, and split directions are random
 * enough that a branch mispredicts about half the time (3× slower).
 * Deeper forests keep the pointer walk. Either way each row adds the same
 * per-tree leaf values in tree order, so results are bit-identical to
 * walking the original trees.
 *
 * walkForest must stay self-contained (no imports, no helpers): the worker
 * backend ships its source text to worker threads.
 */
import type { Forest } from "./forest";
import { forestWork } from "./threadWork";

const MAX_HEAP_DEPTH = 12;

export interface CompiledForest {
  nTrees: number;
  /** Heap depth, or −1 for the pointer layout. */
  depth: number;
  feature: Int32Array;
  split: Float64Array;
  value: Float64Array;
  /** Pointer layout only. */
  roots: Int32Array;
  left: Int32Array;
  right: Int32Array;
}

function maxLeafDepth(f: Forest): number {
  let max = 0;
  const stack: number[] = [];
  for (const root of f.roots) {
    stack.push(root, 0);
    while (stack.length > 0) {
      const depth = stack.pop() as number;
      const node = stack.pop() as number;
      if (f.feature[node] < 0) max = Math.max(max, depth);
      else stack.push(f.left[node], depth + 1, f.right[node], depth + 1);
    }
  }
  return max;
}

const cache = new WeakMap<Forest, CompiledForest>();

/**
 * Takes `compiled` (made by compileForest for `f` elsewhere, e.g. on the
 * training thread and moved here) as f's compiled form, so scoring with a
 * freshly trained forest does not compile it again on this thread.
 */
export function adoptCompiled(f: Forest, compiled: CompiledForest): void {
  cache.set(f, compiled);
}

/** Compiled once per forest (cached); `maxHeapDepth` exists for tests of the pointer layout. */
export function compileForest(f: Forest, maxHeapDepth = MAX_HEAP_DEPTH): CompiledForest {
  const useCache = maxHeapDepth === MAX_HEAP_DEPTH;
  const hit = useCache ? cache.get(f) : undefined;
  if (hit !== undefined) return hit;
  forestWork.compiled += 1;
  const depth = maxLeafDepth(f);
  let compiled: CompiledForest;
  if (depth > maxHeapDepth) {
    compiled = {
      nTrees: f.nTrees,
      depth: -1,
      feature: f.feature,
      split: f.split,
      value: f.value,
      roots: f.roots,
      left: f.left,
      right: f.right,
    };
  } else {
    const inner = (1 << depth) - 1;
    const leaves = 1 << depth;
    const nTrees = f.roots.length;
    const feature = new Int32Array(nTrees * inner);
    const split = new Float64Array(nTrees * inner);
    const value = new Float64Array(nTrees * leaves);
    for (let t = 0; t < nTrees; t++) {
      const no = t * inner;
      const vo = t * leaves;
      // (node, heap index, depth) triples, depth-first.
      const stack = [f.roots[t], 0, 0];
      while (stack.length > 0) {
        const d = stack.pop() as number;
        const h = stack.pop() as number;
        const node = stack.pop() as number;
        if (d === depth) {
          value[vo + h - inner] = f.value[node];
        } else if (f.feature[node] < 0) {
          split[no + h] = Number.NaN;
          stack.push(node, 2 * h + 2, d + 1);
        } else {
          feature[no + h] = f.feature[node];
          split[no + h] = f.split[node];
          stack.push(f.left[node], 2 * h + 1, d + 1, f.right[node], 2 * h + 2, d + 1);
        }
      }
    }
    const none = new Int32Array(0);
    compiled = { nTrees, depth, feature, split, value, roots: none, left: none, right: none };
  }
  if (useCache) cache.set(f, compiled);
  return compiled;
}

/** Writes into out[r − from] the sum over trees, in tree order, of row r's path length. */
export function walkForest(
  c: CompiledForest,
  data: Float64Array,
  stride: number,
  from: number,
  to: number,
  out: Float64Array,
): void {
  const { nTrees, depth, feature, split, value } = c;
  for (let r = from; r < to; r++) out[r - from] = 0;
  const BLOCK = 256;
  if (depth < 0) {
    const { roots, left, right } = c;
    for (let b0 = from; b0 < to; b0 += BLOCK) {
      const b1 = Math.min(to, b0 + BLOCK);
      for (let t = 0; t < nTrees; t++) {
        const root = roots[t];
        for (let r = b0; r < b1; r++) {
          const base = r * stride;
          let node = root;
          let f = feature[node];
          while (f >= 0) {
            node = data[base + f] < split[node] ? left[node] : right[node];
            f = feature[node];
          }
          out[r - from] += value[node];
        }
      }
    }
    return;
  }
  const inner = (1 << depth) - 1;
  const leaves = 1 << depth;
  for (let b0 = from; b0 < to; b0 += BLOCK) {
    const b1 = Math.min(to, b0 + BLOCK);
    for (let t = 0; t < nTrees; t++) {
      const no = t * inner;
      const vo = t * leaves - inner;
      let r = b0;
      for (; r + 7 < b1; r += 8) {
        const a0 = r * stride;
        const a1 = a0 + stride;
        const a2 = a1 + stride;
        const a3 = a2 + stride;
        const a4 = a3 + stride;
        const a5 = a4 + stride;
        const a6 = a5 + stride;
        const a7 = a6 + stride;
        let i0 = 0;
        let i1 = 0;
        let i2 = 0;
        let i3 = 0;
        let i4 = 0;
        let i5 = 0;
        let i6 = 0;
        let i7 = 0;
        for (let k = 0; k < depth; k++) {
          i0 = 2 * i0 + 2 - ((data[a0 + feature[no + i0]] < split[no + i0]) as unknown as number);
          i1 = 2 * i1 + 2 - ((data[a1 + feature[no + i1]] < split[no + i1]) as unknown as number);
          i2 = 2 * i2 + 2 - ((data[a2 + feature[no + i2]] < split[no + i2]) as unknown as number);
          i3 = 2 * i3 + 2 - ((data[a3 + feature[no + i3]] < split[no + i3]) as unknown as number);
          i4 = 2 * i4 + 2 - ((data[a4 + feature[no + i4]] < split[no + i4]) as unknown as number);
          i5 = 2 * i5 + 2 - ((data[a5 + feature[no + i5]] < split[no + i5]) as unknown as number);
          i6 = 2 * i6 + 2 - ((data[a6 + feature[no + i6]] < split[no + i6]) as unknown as number);
          i7 = 2 * i7 + 2 - ((data[a7 + feature[no + i7]] < split[no + i7]) as unknown as number);
        }
        const o = r - from;
        out[o + 0] += value[vo + i0];
        out[o + 1] += value[vo + i1];
        out[o + 2] += value[vo + i2];
        out[o + 3] += value[vo + i3];
        out[o + 4] += value[vo + i4];
        out[o + 5] += value[vo + i5];
        out[o + 6] += value[vo + i6];
        out[o + 7] += value[vo + i7];
      }
    }
    // Rows left over from the eight-row blocks walk eight trees side by side
    // instead (a lone walk waits on one cache miss per level, about 6× slower
    // per row); the eight leaf values are still added one by one in tree order.
    for (let r = b0 + ((b1 - b0) & ~7); r < b1; r++) {
      const a = r * stride;
      let sum = out[r - from];
      let t = 0;
      for (; t + 7 < nTrees; t += 8) {
        const n0 = t * inner;
        const n1 = n0 + inner;
        const n2 = n1 + inner;
        const n3 = n2 + inner;
        const n4 = n3 + inner;
        const n5 = n4 + inner;
        const n6 = n5 + inner;
        const n7 = n6 + inner;
        let i0 = 0;
        let i1 = 0;
        let i2 = 0;
        let i3 = 0;
        let i4 = 0;
        let i5 = 0;
        let i6 = 0;
        let i7 = 0;
        for (let k = 0; k < depth; k++) {
          i0 = 2 * i0 + 2 - ((data[a + feature[n0 + i0]] < split[n0 + i0]) as unknown as number);
          i1 = 2 * i1 + 2 - ((data[a + feature[n1 + i1]] < split[n1 + i1]) as unknown as number);
          i2 = 2 * i2 + 2 - ((data[a + feature[n2 + i2]] < split[n2 + i2]) as unknown as number);
          i3 = 2 * i3 + 2 - ((data[a + feature[n3 + i3]] < split[n3 + i3]) as unknown as number);
          i4 = 2 * i4 + 2 - ((data[a + feature[n4 + i4]] < split[n4 + i4]) as unknown as number);
          i5 = 2 * i5 + 2 - ((data[a + feature[n5 + i5]] < split[n5 + i5]) as unknown as number);
          i6 = 2 * i6 + 2 - ((data[a + feature[n6 + i6]] < split[n6 + i6]) as unknown as number);
          i7 = 2 * i7 + 2 - ((data[a + feature[n7 + i7]] < split[n7 + i7]) as unknown as number);
        }
        const v0 = t * leaves - inner;
        sum += value[v0 + i0];
        sum += value[v0 + leaves + i1];
        sum += value[v0 + 2 * leaves + i2];
        sum += value[v0 + 3 * leaves + i3];
        sum += value[v0 + 4 * leaves + i4];
        sum += value[v0 + 5 * leaves + i5];
        sum += value[v0 + 6 * leaves + i6];
        sum += value[v0 + 7 * leaves + i7];
      }
      for (; t < nTrees; t++) {
        const no = t * inner;
        let i = 0;
        for (let k = 0; k < depth; k++) {
          i = 2 * i + 2 - ((data[a + feature[no + i]] < split[no + i]) as unknown as number);
        }
        sum += value[t * leaves - inner + i];
      }
      out[r - from] = sum;
    }
  }
}
