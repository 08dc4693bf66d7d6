/**
 * The server's model store: one folder per model under the root, holding
 * metadata.json, data.jsonl (one raw record per line), version_<v>.forest
 * (ANOMFOR1) and autoencoder.json.
 *
 * data.jsonl only grows by appends; once it holds more than twice the ring
 * capacity it is compacted to the newest `capacity` lines by an atomic
 * rewrite. A torn last line (a crash mid-append) is dropped on load and cut
 * off the file before the next append. Whole files are written atomically
 * (temp, fsync, rename, fsync folder).
 */
import { constants } from "node:fs";
import { appendFile, mkdir, open, readdir, readFile, rm, stat, truncate } from "node:fs/promises";
import { join } from "node:path";
import { type AutoencoderJson, parseAutoencoder } from "../autoencoder";
import { decodeForestFile, encodeForestFile } from "../forestFile";
import { type MetadataJson, orderedMetadata, parseMetadata } from "../metadata";
import type { ModelStore, RawRecord, StoredForest } from "../store";
import { fsyncDir, writeFileAtomic } from "./atomicFile";

const METADATA = "metadata.json";
const DATA = "data.jsonl";
const AUTOENCODER = "autoencoder.json";
const forestFile = (version: string) => {
  if (!SAFE_NAME.test(version)) throw new Error(`unsafe version name: ${version}`);
  return `version_${version}.forest`;
};
const SAFE_NAME = /^[A-Za-z0-9_]+$/;

export interface FileStoreOptions {
  /**
   * fsync appends and whole-file writes (default true). Turning it off keeps
   * crash safety against a killed process, not against power loss.
   */
  durable?: boolean;
}

function isRecord(v: unknown): v is RawRecord {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

/** Parses JSON lines, dropping a torn (unterminated) last line and unreadable lines. */
function parseLines(text: string): { records: RawRecord[]; validEnd: number } {
  const validEnd = text.lastIndexOf("\n") + 1;
  const records: RawRecord[] = [];
  let start = 0;
  while (start < validEnd) {
    const end = text.indexOf("\n", start);
    const line = text.slice(start, end);
    start = end + 1;
    if (line.trim() === "") continue;
    try {
      const v = JSON.parse(line);
      if (isRecord(v)) records.push(v);
    } catch {
      // A damaged line loses one point, not the model.
    }
  }
  return { records, validEnd };
}

export class FileStore implements ModelStore {
  private readonly durable: boolean;
  /** Lines in each model's data.jsonl, once known. */
  private readonly lineCounts = new Map<string, number>();

  constructor(
    readonly root: string,
    options: FileStoreOptions = {},
  ) {
    this.durable = options.durable ?? true;
  }

  private dir(model: string): string {
    // Names are validated by the service; this guards the filesystem anyway.
    if (!SAFE_NAME.test(model)) throw new Error(`unsafe model name: ${model}`);
    return join(this.root, model);
  }

  private async ensureDir(model: string): Promise<string> {
    const dir = this.dir(model);
    await mkdir(dir, { recursive: true });
    return dir;
  }

  async list(): Promise<string[]> {
    let entries: string[];
    try {
      entries = await readdir(this.root);
    } catch {
      return [];
    }
    const out: string[] = [];
    for (const name of entries) {
      if (!SAFE_NAME.test(name)) continue;
      try {
        await stat(join(this.root, name, METADATA));
        out.push(name);
      } catch {
        // A folder without metadata is not a model.
      }
    }
    return out.sort();
  }

  async loadMetadata(model: string): Promise<MetadataJson | null> {
    try {
      return parseMetadata(JSON.parse(await readFile(join(this.dir(model), METADATA), "utf8")));
    } catch {
      return null;
    }
  }

  async saveMetadata(model: string, metadata: MetadataJson): Promise<void> {
    const dir = await this.ensureDir(model);
    const text = `${JSON.stringify(orderedMetadata(metadata), null, 2)}\n`;
    await writeFileAtomic(join(dir, METADATA), text, this.durable);
  }

  async loadRing(model: string, capacity: number): Promise<RawRecord[]> {
    const path = join(this.dir(model), DATA);
    let text: string;
    try {
      text = await readFile(path, "utf8");
    } catch {
      this.lineCounts.set(model, 0);
      return [];
    }
    const { records, validEnd } = parseLines(text);
    if (validEnd < text.length) {
      // Cut the torn tail so the next append starts on a fresh line.
      await truncate(path, Buffer.byteLength(text.slice(0, validEnd)));
    }
    this.lineCounts.set(model, records.length);
    return records.length > capacity ? records.slice(records.length - capacity) : records;
  }

  async appendRecord(model: string, record: RawRecord, capacity: number): Promise<void> {
    const dir = await this.ensureDir(model);
    const path = join(dir, DATA);
    let count = this.lineCounts.get(model);
    if (count === undefined) {
      // First touch of this model in this process: repair and count.
      count = (await this.loadRing(model, Number.MAX_SAFE_INTEGER)).length;
    }
    const line = `${JSON.stringify(record)}\n`;
    if (this.durable) {
      const handle = await open(path, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT);
      try {
        await handle.writeFile(line);
        await handle.datasync();
      } finally {
        await handle.close();
      }
    } else {
      await appendFile(path, line);
    }
    count++;
    this.lineCounts.set(model, count);
    if (count > 2 * capacity) await this.compact(model, capacity);
  }

  /** Rewrites data.jsonl with only the newest `capacity` records. */
  private async compact(model: string, capacity: number): Promise<void> {
    const records = await this.loadRing(model, capacity);
    await this.replaceRing(model, records);
  }

  async replaceRing(model: string, records: RawRecord[]): Promise<void> {
    const dir = await this.ensureDir(model);
    const text = records.map((r) => `${JSON.stringify(r)}\n`).join("");
    await writeFileAtomic(join(dir, DATA), text, this.durable);
    this.lineCounts.set(model, records.length);
  }

  async loadForest(model: string, version: string): Promise<StoredForest | null> {
    try {
      const bytes = await readFile(join(this.dir(model), forestFile(version)));
      return decodeForestFile(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), version);
    } catch {
      return null;
    }
  }

  async saveForest(model: string, version: string, forest: StoredForest): Promise<void> {
    const dir = await this.ensureDir(model);
    await writeFileAtomic(join(dir, forestFile(version)), encodeForestFile(forest), this.durable);
  }

  async deleteForest(model: string, version: string): Promise<void> {
    await rm(join(this.dir(model), forestFile(version)), { force: true });
  }

  async loadAutoencoder(model: string): Promise<AutoencoderJson | null> {
    try {
      return parseAutoencoder(JSON.parse(await readFile(join(this.dir(model), AUTOENCODER), "utf8")));
    } catch {
      return null;
    }
  }

  async saveAutoencoder(model: string, autoencoder: AutoencoderJson | null): Promise<void> {
    if (autoencoder === null) {
      await rm(join(this.dir(model), AUTOENCODER), { force: true });
      return;
    }
    const dir = await this.ensureDir(model);
    await writeFileAtomic(join(dir, AUTOENCODER), JSON.stringify(autoencoder), this.durable);
  }

  async deleteModel(model: string): Promise<void> {
    await rm(this.dir(model), { recursive: true, force: true });
    this.lineCounts.delete(model);
    if (this.durable) await fsyncDir(this.root);
  }

  async close(): Promise<void> {
    this.lineCounts.clear();
  }
}
