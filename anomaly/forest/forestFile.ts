/**
 * The "ANOMFOR1" forest file, little-endian:
 * magic; u64 name length + name bytes; f64 offset; f64 margin; u64 n_trees;
 * u64 sample_size; f64 c_psi; u64 n_cols; u64 count + i64 roots; u64 n_nodes;
 * then five arrays, each with its own u64 count = n_nodes: i64 feature,
 * f64 split, i64 left, i64 right, i64 size.
 *
 * Decoding never throws: anything malformed (or a forest saved under another
 * version name) decodes as null, which callers treat as "no forest".
 */

import type { StoredForest } from "../store/store";
import { computeLeafValues, type Forest } from "./forest";
import { forestWork } from "./threadWork";

const MAGIC = "ANOMFOR1";
const MAX_NAME_BYTES = 4096;
const MAX_TREES = 100_000;
const MAX_NODES = 200_000_000;
const MAX_COLS = 2 ** 31 - 1;

/**
 * Files encoded ahead of time (adoptEncoded), per forest: the training
 * thread encodes its forests, so saving them costs this thread no encoding.
 */
const encoded = new WeakMap<Forest, { name: string; bytes: Uint8Array }>();

/** Byte offset of the margin: magic, name length, name, offset. */
const marginAt = (nameBytes: number) => 8 + 8 + nameBytes + 8;

/**
 * Takes `bytes` (encodeForestFile of `f` under `name`, made elsewhere) as
 * f's file; the next encodeForestFile of f under that name returns it with
 * the margin it is given written in (the only field that may change after
 * training). Used once: a forest in force would otherwise keep its file's
 * bytes (a few MB per version) in memory for as long as it scores.
 */
export function adoptEncoded(f: Forest, name: string, bytes: Uint8Array): void {
  encoded.set(f, { name, bytes });
}

export function encodeForestFile(stored: StoredForest): Uint8Array {
  const ready = encoded.get(stored.forest);
  if (ready !== undefined && ready.name === stored.name) {
    encoded.delete(stored.forest);
    const { bytes } = ready;
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    view.setFloat64(marginAt(new TextEncoder().encode(stored.name).length), stored.margin, true);
    return bytes;
  }
  return encodeFresh(stored);
}

function encodeFresh(stored: StoredForest): Uint8Array {
  const { forest: f } = stored;
  const name = new TextEncoder().encode(stored.name);
  const nNodes = f.feature.length;
  const nTrees = f.roots.length;
  const bytes = 8 + 8 + name.length + 8 * 6 + 8 + 8 * nTrees + 8 + 5 * (8 + 8 * nNodes);
  forestWork.encodedBytes += bytes;
  const buf = new ArrayBuffer(bytes);
  const view = new DataView(buf);
  const u8 = new Uint8Array(buf);
  let at = 0;
  for (let i = 0; i < 8; i++) u8[at++] = MAGIC.charCodeAt(i);
  const u64 = (n: number) => {
    view.setUint32(at, n >>> 0, true);
    view.setUint32(at + 4, Math.floor(n / 4294967296), true);
    at += 8;
  };
  const i64 = (n: number) => {
    view.setInt32(at, n | 0, true);
    view.setInt32(at + 4, n < 0 ? -1 : 0, true);
    at += 8;
  };
  const f64 = (x: number) => {
    view.setFloat64(at, x, true);
    at += 8;
  };
  u64(name.length);
  u8.set(name, at);
  at += name.length;
  f64(f.offset);
  f64(stored.margin);
  u64(f.nTrees);
  u64(f.sampleSize);
  f64(f.cPsi);
  u64(f.nCols);
  u64(nTrees);
  for (const r of f.roots) i64(r);
  u64(nNodes);
  for (const arr of [f.feature, f.split, f.left, f.right, f.size]) {
    u64(nNodes);
    if (arr instanceof Float64Array) for (let i = 0; i < nNodes; i++) f64(arr[i]);
    else for (let i = 0; i < nNodes; i++) i64(arr[i]);
  }
  return u8;
}

class Reader {
  private at = 0;
  private readonly view: DataView;
  constructor(readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  get left(): number {
    return this.bytes.length - this.at;
  }
  /** An unsigned count, or −1 when it has bits above 2^53 (never plausible). */
  u64(): number {
    if (this.left < 8) return -1;
    const lo = this.view.getUint32(this.at, true);
    const hi = this.view.getUint32(this.at + 4, true);
    this.at += 8;
    return hi > 0x1fffff ? -1 : hi * 4294967296 + lo;
  }
  f64(): number {
    if (this.left < 8) return Number.NaN;
    const x = this.view.getFloat64(this.at, true);
    this.at += 8;
    return x;
  }
  /** Fills `out` with i64 values; false when one does not fit in an int32. */
  i64s(out: Int32Array): boolean {
    const { view } = this;
    let at = this.at;
    for (let i = 0; i < out.length; i++, at += 8) {
      const lo = view.getInt32(at, true);
      const hi = view.getInt32(at + 4, true);
      if (hi !== (lo < 0 ? -1 : 0)) return false;
      out[i] = lo;
    }
    this.at = at;
    return true;
  }
  f64s(out: Float64Array): void {
    for (let i = 0; i < out.length; i++) out[i] = this.view.getFloat64(this.at + 8 * i, true);
    this.at += 8 * out.length;
  }
  name(length: number): string | null {
    if (this.left < length) return null;
    const slice = this.bytes.subarray(this.at, this.at + length);
    this.at += length;
    try {
      return new TextDecoder("utf-8", { fatal: true }).decode(slice);
    } catch {
      return null;
    }
  }
}

const inRange = (a: Int32Array, lo: number, hi: number) => {
  for (let i = 0; i < a.length; i++) if (a[i] < lo || a[i] >= hi) return false;
  return true;
};

/** The forest in `bytes`, or null when the file is not a valid forest named `expectedName`. */
export function decodeForestFile(bytes: Uint8Array, expectedName: string): StoredForest | null {
  try {
    return decode(bytes, expectedName);
  } catch {
    return null;
  }
}

function decode(bytes: Uint8Array, expectedName: string): StoredForest | null {
  if (bytes.length < 8) return null;
  for (let i = 0; i < 8; i++) if (bytes[i] !== MAGIC.charCodeAt(i)) return null;
  const r = new Reader(bytes.subarray(8));
  const nameLength = r.u64();
  if (nameLength < 0 || nameLength > MAX_NAME_BYTES) return null;
  const name = r.name(nameLength);
  if (name === null || name !== expectedName) return null;
  const offset = r.f64();
  const margin = r.f64();
  const nTrees = r.u64();
  const sampleSize = r.u64();
  const cPsi = r.f64();
  const nCols = r.u64();
  if (!Number.isFinite(offset) || !Number.isFinite(margin) || !Number.isFinite(cPsi)) return null;
  if (nTrees < 1 || nTrees > MAX_TREES || sampleSize < 1 || cPsi < 0) return null;
  if (nCols < 1 || nCols > MAX_COLS) return null;
  const nRoots = r.u64();
  if (nRoots !== nTrees || r.left < 8 * nRoots + 8) return null;
  const roots = new Int32Array(nRoots);
  if (!r.i64s(roots)) return null;
  const nNodes = r.u64();
  if (nNodes < 1 || nNodes > MAX_NODES) return null;
  // Check the exact length before allocating, so a corrupt count cannot
  // make us allocate gigabytes.
  if (r.left !== 5 * (8 + 8 * nNodes)) return null;
  const feature = new Int32Array(nNodes);
  const split = new Float64Array(nNodes);
  const left = new Int32Array(nNodes);
  const right = new Int32Array(nNodes);
  const size = new Int32Array(nNodes);
  if (r.u64() !== nNodes || !r.i64s(feature)) return null;
  if (r.u64() !== nNodes) return null;
  r.f64s(split);
  if (r.u64() !== nNodes || !r.i64s(left)) return null;
  if (r.u64() !== nNodes || !r.i64s(right)) return null;
  if (r.u64() !== nNodes || !r.i64s(size)) return null;
  if (r.left !== 0) return null;
  if (!inRange(roots, 0, nNodes) || !inRange(left, -1, nNodes) || !inRange(right, -1, nNodes)) {
    return null;
  }
  if (!inRange(feature, -1, nCols) || !inRange(size, 0, MAX_NODES + 1)) return null;
  // A split node needs both children; a leaf needs none (a walk must always end).
  for (let i = 0; i < nNodes; i++) {
    const isLeaf = feature[i] < 0;
    if (isLeaf !== left[i] < 0 || isLeaf !== right[i] < 0) return null;
  }
  const base = { nTrees, sampleSize, cPsi, nCols, offset, roots, feature, split, left, right, size };
  const value = computeLeafValues(base);
  if (value === null) return null;
  const forest: Forest = { ...base, value };
  return { name, margin, forest };
}
