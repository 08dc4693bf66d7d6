/**
 * How far behind a scheduled training takes effect, and how its results join
 * the model's metadata when it does (the mechanism: pendingTraining.ts).
 */
import { TRAINING_LAG, TRAINING_LAG_SECONDS } from "../constants";
import type { Forest } from "../forest/forest";
import { applyCalibrations } from "./calibrate";
import type { MetadataJson } from "./metadata";
import type { TrainedModel } from "./training";

/**
 * K for a training starting now: at least the schedule's interval, and a
 * sixteenth of the ring's length up to TRAINING_LAG points. A training takes
 * about the same time whatever the ring's length (~0.4 s for the five
 * default versions, mostly growing the forests), so on a mature model K in
 * points must cover it at high ingest rates: 500 points is 1.7 s at 300
 * points/s. A young model's forests must follow its data closely (its first
 * trainings have not seen a whole daily cycle yet), so there the lag is a
 * share of what it has seen: its forests in force never miss more than a
 * seventeenth of the points. The next training starts where this one takes
 * effect, so trainings never overlap and the effective interval is K.
 */
const LAG_RING_SHARE = 16;

export function trainingLag(meta: MetadataJson, ringLength: number, ringFull: boolean): number {
  return Math.max(scheduleStep(meta, ringFull), Math.min(TRAINING_LAG, Math.ceil(ringLength / LAG_RING_SHARE)));
}

/**
 * D, in the stream's own clock: a training also runs at least this long
 * before it takes effect. K points alone cannot cover a training at every
 * ingest rate (a 4,000-point model retrains every 250 points; at 400
 * points/s that is 0.6 s, less than a training takes on a busy machine, so
 * every switch made ingest wait). Live points are stamped with their
 * arrival time, so D seconds of the stream is D seconds of wall clock:
 * however fast points come, a training taking less than D never holds one
 * up. It is still a property of the stream, not of timing (a replay sees
 * the same stamps), so verdicts stay deterministic. For a stream slower
 * than K points per D seconds (any stream at a point a second or slower
 * with the default schedule) K points come later than D seconds and
 * nothing changes; faster streams retrain every D seconds instead of every
 * K points, which also keeps the training thread's share of the CPU at
 * (training time) / D.
 */
export function trainingAfter(clock: number): number {
  return clock + TRAINING_LAG_SECONDS;
}

/** The schedule's interval: below_max until the ring is full, at_max after. */
export function scheduleStep(meta: MetadataJson, ringFull: boolean): number {
  return ringFull ? meta.sched_at_max : meta.sched_below;
}

/** A training's results put into `meta` as it stands now (settings changed meanwhile are kept). */
export function mergeTraining(meta: MetadataJson, trained: TrainedModel, started: number): Map<string, Forest> {
  meta.feats = trained.feats;
  meta.sc_mean = trained.mean;
  meta.sc_std = trained.std;
  meta.bands = trained.bands;
  meta.novelty = trained.novelty;
  applyCalibrations(meta, trained.calibrations);
  meta.last_trained = Math.floor(started);
  meta.pending_training = null;
  const forests = new Map<string, Forest>();
  for (const [vname, forest] of trained.forests) if (forest !== null) forests.set(vname, forest);
  return forests;
}
