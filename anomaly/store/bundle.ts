/**
 * A whole model as one JSON value, for moving models between the browser
 * and the server. Forests travel as base64 ANOMFOR1 files so both sides use
 * the one validated decoder.
 */
import { type AutoencoderJson, parseAutoencoder } from "../autoencoder/autoencoder";
import { type FeedbackDoc, feedbackJson, parseFeedback } from "../feedback/feedback";
import { decodeForestFile, encodeForestFile } from "../forest/forestFile";
import { checkFits, checkRecord, VERDICT_KEY } from "../model/encoding";
import { type MetadataJson, orderedMetadata, parseMetadata } from "../model/metadata";
import { parseVerdictRecord } from "../model/verdictRecord";
import type { RawRecord, StoredForest } from "./store";

export const BUNDLE_FORMAT = "anomaly-model/1";

/** A whole model, JSON-serialisable. */
export interface ModelBundle {
  format: typeof BUNDLE_FORMAT;
  metadata: MetadataJson;
  ring: RawRecord[];
  /** ANOMFOR1 files, base64, by version name. */
  forests: Record<string, string>;
  autoencoder: AutoencoderJson | null;
  /** The operator's feedback (feedback/feedback.ts); absent in bundles from before it, and when there is none. */
  feedback?: FeedbackDoc;
}

/**
 * Node's Buffer where there is one (the server): it encodes in native code,
 * where the string-building path below held a 150,000-point model's export
 * on the event loop for ~170 ms (issue 30). The browser takes the portable path.
 */
const NodeBuffer = (globalThis as { Buffer?: typeof Buffer }).Buffer;

export function toBase64(bytes: Uint8Array): string {
  if (NodeBuffer !== undefined)
    return NodeBuffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64");
  let text = "";
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK) {
    text += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  }
  return btoa(text);
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export function fromBase64(text: string): Uint8Array | null {
  if (NodeBuffer !== undefined) {
    // Buffer skips what is not base64 where atob refuses it: refused here too.
    if (text.length % 4 === 1 || !BASE64.test(text)) return null;
    const bytes = NodeBuffer.from(text, "base64");
    return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  try {
    const bin = atob(text);
    const out = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out;
  } catch {
    return null;
  }
}

export function makeBundle(
  metadata: MetadataJson,
  ring: RawRecord[],
  forests: StoredForest[],
  autoencoder: AutoencoderJson | null,
  feedback: FeedbackDoc | null = null,
): ModelBundle {
  const files: Record<string, string> = {};
  for (const f of forests) files[f.name] = toBase64(encodeForestFile(f));
  const bundle: ModelBundle = {
    format: BUNDLE_FORMAT,
    metadata: orderedMetadata(metadata),
    ring,
    forests: files,
    autoencoder,
  };
  if (feedback !== null && (feedback.marks.length > 0 || feedback.maintenance.length > 0)) {
    bundle.feedback = feedbackJson(feedback);
  }
  return bundle;
}

/**
 * makeBundle with `pause()` awaited before each forest is encoded: encoding
 * the forests of a big model in one go held a server's event loop ~30 ms
 * (issue 30's export under load). Same bundle, same key order.
 */
export async function makeBundleStepwise(
  metadata: MetadataJson,
  ring: RawRecord[],
  forests: StoredForest[],
  autoencoder: AutoencoderJson | null,
  feedback: FeedbackDoc | null,
  pause: () => Promise<void>,
): Promise<ModelBundle> {
  const bundle = makeBundle(metadata, ring, [], autoencoder, feedback);
  for (const f of forests) {
    await pause();
    bundle.forests[f.name] = toBase64(encodeForestFile(f));
  }
  return bundle;
}

export interface ParsedBundle {
  metadata: MetadataJson;
  ring: RawRecord[];
  forests: StoredForest[];
  autoencoder: AutoencoderJson | null;
  feedback: FeedbackDoc | null;
}

/**
 * A ring record checked as ingest would check it (a value past the number
 * limit, text in a number column), so nothing unusable is stored; null when
 * it is fine, else a message naming the record, its data.jsonl line and the
 * field.
 */
export function ringRecordProblem(metadata: MetadataJson, record: unknown, index: number): string | null {
  const where = `The bundle's ring[${index}] (data.jsonl line ${index + 1})`;
  try {
    checkFits(metadata, checkRecord(record, true));
  } catch (e) {
    return `${where}: ${(e as Error).message}`;
  }
  // A point's recorded verdict travels with it and must be one.
  const verdict = (record as RawRecord)[VERDICT_KEY];
  if (verdict === undefined) return null;
  const parsed = parseVerdictRecord(verdict);
  return typeof parsed === "string" ? `${where}: its ${VERDICT_KEY} ${parsed}.` : null;
}

/** Everything of a bundle but its ring, validated; a message when it is unusable. */
export type BundleHead = Omit<ParsedBundle, "ring">;

/** Validates a bundle's parts other than the ring (which the caller checks record by record). */
export function parseBundleHead(b: Record<string, unknown>): BundleHead | string {
  if (b.format !== BUNDLE_FORMAT) return `Unknown bundle format (expected "${BUNDLE_FORMAT}").`;
  const metadata = parseMetadata(b.metadata);
  if (metadata === null) return "The bundle's metadata is missing or malformed.";
  const forests: StoredForest[] = [];
  if (b.forests !== undefined && b.forests !== null) {
    if (typeof b.forests !== "object" || Array.isArray(b.forests)) return "The bundle's forests must be an object.";
    for (const [name, text] of Object.entries(b.forests as Record<string, unknown>)) {
      const bytes = typeof text === "string" ? fromBase64(text) : null;
      const stored = bytes === null ? null : decodeForestFile(bytes, name);
      if (stored === null) return `The bundle's forest '${name}' is not a valid ANOMFOR1 file.`;
      forests.push(stored);
    }
  }
  const known = new Set(metadata.versions.map((v) => v.vname));
  const stray = forests.find((f) => !known.has(f.name));
  if (stray !== undefined) return `The bundle's forest '${stray.name}' names no version of the model.`;
  let autoencoder: AutoencoderJson | null = null;
  if (b.autoencoder !== undefined && b.autoencoder !== null) {
    autoencoder = parseAutoencoder(b.autoencoder);
    if (autoencoder === null) return "The bundle's autoencoder is malformed.";
  }
  let feedback: FeedbackDoc | null = null;
  if (b.feedback !== undefined && b.feedback !== null) {
    feedback = parseFeedback(b.feedback);
    if (feedback === null) return "The bundle's feedback is malformed.";
  }
  return { metadata, forests, autoencoder, feedback };
}

/** Validates a bundle; returns a message when it is unusable. */
export function parseBundle(raw: unknown): ParsedBundle | string {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return "The bundle must be a JSON object.";
  const b = raw as Record<string, unknown>;
  if (b.format !== BUNDLE_FORMAT) return `Unknown bundle format (expected "${BUNDLE_FORMAT}").`;
  const metadata = parseMetadata(b.metadata);
  if (metadata === null) return "The bundle's metadata is missing or malformed.";
  if (!Array.isArray(b.ring)) return "The bundle's ring must be an array of records.";
  for (let i = 0; i < b.ring.length; i++) {
    const problem = ringRecordProblem(metadata, b.ring[i], i);
    if (problem !== null) return problem;
  }
  const head = parseBundleHead(b);
  if (typeof head === "string") return head;
  return { ...head, ring: b.ring as RawRecord[] };
}
