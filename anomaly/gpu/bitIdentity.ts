/**
 * The bit-identity check shared by the Node test (Dawn) and the browser test
 * (navigator.gpu in the engine worker), and usable as a benchmark: a forest
 * grown on random rows, then scored on rows that include the hard cases (a
 * value exactly at a split threshold, −0, +0, NaN, ±∞, huge and tiny
 * values), on the CPU kernel and on a backend under test, compared bit for
 * bit.
 */
import { CpuBackend, type ScoringBackend } from "../backends/backend";
import { buildForest } from "../forest/forest";
import { Xoshiro256 } from "../forest/prng";

export interface IdentityReport {
  rows: number;
  trees: number;
  /** Rows whose sum differs in any bit. */
  mismatches: number;
  first: { row: number; cpu: number; other: number } | null;
  cpuMs: number;
  otherMs: number;
  backend: string;
}

const N_COLS = 6;

export function identityRows(nRows: number, forest: ReturnType<typeof buildForest>): Float64Array {
  const g = new Xoshiro256(7);
  const data = Float64Array.from({ length: nRows * N_COLS }, () => 4 * (g.u01() + g.u01() - 1));
  const special = [0, -0, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 1e300, -1e-300, 5e-324];
  for (let r = 0; r < nRows; r += 3) {
    // A value exactly at some node's threshold for that node's feature.
    const node = Math.floor(g.u01() * forest.feature.length);
    const f = forest.feature[node];
    if (f >= 0) data[r * N_COLS + f] = forest.split[node];
  }
  for (let r = 1; r < nRows; r += 17) data[r * N_COLS + (r % N_COLS)] = special[r % special.length];
  return data;
}

export async function checkBitIdentity(other: ScoringBackend, nRows: number, nTrees: number): Promise<IdentityReport> {
  const g = new Xoshiro256(3);
  const train = Float64Array.from({ length: 4096 * N_COLS }, () => 4 * (g.u01() + g.u01() - 1));
  const forest = buildForest({ data: train, nRows: 4096, rowStride: N_COLS }, N_COLS, {
    nTrees,
    maxSamples: 256,
    seed: 42,
  });
  const rows = { data: identityRows(nRows, forest), nRows, rowStride: N_COLS };
  const cpu = new CpuBackend();
  let t = performance.now();
  const expected = await cpu.pathSums(forest, rows);
  const cpuMs = performance.now() - t;
  t = performance.now();
  const got = await other.pathSums(forest, rows);
  const otherMs = performance.now() - t;
  let mismatches = 0;
  let first: IdentityReport["first"] = null;
  for (let r = 0; r < nRows; r++) {
    if (!Object.is(expected[r], got[r])) {
      mismatches++;
      first ??= { row: r, cpu: expected[r], other: got[r] };
    }
  }
  return { rows: nRows, trees: nTrees, mismatches, first, cpuMs, otherMs, backend: other.name };
}
