/**
 * The file store's idempotency journal: `<model>/idempotency.jsonl`, one
 * entry per line, appended with O_APPEND and synced before the caller goes
 * on (a pending entry must be on disk before its point is ingested). Past
 * four times the keys to keep it is rewritten atomically with the newest
 * entries, so it never grows without bound. Deleting the model's folder
 * deletes its keys.
 */
import { mkdir, open, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { KeyEntry, KeyJournal } from "../store/keyJournal";
import { writeFileAtomic } from "./atomicFile";
import type { DiskWatch } from "./diskWatch";

/** The journal's file in the model's folder. */
export const KEY_JOURNAL_FILE = "idempotency.jsonl";
const FILE = KEY_JOURNAL_FILE;

export class FileKeyJournal implements KeyJournal {
  /** Lines per model as this process knows them (loaded or appended). */
  private readonly lines = new Map<string, number>();

  constructor(
    private readonly root: string,
    private readonly disk?: DiskWatch,
    private readonly durable = true,
  ) {}

  private path(model: string): string {
    return join(this.root, model, FILE);
  }

  async load(model: string): Promise<KeyEntry[]> {
    let text: string;
    try {
      text = await readFile(this.path(model), "utf8");
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw e;
    }
    const entries: KeyEntry[] = [];
    for (const line of text.split("\n")) {
      if (line === "") continue;
      try {
        const entry = JSON.parse(line) as KeyEntry;
        if (typeof entry?.key === "string" && typeof entry.fp === "string") entries.push(entry);
      } catch {
        // A torn last line (a crash mid-append): that entry was never relied on.
      }
    }
    this.lines.set(model, entries.length);
    return entries;
  }

  async append(model: string, entries: readonly KeyEntry[], keep: number): Promise<void> {
    const path = this.path(model);
    if (!this.lines.has(model)) await this.load(model);
    const text = entries.map((e) => `${JSON.stringify(e)}\n`).join("");
    const write = async () => {
      await mkdir(join(this.root, model), { recursive: true });
      const handle = await open(path, "a");
      try {
        await handle.write(text);
        if (this.durable) await handle.sync();
      } finally {
        await handle.close();
      }
    };
    await (this.disk ? this.disk.write(path, write, true) : write());
    const count = (this.lines.get(model) ?? 0) + entries.length;
    this.lines.set(model, count);
    if (count > 4 * keep) {
      const all = await this.load(model);
      const newest = all.slice(-2 * keep);
      await writeFileAtomic(path, newest.map((e) => `${JSON.stringify(e)}\n`).join(""), this.durable);
      this.lines.set(model, newest.length);
    }
  }
}
