// compiler.wasm off the event loop: a fixed set of threads, each running one
// compiler invocation at a time (compileWorker.ts), fed by a fair queue
// (fairQueue.ts) so one client's compiles wait behind each other rather than
// in front of other clients', with reserve threads for clients whose
// compiles are quick, so they need not wait for slow ones to end, and heavy
// clients' compiles on threads of the lowest CPU priority, so they get only
// the CPU light clients' compiles leave idle. A compile
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
   * With any (default 0), light clients' compiles have `workers` + this
   * threads, and heavy clients' compiles `workers` threads of their own at
   * nice 19, so a light client's compile neither waits for a slow one's
   * thread nor shares the CPU with it.
   */
  lightReserve?: number;
  /** A client whose compiles take more CPU than this is not light (default 100 ms; see FairQueue.isLight). */
  lightMs?: number;
  /**
   * A client whose recent compile CPU (decayed, half-life 10 s) is over this
   * is not light, nor one that sends compiles faster than it is served
   * (default 4000 ms; see FairQueue.isLight).
   */
  lightUseMs?: number;
}

/** Who compiles when no client is named (the server's own compiles). */
const SERVER: ClientScope = { key: "server" };

/**
 * The nice value of heavy clients' threads: the lowest priority. A running
 * compile cannot be paused, but the OS can give it only the CPU that nothing
 * else wants (at nice 19 a thread gets about 1/70 of a nice-0 one's share of
 * a core they both want), so however many heavy compiles run, a light
 * client's compile and the server's own requests keep nearly a whole core.
 * On a host that is otherwise idle the heavy compiles still get all of it.
 */
const HEAVY_NICE = 19;

export class CompilerPool {
  /** Light clients' compiles (all compiles when there is no reserve): `workers` + reserve threads, the light lane. */
  private readonly lightThreads: ThreadPool<CompileHandlers>;
  /** Heavy clients' compiles, at HEAVY_NICE: `workers` threads, the heavy lane. */
  private readonly heavyThreads: ThreadPool<CompileHandlers>;
  private readonly queue: FairQueue;

  constructor(options: CompilerPoolOptions) {
    const reserve = options.lightReserve ?? 0;
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
    // Without a reserve no client is told apart as light: one set of threads.
    this.lightThreads = threads(options.workers + reserve, nice);
    this.heavyThreads = reserve > 0 ? threads(options.workers, HEAVY_NICE) : this.lightThreads;
    this.queue = new FairQueue({
      what: "compiles",
      slots: options.workers,
      reserve,
      lightMs: options.lightMs ?? 100,
      lightUseMs: options.lightUseMs ?? 4000,
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
      // The queue runs at most `workers` heavy compiles and `workers` +
      // reserve light ones, so neither set of threads makes a compile wait.
      this.queue.run(client, async (signal, light, charge) => {
        const threads = light ? this.lightThreads : this.heavyThreads;
        const { cpuMs, ...result } = await threads.run("compile", job, [], signal);
        // The client is charged what the compile cost, not how long a busy host took to give it a core.
        if (cpuMs !== undefined) charge(cpuMs);
        return result;
      });
  }

  /** The refusal a compile of `client` would get now (counted), or undefined; see FairQueue.refusal. */
  refusalFor(client: ClientScope): PlaygroundHttpError | undefined {
    return this.queue.refusal(client.key);
  }

  /** Runs compiler.wasm with `job.args` over `job.files` for the server itself (no client); a CompilerRunner. */
  run: CompilerRunner = this.runnerFor(SERVER);

  /** Starts every thread now, so the first requests do not pay for thread start and compiler load. */
  async warm(): Promise<void> {
    await Promise.all(this.pools().map((pool) => pool.warm()));
  }

  /** Stops every thread; compiles still waiting are rejected. */
  close(): Promise<void> {
    this.queue.close(new Error("the compiler threads are closed"));
    return Promise.all(this.pools().map((pool) => pool.close())).then(() => undefined);
  }

  /** Each set of threads once (without a reserve there is one). */
  private pools(): ThreadPool<CompileHandlers>[] {
    return [...new Set([this.lightThreads, this.heavyThreads])];
  }
}
