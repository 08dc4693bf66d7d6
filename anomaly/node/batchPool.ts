/**
 * CSV batches (POST /detect_anomalies, `anomaly batch`) on a worker thread:
 * the upload's bytes are transferred to it, and it decodes, parses, trains,
 * scores and serialises the answer (batch.ts's batchCsvBody, the same code
 * as on the calling thread), so the event loop stays free for other
 * requests while a 50 MB upload is scored. Jobs run one at a time, in
 * order. The worker loads the engine through tsx's require hook, as
 * restartPool.ts does; when that fails the job runs on the calling thread.
 */
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { CpuBackend } from "../backend";
import { BatchInputError, batchCsvBody } from "../batch";

type Answer = { body: Uint8Array } | { inputError: string };

function workerSource(): string | null {
  try {
    const api = createRequire(import.meta.url).resolve("tsx/cjs/api");
    const batch = fileURLToPath(new URL("../batch.ts", import.meta.url));
    const backend = fileURLToPath(new URL("../backend.ts", import.meta.url));
    return `
const { parentPort } = require("node:worker_threads");
require(${JSON.stringify(api)}).register();
const { BatchInputError, batchCsvBody } = require(${JSON.stringify(batch)});
const { CpuBackend } = require(${JSON.stringify(backend)});
let chain = Promise.resolve();
parentPort.on("message", ({ id, csv, hasHeader }) => {
  chain = chain.then(async () => {
    try {
      const body = await batchCsvBody(csv, hasHeader, new CpuBackend());
      parentPort.postMessage({ id, body }, [body.buffer]);
    } catch (e) {
      if (e instanceof BatchInputError) parentPort.postMessage({ id, inputError: e.message });
      else parentPort.postMessage({ id, error: String((e && e.stack) || e) });
    }
  });
});`;
  } catch {
    return null;
  }
}

async function onThisThread(csv: Uint8Array, hasHeader: boolean): Promise<Answer> {
  try {
    return { body: await batchCsvBody(csv, hasHeader, new CpuBackend()) };
  } catch (e) {
    if (e instanceof BatchInputError) return { inputError: e.message };
    throw e;
  }
}

export class BatchPool {
  private worker: Worker | null = null;
  private unavailable = false;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (a: Answer) => void; reject: (e: Error) => void }>();

  private start(): Worker | null {
    if (this.worker !== null || this.unavailable) return this.worker;
    const source = workerSource();
    if (source === null) {
      this.unavailable = true;
      return null;
    }
    const w = new Worker(source, { eval: true });
    w.on("message", (m: { id: number; body?: Uint8Array; inputError?: string; error?: string }) => {
      const p = this.pending.get(m.id);
      this.pending.delete(m.id);
      if (this.pending.size === 0) w.unref();
      if (m.body !== undefined) p?.resolve({ body: m.body });
      else if (m.inputError !== undefined) p?.resolve({ inputError: m.inputError });
      else p?.reject(new Error(m.error ?? "batch failed"));
    });
    w.on("error", (e) => {
      for (const p of this.pending.values()) p.reject(e);
      this.pending.clear();
      this.worker = null;
    });
    // An idle worker must not keep the process alive.
    w.unref();
    this.worker = w;
    return w;
  }

  /** Transfers `csv` (it is left detached) unless the job runs on this thread. */
  run(csv: Uint8Array, hasHeader: boolean): Promise<Answer> {
    const worker = this.start();
    if (worker === null) return onThisThread(csv, hasHeader);
    const id = this.nextId++;
    // A standalone buffer moves without a copy; a view into a larger one is copied first.
    const own =
      csv.byteOffset === 0 && csv.byteLength === csv.buffer.byteLength && csv.buffer instanceof ArrayBuffer
        ? csv
        : csv.slice();
    return new Promise<Answer>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ id, csv: own, hasHeader }, [own.buffer as ArrayBuffer]);
    });
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    await w?.terminate();
  }
}
