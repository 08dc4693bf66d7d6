// The bounded native-build queue: at most `concurrency` builds run at once
// (clang is CPU-bound, so the default is one per core) and at most
// `maxWaiting` wait for a slot. A build beyond that is refused with a 429
// and Retry-After instead of piling up behind the others.
import { PlaygroundHttpError } from "./httpError";

export interface BuildQueueOptions {
  concurrency: number;
  maxWaiting: number;
  /** Seconds a refused client is asked to wait. */
  retryAfterSeconds?: number;
}

export class BuildQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly options: BuildQueueOptions) {}

  /** Builds running plus builds waiting. */
  get length(): number {
    return this.running + this.waiting.length;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.options.concurrency) {
      if (this.waiting.length >= this.options.maxWaiting) {
        throw new PlaygroundHttpError(
          429,
          `too many native builds at once (${this.running} running, ${this.waiting.length} waiting); retry shortly`,
          this.options.retryAfterSeconds ?? 2,
        );
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await task();
    } finally {
      // Hand the slot straight to the next waiter, or give it back.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
