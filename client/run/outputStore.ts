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

/**
 * While output keeps coming, the pane is drawn again at most this often: a
 * flood read at 20 frames a second looks the same, and the frames between
 * are left to the editor. Output after a pause is drawn in the next frame.
 */
const DRAW_EVERY_MS = 50;

/**
 * Longest piece of queued text added in one go (cut after a newline where
 * there is one): a worker batch can hold a frame's worth of a flood or more,
 * and the budget above is checked between pieces.
 */
const PIECE_CHARS = 16 * 1024;

interface Queued {
  stream: SegmentStream;
  text: string;
  /** Length of its whole lines (up to its last newline); 0 when escape codes, which the log drops, may shorten them. */
  whole: number;
}

function wholeLength(text: string): number {
  return text.includes("\x1b") ? 0 : text.lastIndexOf("\n") + 1;
}

function pieceEnd(text: string, from: number): number {
  if (text.length - from <= PIECE_CHARS) return text.length;
  const nl = text.lastIndexOf("\n", from + PIECE_CHARS - 1);
  return nl >= from ? nl + 1 : from + PIECE_CHARS;
}

export class OutputStore {
  private snapshot: OutputSnapshot;
  private readonly listeners = new Set<() => void>();
  private queue: Queued[] = [];
  /** The first queued item not yet wholly added, and how far into it the log has got. */
  private next = 0;
  private offset = 0;
  /** Sum of `whole` over the queue from `next` on: how much output the log is told follows. */
  private queuedWhole = 0;
  private frame: number | undefined;
  private drawnAt = Number.NEGATIVE_INFINITY;
  private readonly emptied: (() => void)[] = [];

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
    const whole = wholeLength(text);
    this.queue.push({ stream, text, whole });
    this.queuedWhole += whole;
    this.frame ??= requestAnimationFrame(this.drain);
  }

  /**
   * Settles once everything queued so far is in the log and shown. The
   * backlog of a flood keeps being added a frame's budget at a time, so the
   * end of a run does not freeze the page while it catches up.
   */
  drained(): Promise<void> {
    // A hidden page draws no frames (and its long tasks bother no one): everything is added now.
    if (this.frame !== undefined && typeof document !== "undefined" && document.hidden) {
      cancelAnimationFrame(this.frame);
      this.frame = undefined;
      this.take(Number.POSITIVE_INFINITY);
      this.publish();
    }
    if (this.frame === undefined) return Promise.resolve();
    return new Promise((resolve) => this.emptied.push(resolve));
  }

  /** A new, empty log (a new run): what was queued for the old one is dropped. */
  reset(log: OutputLog): void {
    if (this.frame !== undefined) cancelAnimationFrame(this.frame);
    this.frame = undefined;
    this.queue = [];
    this.next = 0;
    this.offset = 0;
    this.queuedWhole = 0;
    this.snapshot = { log, version: 0 };
    for (const listener of this.listeners) listener();
    this.settle();
  }

  private readonly drain = (now: number) => {
    this.frame = undefined;
    this.take(FRAME_BUDGET_MS);
    if (now - this.drawnAt >= DRAW_EVERY_MS) {
      this.drawnAt = now;
      this.publish();
    }
    const shown = this.snapshot.log.version === this.snapshot.version;
    if (this.next < this.queue.length || !shown) this.frame = requestAnimationFrame(this.drain);
    else this.settle();
  };

  private take(budgetMs: number): void {
    if (this.next === this.queue.length) return;
    const started = performance.now();
    do {
      const item = this.queue[this.next];
      const end = pieceEnd(item.text, this.offset);
      // Whole lines after this piece: the rest of this item's and all later items'.
      const following = Math.max(0, item.whole - end) + this.queuedWhole - item.whole;
      this.snapshot.log.append(item.stream, item.text.slice(this.offset, end), following);
      this.offset = end;
      if (end === item.text.length) {
        this.queuedWhole -= item.whole;
        this.next++;
        this.offset = 0;
      }
    } while (this.next < this.queue.length && performance.now() - started < budgetMs);
    if (this.next === this.queue.length) {
      this.queue = [];
      this.next = 0;
    } else if (this.next > 1024) {
      this.queue = this.queue.slice(this.next);
      this.next = 0;
    }
  }

  private settle(): void {
    for (const resolve of this.emptied.splice(0)) resolve();
  }

  private publish(): void {
    const { log } = this.snapshot;
    if (log.version === this.snapshot.version) return;
    this.snapshot = { log, version: log.version };
    for (const listener of this.listeners) listener();
  }
}
