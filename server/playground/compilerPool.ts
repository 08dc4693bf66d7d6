// compiler.wasm off the event loop: a fixed set of threads, each running one
// compiler invocation at a time (compileWorker.ts), fed by a fair queue
// (fairQueue.ts) so one client's compiles wait behind each other rather than
// in front of other clients', with reserve threads for clients whose
// compiles are quick, so they need not wait for slow ones to end. A compile
// past its time limit has its thread stopped and replaced, and the caller
// gets a 504; a compile whose client went away is dropped or its thread
// stopped the same way. A client past its share of the queue, or a full
// queue, is a 429; a wait past the limit is a 503.
import { ThreadPool } from "../../threads/pool";
import type { CompilerRun, CompilerRunner, CompilerRunResult } from "../compiler/compilerRun";
import type { CompileHandlers } from "./compileWorker";
import { type ClientScope, FairQueue, type FairQueueCounters } from "./fairQueue";
import { PlaygroundHttpError } from "./httpError";

export interface CompilerPoolOptions {
  workers: number;
  timeoutMs: number;
  /**
   * How much nicer than the server the threads run (default 0). Above 0,
   * compiles yield the CPU to the main thread, so requests such as /health
   * stay fast while a flood of builds keeps every thread busy.
   */
  nice?: number;
  /** Compiles waiting for a thread, all clients together; one more is a 429. */
  maxQueued?: number;
  /** Compiles one client runs at once (default 1). */
  perClientRunning?: number;
  /** Compiles one client may have waiting (default 4); one more is a 429. */
  perClientQueued?: number;
  /** Longest wait for a thread (default: the compile time limit); past it a 503. */
  maxWaitMs?: number;
  /**
   * Threads beyond `workers` that only light clients use when the others are
   * busy (default 0). With any, the `workers` threads run LIGHT_FIRST nicer
   * than these, so a light client's compile gets the CPU ahead of slow ones.
   */
  lightReserve?: number;
  /** A client whose compiles average longer than this is not light (default 500 ms). */
  lightMs?: number;
}

/** Who compiles when no client is named (the server's own compiles). */
const SERVER: ClientScope = { key: "server" };

/**
 * How much nicer the regular threads run than the reserve ones: a running
 * compile cannot be paused, but the OS can give a light client's compile
 * most of a core beside slow ones (nice 5 gets about a third of nice 0's
 * share; more would starve the slow ones on a host other work keeps busy).
 */
const LIGHT_FIRST = 5;

export class CompilerPool {
  /** The `workers` threads, any client's. */
  private readonly threads: ThreadPool<CompileHandlers>;
  /** The reserve threads, light clients' only. */
  private readonly reserve: ThreadPool<CompileHandlers> | null;
  private readonly reserveSize: number;
  private reserveBusy = 0;
  private readonly queue: FairQueue;

  constructor(options: CompilerPoolOptions) {
    this.reserveSize = options.lightReserve ?? 0;
    const threads = (count: number, nice: number) =>
      new ThreadPool<CompileHandlers>({
        entry: new URL("./compileWorker.ts", import.meta.url),
        label: "compiler",
        threads: count,
        nice,
        timeoutMs: options.timeoutMs,
        timedOut: (ms) =>
          new PlaygroundHttpError(504, `the compile exceeded its time limit of ${ms} ms and was stopped`),
      });
    const nice = options.nice ?? 0;
    this.threads = threads(options.workers, this.reserveSize > 0 ? Math.min(19, nice + LIGHT_FIRST) : nice);
    this.reserve = this.reserveSize > 0 ? threads(this.reserveSize, nice) : null;
    this.queue = new FairQueue({
      what: "compiles",
      slots: options.workers,
      reserve: options.lightReserve ?? 0,
      lightMs: options.lightMs ?? 500,
      maxWaiting: options.maxQueued ?? 64 * options.workers,
      perClientRunning: options.perClientRunning ?? 1,
      perClientWaiting: options.perClientQueued ?? 4,
      maxWaitMs: options.maxWaitMs ?? options.timeoutMs,
      variables: {
        maxWaiting: "COMPILE_QUEUE",
        perClientRunning: "COMPILE_CLIENT_RUNNING",
        perClientWaiting: "COMPILE_CLIENT_QUEUE",
        maxWaitMs: "COMPILE_MAX_WAIT_MS",
      },
    });
  }

  /** Compiles waiting plus compiles running. */
  get queueLength(): number {
    return this.queue.waiting + this.queue.running;
  }

  /** Compiles running now, and what the queue has refused, dropped and stopped so far. */
  stats(): FairQueueCounters & { running: number; waiting: number } {
    return { ...this.queue.counters, running: this.queue.running, waiting: this.queue.waiting };
  }

  /** A CompilerRunner for one client: its compiles take their turn among that client's, and stop when its signal aborts. */
  runnerFor(client: ClientScope): CompilerRunner {
    return (job: CompilerRun): Promise<CompilerRunResult> =>
      this.queue.run(client, async (signal, light) => {
        // The queue never runs more heavy compiles than `workers`, so the
        // regular threads always have room for one; a light compile takes a
        // reserve thread when one is free.
        if (!light || this.reserve === null || this.reserveBusy >= this.reserveSize)
          return this.threads.run("compile", job, [], signal);
        this.reserveBusy += 1;
        try {
          return await this.reserve.run("compile", job, [], signal);
        } finally {
          this.reserveBusy -= 1;
        }
      });
  }

  /** Runs compiler.wasm with `job.args` over `job.files` for the server itself (no client); a CompilerRunner. */
  run: CompilerRunner = this.runnerFor(SERVER);

  /** Starts every thread now, so the first requests do not pay for thread start and compiler load. */
  async warm(): Promise<void> {
    await Promise.all([this.threads.warm(), this.reserve?.warm()]);
  }

  /** Stops every thread; compiles still waiting are rejected. */
  close(): Promise<void> {
    this.queue.close(new Error("the compiler threads are closed"));
    return Promise.all([this.threads.close(), this.reserve?.close()]).then(() => undefined);
  }
}
