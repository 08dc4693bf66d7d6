/**
 * Logarithm and powers of two computed with + − × ÷ only, so every
 * JavaScript engine gets the same bits. Engines' Math.log / Math.pow / `**`
 * are not specified to the last bit and do differ: Node 20's V8 and
 * Chromium 156's V8 disagree on ~2 % of Math.log and ~10 % of `2 ** x`
 * results (measured), which made a model scored in the browser and on the
 * server differ in the last bit. IEEE-754 basic operations are exactly
 * rounded everywhere and JavaScript never fuses them, so these functions
 * are deterministic across engines.
 *
 * `log` follows the classic argument reduction x = 2^k·(1+f), √2/2 ≤ 1+f <
 * √2, log(1+f) = 2s + s·R(s²) with s = f/(2+f) and the minimax polynomial of
 * Sun's fdlibm; it is accurate to < 1 ulp. `exp2` splits y = k + g (|g| ≤
 * 1/2), evaluates e^(g·ln 2) with fdlibm's rational form of exp on the
 * reduced argument, and scales by 2^k exactly.
 */

const LN2_HI = 0.6931471803691238;
const LN2_LO = 1.9082149292705877e-10;
const LG1 = 0.6666666666666735;
const LG2 = 0.3999999999940942;
const LG3 = 0.2857142874366239;
const LG4 = 0.22222198432149784;
const LG5 = 0.1818357216161805;
const LG6 = 0.15313837699209373;
const LG7 = 0.14798198605116586;
const TWO54 = 18014398509481984;

const view = new DataView(new ArrayBuffer(8));

/** Natural logarithm; NaN below 0, −∞ at 0, like Math.log. */
export function log(x: number): number {
  if (Number.isNaN(x) || x < 0) return Number.NaN;
  if (x === 0) return Number.NEGATIVE_INFINITY;
  if (x === Number.POSITIVE_INFINITY) return x;
  let k = 0;
  view.setFloat64(0, x);
  let hx = view.getInt32(0);
  if (hx < 0x00100000) {
    // Subnormal: scale up into the normal range first.
    k -= 54;
    view.setFloat64(0, x * TWO54);
    hx = view.getInt32(0);
  }
  k += (hx >> 20) - 1023;
  hx &= 0x000fffff;
  // i is 0x100000 when the mantissa is ≥ √2 (normalise into [√2/2, √2)).
  const i = (hx + 0x95f64) & 0x100000;
  view.setInt32(0, hx | (i ^ 0x3ff00000));
  k += i >> 20;
  const f = view.getFloat64(0) - 1;
  const dk = k;
  if ((0x000fffff & (2 + hx)) < 3) {
    // |f| < 2^-20
    if (f === 0) return k === 0 ? 0 : dk * LN2_HI + dk * LN2_LO;
    const r = f * f * (0.5 - 0.3333333333333333 * f);
    return k === 0 ? f - r : dk * LN2_HI - (r - dk * LN2_LO - f);
  }
  const s = f / (2 + f);
  const z = s * s;
  const w = z * z;
  const t1 = w * (LG2 + w * (LG4 + w * LG6));
  const t2 = z * (LG1 + w * (LG3 + w * (LG5 + w * LG7)));
  const r = t2 + t1;
  if (((hx - 0x6147a) | (0x6b851 - hx)) > 0) {
    const hfsq = 0.5 * f * f;
    return k === 0 ? f - (hfsq - s * (hfsq + r)) : dk * LN2_HI - (hfsq - (s * (hfsq + r) + dk * LN2_LO) - f);
  }
  return k === 0 ? f - s * (f - r) : dk * LN2_HI - (s * (f - r) - dk * LN2_LO - f);
}

const P1 = 0.16666666666666602;
const P2 = -0.0027777777777015593;
const P3 = 0.00006613756321437934;
const P4 = -0.0000016533902205465252;
const P5 = 4.1381367970572385e-8;

/** 2^k for an integer k, exactly (repeated doubling or halving). */
function powerOfTwo(k: number): number {
  let out = 1;
  if (k >= 0) for (let j = 0; j < k; j++) out *= 2;
  else for (let j = 0; j > k; j--) out /= 2;
  return out;
}

/** 2^y. Deterministic for every finite y; ±∞ and NaN as Math.pow(2, y). */
export function exp2(y: number): number {
  if (Number.isNaN(y)) return y;
  if (y > 1024) return Number.POSITIVE_INFINITY;
  if (y < -1080) return 0;
  const k = Math.round(y);
  // Exact: k is the integer nearest y, so y − k needs no more bits than y.
  const g = y - k;
  const hi = g * LN2_HI;
  const lo = -(g * LN2_LO);
  const r = hi - lo;
  const t = r * r;
  const c = r - t * (P1 + t * (P2 + t * (P3 + t * (P4 + t * P5))));
  const e = 1 - (lo - (r * c) / (2 - c) - hi);
  // Scale in two steps so 2^k itself never under- or overflows.
  const half = Math.trunc(k / 2);
  return e * powerOfTwo(half) * powerOfTwo(k - half);
}
