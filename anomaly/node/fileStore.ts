/**
 * The server's model store: one folder per model under the root, holding
 * metadata.json, data.jsonl (one raw record per line), version_<v>.forest
 * (ANOMFOR1) and autoencoder.json.
 *
 * data.jsonl is an append-only log (see dataLog.ts) and the source of truth
 * for n_seen. metadata.json is a checkpoint: it carries, after the
 * documented fields, `data_jsonl: {generation, bytes}`, the log's generation
 * and length when it was written. On load n_seen = the checkpoint's n_seen +
 * the complete records after `bytes`. Metadata without that field (stores
 * written before it existed) counts the log as fully checkpointed and is
 * rewritten with it at once, before anything is appended.
 *
 * Replacing the log (reset, import, compaction past twice the capacity) is
 * one crash-safe step ordered by the generation: write data.jsonl.<g+1> and
 * sync it; write metadata naming generation g+1 (the commit point); rename
 * the new log over data.jsonl. A load that finds data.jsonl.<g> for the
 * generation its metadata names finishes the rename; any other
 * data.jsonl.<n> is an uncommitted attempt and is removed.
 *
 * Forest files take effect with the next metadata write, which names them
 * (`forests_staged`, forestStaging.ts): a kill part-way through a
 * training's files leaves the forests the metadata on disk names.
 *
 * Whole files are written atomically (temp, fsync, rename, fsync folder).
 *
 * A folder whose metadata.json is missing (with data in the log) or damaged
 * is never treated as absent, so no new model overwrites its data: with an
 * intact log the metadata is rebuilt from it on load (the damaged files kept
 * aside, a log line says so); otherwise loading throws DamagedModelError and
 * the files stay as they are (see recovery.ts, `anomaly doctor`).
 */
import { type FileHandle, mkdir, open, readFile, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { type AutoencoderJson, parseAutoencoder } from "../autoencoder/autoencoder";
import { decodeForestFile, encodeForestFile } from "../forest/forestFile";
import { checkFits, checkRecord } from "../model/encoding";
import { type MetadataJson, orderedMetadata } from "../model/metadata";
import { metadataFromRecords } from "../model/rebuild";
import {
  DamagedModelError,
  type LoadedRing,
  type ModelStore,
  type RawRecord,
  type RingDraft,
  type StoredForest,
  type UnusableLine,
} from "../store/store";
import { fsyncDir, namesIn, removeStaleTemps, writeFileAtomic } from "./atomicFile";
import { completeLength, DataLog, encodeLines, parseRecords, readOrEmpty } from "./dataLog";
import { DiskWatch } from "./diskWatch";
import { ForestStaging, forestFileName, STAGED_FIELD } from "./forestStaging";
import { KEY_JOURNAL_FILE } from "./keyJournal";
import { LogDraft } from "./logDraft";
import { keepAside, parseLinesInSlices, QUARANTINED } from "./quarantine";
import {
  DATA,
  type LogScan,
  logIsIntact,
  METADATA,
  type MetadataRead,
  quarantineFolder,
  readMetadataFile,
  scanLog,
  setAside,
} from "./recovery";

const PENDING_DATA = /^data\.jsonl\.(\d+)$/;
const AUTOENCODER = "autoencoder.json";
const FEEDBACK = "feedback.json";
const forestFile = (version: string) => {
  if (!SAFE_NAME.test(version)) throw new Error(`unsafe version name: ${version}`);
  return forestFileName(version);
};
const SAFE_NAME = /^[A-Za-z0-9_]+$/;

export interface FileStoreOptions {
  /**
   * fsync appends and whole-file writes (default true). Turning it off keeps
   * crash safety against a killed process, not against power loss.
   */
  durable?: boolean;
  /** Where recovery is reported (default console.warn). */
  log?: (line: string) => void;
  /**
   * Never change a file (read-only CLI commands: ls, info): what loading
   * would repair (a metadata rebuild, a torn log tail, an unfinished log
   * replacement, lines to set aside) is left as it is, and a write throws.
   */
  readOnly?: boolean;
}

/** `anomaly doctor`'s view of one model folder. */
export interface Diagnosis {
  model: string;
  ok: boolean;
  /** The file at fault and what is wrong with it, when not ok. */
  file?: string;
  problem?: string;
  /** Readable records in data.jsonl, and complete lines that are not records. */
  records: number;
  badLines: number;
  /** Whether the store rebuilds the metadata on load by itself (intact log). */
  rebuildsOnLoad: boolean;
}

/** Where metadata.json says the log stood when it was written. */
interface Checkpoint {
  generation: number;
  bytes: number;
}

function parseCheckpoint(raw: unknown): Checkpoint | null {
  if (raw === null || typeof raw !== "object") return null;
  const { generation, bytes } = raw as Record<string, unknown>;
  const ok = (v: unknown): v is number => typeof v === "number" && Number.isSafeInteger(v) && v >= 0;
  return ok(generation) && ok(bytes) ? { generation, bytes } : null;
}

/** What this process knows about one model's files. */
interface ModelFiles {
  checkpoint: Checkpoint;
  /** Null until the log is scanned in this process. */
  log: DataLog | null;
}

export class FileStore implements ModelStore {
  private readonly durable: boolean;
  private readonly readOnly: boolean;
  private readonly report: (line: string) => void;
  private readonly models = new Map<string, ModelFiles>();
  /** Whether writes last found the disk full (reported once per episode; the health route reads it). */
  readonly disk: DiskWatch;
  /** Forest files written or removed since each model's last metadata write (forestStaging.ts). */
  private readonly staging: ForestStaging;

  constructor(
    readonly root: string,
    options: FileStoreOptions = {},
  ) {
    this.durable = options.durable ?? true;
    this.readOnly = options.readOnly ?? false;
    this.report = options.log ?? ((line) => console.warn(line));
    this.disk = new DiskWatch(this.report);
    this.staging = new ForestStaging(this.durable);
  }

  private dir(model: string): string {
    // Names are validated by the service; this guards the filesystem anyway.
    if (!SAFE_NAME.test(model)) throw new Error(`unsafe model name: ${model}`);
    return join(this.root, model);
  }

  private refuseWrite(model: string): void {
    if (this.readOnly) throw new Error(`model ${model}: this command only reads; it changes no file`);
  }

  private async ensureDir(model: string): Promise<string> {
    this.refuseWrite(model);
    const dir = this.dir(model);
    await mkdir(dir, { recursive: true });
    return dir;
  }

  private files(model: string): ModelFiles {
    let f = this.models.get(model);
    if (f === undefined) {
      f = { checkpoint: { generation: 0, bytes: 0 }, log: null };
      this.models.set(model, f);
    }
    return f;
  }

  /** The model's log, scanned once per process (a torn tail is cut off here). */
  private async log(model: string): Promise<{ log: DataLog; bytes?: Buffer }> {
    const f = this.files(model);
    if (f.log !== null) return { log: f.log };
    const scanned = await DataLog.scan(join(this.dir(model), DATA), this.durable, !this.readOnly);
    f.log = scanned.log;
    return scanned;
  }

  async list(): Promise<string[]> {
    const entries = await namesIn(this.root);
    const out: string[] = [];
    for (const name of entries) {
      if (!SAFE_NAME.test(name)) continue;
      // A folder with a log but no metadata is a damaged model, not nothing.
      for (const file of [METADATA, DATA]) {
        try {
          await stat(join(this.root, name, file));
          out.push(name);
          break;
        } catch {
          // Not this file.
        }
      }
    }
    return out.sort();
  }

  async loadMetadata(model: string): Promise<MetadataJson | null> {
    const dir = this.dir(model);
    const read = await readMetadataFile(dir);
    if (read.kind !== "ok") return this.recover(model, dir, read);
    const { meta, raw } = read;
    const stamp = parseCheckpoint(raw.data_jsonl);
    const generation = stamp?.generation ?? 0;
    if (!this.readOnly) {
      await this.finishReplacement(dir, generation);
      await this.staging.finish(model, dir, raw[STAGED_FIELD]);
    }
    const tail = await readTail(join(dir, DATA), stamp?.bytes ?? 0);
    const f = this.files(model);
    if (stamp !== null && tail === null) {
      // The checkpoint promises bytes the log no longer has: acknowledged
      // points are gone. Never accept that silently (issue 30): the model
      // answers 409 until `anomaly doctor --rebuild` accepts the loss.
      throw new DamagedModelError(model, DATA, await shortLogProblem(join(dir, DATA), stamp.bytes));
    }
    if (stamp === null || tail === null) {
      // Old metadata: count the log as checkpointed now, and say so on disk
      // before anything is appended after it.
      await f.log?.close();
      f.log = null;
      const { log } = await this.log(model);
      f.checkpoint = { generation, bytes: log.size };
      if (!this.readOnly) await this.writeMetadata(model, dir, meta, f.checkpoint);
      return meta;
    }
    f.checkpoint = stamp;
    // parseRecords reads complete lines only: a torn last one is not counted.
    meta.n_seen += parseRecords(tail).length;
    return meta;
  }

  /**
   * metadata.json is missing or damaged: null when there is no data either
   * (no model); a rebuilt metadata when the log is intact; otherwise throws
   * DamagedModelError and changes nothing.
   */
  private async recover(model: string, dir: string, read: Exclude<MetadataRead, { kind: "ok" }>) {
    const scan = await scanLog(dir);
    if (read.kind === "missing" && scan.bytes === 0 && scan.pending.length === 0) return null;
    const problem = read.kind === "missing" ? "is missing" : read.problem;
    if (!logIsIntact(scan)) throw new DamagedModelError(model, METADATA, `${problem}; ${logTrouble(scan)}`);
    if (this.readOnly)
      throw new DamagedModelError(
        model,
        METADATA,
        `${problem}; left as it is by a command that only reads (the server's next load, or anomaly doctor --rebuild, rebuilds it from ${DATA})`,
      );
    const meta = await this.rebuildFrom(model, dir, scan);
    this.report(
      `anomaly store: model ${model}: ${METADATA} ${problem}; rebuilt it from ${DATA} (${scan.records.length} records)`,
    );
    return meta;
  }

  /** Sets the damaged files aside and writes metadata recomputed from the log's readable records. */
  private async rebuildFrom(model: string, dir: string, scan: LogScan): Promise<MetadataJson> {
    await setAside(dir, this.durable);
    const f = this.files(model);
    await f.log?.close();
    f.log = null;
    const meta = metadataFromRecords(model, scan.records, Date.now() / 1000);
    f.checkpoint = { generation: 0, bytes: scan.bytes };
    await this.writeMetadata(model, dir, meta, f.checkpoint);
    return meta;
  }

  /** What is wrong with a stored model, if anything; changes nothing. */
  async diagnose(model: string): Promise<Diagnosis> {
    const dir = this.dir(model);
    const [read, scan] = await Promise.all([readMetadataFile(dir), scanLog(dir)]);
    const base = { model, records: scan.records.length, badLines: scan.badLines };
    if (read.kind === "ok") {
      const brokenScaler = [read.raw.sc_mean, read.raw.sc_std].some((a) => Array.isArray(a) && a.includes(null));
      if (brokenScaler) {
        const problem =
          "holds a scaler with non-finite values (a point whose square overflowed); the model loads untrained";
        return { ...base, ok: false, file: `${METADATA}#scaler`, problem, rebuildsOnLoad: false };
      }
      const stamp = parseCheckpoint(read.raw.data_jsonl);
      if (stamp !== null && scan.pending.length === 0 && Math.max(0, await logSize(join(dir, DATA))) < stamp.bytes) {
        const problem = await shortLogProblem(join(dir, DATA), stamp.bytes);
        return { ...base, ok: false, file: DATA, problem, rebuildsOnLoad: false };
      }
      const misfits = countMisfits(read.meta, scan.records);
      if (scan.badLines > 0 || misfits > 0) {
        const parts = [];
        if (scan.badLines > 0) parts.push(`${scan.badLines} unreadable line(s)`);
        if (misfits > 0) parts.push(`${misfits} record(s) that do not fit their columns`);
        const problem = `has ${parts.join(" and ")}; loading skips them`;
        return { ...base, ok: true, file: DATA, problem, rebuildsOnLoad: false };
      }
      // A forest file that exists but does not decode: the version scores
      // nothing until the next training rewrites it (no data is at stake).
      for (const v of read.meta.versions) {
        const name = forestFile(v.vname);
        const bytes = await readFile(join(dir, name)).catch(() => null);
        if (bytes === null) continue;
        if (decodeForestFile(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), v.vname) === null) {
          const problem = "cannot be decoded; the next training (or force_train) rewrites it";
          return { ...base, ok: true, file: name, problem, rebuildsOnLoad: false };
        }
      }
      return { ...base, ok: true, rebuildsOnLoad: false };
    }
    const problem = read.kind === "missing" ? "is missing" : read.problem;
    return { ...base, ok: false, file: METADATA, problem, rebuildsOnLoad: logIsIntact(scan) };
  }

  /**
   * The operator's rebuild (`anomaly doctor --rebuild`): like the automatic
   * one, but from the readable lines of a log that is not intact too.
   * Unreadable lines stay in data.jsonl (loading skips them).
   */
  async rebuild(model: string): Promise<MetadataJson> {
    const dir = this.dir(model);
    const scan = await scanLog(dir);
    if (scan.pending.length > 0)
      throw new Error(
        `${scan.pending.join(", ")}: a data replacement was left half-way; quarantine the model and inspect its folder`,
      );
    const read = await readMetadataFile(dir);
    if (read.kind === "ok") {
      // Readable metadata with a log shorter than it promised: keep every
      // setting and the training, and checkpoint the log as it now stands
      // (the lost points are gone; the operator has accepted that).
      const f = this.files(model);
      await f.log?.close();
      f.log = null;
      const stamp = parseCheckpoint(read.raw.data_jsonl);
      // Records appended after the old checkpoint still count.
      const tail = stamp === null ? null : await readTail(join(dir, DATA), stamp.bytes);
      if (tail !== null) read.meta.n_seen += parseRecords(tail.subarray(0, completeLength(tail))).length;
      f.checkpoint = { generation: stamp?.generation ?? 0, bytes: scan.bytes };
      await this.writeMetadata(model, dir, read.meta, f.checkpoint);
      this.report(
        `anomaly store: model ${model}: checkpointed ${DATA} at ${scan.bytes} bytes (${scan.records.length} records); settings and training kept`,
      );
      return read.meta;
    }
    const meta = await this.rebuildFrom(model, dir, scan);
    this.report(`anomaly store: model ${model}: rebuilt ${METADATA} from ${DATA} (${scan.records.length} records)`);
    return meta;
  }

  /** Moves the model's folder whole into `.quarantine/`, freeing its name; returns the new path. */
  async quarantine(model: string): Promise<string> {
    await this.models.get(model)?.log?.close();
    this.models.delete(model);
    this.staging.forget(model);
    return quarantineFolder(this.root, model);
  }

  /** Completes a log replacement whose metadata was committed; drops uncommitted ones. */
  private async finishReplacement(dir: string, generation: number): Promise<void> {
    for (const name of await namesIn(dir)) {
      const match = PENDING_DATA.exec(name);
      if (match === null) continue;
      if (Number(match[1]) === generation) {
        await rename(join(dir, name), join(dir, DATA));
        if (this.durable) await fsyncDir(dir);
      } else {
        await rm(join(dir, name), { force: true });
      }
    }
  }

  /** The commit point of the forests staged since the last one (forestStaging.ts). */
  private async writeMetadata(model: string, dir: string, metadata: MetadataJson, checkpoint: Checkpoint) {
    this.refuseWrite(model);
    const stage = this.staging.pending(model);
    const body = { ...orderedMetadata(metadata), data_jsonl: checkpoint, ...(stage ? { [STAGED_FIELD]: stage } : {}) };
    const path = join(dir, METADATA);
    await this.disk.write(path, () => writeFileAtomic(path, `${JSON.stringify(body, null, 2)}\n`, this.durable));
    if (stage !== null) await this.staging.commit(model, dir, stage);
  }

  async saveMetadata(model: string, metadata: MetadataJson): Promise<void> {
    const dir = await this.ensureDir(model);
    const { log } = await this.log(model);
    const f = this.files(model);
    const checkpoint = { generation: f.checkpoint.generation, bytes: log.size };
    await this.writeMetadata(model, dir, metadata, checkpoint);
    f.checkpoint = checkpoint;
  }

  async loadRing(model: string, capacity: number): Promise<LoadedRing> {
    const f = this.files(model);
    await f.log?.close();
    f.log = null;
    const { bytes = Buffer.alloc(0) } = await this.log(model);
    const split = Math.min(f.checkpoint.bytes, bytes.length);
    const saved = await parseLinesInSlices(bytes.subarray(0, split), 0);
    const unsaved = await parseLinesInSlices(bytes.subarray(split), saved.lines);
    const bad = saved.bad.concat(unsaved.bad);
    // Read-only: the lines are skipped in memory and stay where they are.
    if (bad.length > 0 && !this.readOnly) {
      await keepAside(this.dir(model), bad, this.durable);
      this.report(
        `anomaly store: model ${model}: ${bad.length} line(s) of ${DATA} are not records (first: line ${bad[0].line}, ${bad[0].reason}); kept aside in ${QUARANTINED}`,
      );
    }
    const all = saved.records.concat(unsaved.records);
    return {
      records: all.length > capacity ? all.slice(all.length - capacity) : all,
      unsaved: unsaved.records,
      setAside: bad.length,
    };
  }

  appendRecords(model: string, records: readonly RawRecord[]): Promise<number> {
    try {
      this.refuseWrite(model);
    } catch (e) {
      return Promise.reject(e);
    }
    const opened = this.models.get(model)?.log;
    // With the log open the write is issued before this returns (no await in
    // between), so it runs while the caller goes on computing.
    if (opened != null) return this.appendTo(opened, records);
    return (async () => {
      await this.ensureDir(model);
      const { log } = await this.log(model);
      return this.appendTo(log, records);
    })();
  }

  private async appendTo(log: DataLog, records: readonly RawRecord[]): Promise<number> {
    if (records.length > 0)
      await this.disk.write(log.path, () => log.append(encodeLines(records), records.length), true);
    return log.lines;
  }

  async replaceRing(model: string, records: readonly RawRecord[], metadata: MetadataJson): Promise<void> {
    const dir = await this.ensureDir(model);
    const generation = this.files(model).checkpoint.generation + 1;
    const pending = join(dir, `${DATA}.${generation}`);
    const text = encodeLines(records);
    await this.disk.write(pending, async () => {
      const handle = await open(pending, "w");
      try {
        await handle.writeFile(text);
        if (this.durable) await handle.sync();
      } finally {
        await handle.close();
      }
    });
    await this.commitLog(model, dir, generation, Buffer.byteLength(text), records.length, metadata);
  }

  /**
   * A streamed import's log: written to `.import-<model>.<pid>.<n>.tmp` in
   * the store's root (outside the model, which stays usable and unchanged;
   * removed at start-up if the process dies), then moved in as
   * replaceRing's pending log on commit.
   */
  async draftRing(model: string): Promise<RingDraft> {
    this.dir(model);
    this.refuseWrite(model);
    await mkdir(this.root, { recursive: true });
    const draft = await LogDraft.create(join(this.root, `import-${model}`), this.durable);
    return {
      add: (records) => draft.add(records),
      commit: async (metadata, capacity) => {
        const { path, bytes, lines } = await draft.finish(capacity);
        const dir = await this.ensureDir(model);
        const generation = this.files(model).checkpoint.generation + 1;
        await rename(path, join(dir, `${DATA}.${generation}`));
        await this.commitLog(model, dir, generation, bytes, lines, metadata);
      },
      discard: () => draft.discard(),
    };
  }

  /** With data.jsonl.<generation> written and synced: the commit point (metadata), then the rename. */
  private async commitLog(
    model: string,
    dir: string,
    generation: number,
    bytes: number,
    lines: number,
    metadata: MetadataJson,
  ): Promise<void> {
    const f = this.files(model);
    await f.log?.close();
    f.log = null;
    const checkpoint = { generation, bytes };
    await this.writeMetadata(model, dir, metadata, checkpoint);
    f.checkpoint = checkpoint;
    await rename(join(dir, `${DATA}.${generation}`), join(dir, DATA));
    if (this.durable) await fsyncDir(dir);
    f.log = new DataLog(join(dir, DATA), checkpoint.bytes, lines, this.durable);
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
    forestFile(version);
    // In force only once the next metadata write names it (forestStaging.ts).
    const path = this.staging.writePath(model, dir, version);
    await this.disk.write(path, () => writeFileAtomic(path, encodeForestFile(forest), this.durable));
  }

  async deleteForest(model: string, version: string): Promise<void> {
    this.refuseWrite(model);
    forestFile(version);
    await this.staging.remove(model, this.dir(model), version);
  }

  async loadAutoencoder(model: string): Promise<AutoencoderJson | null> {
    try {
      return parseAutoencoder(JSON.parse(await readFile(join(this.dir(model), AUTOENCODER), "utf8")));
    } catch {
      return null;
    }
  }

  async saveAutoencoder(model: string, autoencoder: AutoencoderJson | null): Promise<void> {
    this.refuseWrite(model);
    if (autoencoder === null) {
      await rm(join(this.dir(model), AUTOENCODER), { force: true });
      return;
    }
    const dir = await this.ensureDir(model);
    const path = join(dir, AUTOENCODER);
    await this.disk.write(path, () => writeFileAtomic(path, JSON.stringify(autoencoder), this.durable));
  }

  async loadFeedback(model: string): Promise<unknown | null> {
    let text: string;
    try {
      text = await readFile(join(this.dir(model), FEEDBACK), "utf8");
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw e;
    }
    try {
      return JSON.parse(text);
    } catch {
      // Written atomically, so a broken file is damage, not a torn write: keep it for the operator.
      throw new DamagedModelError(model, FEEDBACK, "is not valid JSON");
    }
  }

  async saveFeedback(model: string, feedback: unknown): Promise<void> {
    const dir = await this.ensureDir(model);
    const path = join(dir, FEEDBACK);
    await this.disk.write(path, () => writeFileAtomic(path, `${JSON.stringify(feedback, null, 2)}\n`, this.durable));
  }

  async deleteModel(model: string): Promise<void> {
    this.refuseWrite(model);
    await this.models.get(model)?.log?.close();
    this.models.delete(model);
    this.staging.forget(model);
    await rm(this.dir(model), { recursive: true, force: true });
    if (this.durable) await fsyncDir(this.root);
  }

  /** Removes everything in the model's folder but its idempotency keys (keyJournal.ts). */
  async clearForNew(model: string): Promise<void> {
    this.refuseWrite(model);
    await this.models.get(model)?.log?.close();
    this.models.delete(model);
    this.staging.forget(model);
    const dir = this.dir(model);
    const names = await namesIn(dir);
    for (const name of names) {
      if (name !== KEY_JOURNAL_FILE) await rm(join(dir, name), { recursive: true, force: true });
    }
    // No folder (or an empty one): nothing was removed, nothing to make durable.
    if (this.durable && names.length > 0) await fsyncDir(dir);
  }

  async keepAside(model: string, lines: readonly UnusableLine[]): Promise<void> {
    this.refuseWrite(model);
    await keepAside(this.dir(model), lines, this.durable);
    this.report(
      `anomaly store: model ${model}: ${lines.length} stored record(s) do not fit the model (first: ${lines[0].reason}); kept aside in ${QUARANTINED}`,
    );
  }

  /** Removes temporary files that a crash left behind (never a file in use by this process); returns their paths. */
  async removeStaleTemps(): Promise<string[]> {
    return removeStaleTemps(this.root);
  }

  async close(): Promise<void> {
    for (const f of this.models.values()) await f.log?.close();
    this.models.clear();
  }
}

/** Stored records that loading would keep aside (a value that does not fit its column or the number limit). */
function countMisfits(meta: MetadataJson, records: readonly RawRecord[]): number {
  let n = 0;
  for (const record of records) {
    try {
      checkFits(meta, checkRecord(record, true));
    } catch {
      n++;
    }
  }
  return n;
}

async function logSize(path: string): Promise<number> {
  try {
    return (await stat(path)).size;
  } catch {
    return -1;
  }
}

async function shortLogProblem(path: string, promised: number): Promise<string> {
  const size = await logSize(path);
  return size < 0
    ? `is missing, but metadata.json checkpointed ${promised} bytes of it: acknowledged points are lost (anomaly doctor --rebuild accepts the loss)`
    : `is ${size} bytes, shorter than the ${promised} bytes metadata.json checkpointed: acknowledged points are lost (anomaly doctor --rebuild accepts the loss)`;
}

function logTrouble(scan: LogScan): string {
  const parts: string[] = [];
  if (scan.badLines > 0) parts.push(`${DATA} has ${scan.badLines} unreadable line(s)`);
  if (scan.pending.length > 0) parts.push(`a data replacement was left half-way (${scan.pending.join(", ")})`);
  return `${parts.join(" and ")}, so it was not rebuilt automatically`;
}

/** The log from byte `from` to its end; null when the log is shorter than that. */
async function readTail(path: string, from: number): Promise<Buffer | null> {
  if (from === 0) return readOrEmpty(path);
  let handle: FileHandle;
  try {
    handle = await open(path, "r");
  } catch {
    return null;
  }
  try {
    const { size } = await handle.stat();
    if (size < from) return null;
    const out = Buffer.alloc(size - from);
    for (let done = 0; done < out.length; ) {
      const { bytesRead } = await handle.read(out, done, out.length - done, from + done);
      if (bytesRead === 0) break;
      done += bytesRead;
    }
    return out;
  } finally {
    await handle.close();
  }
}
