/**
 * A store that keeps everything in memory: for tests and for a browser
 * session before IndexedDB is wired in. Values are deep-copied in and out so
 * callers cannot alias stored state. It keeps the checkpoint contract of
 * store.ts: metadata counts the records up to `checkpoint`, later ones are
 * added on load.
 */
import type { AutoencoderJson } from "../autoencoder/autoencoder";
import { decodeForestFile, encodeForestFile } from "../forest/forestFile";
import { type MetadataJson, parseMetadata } from "../model/metadata";
import type { LoadedRing, ModelStore, RawRecord, StoredForest } from "./store";

interface Entry {
  metadata: string | null;
  ring: string[];
  /** ring.length when the metadata was saved. */
  checkpoint: number;
  forests: Map<string, Uint8Array>;
  autoencoder: string | null;
  feedback?: string;
}

export class MemoryStore implements ModelStore {
  private readonly models = new Map<string, Entry>();

  private entry(model: string): Entry {
    let e = this.models.get(model);
    if (e === undefined) {
      e = { metadata: null, ring: [], checkpoint: 0, forests: new Map(), autoencoder: null };
      this.models.set(model, e);
    }
    return e;
  }

  async list(): Promise<string[]> {
    return [...this.models]
      .filter(([, e]) => e.metadata !== null)
      .map(([name]) => name)
      .sort();
  }
  async loadMetadata(model: string): Promise<MetadataJson | null> {
    const e = this.models.get(model);
    if (e?.metadata == null) return null;
    const meta = parseMetadata(JSON.parse(e.metadata));
    if (meta !== null) meta.n_seen += e.ring.length - e.checkpoint;
    return meta;
  }
  async saveMetadata(model: string, metadata: MetadataJson): Promise<void> {
    const e = this.entry(model);
    e.metadata = JSON.stringify(metadata);
    e.checkpoint = e.ring.length;
  }
  async loadRing(model: string, capacity: number): Promise<LoadedRing> {
    const e = this.models.get(model);
    if (e === undefined) return { records: [], unsaved: [] };
    const parse = (lines: string[]) => lines.map((line) => JSON.parse(line) as RawRecord);
    return { records: parse(e.ring.slice(-capacity)), unsaved: parse(e.ring.slice(e.checkpoint)) };
  }
  async appendRecords(model: string, records: readonly RawRecord[]): Promise<number> {
    const ring = this.entry(model).ring;
    for (const r of records) ring.push(JSON.stringify(r));
    return ring.length;
  }
  async replaceRing(model: string, records: readonly RawRecord[], metadata: MetadataJson): Promise<void> {
    const e = this.entry(model);
    e.ring = records.map((r) => JSON.stringify(r));
    await this.saveMetadata(model, metadata);
  }
  async loadForest(model: string, version: string): Promise<StoredForest | null> {
    const bytes = this.models.get(model)?.forests.get(version);
    return bytes === undefined ? null : decodeForestFile(bytes, version);
  }
  async saveForest(model: string, version: string, forest: StoredForest): Promise<void> {
    this.entry(model).forests.set(version, encodeForestFile(forest));
  }
  async deleteForest(model: string, version: string): Promise<void> {
    this.models.get(model)?.forests.delete(version);
  }
  async loadAutoencoder(model: string): Promise<AutoencoderJson | null> {
    const text = this.models.get(model)?.autoencoder;
    return text == null ? null : JSON.parse(text);
  }
  async saveAutoencoder(model: string, autoencoder: AutoencoderJson | null): Promise<void> {
    this.entry(model).autoencoder = autoencoder === null ? null : JSON.stringify(autoencoder);
  }
  async loadFeedback(model: string): Promise<unknown | null> {
    const text = this.models.get(model)?.feedback;
    return text === undefined ? null : JSON.parse(text);
  }
  async saveFeedback(model: string, feedback: unknown): Promise<void> {
    this.entry(model).feedback = JSON.stringify(feedback);
  }
  async deleteModel(model: string): Promise<void> {
    this.models.delete(model);
  }
  async close(): Promise<void> {}
}
