import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FileStore } from "./node/fileStore";
import { AnomalyError, AnomalyService } from "./service";
import { MemoryStore } from "./store/memoryStore";
import { steadyRecord } from "./testing";

const T0 = 1_700_000_000;
const newRoot = () => mkdtempSync(join(tmpdir(), "anomaly-svc-"));
const open = (root: string) => new AnomalyService(new FileStore(root, { durable: false, log: () => {} }));

async function feed(svc: AnomalyService, model: string, from: number, to: number) {
  let last: Awaited<ReturnType<AnomalyService["detect"]>> | undefined;
  for (let i = from; i < to; i++) last = await svc.detect(model, steadyRecord(i), T0 + 60 * i);
  return last as NonNullable<typeof last>;
}

async function rejects(p: Promise<unknown>, status: number, message?: string) {
  const e = await p.then(
    () => null,
    (err) => err,
  );
  expect(e).toBeInstanceOf(AnomalyError);
  expect(e.status).toBe(status);
  if (message !== undefined) expect(e.message).toBe(message);
}

describe("anomaly service", () => {
  it("collects 49 points (202), then the 50th trains and gets the first verdict", async () => {
    const svc = open(newRoot());
    const r49 = await feed(svc, "m", 0, 49);
    expect(r49.httpStatus).toBe(202);
    expect(r49.body).toEqual({
      status: "collecting",
      message: "Collecting data (49/50 points).",
      data_points: 49,
      min_data_points: 50,
      model_name: "m",
    });
    const r50 = await feed(svc, "m", 49, 50);
    expect(r50.httpStatus).toBe(200);
    if (r50.body.status !== "success") throw new Error("expected a verdict");
    expect(Object.keys(r50.body.versions)).toEqual(["short_term", "daily", "weekly", "seasonal"]);
    expect(r50.body.data_points).toBe(50);
    // The margin follows the training scores at the default false-alarm rate (calibration.ts).
    const daily = (await svc.metadata("m")).versions.find((v) => v.vname === "daily");
    expect(daily?.margin_pinned).toBe(false);
    expect(r50.body.versions.daily.threshold_info).toEqual({ margin: daily?.decision_margin });
    expect(r50.body.severity).toBeGreaterThanOrEqual(0);
    expect(r50.body.severity).toBeLessThanOrEqual(100);
    expect(r50.body.score).toBe(Math.min(...Object.values(r50.body.versions).map((v) => v.score)));
    const meta = await svc.metadata("m");
    expect(meta.next_train).toBe(100);
    expect(meta.last_trained).toBe(T0 + 60 * 49);
  });

  it("validates names first, and reports missing and untrained models", async () => {
    const svc = open(newRoot());
    const bad = "Invalid model name. Use only letters, numbers, and underscores.";
    await rejects(svc.detect("no-dash", { a: 1 }), 400, bad);
    await rejects(svc.metadata("../etc"), 400, bad);
    await rejects(svc.detectOnly("ghost", { a: 1 }), 404, "Model ghost not found");
    await rejects(svc.forceTrain("ghost"), 404, "Model ghost not found");
    await feed(svc, "young", 0, 10);
    await rejects(svc.detectOnly("young", { cpu: 1 }), 400, "Model young exists but is not trained yet.");
    await rejects(svc.forceTrain("young"), 400, "Not enough data to train");
  });

  it("a failed ingest leaves the model untouched on disk and in memory", async () => {
    const root = newRoot();
    const svc = open(root);
    await feed(svc, "m", 0, 5);
    const dir = join(root, "m");
    const before = readdirSync(dir).map((f) => readFileSync(join(dir, f), "utf8"));
    const metaBefore = JSON.stringify(await svc.metadata("m"));
    for (const bad of [
      { cpu: "high" },
      { cpu: 1, timestamp: "not a time" },
      [1],
      "x",
      { cpu: { deep: 1 } },
      { cpu: Number.POSITIVE_INFINITY },
    ]) {
      await rejects(svc.detect("m", bad), 400);
    }
    expect(readdirSync(dir).map((f) => readFileSync(join(dir, f), "utf8"))).toEqual(before);
    expect(JSON.stringify(await svc.metadata("m"))).toBe(metaBefore);
    await rejects(
      svc.detect("fresh", { a: "NaN" }).then(() => svc.detect("fresh", { a: "text" })),
      400,
    );
  });

  it("the schedule keeps firing across restarts", async () => {
    const root = newRoot();
    let svc = open(root);
    await feed(svc, "m", 0, 60);
    expect((await svc.metadata("m")).next_train).toBe(100);
    svc = open(root); // a new process
    await feed(svc, "m", 60, 100);
    let meta = await svc.metadata("m");
    // Point 100 starts a training beside ingest; it takes effect (and the
    // next one starts) 50 points later: the schedule's interval, longer
    // than a sixteenth of the ring.
    expect(meta.next_train).toBe(150);
    expect(meta.pending_training).toMatchObject({ from: 100, at: 150 });
    const trainedAt = meta.last_trained;
    svc = open(root);
    await feed(svc, "m", 100, 150);
    meta = await svc.metadata("m");
    expect(meta.next_train).toBe(200);
    expect(meta.pending_training).toMatchObject({ from: 150, at: 200 });
    expect(meta.last_trained).not.toBe(trainedAt);
  });

  it("margin and schedule changes persist through the file store", async () => {
    const root = newRoot();
    let svc = open(root);
    await feed(svc, "m", 0, 50);
    expect(await svc.setMargin("m", "daily", 0.3)).toMatchObject({ status: "success", version: "daily", margin: 0.3 });
    await rejects(svc.setMargin("m", "hourly", 0.3), 404);
    const sched = await svc.setSchedule("m", { below_max_retrain_frequency: 7, at_max_retrain_frequency: -1 });
    expect(sched.training_schedule).toEqual({ below_max: 7, at_max: 1000 });
    await rejects(svc.setSchedule("m", { below_max_retrain_frequency: "7" }), 400);
    svc = open(root);
    const meta = await svc.metadata("m");
    expect(meta.versions.find((v) => v.vname === "daily")?.decision_margin).toBe(0.3);
    expect(meta.sched_below).toBe(7);
    expect(meta.next_train).toBe(57);
    const r = await svc.detectOnly("m", steadyRecord(1));
    if (r.status !== "success") throw new Error("expected a verdict");
    expect(r.versions.daily.threshold_info.margin).toBe(0.3);
  });

  it("metadata has the documented field order and survives a JSON round trip", async () => {
    const root = newRoot();
    const svc = open(root);
    await feed(svc, "m", 0, 50);
    const onDisk = JSON.parse(readFileSync(join(root, "m", "metadata.json"), "utf8"));
    // After the documented fields, the file store's own: where the log stood
    // and, after a training, the forest files this write put in force.
    expect(Object.keys(onDisk).filter((k) => k !== "forests_staged")).toEqual([
      "name",
      "created",
      "cols",
      "kinds",
      "cats",
      "feats",
      "sc_mean",
      "sc_std",
      "sched_below",
      "sched_at_max",
      "n_seen",
      "last_trained",
      "versions",
      "next_train",
      "false_alarm_rate",
      "bands",
      "novelty",
      "alerting",
      "pending_training",
      "data_jsonl",
    ]);
    expect(Object.keys(onDisk.versions[0])).toEqual([
      "vname",
      "window_min",
      "window_pts",
      "window_size",
      "step_size",
      "n_estimators",
      "max_samples",
      "contamination",
      "decision_margin",
      "enabled",
      "false_alarm_rate",
      "margin_pinned",
      "calibration",
    ]);
    expect(onDisk.kinds).toEqual([0, 0, 1]);
    expect(onDisk.cats).toEqual([[], [], ["a", "b"]]);
  });

  it("older metadata loads with defaults", async () => {
    const root = newRoot();
    let svc = open(root);
    await feed(svc, "m", 0, 60);
    const path = join(root, "m", "metadata.json");
    const meta = JSON.parse(readFileSync(path, "utf8"));
    // As the old service wrote it: no log checkpoint, n_seen counting every point.
    delete meta.data_jsonl;
    meta.n_seen = 60;
    delete meta.next_train;
    delete meta.sched_below;
    meta.versions = meta.versions.map((v: Record<string, unknown>) => ({
      vname: v.vname,
      window_min: v.window_min,
      window_size: v.window_size,
      contamination: "0.1",
    }));
    writeFileSync(path, JSON.stringify(meta));
    svc = open(root);
    const loaded = await svc.metadata("m");
    expect(loaded.sched_below).toBe(50);
    expect(loaded.next_train).toBe(110);
    expect(loaded.versions[0]).toMatchObject({
      n_estimators: 100,
      max_samples: 256,
      decision_margin: 0,
      enabled: true,
      contamination: "auto",
    });
    // Without a required field it is damaged: rebuilt from the intact log, never lost.
    delete meta.cols;
    writeFileSync(path, JSON.stringify(meta));
    svc = open(root);
    expect(await svc.metadata("m")).toMatchObject({ n_seen: 60, cols: ["cpu", "mem", "host"], last_trained: 0 });
  });

  it("reset keeps name, schedule and versions; delete removes the model", async () => {
    const root = newRoot();
    let svc = open(root);
    await feed(svc, "m", 0, 50);
    await svc.setSchedule("m", { below_max_retrain_frequency: 20 });
    await svc.setMargin("m", "weekly", 0.5);
    expect(await svc.reset("m")).toEqual({ status: "success", message: "Model m reset" });
    svc = open(root);
    const meta = await svc.metadata("m");
    expect(meta).toMatchObject({
      name: "m",
      n_seen: 0,
      cols: [],
      feats: [],
      last_trained: 0,
      sched_below: 20,
      next_train: 50,
    });
    expect(meta.versions.find((v) => v.vname === "weekly")?.decision_margin).toBe(0.5);
    expect((await svc.data("m", "all")).data_points_count).toBe(0);
    expect(readdirSync(join(root, "m")).filter((f) => f.endsWith(".forest"))).toEqual([]);
    expect((await feed(svc, "m", 0, 1)).httpStatus).toBe(202);
    expect(await svc.deleteModel("m")).toEqual({ status: "success", message: "Model m deleted successfully" });
    await rejects(svc.metadata("m"), 404);
    await rejects(svc.deleteModel("m"), 404);
    expect((await svc.listModels()).models).toEqual({});
  });

  it("force train, list, data and detect_only", async () => {
    const svc = open(newRoot());
    await feed(svc, "m", 0, 70);
    expect(await svc.forceTrain("m", T0 + 70 * 60)).toEqual({
      status: "success",
      message: "Model m trained",
      points_used: 70,
    });
    expect((await svc.metadata("m")).next_train).toBe(120);
    const list = await svc.listModels();
    expect(Object.keys(list.models)).toEqual(["m"]);
    expect(list).toMatchObject({ min_data_points: 50, max_data_points: 150000 });
    const data = await svc.data("m", 3);
    expect(data.data_points_count).toBe(70);
    expect(data.data.map((r) => r.timestamp)).toEqual([67, 68, 69].map((i) => T0 + 60 * i));
    const n = (await svc.metadata("m")).n_seen;
    const r = await svc.detectOnly("m", { cpu: 500, mem: 0, host: "zzz", extra: 1 });
    const normal = await svc.detectOnly("m", steadyRecord(3));
    if (r.status !== "success" || normal.status !== "success") throw new Error("expected verdicts");
    expect(r.score).toBeLessThan(normal.score);
    expect(r.score).toBeLessThan(0);
    expect((await svc.metadata("m")).n_seen).toBe(n);
  });

  it("windowed versions join the verdict once the ring covers the window", async () => {
    const svc = open(newRoot());
    // The training that covers it starts at point 100 and takes effect at 150.
    const r = await feed(svc, "m", 0, 150);
    expect(r.body.status === "success" && Object.keys(r.body.versions)).toContain("timevector");
  });

  it("concurrent calls on one model lose no update", async () => {
    const svc = open(newRoot());
    await Promise.all(Array.from({ length: 80 }, (_, i) => svc.detect("m", steadyRecord(i), T0 + i)));
    expect((await svc.metadata("m")).n_seen).toBe(80);
    expect((await svc.data("m", "all")).data_points_count).toBe(80);
  });

  it("fine-tune sets each margin to 0.95·|lowest decision| and persists it", async () => {
    const root = newRoot();
    let svc = open(root);
    await feed(svc, "m", 0, 60);
    const r = await svc.finetune("m");
    expect(Object.keys(r.adjusted_margins)).toEqual(["short_term", "daily", "weekly", "seasonal"]);
    for (const [v, m] of Object.entries(r.adjusted_margins)) {
      expect(m).toBeCloseTo(0.95 * Math.abs(r.max_anomaly_scores[v]), 15);
    }
    svc = open(root);
    const meta = await svc.metadata("m");
    expect(meta.versions[0].decision_margin).toBe(r.adjusted_margins.short_term);
    // With every ring point inside its margin, no ring point is flagged by a version.
    const v = await svc.detectOnly("m", steadyRecord(3));
    if (v.status !== "success") throw new Error("expected a verdict");
    expect(v.versions.short_term.anomaly).toBe(false);
  });

  it("at capacity the ring evicts the oldest and the at-max schedule applies, across restarts", async () => {
    const root = newRoot();
    const at = (capacity: number) => new AnomalyService(new FileStore(root, { durable: false }), { capacity });
    let svc = at(60);
    await feed(svc, "m", 0, 50);
    await svc.setSchedule("m", { at_max_retrain_frequency: 25 });
    await feed(svc, "m", 50, 100);
    let meta = await svc.metadata("m");
    expect(meta.n_seen).toBe(100);
    // Trained at 50 (ring not full: +50); at 100 (ring full) a training
    // starts that takes effect at_max's 25 points later, where the next one starts.
    expect(meta.next_train).toBe(125);
    const data = await svc.data("m", "all");
    expect(data.data_points_count).toBe(60);
    expect(data.data[0].timestamp).toBe(T0 + 60 * 40);
    svc = at(60);
    await feed(svc, "m", 100, 125);
    meta = await svc.metadata("m");
    expect(meta.next_train).toBe(150);
    expect((await svc.data("m", "all")).data[59].timestamp).toBe(T0 + 60 * 124);
  });

  it("a model whose forest files are corrupt retrains on its next point", async () => {
    const root = newRoot();
    let svc = open(root);
    await feed(svc, "m", 0, 60);
    for (const f of readdirSync(join(root, "m")).filter((x) => x.endsWith(".forest"))) {
      writeFileSync(join(root, "m", f), "corrupt");
    }
    svc = open(root);
    await rejects(svc.detectOnly("m", steadyRecord(1)), 400, "Model m exists but is not trained yet.");
    const r = await feed(svc, "m", 60, 61);
    expect(r.httpStatus).toBe(200);
    expect((await svc.metadata("m")).next_train).toBe(111);
  });

  it("a model with unreadable metadata is rebuilt from its data log, never replaced", async () => {
    const root = newRoot();
    let svc = open(root);
    await feed(svc, "m", 0, 60);
    writeFileSync(join(root, "m", "metadata.json"), "{not json");
    svc = open(root);
    expect((await svc.metadata("m")).n_seen).toBe(60);
    const r = await feed(svc, "m", 60, 61);
    expect(r.body.data_points).toBe(61);
    expect((await svc.data("m", "all")).data_points_count).toBe(61);
  });

  it("runs the same on the in-memory store", async () => {
    const svc = new AnomalyService(new MemoryStore());
    const r = await feed(svc, "m", 0, 50);
    expect(r.httpStatus).toBe(200);
    expect(Object.keys((await svc.listModels()).models)).toEqual(["m"]);
    await svc.reset("m");
    expect((await svc.metadata("m")).n_seen).toBe(0);
  });

  it("export and import move a whole model", async () => {
    const svc = open(newRoot());
    await feed(svc, "m", 0, 60);
    const bundle = JSON.parse(JSON.stringify(await svc.exportModel("m")));
    const other = open(newRoot());
    expect(await other.importModel("copy", bundle)).toEqual({ status: "success", message: "Model copy imported" });
    const a = await svc.detectOnly("m", steadyRecord(5));
    const b = await other.detectOnly("copy", steadyRecord(5));
    expect(b.status === "success" && b.score).toBe(a.status === "success" && a.score);
    await rejects(other.importModel("bad", { format: "nope" }), 400);
    const traversal = structuredClone(bundle);
    traversal.metadata.versions[0].vname = "../../etc";
    await rejects(other.importModel("bad", traversal), 400);
    const stray = structuredClone(bundle);
    stray.forests.other = stray.forests.daily;
    await rejects(other.importModel("bad", stray), 400);
    bundle.forests.daily = "AAAA";
    await rejects(other.importModel("bad", bundle), 400);
    expect((await other.listModels()).models).not.toHaveProperty("bad");
  });
});
