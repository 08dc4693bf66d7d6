/**
 * The stream's own calibration of its severities: how often has this
 * stream scored this high?
 *
 * Each check's severity is calibrated on its training window
 * (calibration.ts), in sample: forests and bands are scored on the rows
 * they were fitted on. A stream that drifts, trends, bursts, changes
 * variance or is sampled unevenly between trainings scores its new points
 * higher than its training rows, and the model's promise (the share r of
 * normal points flagged) held on the series the defaults were chosen on
 * but not elsewhere: an hourly temperature series had 6.5 % of its normal
 * points flagged.
 *
 * The idea behind HTM's anomaly likelihood, applied per check: keep the
 * distribution of the check's own past severities on this stream (each
 * version alone; the numeric bands pooled, as they are calibrated alike)
 * and ask how rare the present one is under it. A history is a histogram
 * of severities, one bin per severity point, forgetting with a time
 * constant of `historyPoints` scored points. A check's tail share p̂ is its
 * history's mass at or above its severity; with V checks (Bonferroni, as
 * calibration.ts splits the rate) the calibrated severity is
 * min(severity, −20·log10(V·p̂)): the less surprising of the two readings
 * stands. By default (`flagsOnly`) only severities at or above the
 * threshold are calibrated: whether a flag stands is the stream's to say,
 * while the severities under it go to the sustained-departure sum as its
 * slack and limit were chosen for (calibrating those too drained the sum and
 * lost level shifts and trend breaks on generated streams). A check that often scores 60 on this stream has its 60s brought
 * down to what they are here, while a severity the stream has never shown
 * keeps its height. So on any stream about r of the points reach the
 * threshold at most, and the sustained-departure sum (sustained.ts), which
 * reads the calibrated severities, means the same on every stream.
 *
 * Incidents: a point whose check flags enters its history just under the
 * threshold while that check is in an incident (it has flagged under its
 * share, `incidentShare` / V, of its recent points), so the rest of a level shift, or
 * the next spike of a burst, stays as rare as its first point. A check
 * flagging more than that is showing what the stream does, and its
 * severities enter as they are.
 *
 * Level shifts: calibrated, a shift's flags stop once its points fill the
 * history (a few dozen points past the incident share), though the stream
 * stays where it has never been. With `evidenceAsTrained` the
 * sustained-departure sum reads each check's severity as trained instead, so
 * a run the checks hold above what they learnt keeps adding evidence and
 * keeps being flagged: the calibration judges single flags, the sum judges
 * runs, and neither silences the other.
 *
 * Warm-up: until the histories hold `warmUpPoints` scored points, no
 * numeric check flags (a value never seen in a categorical column is a
 * probability of the stream's own already: novelty.ts).
 *
 * The state follows the verdicts in stream order, like the alert onsets
 * (onset.ts), so a model rescoring the points after `scored_seen` at load
 * rebuilds it exactly.
 */

/** The settings; the engine runs with LIKELIHOOD, the NAB bench replays others (bench/nab/replay.ts). */
export interface LikelihoodParams {
  /** Time constant of the histories, in scored points. */
  historyPoints: number;
  /** Scored points before a numeric check may flag. */
  warmUpPoints: number;
  /** Share of a check's recent points flagged beyond which its flags are what the stream does. */
  incidentShare: number;
  /**
   * Whether the histories start only once the model's alert warm-up is over
   * (onset.ts): a model's first day scores against bands and forests fitted
   * on a few dozen points, and its severities say little of the stream.
   */
  afterLearning: boolean;
  /**
   * Whether only severities at or above the threshold are calibrated (a
   * flag stands only if the stream rarely scores so high), those under it
   * passing as they are to the sustained-departure sum, whose slack and
   * limit were chosen on uncalibrated severities.
   */
  flagsOnly: boolean;
  /**
   * Whether the sustained-departure sum (sustained.ts) reads each check's
   * severity as trained rather than as calibrated: the calibration judges
   * single flags, while a run of points each above what the model was
   * trained on stays evidence of a level shift even once the stream's
   * recent history has made such severities common.
   */
  evidenceAsTrained: boolean;
}

export const LIKELIHOOD: LikelihoodParams = {
  historyPoints: 2000,
  warmUpPoints: 100,
  // The default promised rate: a check flagging more of its recent points
  // than the model promises is showing what the stream does. (0.05, as
  // first tried, let each check flag up to one point in twenty.)
  incidentShare: 0.005,
  afterLearning: true,
  flagsOnly: true,
  evidenceAsTrained: false,
};

/** Whether the engine calibrates its verdicts so (the NAB bench's replay tries both). */
export const ENGINE_CALIBRATES = false;

/** The history the numeric bands share (their check names start `band:` in the benches' replay). */
export const BANDS_HISTORY = "bands";
const BINS = 101;

export interface SeverityHistory {
  /** Per history key: decayed counts of past severities, bin b holding [b, b + 1). */
  checks: Record<string, number[]>;
  /** Per history key: decayed count of its flagged points. */
  flags: Record<string, number>;
  /** Scored points taken (not decayed): the warm-up count. */
  points: number;
}

export function newSeverityHistory(): SeverityHistory {
  return { checks: {}, flags: {}, points: 0 };
}

export function cloneSeverityHistory(h: SeverityHistory): SeverityHistory {
  return {
    checks: Object.fromEntries(Object.entries(h.checks).map(([k, b]) => [k, [...b]])),
    flags: { ...h.flags },
    points: h.points,
  };
}

const binOf = (severity: number) => Math.min(BINS - 1, Math.max(0, Math.floor(severity)));

export function warmingUp(h: SeverityHistory, params: LikelihoodParams = LIKELIHOOD): boolean {
  return h.points < params.warmUpPoints;
}

/** p̂: the share of the history at or above `severity` (0 without a history). */
function tailShare(bins: readonly number[] | undefined, severity: number): number {
  if (bins === undefined) return 0;
  const at = binOf(severity);
  let total = 0;
  let tail = 0;
  for (let b = 0; b < BINS; b++) {
    total += bins[b];
    if (b >= at) tail += bins[b];
  }
  return total > 0 ? tail / total : 0;
}

/**
 * The calibrated severity of one check whose history is `key`, with
 * `groups` histories voting on the point.
 */
export function calibratedSeverity(
  h: SeverityHistory,
  key: string,
  severity: number,
  groups: number,
  threshold: number,
  params: LikelihoodParams = LIKELIHOOD,
): number {
  if (params.flagsOnly && severity < threshold) return severity;
  const p = Math.max(1, groups) * tailShare(h.checks[key], severity);
  return p > 0 ? Math.min(severity, Math.max(0, -20 * Math.log10(p))) : severity;
}

/**
 * Takes one scored point into the histories, in stream order: per history
 * key, the point's highest raw severity there and whether that check
 * flagged (after calibration). A key the point lacks only forgets.
 */
export function takeSeverities(
  h: SeverityHistory,
  raw: Readonly<Record<string, number>>,
  flagged: Readonly<Record<string, boolean>>,
  threshold: number,
  params: LikelihoodParams = LIKELIHOOD,
): void {
  const keep = 1 - 1 / params.historyPoints;
  // Each of the point's V histories has its share of the rate (Bonferroni, as calibration.ts).
  const share = params.incidentShare / Math.max(1, Object.keys(raw).length);
  for (const bins of Object.values(h.checks)) for (let b = 0; b < BINS; b++) bins[b] *= keep;
  for (const key of Object.keys(h.flags)) h.flags[key] *= keep;
  for (const [key, severity] of Object.entries(raw)) {
    if (key === "__proto__") continue;
    if (h.checks[key] === undefined) h.checks[key] = new Array<number>(BINS).fill(0);
    const bins = h.checks[key];
    // A severity under the threshold (a withdrawn flag sits just under it)
    // enters under the threshold's bin, so the tail at the threshold counts
    // only points that reached it.
    let bin = severity < threshold ? Math.min(binOf(severity), binOf(threshold) - 1) : binOf(severity);
    if (flagged[key]) {
      const total = bins.reduce((t, x) => t + x, 0);
      const flags = h.flags[key] ?? 0;
      if (flags <= share * total) bin = Math.min(bin, Math.max(0, binOf(threshold) - 1));
      h.flags[key] = flags + 1;
    }
    bins[bin] += 1;
  }
  h.points += 1;
}

export function parseSeverityHistory(raw: unknown): SeverityHistory {
  if (raw === null || typeof raw !== "object") return newSeverityHistory();
  const r = raw as Record<string, unknown>;
  const points = r.points;
  if (typeof points !== "number" || !Number.isInteger(points) || points < 0) return newSeverityHistory();
  if (r.checks === null || typeof r.checks !== "object" || Array.isArray(r.checks)) return newSeverityHistory();
  const checks: Record<string, number[]> = {};
  for (const [key, bins] of Object.entries(r.checks as Record<string, unknown>)) {
    if (key === "__proto__" || !Array.isArray(bins) || bins.length !== BINS) return newSeverityHistory();
    if (!bins.every((x) => typeof x === "number" && Number.isFinite(x) && x >= 0)) return newSeverityHistory();
    checks[key] = [...(bins as number[])];
  }
  const flags: Record<string, number> = {};
  if (r.flags !== null && typeof r.flags === "object" && !Array.isArray(r.flags)) {
    for (const [key, f] of Object.entries(r.flags as Record<string, unknown>)) {
      if (key !== "__proto__" && typeof f === "number" && Number.isFinite(f) && f >= 0) flags[key] = f;
    }
  }
  return { checks, flags, points };
}
