/**
 * One model's data.jsonl as an append-only log: a single open append handle
 * for the life of the process (no mkdir/open/close per point), the byte size
 * and record count the store needs for checkpoints and compaction, and the
 * scan that finds complete lines.
 *
 * A batch of records goes out as one write (group commit). In durable mode
 * the handle is opened O_DSYNC: the write returns once its data and the file
 * size are on disk, as write + fdatasync would, but as a single call, so the
 * whole append runs on libuv's thread pool while the caller keeps computing
 * (the model scores the batch meanwhile). If the write fails the log is cut
 * back to its previous size, so a failed append leaves no partial line.
 */
import { constants } from "node:fs";
import { type FileHandle, open, readFile, truncate } from "node:fs/promises";
import { dirname } from "node:path";
import type { RawRecord } from "../store/store";
import { fsyncDir } from "./atomicFile";

const NEWLINE = 0x0a;

function isRecord(v: unknown): v is RawRecord {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

/** The records in complete lines of `bytes`; an unreadable line loses one point, not the model. */
export function parseRecords(bytes: Uint8Array): RawRecord[] {
  const records: RawRecord[] = [];
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8");
  let start = 0;
  for (let end = text.indexOf("\n"); end >= 0; end = text.indexOf("\n", start)) {
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
  return records;
}

/** Byte length of the complete lines (a torn last line excluded). */
export function completeLength(bytes: Uint8Array): number {
  return bytes.lastIndexOf(NEWLINE) + 1;
}

/** The file's bytes, or none when it does not exist. */
export async function readOrEmpty(path: string): Promise<Buffer> {
  try {
    return await readFile(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return Buffer.alloc(0);
    throw e;
  }
}

export const encodeLines = (records: readonly RawRecord[]): string => {
  let text = "";
  for (const r of records) text += `${JSON.stringify(r)}\n`;
  return text;
};

export class DataLog {
  private handle: FileHandle | null = null;

  constructor(
    readonly path: string,
    /** Bytes of complete lines. */
    public size: number,
    /** Records in the file. */
    public lines: number,
    private readonly durable: boolean,
  ) {}

  /** Scans an existing file (cutting a torn tail so the next append starts on a fresh line). */
  /** Reads the log; a torn last line is cut off the file unless `repair` is false (read-only use). */
  static async scan(path: string, durable: boolean, repair = true): Promise<{ log: DataLog; bytes: Buffer }> {
    const all = await readOrEmpty(path);
    const end = completeLength(all);
    if (end < all.length && repair) await truncate(path, end);
    const bytes = all.subarray(0, end);
    let lines = 0;
    for (let i = bytes.indexOf(NEWLINE); i >= 0; i = bytes.indexOf(NEWLINE, i + 1)) lines++;
    return { log: new DataLog(path, end, lines, durable), bytes };
  }

  async append(text: string, records: number): Promise<void> {
    const data = Buffer.from(text, "utf8");
    if (this.handle === null) {
      const sync = this.durable ? constants.O_DSYNC : 0;
      this.handle = await open(this.path, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | sync);
      // The file may have just been created: its folder entry must be durable too.
      if (this.durable) await fsyncDir(dirname(this.path));
    }
    const handle = this.handle;
    try {
      for (let done = 0; done < data.length; ) {
        const { bytesWritten } = await handle.write(data, done, data.length - done);
        done += bytesWritten;
      }
    } catch (e) {
      try {
        await handle.truncate(this.size);
      } catch {
        // The next load drops whatever is past the last complete line anyway.
      }
      await this.close();
      throw e;
    }
    this.size += data.length;
    this.lines += records;
  }

  async close(): Promise<void> {
    const handle = this.handle;
    this.handle = null;
    await handle?.close();
  }
}
