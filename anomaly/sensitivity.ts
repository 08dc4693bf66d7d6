/**
 * A model's sensitivity settings: the alert quiet period (onset.ts) and the
 * false-alarm rate (calibration.ts), per model, or per version when
 * `version` is given. Setting a rate un-pins the margins it covers and
 * re-derives them at once from the last training's score distribution, so
 * the change is in force for the next point without a retrain.
 */
import { AnomalyError } from "./apiError";
import { recalibrateMargins } from "./model/calibrate";
import { isFalseAlarmRate, MAX_FALSE_ALARM_RATE, MIN_FALSE_ALARM_RATE } from "./model/calibration";
import type { Model } from "./model/model";
import { isQuietMinutes, isWarmupMinutes, MAX_ALERT_QUIET_MIN, MAX_WARMUP_MIN } from "./model/onset";

export interface RateChange {
  rate: number;
  /** null: the model's rate (and every version follows it). */
  version: string | null;
}

/** The route's body: {"false_alarm_rate": 0.005, "version"?: "daily"}. */
export function parseRateChange(body: unknown): RateChange {
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw new AnomalyError(400, "The request body must be a JSON object.");
  }
  const b = body as Record<string, unknown>;
  if (!isFalseAlarmRate(b.false_alarm_rate)) {
    throw new AnomalyError(
      400,
      `false_alarm_rate must be a number from ${MIN_FALSE_ALARM_RATE} to ${MAX_FALSE_ALARM_RATE} (a share of normal points, 0.005 = 0.5 %).`,
    );
  }
  if (b.version !== undefined && b.version !== null && typeof b.version !== "string") {
    throw new AnomalyError(400, "version must be a version name.");
  }
  return { rate: b.false_alarm_rate, version: typeof b.version === "string" ? b.version : null };
}

export async function applyRateChange(m: Model, { rate, version }: RateChange) {
  if (version !== null && !m.meta.versions.some((v) => v.vname === version)) {
    throw new AnomalyError(404, `Version ${version} not found in model ${m.name}`);
  }
  const meta = await m.updateMeta((meta) => {
    for (const v of meta.versions) {
      if (version === null) {
        v.false_alarm_rate = null;
        v.margin_pinned = false;
      } else if (v.vname === version) {
        v.false_alarm_rate = rate;
        v.margin_pinned = false;
      }
    }
    if (version === null) meta.false_alarm_rate = rate;
    recalibrateMargins(meta);
  });
  const margins: Record<string, number> = {};
  for (const v of meta.versions) margins[v.vname] = v.decision_margin;
  return {
    status: "success" as const,
    message: `False-alarm rate of ${version ?? "every version"} in model ${m.name} set to ${rate}`,
    false_alarm_rate: rate,
    version,
    margins,
  };
}

/** What PUT alert_quiet changes: the quiet period, the warm-up, or both. */
export interface AlertTiming {
  quiet_min?: number;
  warmup_min?: number;
}

/** The route's body: {"quiet_min": 240, "warmup_min": 2880}, either or both. */
export function parseQuietMinutes(body: unknown): AlertTiming {
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw new AnomalyError(400, "The request body must be a JSON object.");
  }
  const { quiet_min: q, warmup_min: w } = body as Record<string, unknown>;
  if (q === undefined && w === undefined) {
    throw new AnomalyError(400, "The body must set quiet_min, warmup_min or both (minutes).");
  }
  if (q !== undefined && !isQuietMinutes(q)) {
    throw new AnomalyError(
      400,
      `quiet_min must be a number of minutes from 0 to ${MAX_ALERT_QUIET_MIN} (0: every flagged point opens an alert).`,
    );
  }
  if (w !== undefined && !isWarmupMinutes(w)) {
    throw new AnomalyError(
      400,
      `warmup_min must be a number of minutes from 0 to ${MAX_WARMUP_MIN} (0: alerts from the first scored point).`,
    );
  }
  return { quiet_min: q as number | undefined, warmup_min: w as number | undefined };
}

/** In force for the next point; the state (the last flag, a warm-up already over) is kept. */
export async function applyQuietMinutes(m: Model, timing: AlertTiming) {
  const meta = await m.updateMeta((meta) => {
    if (timing.quiet_min !== undefined) meta.alerting.quiet_min = timing.quiet_min;
    if (timing.warmup_min !== undefined) meta.alerting.warmup_min = timing.warmup_min;
  });
  const { quiet_min, warmup_min } = meta.alerting;
  return {
    status: "success" as const,
    message: `Alerting of model ${m.name}: quiet period ${quiet_min} minutes, warm-up ${warmup_min} minutes`,
    quiet_min,
    warmup_min,
    learning: m.learning,
  };
}
