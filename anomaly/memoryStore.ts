/**
 * A store that keeps everything in memory: for tests and for a browser
 * session before IndexedDB is wired in. Values are deep-copied in and out so
 * callers cannot alias stored state.
 */
import type { AutoencoderJson } from "./autoencoder";
import { decodeForestFile, encodeForestFile } from "./forestFile";
import { type MetadataJson, parseMetadata } from "./metadata";
import type { ModelStore, RawRecord, StoredForest } from "./store";

interface Entry {
  metadata: string | null;
  ring: string[];
  forests: Map<string, Uint8Array>;
  autoencoder: string | null;
}

export class MemoryStore implements ModelStore {
  private readonly models = new Map<string, Entry>();

  private entry(model: string): Entry {
    let e = this.models.get(model);
    if (e === undefined) {
      e = { metadata: null, ring: [], forests: new Map(), autoencoder: null };
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
    const text = this.models.get(model)?.metadata;
    return text == null ? null : parseMetadata(JSON.parse(text));
  }
  async saveMetadata(model: string, metadata: MetadataJson): Promise<void> {
    this.entry(model).metadata = JSON.stringify(metadata);
  }
  async loadRing(model: string, capacity: number): Promise<RawRecord[]> {
    return (this.models.get(model)?.ring ?? []).slice(-capacity).map((line) => JSON.parse(line));
  }
  async appendRecord(model: string, record: RawRecord, capacity: number): Promise<void> {
    const ring = this.entry(model).ring;
    ring.push(JSON.stringify(record));
    if (ring.length > 2 * capacity) ring.splice(0, ring.length - capacity);
  }
  async replaceRing(model: string, records: RawRecord[]): Promise<void> {
    this.entry(model).ring = records.map((r) => JSON.stringify(r));
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
  async deleteModel(model: string): Promise<void> {
    this.models.delete(model);
  }
  async close(): Promise<void> {}
}
