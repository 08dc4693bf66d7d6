// compiler.wasm off the event loop: a fixed set of worker threads, each
// running one compiler invocation at a time (compileJob.ts), with a FIFO of waiting
// compiles. A compile past its time limit has its worker terminated (V8
// stops wasm mid-loop) and replaced, and the caller gets a 504; the server
// itself never waits on a runaway compile.
//
// Workers load compileJob.ts through tsx's ESM API when the server runs
// from source (tests, `npm run dev`), and the prebuilt compileJob.cjs when it
// runs as the production bundle, which has no TypeScript loader
// (scripts/build-server.ts sets the global naming that folder).
import { Worker } from "node:worker_threads";
import type { CompilerRun, CompilerRunResult } from "../toolchain/compileToLl";
import { PlaygroundHttpError } from "./httpError";

function loadJobSource(): string {
  const prebuilt = (globalThis as { __pithPrebuiltWorkers?: string }).__pithPrebuiltWorkers;
  if (prebuilt !== undefined) {
    return `const loaded = Promise.resolve(require(${JSON.stringify(`${prebuilt}/compileJob.cjs`)}));`;
  }
  const tsxApi = import.meta.resolve("tsx/esm/api");
  const job = new URL("./compileJob.ts", import.meta.url).href;
  return `const loaded = import(${JSON.stringify(tsxApi)}).then(({ tsImport }) =>
  tsImport(${JSON.stringify(job)}, ${JSON.stringify(job)}),
);`;
}

// On Linux, setpriority(0) from a worker renices only that thread, so with
// a nice above 0 compiles yield the CPU to the main thread and requests
// such as /health stay fast while a flood of builds keeps every worker busy.
const workerSource = (): string => `
const { parentPort, workerData } = require("node:worker_threads");
if (workerData.nice > 0) try { require("node:os").setPriority(0, workerData.nice); } catch {}
${loadJobSource()}
loaded.then((job) => job.warmCompiler()).then(
  () => parentPort.postMessage({ ready: true }),
  (error) => parentPort.postMessage({ ready: true, error: String((error && error.stack) || error) }),
);
parentPort.on("message", async (job) => {
  try {
    const { runCompilerJob } = await loaded;
    const result = await runCompilerJob(job);
    parentPort.postMessage({ result });
  } catch (error) {
    parentPort.postMessage({ error: String((error && error.stack) || error) });
  }
});`;

export interface CompilerPoolOptions {
  workers: number;
  timeoutMs: number;
  /** Nice value of the worker threads (default 0: as the server). */
  nice?: number;
  /** Compiles waiting for a worker; one more is a 429. */
  maxQueued?: number;
}

interface Pending {
  job: CompilerRun;
  resolve: (result: CompilerRunResult) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  busy: boolean;
  /** Settles once the worker has loaded the compiler; the time limit starts after it. */
  ready: Promise<void>;
}

export class CompilerPool {
  private readonly slots: Slot[] = [];
  private readonly waiting: Pending[] = [];
  private closed = false;
  private readonly maxQueued: number;
  private source: string | undefined;

  constructor(private readonly options: CompilerPoolOptions) {
    this.maxQueued = options.maxQueued ?? 64 * options.workers;
  }

  /** Compiles waiting plus compiles running. */
  get queueLength(): number {
    return this.waiting.length + this.slots.filter((s) => s.busy).length;
  }

  /** Runs compiler.wasm with `job.args` over `job.files` on a worker; a CompilerRunner. */
  run = (job: CompilerRun): Promise<CompilerRunResult> => {
    if (this.closed) return Promise.reject(new Error("the compiler pool is closed"));
    if (this.waiting.length >= this.maxQueued) {
      return Promise.reject(
        new PlaygroundHttpError(
          429,
          `the compiler is busy (${this.waiting.length} compiles waiting); retry shortly`,
          1,
        ),
      );
    }
    return new Promise((resolve, reject) => {
      this.waiting.push({ job, resolve, reject });
      this.dispatch();
    });
  };

  /** Stops every worker; compiles still waiting are rejected. */
  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.waiting.splice(0)) pending.reject(new Error("the compiler pool is closed"));
    await Promise.all(this.slots.splice(0).map((slot) => slot.worker.terminate()));
  }

  private dispatch(): void {
    while (this.waiting.length > 0) {
      const slot = this.idleSlot();
      if (!slot) return;
      this.execute(slot, this.waiting.shift() as Pending);
    }
  }

  private idleSlot(fresh = false): Slot | undefined {
    const idle = fresh ? undefined : this.slots.find((s) => !s.busy);
    if (idle || this.slots.length >= this.options.workers) return idle;
    this.source ??= workerSource();
    const worker = new Worker(this.source, {
      eval: true,
      workerData: { nice: this.options.nice ?? 0 },
    });
    const ready = new Promise<void>((resolve) => {
      const onReady = (message: { ready?: boolean }) => {
        if (!message.ready) return;
        worker.off("message", onReady);
        resolve();
      };
      worker.on("message", onReady);
      worker.once("error", () => resolve());
      worker.once("exit", () => resolve());
    });
    // Held (ref) while it starts, so awaiting warm() keeps the process alive;
    // an idle worker never does.
    const slot = { worker, busy: false, ready: ready.then(() => void worker.unref()) };
    this.slots.push(slot);
    return slot;
  }

  private replace(slot: Slot): void {
    const at = this.slots.indexOf(slot);
    if (at >= 0) this.slots.splice(at, 1);
    void slot.worker.terminate();
  }

  /** Starts every worker now, so the first requests do not pay for thread start and compiler load. */
  async warm(): Promise<void> {
    while (this.slots.length < this.options.workers) this.idleSlot(true);
    await Promise.all(this.slots.map((s) => s.ready));
  }

  private execute(slot: Slot, pending: Pending): void {
    slot.busy = true;
    slot.ready.then(() => this.start(slot, pending));
  }

  private start(slot: Slot, pending: Pending): void {
    const { worker } = slot;
    worker.ref();
    const settle = () => {
      clearTimeout(timer);
      worker.off("message", onMessage);
      worker.off("error", onError);
      worker.off("exit", onExit);
      worker.unref();
      slot.busy = false;
    };
    const onMessage = (message: { result?: CompilerRunResult; error?: string; ready?: boolean }) => {
      if (message.ready) return;
      settle();
      if (message.result) pending.resolve(message.result);
      else pending.reject(new Error(`compiler worker failed: ${message.error}`));
      this.dispatch();
    };
    const onError = (error: Error) => {
      settle();
      this.replace(slot);
      pending.reject(new Error(`compiler worker crashed: ${error.message}`));
      this.dispatch();
    };
    const onExit = (code: number) => onError(new Error(`exited with code ${code}`));
    const timer = setTimeout(() => {
      settle();
      this.replace(slot);
      pending.reject(
        new PlaygroundHttpError(
          504,
          `the compile exceeded its time limit of ${this.options.timeoutMs} ms and was stopped`,
        ),
      );
      this.dispatch();
    }, this.options.timeoutMs);
    worker.on("message", onMessage);
    worker.on("error", onError);
    worker.on("exit", onExit);
    worker.postMessage(pending.job);
  }
}
