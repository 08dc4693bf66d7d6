// Where a model's alert rules, their debounce state and the delivery log
// live: beside the model's own files (<store>/<model>/alerts.json, written
// atomically like metadata.json, and alert_log.jsonl, append-only), so they
// go with the model when it is deleted. Nothing here creates the model's
// folder: rules exist only for models that exist. Without a folder store
// (tests, memory stores) the same interface keeps everything in memory.
import { appendFile, readFile } from "node:fs/promises";
import { join } from "node:path";
import { type AlertsFile, completeRules, type DeliveryEntry } from "../../anomaly";
import { writeFileAtomic } from "../../anomaly/node";

export type { AlertsFile, DeliveryEntry, Silence, StoredState } from "../../anomaly";

export interface AlertPersistence {
  load(model: string): Promise<AlertsFile | null>;
  save(model: string, file: AlertsFile): Promise<void>;
  appendLog(model: string, entry: DeliveryEntry): Promise<void>;
  /** The newest `limit` entries, oldest first. */
  readLog(model: string, limit: number): Promise<DeliveryEntry[]>;
}

export const ALERTS_FILE = "alerts.json";
export const ALERT_LOG = "alert_log.jsonl";
/** Attempts a log keeps: past this many lines it is rewritten to the newest half. */
export const LOG_KEEP = 10_000;

export class FileAlertStore implements AlertPersistence {
  /** Lines in each model's log as far as this process knows (counted on first append). */
  private readonly lines = new Map<string, number>();
  /** Appends per model, one at a time, so a rewrite never races an append (rules deliver in parallel). */
  private readonly appends = new Map<string, Promise<void>>();

  constructor(
    private readonly root: string,
    private readonly durable = true,
  ) {}

  async load(model: string): Promise<AlertsFile | null> {
    let text: string;
    try {
      text = await readFile(join(this.root, model, ALERTS_FILE), "utf8");
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw e;
    }
    const parsed = JSON.parse(text) as AlertsFile;
    // Rules written before a setting existed take its default.
    return { rules: completeRules(parsed.rules ?? []), state: parsed.state ?? {}, silences: parsed.silences ?? [] };
  }

  async save(model: string, file: AlertsFile): Promise<void> {
    await writeFileAtomic(join(this.root, model, ALERTS_FILE), `${JSON.stringify(file, null, 2)}\n`, this.durable);
  }

  appendLog(model: string, entry: DeliveryEntry): Promise<void> {
    const run = (this.appends.get(model) ?? Promise.resolve()).then(() => this.append(model, entry));
    this.appends.set(
      model,
      run.catch(() => {}),
    );
    return run;
  }

  private async append(model: string, entry: DeliveryEntry): Promise<void> {
    const path = join(this.root, model, ALERT_LOG);
    let known = this.lines.get(model);
    if (known === undefined) {
      known = (await this.readLog(model, Number.POSITIVE_INFINITY)).length;
      // A line torn by a crash is ended first, so it does not swallow the next entry.
      const text = await readFile(path, "utf8").catch(() => "");
      if (text !== "" && !text.endsWith("\n")) await appendFile(path, "\n", { flush: this.durable });
    }
    if (known >= LOG_KEEP) {
      // Bounded like the ring: the oldest half goes, in one atomic rewrite.
      const kept = await this.readLog(model, LOG_KEEP / 2);
      await writeFileAtomic(path, kept.map((e) => `${JSON.stringify(e)}\n`).join(""), this.durable);
      this.lines.set(model, kept.length);
    }
    // One write per line; a line torn by a crash is skipped when read.
    await appendFile(path, `${JSON.stringify(entry)}\n`, { flush: this.durable });
    this.lines.set(model, (this.lines.get(model) ?? known) + 1);
  }

  async readLog(model: string, limit: number): Promise<DeliveryEntry[]> {
    let text: string;
    try {
      text = await readFile(join(this.root, model, ALERT_LOG), "utf8");
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw e;
    }
    const out: DeliveryEntry[] = [];
    for (const line of text.split("\n")) {
      if (line === "") continue;
      try {
        out.push(JSON.parse(line) as DeliveryEntry);
      } catch {
        // A torn last line from a crash mid-append.
      }
    }
    return out.slice(-limit);
  }
}

export class MemoryAlertStore implements AlertPersistence {
  private readonly files = new Map<string, AlertsFile>();
  private readonly logs = new Map<string, DeliveryEntry[]>();

  async load(model: string): Promise<AlertsFile | null> {
    const file = this.files.get(model);
    return file === undefined ? null : structuredClone(file);
  }

  async save(model: string, file: AlertsFile): Promise<void> {
    this.files.set(model, structuredClone(file));
  }

  async appendLog(model: string, entry: DeliveryEntry): Promise<void> {
    const log = this.logs.get(model) ?? [];
    log.push(entry);
    this.logs.set(model, log);
  }

  async readLog(model: string, limit: number): Promise<DeliveryEntry[]> {
    return (this.logs.get(model) ?? []).slice(-limit);
  }
}
