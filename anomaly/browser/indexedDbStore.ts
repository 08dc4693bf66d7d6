/**
 * The model store in IndexedDB, for the engine running in a browser worker.
 * It keeps store.ts's contract with IndexedDB transactions as the unit of
 * atomicity: each operation is one readwrite transaction with strict
 * durability, resolved only once the transaction commits, so
 *
 * - an acknowledged append survives a reload or a killed tab (strict
 *   durability flushes before `complete` fires);
 * - a crash or a closed tab mid-write aborts the whole transaction, so a
 *   model is never half-written: a replaced ring and its metadata change
 *   together or not at all, and an append adds all its records or none.
 *
 * Layout: `models` holds one entry per model ({metadata text, head, next,
 * checkpoint}); `records` holds the log, keyed [model, sequence number],
 * records head..next−1; `forests` ANOMFOR1 bytes keyed [model, version];
 * `autoencoders` JSON keyed by model. Metadata is a checkpoint exactly as in
 * the file store: `checkpoint` is `next` when it was saved, and loading adds
 * the records appended since.
 */
import type { AutoencoderJson } from "../autoencoder/autoencoder";
import { decodeForestFile, encodeForestFile } from "../forest/forestFile";
import { type MetadataJson, parseMetadata } from "../model/metadata";
import type { LoadedRing, ModelStore, RawRecord, StoredForest } from "../store/store";

interface ModelEntry {
  metadata: string | null;
  /** First sequence number still in the log. */
  head: number;
  /** Sequence number the next appended record gets. */
  next: number;
  /** `next` when the metadata was saved. */
  checkpoint: number;
}

const MODELS = "models";
const RECORDS = "records";
const FORESTS = "forests";
const AUTOENCODERS = "autoencoders";
const ALL = [MODELS, RECORDS, FORESTS, AUTOENCODERS];

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error("IndexedDB transaction failed"));
    tx.onabort = () => reject(tx.error ?? new Error("IndexedDB transaction aborted"));
  });
}

export function openAnomalyDatabase(name = "anomaly-models"): Promise<IDBDatabase> {
  const open = indexedDB.open(name, 1);
  open.onupgradeneeded = () => {
    const db = open.result;
    db.createObjectStore(MODELS);
    db.createObjectStore(RECORDS);
    db.createObjectStore(FORESTS);
    db.createObjectStore(AUTOENCODERS);
  };
  return request(open);
}

const emptyEntry = (): ModelEntry => ({ metadata: null, head: 0, next: 0, checkpoint: 0 });

export class IndexedDbStore implements ModelStore {
  constructor(private readonly db: IDBDatabase) {}

  static async open(name?: string): Promise<IndexedDbStore> {
    return new IndexedDbStore(await openAnomalyDatabase(name));
  }

  /** Runs `work` in one readwrite transaction and resolves once it committed durably. */
  private async write<T>(stores: string[], work: (tx: IDBTransaction) => Promise<T> | T): Promise<T> {
    const tx = this.db.transaction(stores, "readwrite", { durability: "strict" });
    const committed = done(tx);
    let result: T;
    try {
      result = await work(tx);
    } catch (e) {
      try {
        tx.abort();
      } catch {
        // Already finished or aborted.
      }
      await committed.catch(() => {});
      throw e;
    }
    await committed;
    return result;
  }

  private read(stores: string[]): IDBTransaction {
    return this.db.transaction(stores, "readonly");
  }

  private async entry(tx: IDBTransaction, model: string): Promise<ModelEntry> {
    const found = (await request(tx.objectStore(MODELS).get(model))) as ModelEntry | undefined;
    return found ?? emptyEntry();
  }

  async list(): Promise<string[]> {
    const tx = this.read([MODELS]);
    const store = tx.objectStore(MODELS);
    const [keys, values] = await Promise.all([request(store.getAllKeys()), request(store.getAll())]);
    const names: string[] = [];
    keys.forEach((key, i) => {
      if ((values[i] as ModelEntry).metadata !== null) names.push(String(key));
    });
    return names.sort();
  }

  async loadMetadata(model: string): Promise<MetadataJson | null> {
    const e = await this.entry(this.read([MODELS]), model);
    if (e.metadata === null) return null;
    let meta: MetadataJson | null;
    try {
      meta = parseMetadata(JSON.parse(e.metadata));
    } catch {
      return null;
    }
    if (meta !== null) meta.n_seen += e.next - e.checkpoint;
    return meta;
  }

  async saveMetadata(model: string, metadata: MetadataJson): Promise<void> {
    const text = JSON.stringify(metadata);
    await this.write([MODELS], async (tx) => {
      const e = await this.entry(tx, model);
      tx.objectStore(MODELS).put({ ...e, metadata: text, checkpoint: e.next }, model);
    });
  }

  async loadRing(model: string, capacity: number): Promise<LoadedRing> {
    const tx = this.read([MODELS, RECORDS]);
    const e = await this.entry(tx, model);
    // One read covers both the ring and the records after the checkpoint.
    const start = Math.max(e.head, Math.min(e.next - capacity, e.checkpoint));
    if (e.next <= start) return { records: [], unsaved: [] };
    const range = IDBKeyRange.bound([model, start], [model, e.next - 1]);
    const texts = (await request(tx.objectStore(RECORDS).getAll(range))) as string[];
    const all = texts.map((t) => JSON.parse(t) as RawRecord);
    return {
      records: all.slice(Math.max(0, e.next - capacity - start)),
      unsaved: all.slice(Math.max(0, e.checkpoint - start)),
    };
  }

  async appendRecords(model: string, records: readonly RawRecord[]): Promise<number> {
    const texts = records.map((r) => JSON.stringify(r));
    return this.write([MODELS, RECORDS], async (tx) => {
      const e = await this.entry(tx, model);
      const log = tx.objectStore(RECORDS);
      for (let i = 0; i < texts.length; i++) log.put(texts[i], [model, e.next + i]);
      const next = e.next + texts.length;
      tx.objectStore(MODELS).put({ ...e, next }, model);
      return next - e.head;
    });
  }

  async replaceRing(model: string, records: readonly RawRecord[], metadata: MetadataJson): Promise<void> {
    const texts = records.map((r) => JSON.stringify(r));
    const meta = JSON.stringify(metadata);
    await this.write([MODELS, RECORDS], async (tx) => {
      const e = await this.entry(tx, model);
      const log = tx.objectStore(RECORDS);
      if (e.next > e.head) log.delete(IDBKeyRange.bound([model, e.head], [model, e.next - 1]));
      // Sequence numbers only grow, so a stale reader can never mistake new records for old ones.
      for (let i = 0; i < texts.length; i++) log.put(texts[i], [model, e.next + i]);
      const next = e.next + texts.length;
      tx.objectStore(MODELS).put({ metadata: meta, head: e.next, next, checkpoint: next }, model);
    });
  }

  async loadForest(model: string, version: string): Promise<StoredForest | null> {
    const bytes = (await request(this.read([FORESTS]).objectStore(FORESTS).get([model, version]))) as
      | Uint8Array
      | undefined;
    return bytes === undefined ? null : decodeForestFile(bytes, version);
  }

  async saveForest(model: string, version: string, forest: StoredForest): Promise<void> {
    const bytes = encodeForestFile(forest);
    await this.write([FORESTS], (tx) => {
      tx.objectStore(FORESTS).put(bytes, [model, version]);
    });
  }

  async deleteForest(model: string, version: string): Promise<void> {
    await this.write([FORESTS], (tx) => {
      tx.objectStore(FORESTS).delete([model, version]);
    });
  }

  async loadAutoencoder(model: string): Promise<AutoencoderJson | null> {
    const text = (await request(this.read([AUTOENCODERS]).objectStore(AUTOENCODERS).get(model))) as string | undefined;
    return text === undefined ? null : (JSON.parse(text) as AutoencoderJson);
  }

  async saveAutoencoder(model: string, autoencoder: AutoencoderJson | null): Promise<void> {
    await this.write([AUTOENCODERS], (tx) => {
      const store = tx.objectStore(AUTOENCODERS);
      if (autoencoder === null) store.delete(model);
      else store.put(JSON.stringify(autoencoder), model);
    });
  }

  async deleteModel(model: string): Promise<void> {
    await this.write(ALL, (tx) => {
      // Keys are [model, x]: every key of this model sorts between [model] and [model, []].
      const range = IDBKeyRange.bound([model], [model, []]);
      tx.objectStore(RECORDS).delete(range);
      tx.objectStore(FORESTS).delete(range);
      tx.objectStore(AUTOENCODERS).delete(model);
      tx.objectStore(MODELS).delete(model);
    });
  }

  async close(): Promise<void> {
    this.db.close();
  }
}
