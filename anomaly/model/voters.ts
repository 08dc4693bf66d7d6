/**
 * Voters: which rule flagged a point. A verdict is an anomaly when any of
 * its checks flags it (a column's expected band, a forest version, the
 * autoencoder, the sustained-departure sum), and an operator needs to know
 * which one, both to read the verdict and to explain it: the explanation
 * describes the strongest voter (explain/voterExplain.ts), never a check
 * that did not flag.
 *
 * Names are `band:<column>` (a numeric column's expected band, or a
 * categorical column holding a value its training never showed:
 * novelty.ts), `version:<name>`, `sustained:<column>` (the
 * column whose band was furthest out at the point that completed the run)
 * or `sustained` alone when the model has no band. A verdict lists its
 * voters strongest first, and the first is what its explanation describes:
 * flagged bands before versions (a band reads one column directly, while a
 * forest saturates, scoring a 10× spike like the window's peak, and its
 * counterfactuals then credit whatever else varies), single-point versions
 * before window versions (whose explanation can replace only the point's own
 * row of a window full of the incident), the sustained rule last; within a
 * kind by severity, then the further-out band or the lower score.
 */
import type { ColumnExpectation } from "./calibrate";
import type { NoveltyCheck } from "./novelty";

export const BAND = "band:";
export const VERSION = "version:";
export const SUSTAINED = "sustained";

/** How far out a column's value lies, in band widths: the tie-break between bands of equal severity. */
export function bandDistance(e: ColumnExpectation): number {
  const width = e.upper - e.lower;
  const off = Math.abs(e.value - e.expected);
  if (width > 0) return off / width;
  return off === 0 ? 0 : Number.POSITIVE_INFINITY;
}

/** Band columns, furthest out first: severity, then distance, then column order. */
export function bandsByStrength(expected: Record<string, ColumnExpectation>): string[] {
  const names = Object.keys(expected);
  return names
    .map((name, i) => ({ name, i, e: expected[name] }))
    .sort((a, b) => b.e.severity - a.e.severity || bandDistance(b.e) - bandDistance(a.e) || a.i - b.i)
    .map((x) => x.name);
}

/** The sustained rule's voter for a point: named after its furthest-out band column. */
export function sustainedVoter(expected: Record<string, ColumnExpectation>): string {
  const top = bandsByStrength(expected)[0];
  return top === undefined ? SUSTAINED : `${SUSTAINED}:${top}`;
}

interface Checks {
  versions: Record<string, { anomaly: boolean; severity: number; score: number }>;
  expected: Record<string, ColumnExpectation>;
  /** The categorical band's checks (novelty.ts); absent where the caller has none. */
  novel?: Record<string, NoveltyCheck>;
}

/** Whether a version scores windows of several points (sustained.ts scoresWindows, by name). */
export type WindowedVersion = (name: string) => boolean;

/** A check's name and strength, for ranking. */
interface Ranked {
  voter: string;
  severity: number;
  /** 0: a band, 1: a single-point version, 2: a window version. */
  rank: number;
  /** Larger is stronger among equals. */
  tie: number;
}

function checks(v: Checks, windowed: WindowedVersion, flaggedOnly: boolean): Ranked[] {
  const out: Ranked[] = [];
  for (const [name, e] of Object.entries(v.expected)) {
    if (!flaggedOnly || e.anomaly) {
      out.push({ voter: BAND + name, severity: e.severity, rank: 0, tie: bandDistance(e) });
    }
  }
  // A value never seen is as far out as a categorical column can be.
  for (const [name, e] of Object.entries(v.novel ?? {})) {
    if (!flaggedOnly || e.anomaly) {
      out.push({ voter: BAND + name, severity: e.severity, rank: 0, tie: Number.POSITIVE_INFINITY });
    }
  }
  for (const [name, version] of Object.entries(v.versions)) {
    if (!flaggedOnly || version.anomaly) {
      out.push({
        voter: VERSION + name,
        severity: version.severity,
        rank: windowed(name) ? 2 : 1,
        tie: -version.score,
      });
    }
  }
  return out.sort((a, b) => a.rank - b.rank || b.severity - a.severity || b.tie - a.tie);
}

/** The band and version checks that flag the point, strongest first. */
export function pointVoters(v: Checks, windowed: WindowedVersion): string[] {
  return checks(v, windowed, true).map((c) => c.voter);
}

/**
 * The strongest check of a point that no rule flagged (what its explanation
 * describes): by severity alone, a band first among equals.
 */
export function strongestCheck(v: Checks): string | null {
  const all = checks(v, () => false, false);
  all.sort((a, b) => b.severity - a.severity || a.rank - b.rank || b.tie - a.tie);
  return all[0]?.voter ?? null;
}
