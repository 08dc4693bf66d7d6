// Run by restartEquivalence.test.ts as `node --import tsx <this> <store>`:
// the server's ingest path (Idempotency-Key journal, service, file store,
// training thread) over a real store folder, fed one row at a time on stdin
// ({key, record} per line; {key, alerting} changes the alert_quiet
// settings) and answering each on stdout ({key, httpStatus, body,
// replayed}). KILL_AT (JSON, optional) makes the process SIGKILL
// itself at a chosen write, so the test reaches the moments a timer rarely
// hits: {"at": "append-before" | "append-torn" | "append-after" |
// "forest-after" | "metadata-after" | "journal-after", "nth": n} counts that
// write from 1 in this process; "append-torn" first leaves half of the
// batch's lines in the log (a write cut off by the kill).
import { appendFileSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { AnomalyService, type RawRecord, type StoredForest } from "../../anomaly";
import { createNodeBackend, FileKeyJournal, FileStore } from "../../anomaly/node";
import { IdempotentIngest } from "./idempotency";

const root = process.argv[2];
if (root === undefined) throw new Error("usage: node --import tsx <this> <store folder>");
const kill = process.env.KILL_AT ? (JSON.parse(process.env.KILL_AT) as { at: string; nth: number }) : null;
const counts = new Map<string, number>();

/** True when this write is the one to die at. */
function due(at: string): boolean {
  if (kill === null || !kill.at.startsWith(at)) return false;
  const n = (counts.get(at) ?? 0) + 1;
  counts.set(at, n);
  return n === kill.nth;
}

const die = (): never => {
  process.kill(process.pid, "SIGKILL");
  throw new Error("unreachable");
};

class DyingStore extends FileStore {
  override async appendRecords(model: string, records: readonly RawRecord[]): Promise<number> {
    if (due("append")) {
      if (kill?.at === "append-before") die();
      if (kill?.at === "append-torn") {
        const text = records.map((r) => `${JSON.stringify(r)}\n`).join("");
        appendFileSync(join(this.root, model, "data.jsonl"), text.slice(0, Math.max(1, text.length >> 1)));
        die();
      }
      const lines = await super.appendRecords(model, records);
      die();
      return lines;
    }
    return super.appendRecords(model, records);
  }
  override async saveForest(model: string, version: string, forest: StoredForest): Promise<void> {
    await super.saveForest(model, version, forest);
    if (due("forest")) die();
  }
  override async saveMetadata(model: string, metadata: Parameters<FileStore["saveMetadata"]>[1]): Promise<void> {
    await super.saveMetadata(model, metadata);
    if (due("metadata")) die();
  }
}

class DyingJournal extends FileKeyJournal {
  override async append(model: string, entries: Parameters<FileKeyJournal["append"]>[1], keep: number) {
    await super.append(model, entries, keep);
    if (due("journal")) die();
  }
}

const store = new DyingStore(root, { durable: false, log: () => {} });
const service = new AnomalyService(store, { backend: createNodeBackend({}) });
const ingest = new IdempotentIngest(service, new DyingJournal(root, undefined, false));

// One row at a time, in order, as a client that waits for each answer.
const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  const { key, record, alerting } = JSON.parse(line) as { key: string; record?: RawRecord; alerting?: unknown };
  // A settings change (alert_quiet) between two rows, answered like a row.
  const answer =
    alerting !== undefined
      ? { httpStatus: 200, body: await service.setAlertQuiet("m", alerting), replayed: false }
      : await ingest.detect("m", key, record, {});
  process.stdout.write(`${JSON.stringify({ key, ...answer })}\n`);
}
await service.close();
