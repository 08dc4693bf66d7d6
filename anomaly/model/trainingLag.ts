/**
 * How far behind a scheduled training takes effect, and how its results join
 * the model's metadata when it does (the mechanism: pendingTraining.ts).
 */
import { TRAINING_LAG } from "../constants";
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
