// Seeded random inputs for std.math, spread over every magnitude: each
// function has input ranges (by binary exponent, or by value where the
// function's domain is narrow), and each range gets the same number of
// doubles with uniformly random exponents and mantissas inside it.

/** One argument list for one function, as IEEE 754 bit patterns (signed, like math.bits). */
export interface MathCase {
  fn: string;
  range: string;
  args: bigint[];
}

/** xorshift64*: small, fast and the same stream on every machine. */
export class Seeded {
  private s: bigint;
  constructor(seed: bigint) {
    this.s = seed === 0n ? 1n : BigInt.asUintN(64, seed);
  }
  next64(): bigint {
    let x = this.s;
    x ^= x >> 12n;
    x ^= BigInt.asUintN(64, x << 25n);
    x ^= x >> 27n;
    this.s = x;
    return BigInt.asUintN(64, x * 0x2545f4914f6cdd1dn);
  }
  /** A float in [0, 1). */
  unit(): number {
    return Number(this.next64() >> 11n) / 2 ** 53;
  }
}

const view = new DataView(new ArrayBuffer(8));
export function bitsOf(x: number): bigint {
  view.setFloat64(0, x);
  return view.getBigInt64(0);
}
export function fromBits(b: bigint): number {
  view.setBigInt64(0, b);
  return view.getFloat64(0);
}

/** A double with a binary exponent in [lo, hi] (inclusive) and a random mantissa; subnormals below -1022. */
function magnitude(rng: Seeded, lo: number, hi: number): number {
  const e = lo + Math.floor(rng.unit() * (hi - lo + 1));
  const mantissa = rng.next64() & ((1n << 52n) - 1n);
  if (e < -1022) {
    // Subnormal: keep the mantissa bits below the chosen exponent.
    const shift = BigInt(-1022 - e);
    const m = (mantissa | (1n << 52n)) >> shift;
    return fromBits(m === 0n ? 1n : m);
  }
  return fromBits((BigInt(e + 1023) << 52n) | mantissa);
}

const signed = (rng: Seeded, x: number) => (rng.next64() & 1n ? -x : x);
const uniform = (rng: Seeded, lo: number, hi: number) => lo + (hi - lo) * rng.unit();

type Gen = (rng: Seeded) => number[];
interface Range {
  range: string;
  gen: Gen;
}

const byExponent = (lo: number, hi: number, sign = true): Range => ({
  range: `|x| in 2^${lo}..2^${hi + 1}`,
  gen: (rng) => [sign ? signed(rng, magnitude(rng, lo, hi)) : magnitude(rng, lo, hi)],
});

const trig: Range[] = [
  byExponent(-1074, -30),
  byExponent(-30, -1),
  byExponent(0, 9),
  byExponent(10, 19),
  byExponent(20, 59),
  byExponent(60, 1023),
];
const logs: Range[] = [
  byExponent(-1074, -1023, false),
  byExponent(-1022, -2, false),
  { range: "x in 0.5..2", gen: (rng) => [uniform(rng, 0.5, 2)] },
  { range: "x = 1 ± 2^-20", gen: (rng) => [1 + signed(rng, magnitude(rng, -53, -20))] },
  byExponent(2, 1023, false),
];
const pairs = (name: string, lo: number, hi: number): Range => ({
  range: name,
  gen: (rng) => [signed(rng, magnitude(rng, lo, hi)), signed(rng, magnitude(rng, lo, hi))],
});

export const RANGES: Record<string, Range[]> = {
  sin: trig,
  cos: trig,
  tan: trig,
  exp: [
    { range: "|x| < 2^-20", gen: (rng) => [signed(rng, magnitude(rng, -1074, -21))] },
    { range: "|x| < 1", gen: (rng) => [uniform(rng, -1, 1)] },
    { range: "x in -745..-1", gen: (rng) => [uniform(rng, -745.1, -1)] },
    { range: "x in 1..709", gen: (rng) => [uniform(rng, 1, 709.78)] },
  ],
  ln: logs,
  log2: logs,
  log10: logs,
  atan: [byExponent(-1074, -30), byExponent(-30, -1), byExponent(0, 29), byExponent(30, 1023)],
  atan2: [pairs("y, x of any size", -1022, 1023), pairs("y, x in 2^-8..2^8", -8, 7)],
  hypot: [pairs("a, b of any size", -1074, 1022), pairs("a, b in 2^-8..2^8", -8, 7)],
  pow: [
    {
      range: "x in 0.001..1000, y with |result| in range",
      gen: (rng) => {
        const x = uniform(rng, 0.001, 1000);
        const limit = 700 / Math.max(Math.abs(Math.log(x)), 1e-300);
        return [x, uniform(rng, -limit, limit)];
      },
    },
    {
      range: "x = 1 ± 2^-20, |y| up to 2^40",
      gen: (rng) => {
        const x = 1 + signed(rng, magnitude(rng, -53, -20));
        const limit = Math.min(700 / Math.abs(Math.log(x)), 2 ** 40);
        return [x, uniform(rng, -limit, limit)];
      },
    },
    {
      range: "x of any size, |y| < 1",
      gen: (rng) => [magnitude(rng, -1074, 1023), uniform(rng, -1, 1)],
    },
    {
      range: "x < 0, integer y",
      gen: (rng) => {
        const x = -uniform(rng, 0.01, 100);
        const limit = Math.floor(700 / Math.abs(Math.log(-x)));
        return [x, Math.round(uniform(rng, -limit, limit))];
      },
    },
  ],
  sqrt: [byExponent(-1074, 1023, false)],
};

/** `perRange` seeded inputs for each range of each function named. */
export function mathCases(seed: bigint, perRange: number, fns = Object.keys(RANGES)): MathCase[] {
  const cases: MathCase[] = [];
  for (const fn of fns) {
    // One stream per function, so adding a function leaves the others' inputs unchanged.
    const rng = new Seeded(seed ^ BigInt([...fn].reduce((h, c) => h * 31 + c.charCodeAt(0), 7)));
    for (const { range, gen } of RANGES[fn]) {
      for (let i = 0; i < perRange; i++) cases.push({ fn, range, args: gen(rng).map(bitsOf) });
    }
  }
  return cases;
}

/** Distance in ulps between two doubles of the same sign: the count of doubles between them. */
export function ulpDistance(a: bigint, b: bigint): bigint {
  // Map the sign-magnitude patterns onto a line where adjacent doubles differ by one.
  const line = (x: bigint) => (x < 0n ? -(x & 0x7fffffffffffffffn) : x);
  const d = line(a) - line(b);
  return d < 0n ? -d : d;
}
