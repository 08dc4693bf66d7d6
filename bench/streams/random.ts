// A seeded random source for the stream generator: every draw comes from one
// 32-bit state, so a seed names one stream exactly on every machine and
// Node version (Math.random cannot be seeded). The uniform draws are the
// engine tests' own seeded generator (anomaly/testing.ts), so the project
// has one home for its test RNG; this class only shapes its draws into the
// distributions real metrics have.
import { seededUniform } from "../../anomaly/testing";

export class Random {
  private readonly uniform01: () => number;

  constructor(seed: number) {
    if (!Number.isInteger(seed) || seed < 0) throw new Error(`seed must be a whole number ≥ 0, got ${seed}`);
    // Spread nearby seeds apart: seeds 1, 2, 3 would otherwise start close.
    this.uniform01 = seededUniform((seed * 0x9e3779b9 + 0x6d2b79f5) >>> 0);
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.uniform01();
  }

  uniform(lo: number, hi: number): number {
    return lo + (hi - lo) * this.next();
  }

  /** A whole number in [lo, hi]. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  /** Standard normal (Box–Muller; one of the pair is dropped to keep the state simple). */
  normal(): number {
    const u = 1 - this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next());
  }

  /** Student's t with `dof` degrees of freedom: the heavy-tailed noise of real metrics. */
  studentT(dof: number): number {
    return this.normal() / Math.sqrt(this.gamma(dof / 2) / (dof / 2));
  }

  /** Gamma(shape, scale 1) (Marsaglia–Tsang; shape < 1 boosted). */
  gamma(shape: number): number {
    if (shape < 1) return this.gamma(shape + 1) * this.next() ** (1 / shape);
    const d = shape - 1 / 3;
    const c = 1 / Math.sqrt(9 * d);
    for (;;) {
      const x = this.normal();
      const v = (1 + c * x) ** 3;
      if (v <= 0) continue;
      if (Math.log(1 - this.next()) < 0.5 * x * x + d - d * v + d * Math.log(v)) return d * v;
    }
  }

  /** Poisson(mean): exact by multiplication below 30, a rounded normal above (error < 1 %). */
  poisson(mean: number): number {
    if (mean <= 0) return 0;
    if (mean >= 30) return Math.max(0, Math.round(mean + Math.sqrt(mean) * this.normal()));
    const limit = Math.exp(-mean);
    let k = 0;
    for (let p = this.next(); p > limit; p *= this.next()) k++;
    return k;
  }

  /** Negative binomial as a gamma–Poisson mixture: variance mean + mean²/dispersion (bursty counts). */
  negBinomial(mean: number, dispersion: number): number {
    return this.poisson((mean * this.gamma(dispersion)) / dispersion);
  }
}
