import { appendFileSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildForest } from "../forest";
import { newMetadata } from "../metadata";
import { AnomalyService } from "../service";
import { steadyRecord } from "../testing";
import { FileStore } from "./fileStore";

const newRoot = () => mkdtempSync(join(tmpdir(), "anomaly-fs-"));

describe("file store", () => {
  it("appends one line per record and compacts past twice the capacity", async () => {
    const root = newRoot();
    const store = new FileStore(root);
    for (let i = 0; i < 20; i++) await store.appendRecord("m", { i }, 10);
    const path = join(root, "m", "data.jsonl");
    expect(readFileSync(path, "utf8").trim().split("\n").length).toBe(20);
    await store.appendRecord("m", { i: 20 }, 10);
    const lines = readFileSync(path, "utf8").trim().split("\n");
    expect(lines.length).toBe(10);
    expect(JSON.parse(lines[0])).toEqual({ i: 11 });
    // A new process counts the lines it finds before appending.
    const again = new FileStore(root);
    for (let i = 21; i < 31; i++) await again.appendRecord("m", { i }, 10);
    expect(readFileSync(path, "utf8").trim().split("\n").length).toBe(20);
    expect(await again.loadRing("m", 10)).toEqual(Array.from({ length: 10 }, (_, k) => ({ i: 21 + k })));
  });

  it("drops a torn last line and appends cleanly after it", async () => {
    const root = newRoot();
    const store = new FileStore(root);
    for (let i = 0; i < 3; i++) await store.appendRecord("m", { i }, 100);
    appendFileSync(join(root, "m", "data.jsonl"), '{"i": 3, "tor');
    const reopened = new FileStore(root);
    expect(await reopened.loadRing("m", 100)).toEqual([{ i: 0 }, { i: 1 }, { i: 2 }]);
    await reopened.appendRecord("m", { i: 4 }, 100);
    expect(await new FileStore(root).loadRing("m", 100)).toEqual([{ i: 0 }, { i: 1 }, { i: 2 }, { i: 4 }]);
  });

  it("a corrupt, truncated or mismatched forest file loads as absent", async () => {
    const root = newRoot();
    const store = new FileStore(root);
    const data = Float64Array.from({ length: 200 }, (_, i) => (i * 7919) % 101);
    const forest = buildForest({ data, nRows: 100, rowStride: 2 }, 2, { nTrees: 3, maxSamples: 32, seed: 42 });
    await store.saveForest("m", "daily", { name: "daily", margin: 0.1, forest });
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
    const { readdirSync } = await import("node:fs");
    expect(readdirSync(join(root, "m"))).toEqual(["metadata.json"]);
    expect(statSync(join(root, "m", "metadata.json")).size).toBeGreaterThan(0);
    expect(await store.list()).toEqual(["m"]);
  });

  it("after a crash between the data append and the metadata write, n_seen is the last acknowledged count", async () => {
    const root = newRoot();
    const svc = new AnomalyService(new FileStore(root, { durable: false }));
    for (let i = 0; i < 60; i++) await svc.detect("m", steadyRecord(i), 1_700_000_000 + i);
    // Simulate the crash: one more line reached data.jsonl, metadata did not change.
    appendFileSync(join(root, "m", "data.jsonl"), `${JSON.stringify({ ...steadyRecord(60), timestamp: 1 })}\n`);
    const after = new AnomalyService(new FileStore(root, { durable: false }));
    const meta = await after.metadata("m");
    expect(meta.n_seen).toBe(60);
    const r = await after.detect("m", steadyRecord(61), 1_700_000_100);
    expect(r.body.data_points).toBe(61);
  });
});
