/**
 * The ring points a training uses: all of them but those marked as false
 * positives or inside a maintenance window. If fewer than the 50 points a
 * training needs would remain, the whole ring is used instead (a model that
 * cannot train would flag nothing at all, which is worse than training on
 * points an operator doubted); GET feedback reports which applies.
 */
import { MIN_POINTS } from "../constants";
import type { Ring } from "../model/ring";
import type { RawRecord } from "../store/store";
import { excludedFromTraining, excludesAnything, type FeedbackDoc } from "./feedback";

export interface TrainingSet {
  records: RawRecord[];
  times: Float64Array;
  /** Ring points left out. */
  excluded: number;
}

export function trainingSet(ring: Ring, doc: FeedbackDoc): TrainingSet {
  const all = { records: ring.toArray(), times: ring.timesArray(), excluded: 0 };
  if (!excludesAnything(doc)) return all;
  const records: RawRecord[] = [];
  const times: number[] = [];
  for (let i = 0; i < all.records.length; i++) {
    if (excludedFromTraining(doc, all.times[i])) continue;
    records.push(all.records[i]);
    times.push(all.times[i]);
  }
  if (records.length < MIN_POINTS) return all;
  return { records, times: Float64Array.from(times), excluded: all.records.length - records.length };
}
