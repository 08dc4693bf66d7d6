/**
 * xoshiro256** seeded through SplitMix64, bit-exact on every platform.
 * The 64-bit state is kept as 32-bit halves so the hot path stays in integer
 * maths (BigInt is used only for seeding and for exposing raw outputs).
 */

const MASK64 = (1n << 64n) - 1n;

/** The four SplitMix64 outputs used as the xoshiro state for `seed`. */
export function splitMix64State(seed: bigint): bigint[] {
  let s = seed & MASK64;
  const out: bigint[] = [];
  for (let i = 0; i < 4; i++) {
    s = (s + 0x9e3779b97f4a7c15n) & MASK64;
    let z = s;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK64;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK64;
    z ^= z >> 31n;
    out.push(z);
  }
  return out;
}

export class Xoshiro256 {
  // State words s0..s3 as (hi, lo) unsigned 32-bit halves.
  private h0: number;
  private l0: number;
  private h1: number;
  private l1: number;
  private h2: number;
  private l2: number;
  private h3: number;
  private l3: number;
  /** Halves of the last output, read by the callers below. */
  private outHi = 0;
  private outLo = 0;

  constructor(seed: number | bigint) {
    const s = splitMix64State(BigInt(seed));
    const hi = (x: bigint) => Number(x >> 32n) >>> 0;
    const lo = (x: bigint) => Number(x & 0xffffffffn) >>> 0;
    this.h0 = hi(s[0]);
    this.l0 = lo(s[0]);
    this.h1 = hi(s[1]);
    this.l1 = lo(s[1]);
    this.h2 = hi(s[2]);
    this.l2 = lo(s[2]);
    this.h3 = hi(s[3]);
    this.l3 = lo(s[3]);
  }

  /** Advances once; the output is left in outHi/outLo. */
  private step(): void {
    // result = rotl(s1 * 5, 7) * 9, with x*5 = (x<<2)+x and x*9 = (x<<3)+x.
    let h = this.h1;
    let l = this.l1;
    let sl = (l << 2) >>> 0;
    let sh = ((h << 2) | (l >>> 30)) >>> 0;
    let rl = (sl + l) >>> 0;
    let rh = (sh + h + (rl < sl ? 1 : 0)) >>> 0;
    // rotl 7
    const th = ((rh << 7) | (rl >>> 25)) >>> 0;
    const tl = ((rl << 7) | (rh >>> 25)) >>> 0;
    sl = (tl << 3) >>> 0;
    sh = ((th << 3) | (tl >>> 29)) >>> 0;
    rl = (sl + tl) >>> 0;
    rh = (sh + th + (rl < sl ? 1 : 0)) >>> 0;
    this.outHi = rh;
    this.outLo = rl;

    // t = s1 << 17
    h = ((this.h1 << 17) | (this.l1 >>> 15)) >>> 0;
    l = (this.l1 << 17) >>> 0;
    this.h2 = (this.h2 ^ this.h0) >>> 0;
    this.l2 = (this.l2 ^ this.l0) >>> 0;
    this.h3 = (this.h3 ^ this.h1) >>> 0;
    this.l3 = (this.l3 ^ this.l1) >>> 0;
    this.h1 = (this.h1 ^ this.h2) >>> 0;
    this.l1 = (this.l1 ^ this.l2) >>> 0;
    this.h0 = (this.h0 ^ this.h3) >>> 0;
    this.l0 = (this.l0 ^ this.l3) >>> 0;
    this.h2 = (this.h2 ^ h) >>> 0;
    this.l2 = (this.l2 ^ l) >>> 0;
    // s3 = rotl(s3, 45) = rotl by 32 (swap halves) then by 13
    const a = this.l3;
    const b = this.h3;
    this.h3 = ((a << 13) | (b >>> 19)) >>> 0;
    this.l3 = ((b << 13) | (a >>> 19)) >>> 0;
  }

  /** The next raw 64-bit output (for tests and reference checks). */
  nextBigInt(): bigint {
    this.step();
    return (BigInt(this.outHi) << 32n) | BigInt(this.outLo);
  }

  /**
   * Uniform integer in [0, n) by masked rejection: mask is the smallest
   * 2^k − 1 ≥ n − 1 (starting at 1). n ≤ 0 returns 0 without drawing.
   */
  below(n: number): number {
    if (n <= 0) return 0;
    let mask = 1;
    while (mask < n) mask = mask * 2 + 1;
    if (mask <= 0xffffffff) {
      for (;;) {
        this.step();
        const v = (this.outLo & mask) >>> 0;
        if (v < n) return v;
      }
    }
    const maskHi = Math.floor(mask / 4294967296);
    for (;;) {
      this.step();
      const v = ((this.outHi & maskHi) >>> 0) * 4294967296 + this.outLo;
      if (v < n) return v;
    }
  }

  /** (next >> 11) / 2^53: a double in [0, 1) with 53 random bits. */
  u01(): number {
    this.step();
    return ((this.outHi >>> 0) * 2097152 + (this.outLo >>> 11)) / 9007199254740992;
  }
}
