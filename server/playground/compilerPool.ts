// compiler.wasm off the event loop: a fixed set of threads, each running one
// compiler invocation at a time (compileWorker.ts), with a FIFO of waiting
// compiles. A compile past its time limit has its thread stopped and
// replaced, and the caller gets a 504; a full queue is a 429.
import { ThreadPool } from "../../threads/pool";
import type { CompilerRun, CompilerRunResult } from "../compiler/compilerRun";
import type { CompileHandlers } from "./compileWorker";
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
  /** Compiles waiting for a thread; one more is a 429. */
  maxQueued?: number;
}

export class CompilerPool {
  private readonly threads: ThreadPool<CompileHandlers>;

  constructor(options: CompilerPoolOptions) {
    this.threads = new ThreadPool<CompileHandlers>({
      entry: new URL("./compileWorker.ts", import.meta.url),
      label: "compiler",
      threads: options.workers,
      nice: options.nice,
      maxQueued: options.maxQueued ?? 64 * options.workers,
      queueFull: (waiting) =>
        new PlaygroundHttpError(429, `the compiler is busy (${waiting} compiles waiting); retry shortly`, 1),
      timeoutMs: options.timeoutMs,
      timedOut: (ms) => new PlaygroundHttpError(504, `the compile exceeded its time limit of ${ms} ms and was stopped`),
    });
  }

  /** Compiles waiting plus compiles running. */
  get queueLength(): number {
    return this.threads.queueLength;
  }

  /** Runs compiler.wasm with `job.args` over `job.files` on a thread; a CompilerRunner. */
  run = (job: CompilerRun): Promise<CompilerRunResult> => this.threads.run("compile", job);

  /** Starts every thread now, so the first requests do not pay for thread start and compiler load. */
  warm(): Promise<void> {
    return this.threads.warm();
  }

  /** Stops every thread; compiles still waiting are rejected. */
  close(): Promise<void> {
    return this.threads.close();
  }
}
