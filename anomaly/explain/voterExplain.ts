/**
 * Explaining a verdict by the rule that flagged it. A verdict lists its
 * voters strongest first (model/voters.ts); the explanation describes the
 * first, never a check that did not flag:
 *
 * - `band:<column>` and `sustained:<column>`: the band view. Each numeric
 *   column's contribution is its own band severity (0–100, calibrated per
 *   column, so columns compare), the furthest-out first; the voter's column
 *   leads by construction. This is what the expected-band check saw: a
 *   spike or a drop to zero far outside one column's band, which a forest
 *   may not single out (a saturated forest scores a 10× spike like the
 *   day's peak, and its counterfactuals then credit whatever else varies).
 * - `version:<name>`: that version's Shapley contributions (explain.ts),
 *   or for a window version each column replaced across the whole window
 *   (windowExplain.ts); the autoencoder, which neither can read, falls
 *   back to the band view.
 * - `sustained` (no bands): the strongest version's contributions.
 *
 * An unflagged point (no voter) is explained by its strongest check, with
 * `voter: null`. The same function fills the verdict record's top columns
 * at scoring time and answers `?explain=1`, so the two agree.
 */
import { TOP_COLUMNS } from "../../protocol/anomaly/verdictVoters";
import type { ColumnExpectation } from "../model/calibrate";
import { DEFAULT_FALSE_ALARM_RATE, severityThreshold } from "../model/calibration";
import { KIND_CATEGORICAL, KIND_NUMERIC, type MetadataJson } from "../model/metadata";
import type { NoveltyCheck } from "../model/novelty";
import { forestWidth } from "../model/verdict";
import { BAND, bandsByStrength, SUSTAINED, strongestCheck, VERSION } from "../model/voters";
import {
  actualValue,
  type ColumnContribution,
  type ExplainInput,
  type Explanation,
  explainPoint,
  KIND_NAMES,
} from "./explain";
import { explainWindow } from "./windowExplain";

/** The checks of a verdict an explanation reads. */
export interface VerdictChecks {
  voters: readonly string[];
  versions: Record<string, { anomaly: boolean; severity: number; score: number }>;
  expected: Record<string, ColumnExpectation>;
  /** The categorical band's checks (model/novelty.ts), where the caller has the verdict itself. */
  novel?: Record<string, NoveltyCheck>;
}

/** Each column with its band severity as contribution, furthest out first. */
export function bandExplanation(
  input: Pick<ExplainInput, "meta" | "record" | "typical">,
  expected: Record<string, ColumnExpectation>,
  voter: string | null,
): Explanation | null {
  const { meta, record, typical } = input;
  const order = bandsByStrength(expected);
  if (order.length === 0) return null;
  const rank = new Map(order.map((name, i) => [name, i]));
  const columns: ColumnContribution[] = meta.cols.map((column, i) => ({
    column,
    kind: KIND_NAMES[meta.kinds[i]],
    actual: actualValue(meta.kinds[i], record[column]),
    typical: typical.get(column) ?? null,
    contribution: meta.kinds[i] === KIND_NUMERIC ? (expected[column]?.severity ?? 0) : 0,
    share: 0,
  }));
  let positive = 0;
  for (const c of columns) positive += c.contribution;
  for (const c of columns) c.share = positive > 0 ? c.contribution / positive : 0;
  const far = (c: ColumnContribution) => rank.get(c.column) ?? Number.POSITIVE_INFINITY;
  const indexed = columns.map((c, i) => ({ c, i }));
  indexed.sort((a, b) => far(a.c) - far(b.c) || a.i - b.i);
  const top = expected[order[0]];
  return {
    voter,
    version: null,
    method: "band",
    score: top.severity,
    baseline_score: 0,
    columns: indexed.map((x) => x.c),
  };
}

/**
 * A categorical column's band voter: the column holds a value its training
 * never showed, and it alone is named (a numeric band that flagged too
 * would have come first among the voters only if stronger).
 */
function categoryExplanation(
  input: Pick<ExplainInput, "meta" | "record" | "typical">,
  column: string,
  checks: VerdictChecks,
  voter: string | null,
): Explanation {
  const { meta, record, typical } = input;
  // Without the verdict's own checks (an answer's body), a flag says the severity reached the threshold.
  const rate = (meta as Partial<MetadataJson>).false_alarm_rate ?? DEFAULT_FALSE_ALARM_RATE;
  const severity = checks.novel?.[column]?.severity ?? severityThreshold(rate);
  const columns: ColumnContribution[] = meta.cols.map((c, i) => ({
    column: c,
    kind: KIND_NAMES[meta.kinds[i]],
    actual: actualValue(meta.kinds[i], record[c]),
    typical: typical.get(c) ?? null,
    contribution: c === column ? severity : 0,
    share: c === column ? 1 : 0,
  }));
  columns.sort((a, b) => b.share - a.share);
  return { voter, version: null, method: "band", score: severity, baseline_score: 0, columns };
}

/** Whether a band voter names a categorical column (novelty.ts) rather than a numeric band. */
function categoricalBand(meta: ExplainInput["meta"], subject: string, checks: VerdictChecks): string | null {
  if (!subject.startsWith(BAND)) return null;
  const column = subject.slice(BAND.length);
  if (column in checks.expected) return null;
  const i = meta.cols.indexOf(column);
  return i >= 0 && meta.kinds[i] === KIND_CATEGORICAL ? column : null;
}

/** The strongest flagged version, else the strongest version (for `sustained` without bands). */
function strongestVersion(checks: VerdictChecks): string | undefined {
  const names = Object.keys(checks.versions);
  const flagged = names.filter((n) => checks.versions[n].anomaly);
  const pool = flagged.length > 0 ? flagged : names;
  return pool.sort(
    (a, b) =>
      checks.versions[b].severity - checks.versions[a].severity || checks.versions[a].score - checks.versions[b].score,
  )[0];
}

/** One version's explanation: point-level Shapley values, or the window's columns for a window version. */
function explainVersion(input: Omit<ExplainInput, "version">, version: string): Explanation | null {
  const forest = input.forests.get(version);
  const width = forest === undefined ? 0 : forestWidth(forest, input.meta.feats.length);
  if (forest !== undefined && width > 1) return explainWindow(input, version, forest, width);
  return explainPoint({ ...input, version });
}

/** The explanation of a verdict's strongest voter (null when nothing can explain the point). */
export function explainVerdict(input: Omit<ExplainInput, "version">, checks: VerdictChecks): Explanation | null {
  const voter = checks.voters[0] ?? null;
  const subject = voter ?? strongestCheck(checks);
  if (subject === null) return null;
  const category = categoricalBand(input.meta, subject, checks);
  if (category !== null) return categoryExplanation(input, category, checks, voter);
  if (subject.startsWith(BAND) || (subject.startsWith(SUSTAINED) && subject !== SUSTAINED)) {
    return bandExplanation(input, checks.expected, voter);
  }
  const version = subject.startsWith(VERSION) ? subject.slice(VERSION.length) : strongestVersion(checks);
  const forest = version === undefined ? null : explainVersion(input, version);
  if (forest !== null) return { ...forest, voter };
  return bandExplanation(input, checks.expected, voter);
}

/** An explanation's top columns for the verdict record: positive shares only, largest first. */
export function topColumns(e: Explanation | null, count: number): { column: string; share: number }[] {
  if (e === null) return [];
  return e.columns
    .filter((c) => c.share > 0)
    .slice(0, count)
    .map((c) => ({ column: c.column, share: c.share }));
}

/**
 * The top columns a verdict records: a flagged point's from its voter's
 * explanation, an unflagged one's furthest-out band column only (cheap, and
 * what a recovery's alert names).
 */
export function topColumnsOf(input: Omit<ExplainInput, "version">, checks: VerdictChecks & { anomaly: boolean }) {
  if (checks.anomaly) return topColumns(explainVerdict(input, checks), TOP_COLUMNS);
  // The furthest-out band column even at a share of 0 (every band at its centre).
  const first = bandExplanation(input, checks.expected, null)?.columns[0];
  return first === undefined ? [] : [{ column: first.column, share: first.share }];
}
