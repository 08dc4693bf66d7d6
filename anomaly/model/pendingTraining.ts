/**
 * Scheduled retraining beside ingest. A training that the schedule makes due
 * at point n starts there, on the ring as it stands at n, and runs while
 * ingest goes on scoring with the forests in force; its forests take effect
 * at the first point from n + K on whose own time is at least D seconds
 * after point n's (K and D fixed when it starts, trainingLag). Only if it
 * is not ready when that point arrives does ingest wait for it. So the same
 * stream gets the same verdicts however long a training takes: timing only
 * decides whether that point waits, never which forests score which point.
 *
 * The training in flight is part of the metadata (`pending_training`): a
 * checkpoint written while it runs says where it started and where it takes
 * effect, and loading starts it again on the ring as it stood at n (the
 * loaded points up to n), so a restarted model switches forests at the same
 * point as one that never stopped. K and the merge are in trainingLag.ts.
 */

import { TRAINING_LAG_CAP } from "../constants";

/** metadata.json's `pending_training`: a started training not yet in force. */
export interface PendingTraining {
  /** n_seen of the point it started at (the newest point it trains on). */
  from: number;
  /** n_seen of the first point its forests may score. */
  at: number;
  /**
   * The stream's clock from which its forests may score (`clock` + D); a
   * point at or past `at` with an earlier time keeps the old forests, up to
   * TRAINING_LAG_CAP points past `at`. −Infinity (stored as null, or absent
   * in metadata written before it existed): `at` alone decides.
   */
  after: number;
  /** The feature list at `from` (the encoder may learn new categories meanwhile). */
  feats: string[];
  /** The stream's clock at `from`: windows are cut back from it. */
  clock: number;
  /** The stream's clock at `from`, whole seconds: the model's last_trained once in force. */
  started: number;
}

export function clonePending(p: PendingTraining | null): PendingTraining | null {
  return p === null ? null : { ...p, feats: [...p.feats] };
}

const isCount = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v) && v >= 0;

/** The stored field; anything malformed reads as none (the schedule then starts a training again). */
export function parsePending(raw: unknown, nSeen: number): PendingTraining | null {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return null;
  const r = raw as Record<string, unknown>;
  if (!isCount(r.from) || !isCount(r.at) || r.at < r.from || r.from > nSeen) return null;
  if (!Array.isArray(r.feats) || !r.feats.every((f) => typeof f === "string")) return null;
  if (typeof r.clock !== "number" || !Number.isFinite(r.clock)) return null;
  if (typeof r.started !== "number" || !Number.isFinite(r.started)) return null;
  const after = typeof r.after === "number" && Number.isFinite(r.after) ? r.after : Number.NEGATIVE_INFINITY;
  return { from: r.from, at: r.at, after, feats: r.feats as string[], clock: r.clock, started: r.started };
}

/**
 * Whether the newest point (n_seen `nSeen`, stream time `time`) is where
 * the training in flight takes effect.
 */
export function takesEffectAt(p: PendingTraining, nSeen: number, time: number): boolean {
  return nSeen >= p.at && (time >= p.after || nSeen >= p.at + TRAINING_LAG_CAP);
}
