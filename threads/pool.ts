// A fixed number of threads running one worker entry, each one request at a
// time, with a FIFO of requests waiting for a thread. Threads start when
// first needed (or all at once with warm()); one that dies is replaced by
// the next request. A request past its time limit has its thread
// terminated (V8 stops even a wasm loop) and replaced, so the caller never
// waits on a runaway request. A request whose signal aborts leaves the
// line, or, when running, has its thread terminated and replaced the same
// way, so a caller that went away does not keep a thread busy.
import type { Transferable } from "node:worker_threads";
import type { Handlers } from "./serve";
import { type AnswerOf, type ArgOf, Thread, type ThreadOptions } from "./thread";

export interface PoolOptions extends ThreadOptions {
  /** The worker's entry file (its .ts source; see workerCode.ts). */
  entry: URL;
  threads: number;
  /** Requests waiting for a thread; one more is refused with queueFull's error (default: unbounded). */
  maxQueued?: number;
  queueFull?: (waiting: number) => Error;
  /** A request's time limit, from when its thread starts it (default: none). */
  timeoutMs?: number;
  timedOut?: (timeoutMs: number) => Error;
}

interface Waiting {
  name: string;
  arg: unknown;
  transfer: readonly Transferable[];
  resolve: (answer: unknown) => void;
  reject: (error: Error) => void;
  signal?: AbortSignal;
}

export class ThreadPool<H extends Handlers> {
  private readonly threads: Thread<H>[] = [];
  private readonly working = new Set<Thread<H>>();
  private readonly waiting: Waiting[] = [];
  private closed = false;

  constructor(private readonly options: PoolOptions) {}

  /** Requests waiting plus requests running. */
  get queueLength(): number {
    return this.waiting.length + this.working.size;
  }

  run<N extends keyof H & string>(
    name: N,
    arg: ArgOf<H, N>,
    transfer: readonly Transferable[] = [],
    signal?: AbortSignal,
  ): Promise<AnswerOf<H, N>> {
    if (signal?.aborted) return Promise.reject(aborted(signal));
    if (this.closed) return Promise.reject(new Error(`the ${this.options.label} threads are closed`));
    const { maxQueued, queueFull } = this.options;
    if (maxQueued !== undefined && this.waiting.length >= maxQueued) {
      return Promise.reject(
        queueFull?.(this.waiting.length) ?? new Error(`${this.waiting.length} ${this.options.label} requests waiting`),
      );
    }
    return new Promise((resolve, reject) => {
      const request: Waiting = { name, arg, transfer, resolve: resolve as (answer: unknown) => void, reject, signal };
      signal?.addEventListener(
        "abort",
        () => {
          const at = this.waiting.indexOf(request);
          if (at >= 0) this.waiting.splice(at, 1);
          if (at >= 0) reject(aborted(signal));
        },
        { once: true },
      );
      this.waiting.push(request);
      this.dispatch();
    });
  }

  /** Starts every thread now, so the first requests do not pay for thread start and code load. */
  async warm(): Promise<void> {
    while (this.threads.length < this.options.threads) this.spawn();
    await Promise.all(this.threads.map((t) => t.ready));
  }

  /** Stops every thread; requests waiting or running fail. */
  async close(): Promise<void> {
    this.closed = true;
    const closed = new Error(`the ${this.options.label} threads are closed`);
    for (const w of this.waiting.splice(0)) w.reject(closed);
    await Promise.all(this.threads.splice(0).map((t) => t.terminate()));
  }

  private dispatch(): void {
    while (this.waiting.length > 0) {
      const thread = this.threads.find((t) => !this.working.has(t)) ?? this.spawn();
      if (thread === undefined) return;
      this.start(thread, this.waiting.shift() as Waiting);
    }
  }

  private spawn(): Thread<H> | undefined {
    if (this.closed || this.threads.length >= this.options.threads) return undefined;
    const thread = new Thread<H>(this.options.entry, this.options);
    this.threads.push(thread);
    thread.whenLost(() => {
      const at = this.threads.indexOf(thread);
      if (at >= 0) this.threads.splice(at, 1);
    });
    return thread;
  }

  private start(thread: Thread<H>, request: Waiting): void {
    this.working.add(thread);
    void thread.ready.then(() => {
      const { timeoutMs, timedOut } = this.options;
      let timer: NodeJS.Timeout | undefined;
      let timeout: Error | null = null;
      const { signal } = request;
      const stop = () => {
        timeout = aborted(signal as AbortSignal);
        void thread.terminate(timeout.message);
      };
      if (signal?.aborted) stop();
      else signal?.addEventListener("abort", stop, { once: true });
      if (timeoutMs !== undefined) {
        timer = setTimeout(() => {
          timeout = timedOut?.(timeoutMs) ?? new Error(`the ${this.options.label} request exceeded ${timeoutMs} ms`);
          void thread.terminate(timeout.message);
        }, timeoutMs);
      }
      thread
        .request(request.name as keyof H & string, request.arg as never, request.transfer)
        .then(request.resolve, (error: Error) => request.reject(timeout ?? error))
        .finally(() => {
          clearTimeout(timer);
          signal?.removeEventListener("abort", stop);
          this.working.delete(thread);
          this.dispatch();
        });
    });
  }
}

/** The error of a request whose caller aborted it: the signal's reason when it is an Error. */
function aborted(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new Error("the request was aborted");
}
