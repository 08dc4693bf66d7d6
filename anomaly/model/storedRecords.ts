/**
 * Taking stored records back when a model loads: the log holds what ingest
 * accepted, but a line edited by hand or written before a limit existed may
 * no longer fit the model; it is listed for the store to keep aside instead
 * of failing the load.
 */
import type { RawRecord, UnusableLine } from "../store/store";
import { checkFits, checkRecord, learnRecord, recordTime } from "./encoding";
import type { MetadataJson } from "./metadata";
import type { Ring } from "./ring";

/** Teaches the encoder a stored record; a damaged one teaches nothing (it was valid when ingested). */
export function learnQuietly(meta: MetadataJson, record: RawRecord): void {
  try {
    learnRecord(meta, checkRecord(record));
  } catch {
    // Left to pushIfFits, which sets it aside.
  }
}

/** Puts a stored record in the ring, or lists it as unusable; true when it went in. */
export function pushIfFits(meta: MetadataJson, ring: Ring, record: RawRecord, unusable: UnusableLine[]): boolean {
  try {
    checkFits(meta, checkRecord(record));
  } catch (e) {
    unusable.push({ reason: (e as Error).message, text: JSON.stringify(record) });
    return false;
  }
  ring.push(record, recordTime(record));
  return true;
}
