import { describe, expect, it } from "vitest";
import { trainRestart } from "../autoencoder/restart";
import { acceleratorAllowed, CpuBackend } from "../backends/backend";
import { batchCsvBody } from "../batch";
import { buildForest } from "../forest/forest";
import { Xoshiro256 } from "../forest/prng";
import { checkRecord, learnRecord } from "../model/encoding";
import { newMetadata } from "../model/metadata";
import { trainVersions } from "../model/training";
import { slidingWindows } from "../model/windows";
import { WorkerBackend } from "./workerBackend";

const hex = (a: ArrayBufferView) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString("hex");

describe("worker_threads backend", () => {
  it("runs a CSV batch on its worker thread with exactly the calling thread's answer; bad input is an input error", async () => {
    const lines = ["a,b,c"];
    for (let i = 0; i < 3000; i++) lines.push(`${(i * 37) % 101},${(i * 53) % 89},${i % 7}`);
    lines.push("900,-900,3");
    const csv = new TextEncoder().encode(lines.join("\n"));
    const expected = await batchCsvBody(csv, true, new CpuBackend());
    const workers = new WorkerBackend({ threads: 2 });
    try {
      const copy = csv.slice();
      const answer = await workers.batchCsv(copy, true);
      // The upload moved to the worker without a copy.
      expect(copy.byteLength).toBe(0);
      expect(answer).toEqual({ body: expected });
      const body = JSON.parse(new TextDecoder().decode(expected)) as { result: { anomaly_indices: number[] } };
      expect(body.result.anomaly_indices).toContain(3000);
      expect(await workers.batchCsv(new Uint8Array([0x31, 0x2c, 0xff, 0x0a]), false)).toEqual({
        inputError: "The CSV is not valid UTF-8",
      });
      expect(await workers.batchCsv(new TextEncoder().encode("a,b\nx,y\n"), true)).toEqual({
        inputError: "No numeric data rows found in the CSV.",
      });
    } finally {
      await workers.close();
    }
  });

  it("retrains a model's five default versions on its training thread with exactly the calling thread's forests, while the event loop keeps turning", async () => {
    const meta = newMetadata("m", 1_000_000);
    const records = Array.from({ length: 1000 }, (_, i) => ({
      temp: 20 + ((i * 37) % 23),
      load: (i * 13) % 7,
      site: i % 3 === 0 ? "a" : "b",
      timestamp: 1_000_000 + 60 * i,
    }));
    for (const r of records) learnRecord(meta, checkRecord(r));
    const input = {
      state: meta,
      records,
      times: records.map((r) => r.timestamp),
      versions: meta.versions,
      now: 1_000_000 + 60 * 1000,
    };
    const expected = await trainVersions({ ...input, backend: new CpuBackend() });
    const workers = new WorkerBackend({ threads: 2 });
    try {
      let ticks = 0;
      const timer = setInterval(() => ticks++, 5);
      const trained = await trainVersions({ ...input, backend: workers });
      clearInterval(timer);
      // Byte for byte (a deep toEqual over ~10^5 array elements takes seconds).
      const bytes = (t: typeof expected) =>
        [...t.forests].map(([name, f]) =>
          f === null
            ? [name]
            : [name, f.nTrees, f.offset, ...[f.roots, f.feature, f.split, f.left, f.right, f.value].map(hex)],
        );
      expect({ ...trained, forests: bytes(trained) }).toEqual({ ...expected, forests: bytes(expected) });
      expect([...trained.forests.values()].filter((f) => f !== null)).toHaveLength(5);
      // On the calling thread the loop would not turn once (0.4 s of work);
      // here timers fire while the thread trains.
      expect(ticks).toBeGreaterThan(3);
    } finally {
      await workers.close();
    }
  });

  it("is bit-identical to the single-threaded CPU backend", async () => {
    const g = new Xoshiro256(11);
    const n = 30_000;
    const d = 5;
    const data = Float64Array.from({ length: n * d }, () => g.u01() * 10 - 5);
    const rows = { data, nRows: n, rowStride: d };
    const forest = buildForest(rows, d, { nTrees: 60, maxSamples: 256, seed: 42 });
    const workers = new WorkerBackend({ threads: 2, minRows: 1000 });
    try {
      const a = await new CpuBackend().pathSums(forest, rows);
      const b = await workers.pathSums(forest, rows);
      expect(b).toEqual(a);
      // Strided window views too (timevector scoring).
      const win = slidingWindows(data, d, 3, n - 3, 4, 1);
      if (win === null) throw new Error("expected windows");
      const wf = buildForest(win, 4 * d, { nTrees: 20, maxSamples: 256, seed: 42 });
      expect(await workers.pathSums(wf, win)).toEqual(await new CpuBackend().pathSums(wf, win));
    } finally {
      await workers.close();
    }
  });

  it("autoencoder restarts on worker threads give the same models as on one thread", async () => {
    const g = new Xoshiro256(2);
    const n = 300;
    const data = new Float64Array(n * 3);
    for (let i = 0; i < n; i++) {
      const t = g.u01();
      data.set([t, t * t, 1 - t], i * 3);
    }
    const jobs = [42, 43, 44].map((seed) => ({ data, n, d: 3, layers: [3, 6, 3], seed }));
    const workers = new WorkerBackend({ threads: 2, parallelRestarts: true });
    expect(new WorkerBackend().trainRestarts).toBeUndefined();
    try {
      if (workers.trainRestarts === undefined) throw new Error("expected parallel restarts");
      const parallel = await workers.trainRestarts(jobs);
      const local = jobs.map((j) => trainRestart(j));
      expect(parallel.map((r) => r.seed)).toEqual([42, 43, 44]);
      for (let i = 0; i < 3; i++) {
        expect(parallel[i].loss).toBe(local[i].loss);
        expect(parallel[i].weights).toEqual(local[i].weights);
        expect(parallel[i].biases).toEqual(local[i].biases);
      }
    } finally {
      await workers.close();
    }
  });

  it("honours ANOMALY_GPU=0 and LANG_GPU=cpu", () => {
    expect(acceleratorAllowed({})).toBe(true);
    expect(acceleratorAllowed({ ANOMALY_GPU: "0" })).toBe(false);
    expect(acceleratorAllowed({ LANG_GPU: "cpu" })).toBe(false);
    expect(acceleratorAllowed({ LANG_GPU: "CPU" })).toBe(false);
  });
});
