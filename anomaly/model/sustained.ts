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
 * The running sum is part of the alerting state in the model's metadata
 * (onset.ts) and follows the verdicts in order, so a model loaded after a
 * crash and rescored from `scored_seen` goes on with the same sum.
 */

import type { Verdict } from "./verdict";

/** Severity points below the anomaly threshold at which a point adds nothing. */
export const SUSTAINED_SLACK = 16;
/** The evidence, in severity points, that flags a run. */
export const SUSTAINED_LIMIT = 200;

/** The running sum after a point of this severity, before any reset. */
function evidenceAfter(evidence: number, severity: number, threshold: number): number {
  return Math.max(0, evidence + severity - (threshold - SUSTAINED_SLACK));
}

/** Whether a point of this severity would complete a sustained run (without taking it). */
export function wouldSustain(evidence: number, severity: number, threshold: number): boolean {
  return evidenceAfter(evidence, severity, threshold) >= SUSTAINED_LIMIT;
}

/** Takes one scored point in stream order: the new running sum and whether the point completes a run. */
export function takeEvidence(
  evidence: number,
  severity: number,
  threshold: number,
): { evidence: number; sustained: boolean } {
  const next = evidenceAfter(evidence, severity, threshold);
  return next >= SUSTAINED_LIMIT ? { evidence: 0, sustained: true } : { evidence: next, sustained: false };
}

/** Flags a verdict for a completed run: its severity is raised to the threshold, so flag and severity agree. */
export function flagSustained(v: Verdict, threshold: number): void {
  if (v.anomaly) return;
  v.anomaly = true;
  v.severity = Math.max(v.severity, threshold);
}
