/**
 * Runs autoencoder restarts on worker threads, one restart per worker at a
 * time. Workers load restart.ts through tsx's require hook (from source) or
 * its prebuilt bundle (production), so they execute the same code as the calling
 * thread and return identical models. When tsx cannot be found or a worker
 * fails, the restarts run on the calling thread instead.
 */
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { type RestartJob, type RestartResult, trainRestart } from "../autoencoder/restart";

/** The production bundle's prebuilt restart.cjs (scripts/build-server.ts), else the source through tsx. */
function loadRestart(): string {
  const prebuilt = (globalThis as { __pithPrebuiltWorkers?: string }).__pithPrebuiltWorkers;
  if (prebuilt !== undefined) return `require(${JSON.stringify(`${prebuilt}/restart.cjs`)})`;
  const api = createRequire(import.meta.url).resolve("tsx/cjs/api");
  const restart = fileURLToPath(new URL("../autoencoder/restart.ts", import.meta.url));
  return `(require(${JSON.stringify(api)}).register(), require(${JSON.stringify(restart)}))`;
}

function workerSource(): string | null {
  try {
    return `
const { parentPort } = require("node:worker_threads");
const { trainRestart } = ${loadRestart()};
parentPort.on("message", ({ id, job }) => {
  try {
    const r = trainRestart(job);
    parentPort.postMessage({ id, result: r }, [...r.weights, ...r.biases].map((a) => a.buffer));
  } catch (e) {
    parentPort.postMessage({ id, error: String((e && e.stack) || e) });
  }
});`;
  } catch {
    return null;
  }
}

export class RestartPool {
  private workers: Worker[] = [];
  private broken = false;

  constructor(private readonly threads = availableParallelism()) {}

  private start(count: number): Worker[] {
    const source = workerSource();
    if (source === null) return [];
    while (this.workers.length < count) {
      const w = new Worker(source, { eval: true });
      w.unref();
      this.workers.push(w);
    }
    return this.workers.slice(0, count);
  }

  private runOn(worker: Worker, job: RestartJob, id: number): Promise<RestartResult> {
    return new Promise((resolve, reject) => {
      const onMessage = (m: { id: number; result?: RestartResult; error?: string }) => {
        if (m.id !== id) return;
        cleanup();
        if (m.result !== undefined) resolve(m.result);
        else reject(new Error(m.error ?? "restart failed"));
      };
      const onError = (e: Error) => {
        cleanup();
        reject(e);
      };
      const cleanup = () => {
        worker.off("message", onMessage);
        worker.off("error", onError);
        worker.unref();
      };
      worker.ref();
      worker.on("message", onMessage);
      worker.on("error", onError);
      worker.postMessage({ id, job });
    });
  }

  async train(jobs: RestartJob[]): Promise<RestartResult[]> {
    const count = Math.min(this.threads, jobs.length);
    const workers = this.broken || count < 2 ? [] : this.start(count);
    if (workers.length === 0) return jobs.map((j) => trainRestart(j));
    // Rows are shared, not copied, with every worker.
    const shared = new Float64Array(new SharedArrayBuffer(jobs[0].data.byteLength));
    shared.set(jobs[0].data);
    const sharedJobs = jobs.map((j) => (j.data === jobs[0].data ? { ...j, data: shared } : j));
    const results: RestartResult[] = new Array(jobs.length);
    let next = 0;
    try {
      await Promise.all(
        workers.map(async (w, k) => {
          while (next < sharedJobs.length) {
            const i = next++;
            results[i] = await this.runOn(w, sharedJobs[i], k * 1_000_000 + i);
          }
        }),
      );
      return results;
    } catch {
      this.broken = true;
      await this.close();
      return jobs.map((j) => trainRestart(j));
    }
  }

  async close(): Promise<void> {
    const workers = this.workers;
    this.workers = [];
    await Promise.all(workers.map((w) => w.terminate()));
  }
}
