// Downloadable build outputs on disk: one folder per build, named by an
// unguessable id (128 random bits, hex), holding the files and a meta.json
// with the creation time. Because the state is the folder itself, a
// restarted server serves what an earlier one stored. Builds expire after a
// TTL (checked on read, and removed by a periodic sweep); when the total
// exceeds the disk budget the oldest builds are evicted first. Short links
// (server/share) use the same store in a folder of their own, with ids that
// are the hash of their content and a quota that refuses rather than evicts.
import { createHash, randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";

export interface ArtifactFile {
  name: string;
  bytes: Uint8Array;
}

export interface StoredArtifact {
  name: string;
  bytes: number;
}

/** What a put stored: the build's id (its download folder), its files, and when they stop being served. */
export interface StoredBuild {
  id: string;
  artifacts: StoredArtifact[];
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

export interface ArtifactStoreOptions {
  dir: string;
  ttlMs: number;
  maxBytes: number;
  /** Milliseconds since the epoch; injectable so expiry can be tested. */
  now?: () => number;
  /**
   * What a put does when the budget is exceeded: evict the oldest entries
   * (downloads, which are cheap to build again) or refuse with a
   * QuotaExceededError (short links, which people expect to keep working).
   */
  whenFull?: "evict-oldest" | "refuse";
}

/** A put that would take the store past its budget, with whenFull "refuse". */
export class QuotaExceededError extends Error {
  constructor(
    readonly neededBytes: number,
    readonly maxBytes: number,
  ) {
    super(`the store's quota of ${maxBytes} bytes is used up; this needs ${neededBytes} more`);
  }
}

interface BuildEntry {
  id: string;
  createdAt: number;
  bytes: number;
}

const ID_PATTERN = /^[0-9a-f]{32}$/;
// A file name the store itself produced: no folders, no leading dot.
const NAME_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;
const META = "meta.json";

export function isBuildId(id: string): boolean {
  return ID_PATTERN.test(id);
}

export function isArtifactName(name: string): boolean {
  return NAME_PATTERN.test(name) && name !== META;
}

/**
 * What the routes use of a store: the disk store below, or the S3 store of
 * server/cluster when several instances share one (S3_ENDPOINT).
 */
export interface Artifacts {
  readonly diskBytes: number;
  readonly buildCount: number;
  put(files: ArtifactFile[]): Promise<StoredBuild>;
  putContent(files: ArtifactFile[]): Promise<StoredBuild>;
  get(id: string, name: string): Promise<Uint8Array | null>;
  /**
   * Where a client may fetch the file directly (object storage's short-lived
   * signed URL), or null when it is unknown or expired. Absent: the server
   * sends the bytes itself.
   */
  directUrl?(id: string, name: string): Promise<string | null>;
  sweep(): Promise<number>;
  start(intervalMs: number): void;
  stop(): void;
}

export class ArtifactStore implements Artifacts {
  private readonly entries = new Map<string, BuildEntry>();
  private loaded: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private readonly now: () => number;

  constructor(private readonly options: ArtifactStoreOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Bytes of all stored builds. */
  get diskBytes(): number {
    let total = 0;
    for (const entry of this.entries.values()) total += entry.bytes;
    return total;
  }

  get buildCount(): number {
    return this.entries.size;
  }

  /** Stores one build's files under a fresh id. */
  async put(files: ArtifactFile[]): Promise<StoredBuild> {
    return this.store(randomBytes(16).toString("hex"), files);
  }

  /**
   * Stores files under the hash of their names and contents: the same files
   * always get the same id, so storing again only renews their expiry.
   */
  async putContent(files: ArtifactFile[]): Promise<StoredBuild> {
    const hash = createHash("sha256");
    for (const file of files) hash.update(`${file.name}\0${file.bytes.length}\0`).update(file.bytes);
    return this.store(hash.digest("hex").slice(0, 32), files);
  }

  private async store(id: string, files: ArtifactFile[]): Promise<StoredBuild> {
    await this.load();
    for (const file of files) {
      if (!isArtifactName(file.name)) throw new Error(`not a storable artifact name: ${JSON.stringify(file.name)}`);
    }
    const bytes = files.reduce((n, f) => n + f.bytes.length, 0);
    const existing = this.entries.get(id);
    const needed = existing ? 0 : bytes;
    if (this.options.whenFull === "refuse" && needed > 0 && this.diskBytes + needed > this.options.maxBytes) {
      // Expired entries do not count against the quota: sweep before refusing.
      await this.sweep();
      if (this.diskBytes + needed > this.options.maxBytes) throw new QuotaExceededError(needed, this.options.maxBytes);
    }
    const folder = join(this.options.dir, id);
    await mkdir(folder, { recursive: true });
    // The files first, meta.json last: a folder without meta.json is removed at the next start.
    if (!existing) await Promise.all(files.map((file) => writeFile(join(folder, file.name), file.bytes)));
    const createdAt = this.now();
    // Written aside and renamed: a crash while renewing never leaves a torn meta.json (which would drop the entry).
    const meta = join(folder, `${META}.${process.pid}.tmp`);
    await writeFile(meta, JSON.stringify({ createdAt }));
    await rename(meta, join(folder, META));
    this.entries.set(id, { id, createdAt, bytes });
    if (this.options.whenFull !== "refuse") await this.enforceBudget(id);
    return {
      id,
      artifacts: files.map((f) => ({ name: f.name, bytes: f.bytes.length })),
      expiresAt: createdAt + this.options.ttlMs,
    };
  }

  /** The file's bytes, or null when the build is unknown, expired or lacks the file. */
  async get(id: string, name: string): Promise<Uint8Array | null> {
    await this.load();
    if (!isBuildId(id) || !isArtifactName(name)) return null;
    const entry = this.entries.get(id);
    if (!entry) return null;
    if (this.expired(entry)) {
      await this.remove(id);
      return null;
    }
    try {
      return new Uint8Array(await readFile(join(this.options.dir, id, name)));
    } catch {
      return null;
    }
  }

  /** Removes every expired build; returns how many went. */
  async sweep(): Promise<number> {
    await this.load();
    const expired = [...this.entries.values()].filter((e) => this.expired(e));
    await Promise.all(expired.map((e) => this.remove(e.id)));
    return expired.length;
  }

  /** Sweeps every `intervalMs` until stop(); the timer never keeps the process alive. */
  start(intervalMs: number): void {
    this.stop();
    this.timer = setInterval(() => {
      this.sweep().catch((error: Error) => console.error(`[artifacts] sweep failed: ${error.message}`));
    }, intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private expired(entry: BuildEntry): boolean {
    return this.now() - entry.createdAt >= this.options.ttlMs;
  }

  private async remove(id: string): Promise<void> {
    this.entries.delete(id);
    await rm(join(this.options.dir, id), { recursive: true, force: true });
  }

  /** Evicts the oldest builds (never `keep`, the one just stored) until the total fits. */
  private async enforceBudget(keep: string): Promise<void> {
    const oldestFirst = [...this.entries.values()].sort((a, b) => a.createdAt - b.createdAt);
    let total = this.diskBytes;
    for (const entry of oldestFirst) {
      if (total <= this.options.maxBytes) break;
      if (entry.id === keep) continue;
      total -= entry.bytes;
      await this.remove(entry.id);
    }
  }

  /** Reads what an earlier process stored; folders without a readable meta.json are removed. */
  private load(): Promise<void> {
    this.loaded ??= (async () => {
      await mkdir(this.options.dir, { recursive: true });
      for (const id of await readdir(this.options.dir)) {
        if (!isBuildId(id)) continue;
        const folder = join(this.options.dir, id);
        try {
          const { createdAt } = JSON.parse(await readFile(join(folder, META), "utf8")) as { createdAt: number };
          let bytes = 0;
          for (const name of await readdir(folder)) {
            if (name.startsWith(`${META}.`)) await rm(join(folder, name), { force: true });
            else if (name !== META) bytes += (await stat(join(folder, name))).size;
          }
          if (typeof createdAt !== "number") throw new Error("no createdAt");
          this.entries.set(id, { id, createdAt, bytes });
        } catch {
          await rm(folder, { recursive: true, force: true });
        }
      }
    })();
    return this.loaded;
  }
}
