/**
 * Persistence behind a narrow async interface, so the server (files) and the
 * browser (IndexedDB) share the engine. The store owns durability; the model
 * decides what to write and when.
 */
import type { AutoencoderJson } from "./autoencoder";
import type { Forest } from "./forest";
import type { MetadataJson } from "./metadata";

/** A raw record exactly as ingested, with its numeric `timestamp` (unix seconds). */
export type RawRecord = Record<string, unknown>;

/** A forest file: the forest plus the version name and margin it was saved with. */
export interface StoredForest {
  name: string;
  margin: number;
  forest: Forest;
}

export interface ModelStore {
  /** Names of stored models (folders with a loadable metadata file). */
  list(): Promise<string[]>;
  /** Null when absent or unreadable. */
  loadMetadata(model: string): Promise<MetadataJson | null>;
  saveMetadata(model: string, metadata: MetadataJson): Promise<void>;
  /** The ring, oldest first, at most `capacity` records (a torn last record is dropped). */
  loadRing(model: string, capacity: number): Promise<RawRecord[]>;
  /** Appends one record; must not rewrite the whole ring per record. */
  appendRecord(model: string, record: RawRecord, capacity: number): Promise<void>;
  /** Replaces the whole ring (reset, import). */
  replaceRing(model: string, records: RawRecord[]): Promise<void>;
  /** Null when absent, corrupt, or saved under another version name. */
  loadForest(model: string, version: string): Promise<StoredForest | null>;
  saveForest(model: string, version: string, forest: StoredForest): Promise<void>;
  deleteForest(model: string, version: string): Promise<void>;
  loadAutoencoder(model: string): Promise<AutoencoderJson | null>;
  /** Null deletes it. */
  saveAutoencoder(model: string, autoencoder: AutoencoderJson | null): Promise<void>;
  deleteModel(model: string): Promise<void>;
  close(): Promise<void>;
}
