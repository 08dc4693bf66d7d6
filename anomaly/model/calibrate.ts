/**
 * Applying a training's calibration to a model's versions, and the severity
 * of each version's decision value at scoring time (the maths is in
 * calibration.ts).
 */

import { bandDecision, bandRange, type ColumnBand } from "./band";
import { type Calibration, calibratedMargin, calibratedSeverity, severityThreshold } from "./calibration";
import type { MetadataJson } from "./metadata";
import type { VersionConfig } from "./versions";

/** The rate a version aims at: its own, else the model's. */
export function versionRate(meta: MetadataJson, v: VersionConfig): number {
  return v.false_alarm_rate ?? meta.false_alarm_rate;
}

/** How many versions vote with calibrated margins (the Bonferroni divisor). */
export function calibratedVoters(meta: MetadataJson): number {
  let n = 0;
  for (const v of meta.versions) if (v.enabled && !v.margin_pinned && v.calibration !== null) n++;
  return Math.max(1, n + meta.bands.length);
}

/**
 * Stores each version's new summary and, unless its margin was set by hand,
 * derives the margin from it: the model then flags about its target rate of
 * the points it was trained on.
 */
export function applyCalibrations(meta: MetadataJson, calibrations: ReadonlyMap<string, Calibration>): void {
  for (const v of meta.versions) {
    const c = calibrations.get(v.vname);
    if (c !== undefined) v.calibration = c;
  }
  recalibrateMargins(meta);
}

/** Margins of the unpinned, calibrated versions from the current rates (after a rate change too). */
export function recalibrateMargins(meta: MetadataJson): void {
  const voters = calibratedVoters(meta);
  for (const v of meta.versions) {
    if (v.margin_pinned || v.calibration === null) continue;
    v.decision_margin = calibratedMargin(v.calibration, versionRate(meta, v), voters);
  }
}

/**
 * Severity 0–100 of one version's decision value. A calibrated version reads
 * it off its training distribution; a pinned or uncalibrated one (or the
 * autoencoder) is placed around the model's anomaly severity by its distance
 * to the margin, so the verdict's flag and severity always agree.
 */
export function versionSeverity(
  meta: MetadataJson,
  v: VersionConfig | null,
  decision: number,
  margin: number,
  voters: number,
): number {
  if (v !== null && !v.margin_pinned && v.calibration !== null) {
    return calibratedSeverity(v.calibration, decision, voters);
  }
  const at = severityThreshold(meta.false_alarm_rate);
  return Math.min(100, Math.max(0, at + 100 * (-margin - decision)));
}

/** The band's margin in force: feedback's raise when there is one, else the calibrated one. */
export function bandMargin(meta: MetadataJson, b: ColumnBand, voters: number): number {
  return b.margin ?? calibratedMargin(b.calibration, meta.false_alarm_rate, voters);
}

/** How far under its threshold an unflagged (or withdrawn) check's severity is held. */
export const WITHDRAWN_GAP = 0.01;

/**
 * A severity that agrees with the flag: at or above the rate's threshold
 * exactly when the voter flags. Calibration alone gives that, but feedback
 * raises margins past false positives without touching the calibration, and
 * a point no longer flagged must not keep an anomaly's severity.
 */
export function agreeingSeverity(severity: number, flagged: boolean, rate: number): number {
  const at = severityThreshold(rate);
  return flagged ? Math.max(severity, at) : Math.min(severity, Math.max(0, at - WITHDRAWN_GAP));
}

/** What a verdict says about one numeric column (returned with `?expected=1`). */
export interface ColumnExpectation {
  value: number;
  expected: number;
  lower: number;
  upper: number;
  severity: number;
  anomaly: boolean;
}

/** The band check of every banded column for one record's raw feature values. */
export function bandVerdicts(
  meta: MetadataJson,
  rawValue: (feature: string) => number | null,
  voters: number,
): Record<string, ColumnExpectation> {
  const out: Record<string, ColumnExpectation> = {};
  for (const b of meta.bands) {
    const value = rawValue(b.feature);
    if (value === null) continue;
    const margin = bandMargin(meta, b, voters);
    const decision = bandDecision(b, value);
    const [lower, upper] = bandRange(b, margin);
    const anomaly = decision <= -margin;
    out[b.feature] = {
      value,
      expected: b.center,
      lower,
      upper,
      severity: agreeingSeverity(calibratedSeverity(b.calibration, decision, voters), anomaly, meta.false_alarm_rate),
      anomaly,
    };
  }
  return out;
}
