// Group commit: ingests that arrive together are processed as one batch and
// persisted with one append, yet every answer and every file must be exactly
// what the same records sent one at a time produce.
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FileStore } from "../node/fileStore";
import { AnomalyService } from "../service";
import type { RawRecord } from "../store/store";
import { steadyRecord } from "../testing";

const T0 = 1_700_000_000;
const N = 175;

// Every 17th record is invalid (cpu was numeric), so rejections sit inside batches.
const recordAt = (i: number) => (i % 17 === 16 ? { cpu: "high" } : { ...steadyRecord(i), load: (i * 37) % 11 });

const answer = (p: Promise<unknown>) =>
  p.then(
    (ok) => JSON.stringify(ok),
    (err: Error) => `error: ${err.message}`,
  );

/** A file store that remembers how many records each append carried. */
class CountingStore extends FileStore {
  readonly appends: number[] = [];
  override async appendRecords(model: string, records: readonly RawRecord[]): Promise<number> {
    this.appends.push(records.length);
    return super.appendRecords(model, records);
  }
}

function files(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(dir).sort()) out[name] = readFileSync(join(dir, name)).toString("base64");
  return out;
}

describe("group commit", () => {
  it("concurrent ingests on one model give the same verdicts and files as one at a time", async () => {
    const oneRoot = mkdtempSync(join(tmpdir(), "anomaly-one-"));
    const one = new AnomalyService(new FileStore(oneRoot, { durable: false }));
    const sequential: string[] = [];
    for (let i = 0; i < N; i++) sequential.push(await answer(one.detect("m", recordAt(i), T0 + 60 * i)));

    const manyRoot = mkdtempSync(join(tmpdir(), "anomaly-many-"));
    const store = new CountingStore(manyRoot, { durable: false });
    const many = new AnomalyService(store);
    const pending: Promise<string>[] = [];
    for (let i = 0; i < N; i++) {
      pending.push(answer(many.detect("m", recordAt(i), T0 + 60 * i)));
      // Let batches of varied sizes form, some spanning a training mark.
      if (i % 7 === 3 || i % 11 === 0) await new Promise((r) => setImmediate(r));
    }
    const concurrent = await Promise.all(pending);
    expect(concurrent).toEqual(sequential);
    expect(sequential.filter((a) => a.startsWith("error")).length).toBe(10);
    // It really was batched: fewer appends than records, some of several.
    expect(store.appends.length).toBeLessThan(N / 3);
    expect(store.appends.reduce((a, b) => a + b, 0)).toBe(N - 10);

    // Metadata is a checkpoint written at different moments by the two runs;
    // one more metadata write puts both at the same point.
    for (const svc of [one, many]) await svc.setMargin("m", "daily", 0.2);
    expect(files(join(manyRoot, "m"))).toEqual(files(join(oneRoot, "m")));
    await one.close();
    await many.close();
  });

  it("a failed append fails its batch and every batch queued behind it; the model reloads what the store holds", async () => {
    class FailingStore extends FileStore {
      failNext = false;
      override async appendRecords(model: string, records: readonly RawRecord[]): Promise<number> {
        if (this.failNext) {
          this.failNext = false;
          // Slow enough for the next batch to be processed and queued behind it.
          await new Promise((r) => setTimeout(r, 50));
          throw new Error("disk full");
        }
        return super.appendRecords(model, records);
      }
    }
    const root = mkdtempSync(join(tmpdir(), "anomaly-fail-"));
    const store = new FailingStore(root, { durable: false });
    const svc = new AnomalyService(store);
    for (let i = 0; i < 60; i++) await svc.detect("m", steadyRecord(i), T0 + 60 * i);
    store.failNext = true;
    const first = answer(svc.detect("m", steadyRecord(60), T0 + 3600));
    await new Promise((r) => setImmediate(r));
    const second = answer(svc.detect("m", steadyRecord(61), T0 + 3660));
    expect(await first).toBe("error: disk full");
    expect(await second).toMatch(/^error: /);
    // Nothing of either batch is stored or counted, and ingest goes on.
    expect((await svc.metadata("m")).n_seen).toBe(60);
    const next = await svc.detect("m", steadyRecord(62), T0 + 3720);
    expect(next.body.data_points).toBe(61);
    expect((await svc.data("m", "all")).data_points_count).toBe(61);
    await svc.close();
  });
});
