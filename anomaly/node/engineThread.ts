/**
 * One worker thread that runs engine jobs (threadJobs.ts) one at a time, in
 * order, so the event loop stays free while a 50 MB CSV batch is scored or
 * a model retrains. The thread loads the engine's TypeScript through tsx's
 * require hook when running from source, or its prebuilt bundle in
 * production, so it executes the same code as the calling thread. Where that is not possible (tsx or the source
 * files missing, e.g. in a bundle) or the thread dies, jobs run on the
 * calling thread instead, with the same answers.
 *
 * A job's buffers listed in `transfer` move to the thread without a copy
 * and are left detached; a job that transferred nothing can be run again
 * here when the thread fails under it.
 */
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { type Done, THREAD_JOBS, type ThreadJobName } from "./threadJobs";

type JobOf<N extends ThreadJobName> = Parameters<(typeof THREAD_JOBS)[N]>[0];
type AnswerOf<N extends ThreadJobName> = Awaited<ReturnType<(typeof THREAD_JOBS)[N]>>["answer"];

interface Pending {
  resolve: (answer: unknown) => void;
  reject: (e: Error) => void;
  /** Runs the job here instead, when it can still be run (nothing was transferred). */
  retryHere: (() => Promise<unknown>) | null;
}

/**
 * How the thread loads threadJobs: the production bundle's prebuilt
 * threadJobs.cjs (scripts/build-server.ts sets the global naming its
 * folder), else the TypeScript source through tsx; null when neither exists.
 */
function loadJobs(): string | null {
  const prebuilt = (globalThis as { __pithPrebuiltWorkers?: string }).__pithPrebuiltWorkers;
  if (prebuilt !== undefined) return `require(${JSON.stringify(`${prebuilt}/threadJobs.cjs`)})`;
  const api = createRequire(import.meta.url).resolve("tsx/cjs/api");
  const jobs = fileURLToPath(new URL("./threadJobs.ts", import.meta.url));
  if (!existsSync(jobs)) return null;
  return `(require(${JSON.stringify(api)}).register(), require(${JSON.stringify(jobs)}))`;
}

function workerSource(nice: number): string | null {
  try {
    const jobs = loadJobs();
    if (jobs === null) return null;
    return `
const { parentPort } = require("node:worker_threads");
// On Linux a thread's nice value is its own: 0 here means this thread only.
try { const os = require("node:os"); os.setPriority(0, Math.min(19, os.getPriority(0) + ${nice})); } catch {}
const { THREAD_JOBS } = ${jobs};
let chain = Promise.resolve();
parentPort.on("message", ({ id, name, job }) => {
  chain = chain.then(async () => {
    try {
      const { answer, transfer } = await THREAD_JOBS[name](job);
      parentPort.postMessage({ id, answer }, transfer);
    } catch (e) {
      parentPort.postMessage({ id, error: String((e && e.stack) || e) });
    }
  });
});`;
  } catch {
    return null;
  }
}

async function runHere<N extends ThreadJobName>(name: N, job: JobOf<N>): Promise<AnswerOf<N>> {
  const run = THREAD_JOBS[name] as (job: JobOf<N>) => Promise<Done<AnswerOf<N>>>;
  return (await run(job)).answer;
}

export interface EngineThreadOptions {
  /**
   * How much nicer than the process the thread runs (0 to 19; Linux, where
   * a nice value is per thread). Bulk work (a CSV batch) runs nicer than
   * the event loop, so on a busy machine the scheduler gives the small
   * requests the CPU first and the batch the rest.
   */
  nice?: number;
}

export class EngineThread {
  private worker: Worker | null = null;
  private unavailable = false;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  constructor(private readonly options: EngineThreadOptions = {}) {}

  private start(): Worker | null {
    if (this.worker !== null || this.unavailable) return this.worker;
    const source = workerSource(Math.max(0, Math.min(19, Math.round(this.options.nice ?? 0))));
    if (source === null) {
      this.unavailable = true;
      return null;
    }
    const w = new Worker(source, { eval: true });
    w.on("message", (m: { id: number; answer?: unknown; error?: string }) => {
      const p = this.pending.get(m.id);
      this.pending.delete(m.id);
      if (this.pending.size === 0) w.unref();
      if (m.error === undefined) p?.resolve(m.answer);
      else p?.reject(new Error(m.error));
    });
    w.on("error", (e) => this.lost(w, e));
    w.on("exit", (code) => this.lost(w, new Error(`engine thread exited (${code})`)));
    // An idle thread must not keep the process alive.
    w.unref();
    this.worker = w;
    return w;
  }

  /** The thread died: jobs that can run here do, the others fail; the next job starts a new thread. */
  private lost(w: Worker, e: Error): void {
    if (this.worker !== w) return;
    this.worker = null;
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const p of pending) {
      if (p.retryHere === null) p.reject(e);
      else p.retryHere().then(p.resolve, p.reject);
    }
  }

  /** Runs a job on the thread; `transfer` lists the job's buffers to move there (left detached). */
  run<N extends ThreadJobName>(name: N, job: JobOf<N>, transfer: ArrayBuffer[] = []): Promise<AnswerOf<N>> {
    const worker = this.start();
    if (worker === null) return runHere(name, job);
    const id = this.nextId++;
    return new Promise<AnswerOf<N>>((resolve, reject) => {
      this.pending.set(id, {
        resolve: resolve as (answer: unknown) => void,
        reject,
        retryHere: transfer.length === 0 ? () => runHere(name, job) : null,
      });
      worker.ref();
      worker.postMessage({ id, name, job }, transfer);
    });
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    for (const p of this.pending.values()) p.reject(new Error("the engine thread was closed"));
    this.pending.clear();
    await w?.terminate();
  }
}
