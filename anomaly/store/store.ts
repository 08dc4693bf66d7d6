/**
 * Persistence behind a narrow async interface, so the server (files) and the
 * browser (IndexedDB) share the engine. The store owns durability; the model
 * decides what to write and when.
 *
 * The data log is the source of truth for how many points a model has seen.
 * Metadata is a checkpoint: saving it records where the data log ended at
 * that moment, and loading it adds every complete record appended after that
 * position to n_seen. So ingest appends records only, and metadata is
 * rewritten just when something else changes (training, settings, reset,
 * compaction). Every record the log holds is counted: a crash can leave at
 * most the unacknowledged records of the batch in flight, never a point that
 * is stored but not counted.
 */
import type { AutoencoderJson } from "../autoencoder/autoencoder";
import type { Forest } from "../forest/forest";
import type { MetadataJson } from "../model/metadata";

/**
 * A stored model whose files exist but cannot be loaded (e.g. a truncated
 * metadata.json). Its files are left untouched; the service answers 409 and
 * never creates a new model over it until an operator acts (`anomaly doctor`).
 */
export class DamagedModelError extends Error {
  constructor(
    readonly model: string,
    /** The file at fault, relative to the model's folder. */
    readonly file: string,
    readonly problem: string,
  ) {
    super(`Model ${model} cannot be loaded: ${file} ${problem}`);
    this.name = "DamagedModelError";
  }
}

/** A raw record exactly as ingested, with its numeric `timestamp` (unix seconds). */
export type RawRecord = Record<string, unknown>;

/** A forest file: the forest plus the version name and margin it was saved with. */
export interface StoredForest {
  name: string;
  margin: number;
  forest: Forest;
}

export interface LoadedRing {
  /** The newest `capacity` records, oldest first (a torn last record is dropped). */
  records: RawRecord[];
  /**
   * Every record appended after the metadata checkpoint, oldest first: the
   * loader replays their learning (columns, categories) into the metadata.
   */
  unsaved: RawRecord[];
  /** Complete lines of the log that are not records: left out and kept aside by the store. */
  setAside?: number;
}

/** A stored line that cannot be used, with why (see node/quarantine.ts). */
export interface UnusableLine {
  reason: string;
  text: string;
}

/** A replacement for a model's log, written outside the model until committed (see ModelStore.draftRing). */
export interface RingDraft {
  /** Appends records, in order; nothing of the model changes. */
  add(records: readonly RawRecord[]): Promise<void>;
  /**
   * Replaces the model's log with the newest `capacity` records added, and
   * its metadata, as one crash-safe step, as replaceRing does.
   */
  commit(metadata: MetadataJson, capacity: number): Promise<void>;
  /** Drops what was added; the model is as it was. */
  discard(): Promise<void>;
}

export interface ModelStore {
  /** Names of stored models, damaged ones included. */
  list(): Promise<string[]>;
  /**
   * Null when absent; throws DamagedModelError when the model's files exist
   * but cannot be loaded. n_seen is the checkpoint plus the records
   * appended after it; an interrupted data replacement is completed first.
   */
  loadMetadata(model: string): Promise<MetadataJson | null>;
  /**
   * A checkpoint at the current end of the data log: `metadata.n_seen` must
   * count every record appended so far.
   */
  saveMetadata(model: string, metadata: MetadataJson): Promise<void>;
  loadRing(model: string, capacity: number): Promise<LoadedRing>;
  /**
   * Appends records in order with one write and one sync, never rewriting
   * the log; on failure the log is as it was. Returns the number of records
   * the log now holds (the caller compacts it past twice the capacity).
   */
  appendRecords(model: string, records: readonly RawRecord[]): Promise<number>;
  /**
   * Replaces the whole log and the metadata as one crash-safe step (reset,
   * import, compaction): after a crash at any instant the model loads either
   * wholly before or wholly after.
   */
  replaceRing(model: string, records: readonly RawRecord[], metadata: MetadataJson): Promise<void>;
  /**
   * A replacement log written piece by piece (a streamed import), so a large
   * model is never whole in memory; optional (the service falls back to
   * replaceRing with the records collected).
   */
  draftRing?(model: string): Promise<RingDraft>;
  /** Null when absent, corrupt, or saved under another version name. */
  loadForest(model: string, version: string): Promise<StoredForest | null>;
  saveForest(model: string, version: string, forest: StoredForest): Promise<void>;
  deleteForest(model: string, version: string): Promise<void>;
  loadAutoencoder(model: string): Promise<AutoencoderJson | null>;
  /** Null deletes it. */
  saveAutoencoder(model: string, autoencoder: AutoencoderJson | null): Promise<void>;
  /**
   * The model's feedback document (feedback/feedback.ts) as parsed JSON;
   * null when there is none. Optional: a store without it keeps no feedback
   * and the feedback routes answer that it is unsupported.
   */
  loadFeedback?(model: string): Promise<unknown | null>;
  /** Replaces the feedback document in one crash-safe step. */
  saveFeedback?(model: string, feedback: unknown): Promise<void>;
  deleteModel(model: string): Promise<void>;
  /**
   * Clears what a model that is not stored left behind, before its first
   * batch is written; its idempotency keys stay (the first point's key is
   * journaled before that batch: deleting it let a retry after a kill store
   * the first point twice, shifting every later point by one). Optional:
   * without it, deleteModel.
   */
  clearForNew?(model: string): Promise<void>;
  close(): Promise<void>;
  /**
   * Keeps stored records that loading found unusable (a value that does not
   * fit its column) aside, outside the ring; optional for stores that cannot.
   */
  keepAside?(model: string, lines: readonly UnusableLine[]): Promise<void>;
}
