/**
 * Sustained departures: a run of points each unusual but none rare enough
 * to flag on its own.
 *
 * A level shift that the forests half-absorb, a slow leak, a service running
 * hot for an hour: every point lands in the top few percent of its window
 * (severity 30-45), under the anomaly threshold (46 at the default rate),
 * and a per-point detector never fires. Page's CUSUM adds up the evidence:
 * each point adds its severity minus a slack `k` to a running sum that never
 * goes below zero, and the sum reaching `h` flags the point and starts the
 * sum again. Severity is −20·log10 of the point's tail probability, so the
 * sum is in the same units: h = 200 is ten decades of rarity beyond what the
 * slack allows each point, and k sits 16 below the anomaly threshold (a
 * point about six times as common as an anomaly adds nothing). Normal
 * points average a severity near 9, far below k, so noise drains the sum
 * and only a run of consistently unusual points fills it.
 *
 * A sliding-window version ("timevector") scores the last window_size
 * points together, which is what lets it see a small shift; but after one
 * spike every window that still holds it looks unusual too: one event seen
 * window_size times, not new evidence, and summed it would turn every spike
 * into a "sustained" run of echoes, and flagged by the window version
 * itself, into dozens of flags for one event. So after a point rare on its
 * own (a single-point check at the threshold: flagged, or withdrawn as a
 * daily recurrence) the window versions neither flag nor add evidence until
 * their windows have moved past it; the single-point checks go on as
 * before. On the NAB subset this left the score as it was (65.25 → 65.24)
 * and cut the flagged normal points by a quarter (0.122 % → 0.094 %).
 *
 * The running sum is part of the alerting state in the model's metadata
 * (onset.ts) and follows the verdicts in order, so a model loaded after a
 * crash and rescored from `scored_seen` goes on with the same sum.
 */

import { WITHDRAWN_GAP } from "./calibrate";
import { severityThreshold } from "./calibration";
import { type Verdict, withdraw } from "./verdict";
import type { VersionConfig } from "./versions";
import { sustainedVoter } from "./voters";

/** Severity points below the anomaly threshold at which a point adds nothing. */
export const SUSTAINED_SLACK = 16;
/** The evidence, in severity points, that flags a run. */
export const SUSTAINED_LIMIT = 200;

/**
 * The rule's two settings. The engine always runs with SUSTAINED; the NAB
 * bench replays the rule offline with other values to choose them on one
 * group of series and score them on another (bench/nab/replay.ts).
 */
export interface SustainedParams {
  slack: number;
  limit: number;
}
export const SUSTAINED: SustainedParams = { slack: SUSTAINED_SLACK, limit: SUSTAINED_LIMIT };

/** The part of the alerting state this rule keeps (onset.ts stores it). */
export interface EvidenceState {
  /** The running sum, 0 when no run is building. */
  evidence: number;
  /** Points still to come whose window versions hold the last point rare on its own (0: none). */
  echo: number;
}

/** What one scored point can add to the sum. */
export interface PointEvidence {
  /** The highest severity of the checks of the point alone: single-point versions, bands, autoencoder. */
  pointwise: number;
  /** The highest severity of the sliding-window versions (0 without any). */
  windowed: number;
  /** Points per window of the widest of them (1 without any). */
  width: number;
}

/** Whether a version scores windows of several points. */
export function scoresWindows(v: Pick<VersionConfig, "window_size">): boolean {
  return v.window_size > 1;
}

/** A verdict's checks split into single-point and window ones. */
export function pointEvidence(v: Verdict, versions: readonly VersionConfig[]): PointEvidence {
  const out: PointEvidence = { pointwise: 0, windowed: 0, width: 1 };
  for (const [name, verdict] of Object.entries(v.versions)) {
    const config = versions.find((c) => c.vname === name);
    if (config !== undefined && scoresWindows(config)) {
      out.windowed = Math.max(out.windowed, verdict.severity);
      out.width = Math.max(out.width, config.window_size);
    } else {
      out.pointwise = Math.max(out.pointwise, verdict.severity);
    }
  }
  for (const e of [...Object.values(v.expected), ...Object.values(v.novel)]) {
    out.pointwise = Math.max(out.pointwise, e.severity);
  }
  return out;
}

/**
 * Whether a point is flagged only as the echo of an earlier one (by window
 * versions alone, within their echo); if so, its window severity is brought
 * under the threshold, as withdraw() in verdict.ts leaves it.
 */
export function dropEcho(s: EvidenceState, p: PointEvidence, threshold: number): boolean {
  if (!(s.echo > 0 && p.windowed >= threshold && p.pointwise < threshold)) return false;
  p.windowed = threshold - WITHDRAWN_GAP;
  return true;
}

/** The running sum after this point, before any reset. */
function evidenceAfter(s: EvidenceState, p: PointEvidence, threshold: number, params: SustainedParams): number {
  const severity = s.echo > 0 ? p.pointwise : Math.max(p.pointwise, p.windowed);
  return Math.max(0, s.evidence + severity - (threshold - params.slack));
}

/** Whether this point would complete a sustained run (without taking it). */
export function wouldSustain(
  s: EvidenceState,
  p: PointEvidence,
  threshold: number,
  params: SustainedParams = SUSTAINED,
): boolean {
  return evidenceAfter(s, p, threshold, params) >= params.limit;
}

/** Takes one scored point in stream order into `s`; whether the point completes a run. */
export function takeEvidence(
  s: EvidenceState,
  p: PointEvidence,
  threshold: number,
  params: SustainedParams = SUSTAINED,
): boolean {
  const next = evidenceAfter(s, p, threshold, params);
  // A withdrawn flag sits WITHDRAWN_GAP under the threshold (calibrate.ts): rare on its own all the same.
  s.echo = p.pointwise >= threshold - WITHDRAWN_GAP ? p.width - 1 : Math.max(0, s.echo - 1);
  const sustained = next >= params.limit;
  s.evidence = sustained ? 0 : next;
  return sustained;
}

/**
 * The rules of this file applied to one verdict in stream order: an echo
 * withdrawn, the point taken into `s`, the verdict flagged when it completes
 * a run. `take` false (detect_only) reads `s` without changing it.
 */
export function applySustained(
  s: EvidenceState,
  v: Verdict,
  versions: readonly VersionConfig[],
  rate: number,
  take: boolean,
  params: SustainedParams = SUSTAINED,
): void {
  const threshold = severityThreshold(rate);
  const point = pointEvidence(v, versions);
  if (dropEcho(s, point, threshold)) withdraw(v, rate);
  const sustained = take ? takeEvidence(s, point, threshold, params) : wouldSustain(s, point, threshold, params);
  if (sustained) flagSustained(v, threshold);
}

/**
 * Flags a verdict for a completed run: its severity is raised to the
 * threshold, so flag and severity agree, and the rule joins its voters
 * (after the point's own checks, which are stronger when they flagged too).
 */
export function flagSustained(v: Verdict, threshold: number): void {
  v.voters.push(sustainedVoter(v.expected));
  if (v.anomaly) return;
  v.anomaly = true;
  v.severity = Math.max(v.severity, threshold);
}
