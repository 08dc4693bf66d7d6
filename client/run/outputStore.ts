// The page's side of a run's output: the output worker (output.worker.ts)
// keeps the output and sends the rows to draw; this store holds the latest
// view, which the output pane subscribes to by itself. Were it React state of
// the page, every view would draw the whole page again (editor, tabs,
// panels), which is what made typing lag while a program printed.
import type { SegmentStream } from "./outputLog";
import type { OutputReply, OutputRequest, OutputView, RowWindow, ViewRow } from "./outputProtocol";

/**
 * While the user types, a new view waits until the keys have paused this
 * long: drawing the output's rows costs a frame, and the keys' characters
 * come first. At most HELD_AT_MOST_MS, so the output never stands still for
 * long, and never for the view that ends a run.
 */
const QUIET_AFTER_INPUT_MS = 120;
const HELD_AT_MOST_MS = 500;

function emptyView(run: number): OutputView {
  return {
    run,
    version: 0,
    count: 0,
    headLength: 0,
    cut: false,
    omittedLines: 0,
    omittedBytes: 0,
    downloadCut: false,
    from: 0,
    kept: 0,
    rows: [],
    ended: false,
  };
}

export class OutputStore {
  private readonly worker: Worker;
  private run = 0;
  private view: OutputView = emptyView(0);
  /** The rows of the latest view received (shown or held), which the next one may keep some of. */
  private received: ViewRow[] = [];
  private readonly listeners = new Set<() => void>();
  private readonly ended: (() => void)[] = [];
  private asked = 0;
  private readonly answers = new Map<number, (reply: OutputReply) => void>();
  private lastInput = Number.NEGATIVE_INFINITY;
  private shownAt = Number.NEGATIVE_INFINITY;
  private held: OutputView | undefined;
  private holding: ReturnType<typeof setTimeout> | undefined;

  constructor() {
    if (typeof window !== "undefined")
      window.addEventListener(
        "keydown",
        () => {
          this.lastInput = performance.now();
        },
        { capture: true, passive: true },
      );
    this.worker = new Worker(new URL("./output.worker.ts", import.meta.url), { type: "module", name: "output" });
    this.worker.onmessage = ({ data }: MessageEvent<OutputReply>) => {
      if (data.kind !== "view") {
        this.answers.get(data.id)?.(data);
        this.answers.delete(data.id);
        return;
      }
      if (data.view.run !== this.run) return;
      this.offer(this.whole(data.view));
    };
  }

  /**
   * The view with the rows it keeps from the one before put back in front:
   * the same row objects, so the pane draws again only the rows that came.
   */
  private whole(view: OutputView): OutputView {
    const rows = view.kept > 0 ? this.received.slice(0, view.kept).concat(view.rows) : view.rows;
    this.received = rows;
    return view.kept > 0 ? { ...view, kept: 0, rows } : view;
  }

  /** Shows a view now, or holds it while keys are being typed (see QUIET_AFTER_INPUT_MS). */
  private offer(view: OutputView): void {
    const now = performance.now();
    const typing = now - this.lastInput < QUIET_AFTER_INPUT_MS;
    if (view.ended || !typing || now - this.shownAt >= HELD_AT_MOST_MS) {
      this.display(view);
      return;
    }
    this.held = view;
    if (this.holding !== undefined) clearTimeout(this.holding);
    this.holding = setTimeout(() => {
      this.holding = undefined;
      const held = this.held;
      if (held && held.run === this.run) this.offer(held);
    }, QUIET_AFTER_INPUT_MS);
  }

  private display(view: OutputView): void {
    if (this.holding !== undefined) clearTimeout(this.holding);
    this.holding = undefined;
    this.held = undefined;
    this.shownAt = performance.now();
    // For the browser benchmark (bench/playground-browser.bench.ts): the run's first output on its way to the screen.
    if (this.view.count === 0 && view.count > 0) performance.mark("pith:first-output");
    this.view = view;
    for (const listener of this.listeners) listener();
    if (view.ended) for (const resolve of this.ended.splice(0)) resolve();
  }

  private send(request: OutputRequest, transfer: Transferable[] = []): void {
    this.worker.postMessage(request, transfer);
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly get = (): OutputView => this.view;

  /** A new, empty run: what an earlier run's program still sends is dropped. */
  reset(): void {
    if (this.holding !== undefined) clearTimeout(this.holding);
    this.holding = undefined;
    this.held = undefined;
    this.run++;
    this.view = emptyView(this.run);
    this.received = [];
    this.send({ kind: "reset", run: this.run });
    for (const listener of this.listeners) listener();
    for (const resolve of this.ended.splice(0)) resolve();
  }

  /** Hands the output worker the port this run's program writes to, and the counter of bytes it has taken. */
  attach(port: MessagePort, taken: SharedArrayBuffer | ArrayBuffer): void {
    this.send({ kind: "attach", run: this.run, port, taken }, [port]);
  }

  /** Text the page adds itself (a line typed into stdin). */
  append(stream: SegmentStream, text: string): void {
    this.send({ kind: "append", run: this.run, stream, text });
  }

  /** The program can say no more (stopped, or its worker failed): what arrived is all. */
  close(): void {
    this.send({ kind: "close", run: this.run });
  }

  /** Which rows the pane draws. */
  show(window: RowWindow): void {
    this.send({ kind: "window", window });
  }

  /** Settles once the run's output has all been received and shown (or a new run began). */
  drained(): Promise<void> {
    if (this.view.ended) return Promise.resolve();
    return new Promise((resolve) => this.ended.push(resolve));
  }

  private ask<K extends "download" | "stdout">(kind: K): Promise<Extract<OutputReply, { kind: K }>> {
    const id = ++this.asked;
    return new Promise((resolve) => {
      this.answers.set(id, resolve as (reply: OutputReply) => void);
      this.send({ kind, id });
    });
  }

  /** The whole output (up to the download limit), as a file. */
  async download(): Promise<Blob> {
    return (await this.ask("download")).blob;
  }

  /** What the program wrote to stdout, exactly; undefined when it was too large to keep. */
  async stdout(): Promise<string | undefined> {
    return (await this.ask("stdout")).stdout;
  }
}
