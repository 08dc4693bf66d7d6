/**
 * Reads an uploaded bundle (bundle.ts) as it arrives, for imports of large
 * models (issue 30): JSON.parse of a 150,000-point bundle (~26 MB) held the
 * whole text, its object tree and the schema's copy of it at once, and held
 * the event loop for seconds. Here the upload is tokenized chunk by chunk
 * (@streamparser/json); each ring record is checked as ingest would check
 * it and handed to `sink` in batches, then dropped, so memory stays bounded
 * by a chunk's records whatever the model's size. Between chunks the caller's
 * awaits (the network read, the sink's write) give the event loop its turns.
 *
 * Ring records are checked against the metadata, so they are checked as they
 * come when the metadata comes first, as every export writes it; a bundle
 * that puts its ring first is still imported, its records held until the
 * metadata arrives.
 *
 * Every problem is a message that names where it is: the upload's line and
 * column for JSON that does not parse, `ring[i] (data.jsonl line i+1)` and
 * the field for a record, the part for the rest.
 */
import { JSONParser } from "@streamparser/json";
import { type MetadataJson, parseMetadata } from "../model/metadata";
import { type BundleHead, parseBundleHead, ringRecordProblem } from "./bundle";
import type { RawRecord } from "./store";

/** A problem with the upload itself: a 400 naming where it is. */
export class BundleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BundleError";
  }
}

/** Records handed to the sink at once (and the most held between sink calls, ring-first bundles aside). */
const BATCH = 500;
/** Bytes parsed between turns of the event loop (about 100 records, well under a millisecond). */
const PIECE = 16 * 1024;

/** setImmediate where there is one (Node); a timer in the browser. */
export const yieldToLoop = (): Promise<void> =>
  new Promise((resolve) => (typeof setImmediate === "function" ? setImmediate(resolve) : setTimeout(resolve, 0)));
const NEWLINE = 0x0a;
const OPEN_BRACE = 0x7b;

/** What a streamed bundle held: its validated parts and how many ring records went to the sink. */
export interface StreamedBundle extends BundleHead {
  records: number;
}

/** Line and column (1-based) of byte `at` of a chunk whose first byte is on line `line`, column `column`. */
function lineAndColumn(chunk: Uint8Array, at: number, line: number, column: number): string {
  let l = line;
  let c = column;
  for (let i = 0; i < at && i < chunk.length; i++) {
    if (chunk[i] === NEWLINE) {
      l++;
      c = 1;
    } else c++;
  }
  return `line ${l}, column ${c}`;
}

/**
 * Parses `source` as a bundle, calling `sink` with its ring records in
 * order (each already checked against the bundle's metadata). Throws
 * BundleError naming the problem; whatever the sink received is then the
 * caller's to discard.
 */
export async function readBundleStream(
  source: AsyncIterable<Uint8Array>,
  sink: (records: RawRecord[]) => Promise<void>,
): Promise<StreamedBundle> {
  const parser = new JSONParser({ paths: ["$.*", "$.ring.*"], keepStack: false });
  const parts: Record<string, unknown> = {};
  let metadata: MetadataJson | null = null;
  let sawRing = false;
  let pending: RawRecord[] = [];
  let index = 0;
  let problem: string | null = null;
  parser.onValue = ({ value, key, stack }) => {
    if (problem !== null) return;
    if (stack.length === 2 && stack[1]?.key === "ring") {
      // A ring record; checked below, where the metadata is known.
      pending.push(value as RawRecord);
      return;
    }
    if (stack.length !== 1 || typeof key !== "string") return;
    if (key === "ring") {
      // The ring array itself, emptied of its records as they were emitted.
      if (!Array.isArray(value)) problem = "The bundle's ring must be an array of records.";
      sawRing = true;
      return;
    }
    parts[key] = value;
    if (key === "metadata") {
      metadata = parseMetadata(value);
      if (metadata === null) problem = "The bundle's metadata is missing or malformed.";
    }
  };
  let line = 1;
  let column = 1;
  let started = false;
  let bytes = 0;

  const flush = async (final: boolean) => {
    if (metadata === null) {
      if (final && pending.length > 0) throw new BundleError("The bundle's metadata is missing or malformed.");
      return;
    }
    if (pending.length < BATCH && !final) return;
    const batch = pending;
    pending = [];
    for (const record of batch) {
      const bad = ringRecordProblem(metadata, record, index);
      if (bad !== null) throw new BundleError(bad);
      index++;
    }
    if (batch.length > 0) await sink(batch);
  };

  for await (const received of source) {
    for (let at = 0; at < received.length; at += PIECE) {
      // A turn of the event loop between pieces of a large network chunk.
      if (at > 0) await yieldToLoop();
      const chunk = received.subarray(at, at + PIECE);
      if (!started) {
        const first = chunk.findIndex((b) => b !== 0x20 && b !== 0x0a && b !== 0x0d && b !== 0x09);
        if (first >= 0) {
          if (chunk[first] !== OPEN_BRACE) throw new BundleError("The bundle must be a JSON object.");
          started = true;
        }
      }
      try {
        parser.write(chunk);
      } catch (e) {
        const message = (e as Error).message;
        const where = /at chunk position "(\d+)"/.exec(message);
        const place =
          where === null
            ? `between byte ${bytes} and ${bytes + chunk.length}`
            : lineAndColumn(chunk, Number(where[1]), line, column);
        throw new BundleError(`The upload is not valid JSON at ${place}: ${message}`);
      }
      if (problem !== null) throw new BundleError(problem);
      let last = -1;
      for (let i = chunk.indexOf(NEWLINE); i >= 0; i = chunk.indexOf(NEWLINE, i + 1)) {
        line++;
        last = i;
      }
      column = last < 0 ? column + chunk.length : chunk.length - last;
      bytes += chunk.length;
      await flush(false);
    }
  }
  if (!started) throw new BundleError("The upload is empty: send the bundle that GET /api/dynamic/{m}/export wrote.");
  if (!parser.isEnded) {
    throw new BundleError(
      `The upload ends in the middle of the bundle (after ${bytes} bytes, line ${line}): it was cut short`,
    );
  }
  await flush(true);
  if (!sawRing) throw new BundleError("The bundle's ring must be an array of records.");
  const head = parseBundleHead(parts);
  if (typeof head === "string") throw new BundleError(head);
  return { ...head, records: index };
}
