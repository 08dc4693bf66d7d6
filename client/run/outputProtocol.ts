// What the page and the output worker (output.worker.ts) say to each other.
// The worker keeps a run's whole output (outputLog.ts) and cuts it into
// lines; the page only ever receives the rows it draws, at most every
// PUBLISH_MS, so a print flood costs the page's main thread one small
// message and one redraw per publish, whatever the program prints.
import type { Line, SegmentStream } from "./outputLog";
import type { OutputStream } from "./programEvents";

/** Up to this many rows the pane shows them all as plain text; above it only the rows on screen are sent and drawn. */
export const PLAIN_ROWS = 2000;

/**
 * While output keeps coming the worker sends a view at most this often: a
 * flood read at 20 views a second looks the same, and the frames between are
 * left to the editor. Output after a pause is sent at once.
 */
export const PUBLISH_MS = 50;

export type ViewRow = { kind: "line"; line: Line; end: boolean } | { kind: "marker" };

/** One run's output as the pane draws it: the counts, and the rows `from`… that the page asked for. */
export interface OutputView {
  /** The run this view is of; a view of an earlier run is ignored. */
  run: number;
  /** Bumps whenever the output changed. */
  version: number;
  /** Rows in all: head lines, the marker when lines are left out, tail lines, the unfinished line. */
  count: number;
  headLength: number;
  cut: boolean;
  omittedLines: number;
  omittedBytes: number;
  downloadCut: boolean;
  /** Index of rows[0]. */
  from: number;
  /**
   * Rows of a short output the page already holds from the views before
   * (finished lines, which never change): `rows` follow them, so a short
   * output that grows by a line sends, and draws, that line only. 0 when
   * `rows` are the whole window.
   */
  kept: number;
  rows: ViewRow[];
  /** The run's program said everything (or the page ended it) and all of it is in this view. */
  ended: boolean;
}

/** Which rows the page draws: the last `rows` while following the end, otherwise first…last. */
export type RowWindow = { follow: true; rows: number } | { follow: false; first: number; last: number };

/** Page → output worker. */
export type OutputRequest =
  /** A new run (and an empty log); output from an earlier run's port is dropped from now on. */
  | { kind: "reset"; run: number }
  /** The port the program worker writes this run's output to, and the shared counter of bytes taken from it. */
  | { kind: "attach"; run: number; port: MessagePort; taken: SharedArrayBuffer | ArrayBuffer }
  /** Text the page adds itself (a line typed into stdin). */
  | { kind: "append"; run: number; stream: SegmentStream; text: string }
  /** The program can say no more (its worker failed or was stopped): the view ends after what arrived. */
  | { kind: "close"; run: number }
  | { kind: "window"; window: RowWindow }
  | { kind: "download"; id: number }
  | { kind: "stdout"; id: number };

/** Output worker → page. */
export type OutputReply =
  | { kind: "view"; view: OutputView }
  | { kind: "download"; id: number; blob: Blob }
  | { kind: "stdout"; id: number; stdout: string | undefined };

/** Program worker → output worker, on the run's output port. */
export type ProgramOutput =
  | { kind: "output"; stream: OutputStream; bytes: Uint8Array }
  /** Nothing follows: the program exited or crashed, with all of its output sent. */
  | { kind: "end" };

/**
 * The most bytes the program worker lets the output worker fall behind by
 * before it waits: a program printing faster than its output can be kept
 * runs at the keeping's pace, instead of queueing without bound.
 */
export const MOST_BYTES_BEHIND = 4 << 20;

/**
 * A counter of bytes (modulo 2^32) the output worker has taken, shared with
 * the program worker. A page without SharedArrayBuffer (not cross-origin
 * isolated) gets a plain buffer: the program worker cannot wait on it, so
 * its output is not held back there.
 */
export function createTakenCounter(): SharedArrayBuffer | ArrayBuffer {
  return typeof SharedArrayBuffer === "undefined" ? new ArrayBuffer(4) : new SharedArrayBuffer(4);
}
