// The run's output as a store the output pane subscribes to by itself: a
// flood changes it every frame, and were it React state of the page, every
// frame would draw the whole page again (editor, tabs, panels), which is what
// made typing lag while a program printed.
import type { OutputLog, SegmentStream } from "./outputLog";

export interface OutputSnapshot {
  log: OutputLog;
  version: number;
}

/**
 * Milliseconds of a frame spent adding queued output to the log: the rest of
 * the frame stays for the keys the user types. What does not fit waits for
 * the next frame (the worker's batches keep coming at most once a frame).
 */
const FRAME_BUDGET_MS = 4;

export class OutputStore {
  private snapshot: OutputSnapshot;
  private readonly listeners = new Set<() => void>();
  private queue: { stream: SegmentStream; text: string }[] = [];
  private frame: number | undefined;

  constructor(log: OutputLog) {
    this.snapshot = { log, version: 0 };
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly get = (): OutputSnapshot => this.snapshot;

  /** Queues output; it reaches the log and the pane on the next frames, a few milliseconds' worth each. */
  append(stream: SegmentStream, text: string): void {
    this.queue.push({ stream, text });
    this.frame ??= requestAnimationFrame(this.drain);
  }

  /** Adds everything queued now and shows it (the run ended, or input was typed: the order must hold). */
  flush(): void {
    if (this.frame !== undefined) cancelAnimationFrame(this.frame);
    this.frame = undefined;
    this.take(Number.POSITIVE_INFINITY);
    this.publish();
  }

  /** A new, empty log (a new run): what was queued for the old one is dropped. */
  reset(log: OutputLog): void {
    if (this.frame !== undefined) cancelAnimationFrame(this.frame);
    this.frame = undefined;
    this.queue = [];
    this.snapshot = { log, version: 0 };
    for (const listener of this.listeners) listener();
  }

  private readonly drain = () => {
    this.frame = undefined;
    this.take(FRAME_BUDGET_MS);
    this.publish();
    if (this.queue.length > 0) this.frame = requestAnimationFrame(this.drain);
  };

  private take(budgetMs: number): void {
    const started = performance.now();
    let taken = 0;
    while (taken < this.queue.length && performance.now() - started < budgetMs) {
      const { stream, text } = this.queue[taken++];
      this.snapshot.log.append(stream, text);
    }
    this.queue = taken === this.queue.length ? [] : this.queue.slice(taken);
  }

  private publish(): void {
    const { log } = this.snapshot;
    if (log.version === this.snapshot.version) return;
    this.snapshot = { log, version: log.version };
    for (const listener of this.listeners) listener();
  }
}
