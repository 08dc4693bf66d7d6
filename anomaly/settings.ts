/**
 * A model's settings, as the schedule, margin and fine-tune routes change
 * them: each persists the new metadata (or autoencoder) first and answers
 * the route's JSON body. The service runs them in the model's queue.
 */
import { AnomalyError, asClientErrors } from "./apiError";
import type { Model } from "./model/model";

export interface ScheduleChange {
  below: number | null;
  atMax: number | null;
}

/** The schedule route's body: values > 0 apply (at least 1), others are ignored; a non-number is a 400. */
export function parseSchedule(body: unknown): ScheduleChange {
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw new AnomalyError(400, "The request body must be a JSON object.");
  }
  const b = body as Record<string, unknown>;
  const pick = (key: string): number | null => {
    const v = b[key];
    if (v === undefined || v === null) return null;
    if (typeof v !== "number" || !Number.isFinite(v)) {
      throw new AnomalyError(400, `${key} must be a number.`);
    }
    return v > 0 ? Math.max(1, Math.floor(v)) : null;
  };
  return { below: pick("below_max_retrain_frequency"), atMax: pick("at_max_retrain_frequency") };
}

export async function applySchedule(m: Model, { below, atMax }: ScheduleChange) {
  const meta = await m.updateMeta((meta) => {
    if (below !== null) meta.sched_below = below;
    if (atMax !== null) meta.sched_at_max = atMax;
    // Effective at once: a shorter schedule pulls the next mark closer.
    if (meta.feats.length > 0) {
      const step = m.ring.full ? meta.sched_at_max : meta.sched_below;
      meta.next_train = Math.min(meta.next_train, meta.n_seen + step);
    }
  });
  return {
    status: "success" as const,
    message: `Training schedule updated for model ${m.name}`,
    training_schedule: { below_max: meta.sched_below, at_max: meta.sched_at_max },
  };
}

/** Each trained version's margin becomes 0.95·|its lowest decision value over the ring|. */
export async function fineTune(m: Model) {
  const lowest = await asClientErrors(() => m.lowestDecisions());
  const adjusted: Record<string, number> = {};
  const scores: Record<string, number> = {};
  for (const [v, low] of lowest) {
    adjusted[v] = 0.95 * Math.abs(low);
    scores[v] = low;
  }
  await m.updateMeta((meta) => {
    for (const v of meta.versions) {
      if (!(v.vname in adjusted)) continue;
      v.decision_margin = adjusted[v.vname];
      // A tuned margin holds until a false-alarm rate is set again.
      v.margin_pinned = true;
    }
  });
  return {
    status: "success" as const,
    message: `Margins of model ${m.name} fine-tuned on ${m.ring.length} points`,
    adjusted_margins: adjusted,
    max_anomaly_scores: scores,
  };
}

export function checkMargin(margin: unknown): asserts margin is number {
  if (typeof margin !== "number" || !Number.isFinite(margin)) {
    throw new AnomalyError(400, "margin must be a finite number.");
  }
}

/** One version's margin (the autoencoder's too), persisted, no retrain. */
export async function applyMargin(m: Model, version: string, margin: number) {
  if (version === "autoencoder" && m.autoencoder !== null) {
    await m.setAutoencoder({ ...m.autoencoder.json, margin });
  } else {
    if (!m.meta.versions.some((v) => v.vname === version)) {
      throw new AnomalyError(404, `Version ${version} not found in model ${m.name}`);
    }
    await m.updateMeta((meta) => {
      for (const v of meta.versions) {
        if (v.vname !== version) continue;
        v.decision_margin = margin;
        // A margin set by hand holds until a false-alarm rate is set again.
        v.margin_pinned = true;
      }
    });
  }
  return {
    status: "success" as const,
    message: `Margin of ${version} in model ${m.name} set to ${margin}`,
    version,
    margin,
  };
}
