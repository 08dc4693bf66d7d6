/**
 * Metadata recomputed from a model's raw records, for a model whose
 * metadata.json was lost or damaged while its data log survived. Everything
 * the encoder learned (columns, kinds, categories) and n_seen follow from the
 * records replayed in order; settings that only the metadata held (schedule,
 * margins, version list) return to their defaults, and the model is
 * untrained until the next point or force_train.
 */
import { MIN_POINTS } from "../constants";
import type { RawRecord } from "../store/store";
import { checkRecord, learnRecord, parseTimestampValue, TIMESTAMP_KEY } from "./encoding";
import { isoFromUnix, type MetadataJson, newMetadata } from "./metadata";

export function metadataFromRecords(name: string, records: readonly RawRecord[], now: number): MetadataJson {
  let created = now;
  if (records.length > 0) {
    try {
      created = parseTimestampValue(records[0][TIMESTAMP_KEY]);
    } catch {
      // A first record without a clock: the model is dated now.
    }
  }
  const meta = newMetadata(name, created);
  for (const record of records) {
    try {
      learnRecord(meta, checkRecord(record, true));
    } catch {
      // Stored records were valid when ingested; a damaged one teaches nothing.
    }
  }
  meta.created = isoFromUnix(created);
  meta.n_seen = records.length;
  // Untrained: the next point (or force_train) trains once 50 are there.
  meta.next_train = Math.max(MIN_POINTS, records.length + 1);
  return meta;
}
