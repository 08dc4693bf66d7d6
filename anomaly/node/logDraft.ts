/**
 * A data.jsonl written record by record into a temporary file (a streamed
 * import, see FileStore.draftRing): nothing is held in memory but the batch
 * being written. When more records arrived than the model keeps, finishing
 * copies the newest `capacity` lines into a second file, line by line.
 */
import { createReadStream } from "node:fs";
import { type FileHandle, open, rename, rm } from "node:fs/promises";
import { createInterface } from "node:readline";
import type { RawRecord } from "../store/store";
import { tempPathFor } from "./atomicFile";
import { encodeLines } from "./dataLog";

export interface FinishedDraft {
  path: string;
  bytes: number;
  lines: number;
}

export class LogDraft {
  private bytes = 0;
  private lines = 0;

  private constructor(
    private path: string,
    private handle: FileHandle | null,
    private readonly durable: boolean,
  ) {}

  /** A new, empty draft named after `near` (`.<name>.<pid>.<n>.tmp` beside it). */
  static async create(near: string, durable: boolean): Promise<LogDraft> {
    const path = tempPathFor(near);
    return new LogDraft(path, await open(path, "wx"), durable);
  }

  async add(records: readonly RawRecord[]): Promise<void> {
    if (this.handle === null) throw new Error("the draft is finished");
    if (records.length === 0) return;
    const text = encodeLines(records);
    await this.handle.write(text);
    this.bytes += Buffer.byteLength(text);
    this.lines += records.length;
  }

  /** Synced and closed, trimmed to the newest `capacity` lines. */
  async finish(capacity: number): Promise<FinishedDraft> {
    const handle = this.handle;
    if (handle === null) throw new Error("the draft is finished");
    this.handle = null;
    if (this.lines > capacity) {
      await handle.close();
      await this.keepNewest(capacity);
    } else {
      try {
        if (this.durable) await handle.sync();
      } finally {
        await handle.close();
      }
    }
    return { path: this.path, bytes: this.bytes, lines: this.lines };
  }

  private async keepNewest(capacity: number): Promise<void> {
    const skip = this.lines - capacity;
    const trimmed = tempPathFor(this.path.replace(/\.\d+\.\d+\.tmp$/, ""));
    const out = await open(trimmed, "wx");
    let bytes = 0;
    let n = 0;
    try {
      const input = createInterface({ input: createReadStream(this.path), crlfDelay: Number.POSITIVE_INFINITY });
      let batch = "";
      for await (const line of input) {
        if (n++ < skip) continue;
        batch += `${line}\n`;
        if (batch.length >= 1 << 16) {
          await out.write(batch);
          bytes += Buffer.byteLength(batch);
          batch = "";
        }
      }
      await out.write(batch);
      bytes += Buffer.byteLength(batch);
      if (this.durable) await out.sync();
    } catch (e) {
      await out.close();
      await rm(trimmed, { force: true });
      throw e;
    }
    await out.close();
    await rename(trimmed, this.path);
    this.bytes = bytes;
    this.lines = capacity;
  }

  /** Closes and deletes the draft. */
  async discard(): Promise<void> {
    const handle = this.handle;
    this.handle = null;
    await handle?.close().catch(() => {});
    await rm(this.path, { force: true });
  }
}
