/**
 * WGSL has no f64, so the GPU compares 64-bit order keys instead of
 * doubles: two u32 words per value such that for any x and a non-NaN
 * split s, x < s ⟺ key(x) < key(s) (lexicographically, high word first). Positive
 * doubles get their sign bit set; negative ones have every bit flipped.
 * −0 is keyed as +0 (−0 < +0 is false in f64), and NaN gets the largest key
 * so `NaN < s` is false, as on the CPU (a NaN feature goes right).
 */

const view = new DataView(new ArrayBuffer(8));

/** Writes the key of `x` into out[at] (high word) and out[at + 1] (low word). */
export function writeKey(x: number, out: Uint32Array, at: number): void {
  if (Number.isNaN(x)) {
    out[at] = 0xffffffff;
    out[at + 1] = 0xffffffff;
    return;
  }
  view.setFloat64(0, x === 0 ? 0 : x);
  const hi = view.getUint32(0);
  const lo = view.getUint32(4);
  if (hi & 0x80000000) {
    out[at] = ~hi >>> 0;
    out[at + 1] = ~lo >>> 0;
  } else {
    out[at] = (hi | 0x80000000) >>> 0;
    out[at + 1] = lo;
  }
}

/** Keys of `count` doubles from `data` starting at `from`. */
export function keysOf(data: Float64Array, from: number, count: number): Uint32Array<ArrayBuffer> {
  const out = new Uint32Array(2 * count);
  for (let i = 0; i < count; i++) writeKey(data[from + i], out, 2 * i);
  return out;
}

/** The comparison the shader makes, for tests. */
export function keyLess(a: Uint32Array, i: number, b: Uint32Array, j: number): boolean {
  return a[i] < b[j] || (a[i] === b[j] && a[i + 1] < b[j + 1]);
}
