/**
 * Model versions: each is one isolation forest over a time window (window_min),
 * a point window (window_pts) or sliding windows of consecutive points
 * (window_size/step_size, the "timevector" kind).
 */
import { type Calibration, isFalseAlarmRate, parseCalibration } from "./calibration";

/** "auto" uses the paper's fixed offset −0.5; a number is the expected outlier fraction. */
export type Contamination = "auto" | number;

export interface VersionConfig {
  vname: string;
  window_min: number;
  window_pts: number;
  window_size: number;
  step_size: number;
  n_estimators: number;
  max_samples: number;
  contamination: Contamination;
  decision_margin: number;
  enabled: boolean;
  /** This version's target false-alarm rate; null: the model's (calibration.ts). */
  false_alarm_rate: number | null;
  /** A margin set by hand (margin route, fine-tune) stays until a rate is set again. */
  margin_pinned: boolean;
  /** The last training's decision-value summary; null before it. */
  calibration: Calibration | null;
}

function version(
  vname: string,
  window_min: number,
  window_size: number,
  step_size: number,
  n_estimators: number,
  decision_margin: number,
): VersionConfig {
  return {
    vname,
    window_min,
    window_pts: 0,
    window_size,
    step_size,
    n_estimators,
    max_samples: 256,
    contamination: "auto",
    decision_margin,
    enabled: true,
    false_alarm_rate: null,
    margin_pinned: false,
    calibration: null,
  };
}

/** The five versions every new model starts with, in this order. */
export function defaultVersions(): VersionConfig[] {
  return [
    version("short_term", 180, 0, 0, 200, 0.16),
    version("daily", 1440, 0, 0, 300, 0.12),
    version("weekly", 10080, 0, 0, 350, 0.06),
    version("seasonal", 129600, 0, 0, 400, 0.08),
    version("timevector", 0, 100, 1, 200, 0.1),
  ];
}

/** Version names end up in file names (version_<v>.forest) and JSON keys. */
export const VERSION_NAME = /^[A-Za-z0-9_]{1,64}$/;

function intOr(value: unknown, fallback: number): number {
  return typeof value === "number" && Number.isInteger(value) ? value : fallback;
}

function numberOr(value: unknown, fallback: number): number {
  return typeof value === "number" && Number.isFinite(value) ? value : fallback;
}

/**
 * Reads one version entry of stored metadata. Older metadata lacks some
 * fields; those take the documented defaults rather than failing the load.
 * Returns null when the entry has no usable name.
 */
export function parseVersion(raw: unknown): VersionConfig | null {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return null;
  const r = raw as Record<string, unknown>;
  if (typeof r.vname !== "string" || !VERSION_NAME.test(r.vname) || r.vname === "__proto__") {
    return null;
  }
  const c = r.contamination;
  return {
    vname: r.vname,
    window_min: intOr(r.window_min, 0),
    window_pts: intOr(r.window_pts, 0),
    window_size: intOr(r.window_size, 0),
    step_size: intOr(r.step_size, 0),
    n_estimators: intOr(r.n_estimators, 100),
    max_samples: intOr(r.max_samples, 256),
    contamination: typeof c === "number" && Number.isFinite(c) && c > 0 && c <= 0.5 ? c : "auto",
    decision_margin: numberOr(r.decision_margin, 0),
    enabled: typeof r.enabled === "boolean" ? r.enabled : true,
    false_alarm_rate: isFalseAlarmRate(r.false_alarm_rate) ? r.false_alarm_rate : null,
    // Versions stored before calibration existed keep the margins they had.
    margin_pinned: typeof r.margin_pinned === "boolean" ? r.margin_pinned : !("calibration" in r),
    calibration: parseCalibration(r.calibration) ?? null,
  };
}
