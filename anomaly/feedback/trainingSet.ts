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
  return trainingRecords(ring.toArray(), ring.timesArray(), doc);
}

/** trainingSet over records and their clocks (an exported bundle's ring, say). */
export function trainingRecords(records: RawRecord[], times: Float64Array, doc: FeedbackDoc): TrainingSet {
  const all = { records, times, excluded: 0 };
  if (!excludesAnything(doc)) return all;
  const keptRecords: RawRecord[] = [];
  const keptTimes: number[] = [];
  for (let i = 0; i < records.length; i++) {
    if (excludedFromTraining(doc, times[i])) continue;
    keptRecords.push(records[i]);
    keptTimes.push(times[i]);
  }
  if (keptRecords.length < MIN_POINTS) return all;
  return { records: keptRecords, times: Float64Array.from(keptTimes), excluded: records.length - keptRecords.length };
}
