// The native-build queue: at most `concurrency` builds run at once (clang is
// CPU-bound, so the default is one per core), shared fairly between clients
// (fairQueue.ts): one client's builds wait behind each other, a client past
// its share or a full queue is refused with a 429 and Retry-After, and a wait
// past the limit is a 503. A build whose client went away before its turn is
// dropped.
import { type ClientScope, FairQueue, type FairQueueCounters } from "./fairQueue";

export interface BuildQueueOptions {
  concurrency: number;
  /** Builds waiting over all clients; one more is a 429. */
  maxWaiting: number;
  /** Builds one client runs at once (default 1). */
  perClientRunning?: number;
  /** Builds one client may have waiting (default 2); one more is a 429. */
  perClientWaiting?: number;
  /** Longest wait for a slot (default 60 s); past it a 503. */
  maxWaitMs?: number;
}

export class BuildQueue {
  private readonly queue: FairQueue;

  constructor(options: BuildQueueOptions) {
    this.queue = new FairQueue({
      what: "native builds",
      slots: options.concurrency,
      maxWaiting: options.maxWaiting,
      perClientRunning: options.perClientRunning ?? 1,
      perClientWaiting: options.perClientWaiting ?? 2,
      maxWaitMs: options.maxWaitMs ?? 60_000,
      variables: {
        maxWaiting: "NATIVE_BUILD_QUEUE",
        perClientRunning: "NATIVE_BUILD_CLIENT_RUNNING",
        perClientWaiting: "NATIVE_BUILD_CLIENT_QUEUE",
        maxWaitMs: "NATIVE_BUILD_MAX_WAIT_MS",
      },
    });
  }

  /** Builds running plus builds waiting. */
  get length(): number {
    return this.queue.running + this.queue.waiting;
  }

  get counters() {
    return this.queue.counters;
  }

  /** Builds running and waiting now, and what the queue has refused, dropped and stopped so far. */
  stats(): FairQueueCounters & { running: number; waiting: number } {
    return { ...this.queue.counters, running: this.queue.running, waiting: this.queue.waiting };
  }

  /**
   * Runs `task` in `client`'s turn; it is dropped, never started, when the
   * client goes away first, and its signal aborts when the client goes away
   * while it runs (the task kills its processes, freeing the slot).
   */
  run<T>(client: ClientScope, task: (signal: AbortSignal) => Promise<T>): Promise<T> {
    return this.queue.run(client, (signal) => task(signal));
  }
}
