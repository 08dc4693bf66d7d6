import { appendFileSync, mkdtempSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildForest } from "../forest/forest";
import { newMetadata } from "../model/metadata";
import { AnomalyService } from "../service";
import { steadyRecord } from "../testing";
import { FileStore } from "./fileStore";

const newRoot = () => mkdtempSync(join(tmpdir(), "anomaly-fs-"));
const T0 = 1_700_000_000;
const lines = (path: string) => readFileSync(path, "utf8").trim().split("\n");

describe("file store", () => {
  it("appends one line per record, a batch in one append, and counts them into n_seen", async () => {
    const root = newRoot();
    const store = new FileStore(root);
    await store.saveMetadata("m", newMetadata("m", 0));
    for (let i = 0; i < 5; i++) expect(await store.appendRecords("m", [{ i }])).toBe(i + 1);
    expect(await store.appendRecords("m", [{ i: 5 }, { i: 6 }])).toBe(7);
    const path = join(root, "m", "data.jsonl");
    expect(lines(path).map((l) => JSON.parse(l))).toEqual(Array.from({ length: 7 }, (_, i) => ({ i })));
    // A new process counts the records after the checkpoint.
    const again = new FileStore(root);
    expect((await again.loadMetadata("m"))?.n_seen).toBe(7);
    const ring = await again.loadRing("m", 4);
    expect(ring.records).toEqual([3, 4, 5, 6].map((i) => ({ i })));
    expect(ring.unsaved).toHaveLength(7);
    expect(await again.appendRecords("m", [{ i: 7 }])).toBe(8);
  });

  it("drops a torn last line and appends cleanly after it", async () => {
    const root = newRoot();
    const store = new FileStore(root);
    await store.saveMetadata("m", newMetadata("m", 0));
    await store.appendRecords("m", [{ i: 0 }, { i: 1 }, { i: 2 }]);
    appendFileSync(join(root, "m", "data.jsonl"), '{"i": 3, "tor');
    const reopened = new FileStore(root);
    expect((await reopened.loadMetadata("m"))?.n_seen).toBe(3);
    expect((await reopened.loadRing("m", 100)).records).toEqual([{ i: 0 }, { i: 1 }, { i: 2 }]);
    await reopened.appendRecords("m", [{ i: 4 }]);
    const third = new FileStore(root);
    expect((await third.loadMetadata("m"))?.n_seen).toBe(4);
    expect((await third.loadRing("m", 100)).records).toEqual([{ i: 0 }, { i: 1 }, { i: 2 }, { i: 4 }]);
  });

  it("a log replacement interrupted after its metadata committed is finished on load; an uncommitted one is dropped", async () => {
    const root = newRoot();
    const store = new FileStore(root);
    const meta = newMetadata("m", 0);
    meta.n_seen = 3;
    await store.replaceRing("m", [{ i: 0 }, { i: 1 }, { i: 2 }], meta);
    const dir = join(root, "m");
    // Crash after the metadata commit of generation 2, before the rename.
    meta.n_seen = 10;
    await store.replaceRing("m", [{ i: 8 }, { i: 9 }], meta);
    renameSync(join(dir, "data.jsonl"), join(dir, "data.jsonl.2"));
    writeFileSync(join(dir, "data.jsonl"), '{"i":0}\n{"i":1}\n{"i":2}\n{"i":3}\n');
    // An attempt at generation 3 that never committed.
    writeFileSync(join(dir, "data.jsonl.3"), '{"i":99}\n');
    const reopened = new FileStore(root);
    expect((await reopened.loadMetadata("m"))?.n_seen).toBe(10);
    expect((await reopened.loadRing("m", 100)).records).toEqual([{ i: 8 }, { i: 9 }]);
    expect(readdirSync(dir).sort()).toEqual(["data.jsonl", "metadata.json"]);
  });

  it("metadata without a checkpoint (an older store) keeps its n_seen and is upgraded before any append", async () => {
    const root = newRoot();
    const dir = join(root, "m");
    const store = new FileStore(root);
    await store.saveMetadata("m", newMetadata("m", 0));
    const legacy = JSON.parse(readFileSync(join(dir, "metadata.json"), "utf8"));
    delete legacy.data_jsonl;
    legacy.n_seen = 2;
    // The old design could leave one unacknowledged point beyond n_seen.
    writeFileSync(join(dir, "metadata.json"), JSON.stringify(legacy));
    writeFileSync(join(dir, "data.jsonl"), '{"i":0}\n{"i":1}\n{"i":2}\n');
    const reopened = new FileStore(root);
    expect((await reopened.loadMetadata("m"))?.n_seen).toBe(2);
    expect(JSON.parse(readFileSync(join(dir, "metadata.json"), "utf8")).data_jsonl).toEqual({
      generation: 0,
      bytes: 24,
    });
    await reopened.appendRecords("m", [{ i: 3 }]);
    expect((await new FileStore(root).loadMetadata("m"))?.n_seen).toBe(3);
  });

  it("a corrupt, truncated or mismatched forest file loads as absent", async () => {
    const root = newRoot();
    const store = new FileStore(root);
    const data = Float64Array.from({ length: 200 }, (_, i) => (i * 7919) % 101);
    const forest = buildForest({ data, nRows: 100, rowStride: 2 }, 2, { nTrees: 3, maxSamples: 32, seed: 42 });
    await store.saveForest("m", "daily", { name: "daily", margin: 0.1, forest });
    // Not in force until the metadata naming it is written (forestStaging.ts).
    expect(await store.loadForest("m", "daily")).toBeNull();
    await store.saveMetadata("m", newMetadata("m", 0));
    expect((await store.loadForest("m", "daily"))?.forest).toEqual(forest);
    const path = join(root, "m", "version_daily.forest");
    const bytes = readFileSync(path);
    writeFileSync(join(root, "m", "version_weekly.forest"), bytes);
    expect(await store.loadForest("m", "weekly")).toBeNull();
    writeFileSync(path, bytes.subarray(0, bytes.length - 3));
    expect(await store.loadForest("m", "daily")).toBeNull();
    writeFileSync(path, "garbage");
    expect(await store.loadForest("m", "daily")).toBeNull();
    expect(await store.loadForest("m", "missing")).toBeNull();
  });

  it("writes whole files atomically and leaves no temporary files", async () => {
    const root = newRoot();
    const store = new FileStore(root);
    await store.saveMetadata("m", newMetadata("m", 0));
    await store.saveMetadata("m", newMetadata("m", 1));
    expect(readdirSync(join(root, "m"))).toEqual(["metadata.json"]);
    expect(statSync(join(root, "m", "metadata.json")).size).toBeGreaterThan(0);
    expect(await store.list()).toEqual(["m"]);
  });

  it("after a crash between the data append and any metadata write, every stored point is counted and learned", async () => {
    const root = newRoot();
    const svc = new AnomalyService(new FileStore(root, { durable: false }));
    for (let i = 0; i < 60; i++) await svc.detect("m", steadyRecord(i), T0 + i);
    // Simulate the crash: one more line reached data.jsonl, with a category
    // the metadata on disk has never seen.
    appendFileSync(
      join(root, "m", "data.jsonl"),
      `${JSON.stringify({ ...steadyRecord(60), host: "c", timestamp: 1 })}\n`,
    );
    const after = new AnomalyService(new FileStore(root, { durable: false }));
    const meta = await after.metadata("m");
    expect(meta.n_seen).toBe(61);
    expect(meta.cats[2]).toEqual(["a", "b", "c"]);
    expect((await after.data("m", "all")).data_points_count).toBe(61);
    const r = await after.detect("m", steadyRecord(61), T0 + 100);
    expect(r.body.data_points).toBe(62);
  });

  it("compacts the log past twice the capacity to the ring, counting every point", async () => {
    const root = newRoot();
    const svc = new AnomalyService(new FileStore(root, { durable: false }), { capacity: 60 });
    for (let i = 0; i < 121; i++) await svc.detect("m", steadyRecord(i), T0 + 60 * i);
    const path = join(root, "m", "data.jsonl");
    expect(lines(path)).toHaveLength(60);
    expect(JSON.parse(lines(path)[0]).timestamp).toBe(T0 + 60 * 61);
    await svc.detect("m", steadyRecord(121), T0 + 60 * 121);
    expect(lines(path)).toHaveLength(61);
    const reopened = new AnomalyService(new FileStore(root, { durable: false }), { capacity: 60 });
    expect((await reopened.metadata("m")).n_seen).toBe(122);
    expect((await reopened.data("m", "all")).data_points_count).toBe(60);
  });
});
