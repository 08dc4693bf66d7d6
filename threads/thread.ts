// One worker thread as the calling thread sees it: requests matched to
// their answers, the worker's errors rethrown here, and a worker that dies
// (crash, exit, terminate) failing every request it held with ThreadLost.
// An idle thread never keeps the process alive; one starting or working does.
import type { ResourceLimits, Transferable, Worker } from "node:worker_threads";
import type { ReplyMessage } from "./messages";
import type { Handlers } from "./serve";
import { startWorker } from "./workerCode";

/** The worker stopped before answering: the request may be run again elsewhere. */
export class ThreadLost extends Error {}

export type ArgOf<H extends Handlers, N extends keyof H> = Parameters<H[N]>[0];
export type AnswerOf<H extends Handlers, N extends keyof H> = Awaited<ReturnType<H[N]>>["answer"];

interface Pending {
  resolve: (answer: unknown) => void;
  reject: (error: Error) => void;
}

export interface ThreadOptions {
  /** Names the thread in errors ("compiler", "engine"). */
  label: string;
  /** How much nicer than the process the worker runs (0 to 19; Linux, where a nice value is per thread). */
  nice?: number;
  /** The worker's own heap limits; one over them dies (ThreadLost) instead of the process (see node:worker_threads). */
  resourceLimits?: ResourceLimits;
}

export class Thread<H extends Handlers> {
  /** Settles once the worker has loaded its code (or failed to). */
  readonly ready: Promise<void>;
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private starting = true;
  private lost: ThreadLost | null = null;
  private readonly onLost = new Set<(error: ThreadLost) => void>();

  constructor(
    entry: URL,
    private readonly options: ThreadOptions,
  ) {
    this.worker = startWorker(
      entry,
      { nice: Math.max(0, Math.min(19, Math.round(options.nice ?? 0))) },
      options.resourceLimits,
    );
    let ready: () => void = () => {};
    this.ready = new Promise<void>((resolve) => {
      ready = resolve;
    }).then(() => {
      this.starting = false;
      this.holdProcess();
    });
    this.worker.on("message", (message: ReplyMessage) => {
      if (message.kind === "ready") return ready();
      const pending = this.pending.get(message.id);
      this.pending.delete(message.id);
      this.holdProcess();
      if (message.kind === "answer") pending?.resolve(message.answer);
      else {
        const error = new Error(message.message);
        if (message.stack !== undefined) error.stack = message.stack;
        pending?.reject(error);
      }
    });
    this.worker.on("error", (error) => this.stop(`the ${options.label} thread crashed: ${error.message}`));
    this.worker.on("exit", (code) => this.stop(`the ${options.label} thread exited with code ${code}`));
    this.onLost.add(() => ready());
  }

  /** Requests sent and not yet answered. */
  get busy(): number {
    return this.pending.size;
  }

  get alive(): boolean {
    return this.lost === null;
  }

  /** Calls `listener` once, when the worker stops. */
  whenLost(listener: (error: ThreadLost) => void): void {
    if (this.lost !== null) listener(this.lost);
    else this.onLost.add(listener);
  }

  /** Runs handler `name` on the worker; `transfer` lists buffers of `arg` to move there (left detached here). */
  request<N extends keyof H & string>(
    name: N,
    arg: ArgOf<H, N>,
    transfer: readonly Transferable[] = [],
  ): Promise<AnswerOf<H, N>> {
    if (this.lost !== null) return Promise.reject(this.lost);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (answer: unknown) => void, reject });
      this.holdProcess();
      this.worker.postMessage({ id, name, arg }, transfer);
    });
  }

  /** Stops the worker at once; what it held fails with a ThreadLost carrying `reason`. */
  async terminate(reason = `the ${this.options.label} thread was closed`): Promise<void> {
    this.stop(reason);
    await this.worker.terminate();
  }

  private stop(reason: string): void {
    if (this.lost !== null) return;
    const lost = new ThreadLost(reason);
    this.lost = lost;
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const p of pending) p.reject(lost);
    for (const listener of this.onLost) listener(lost);
    this.onLost.clear();
  }

  private holdProcess(): void {
    if (this.lost !== null) return;
    if (this.starting || this.pending.size > 0) this.worker.ref();
    else this.worker.unref();
  }
}
