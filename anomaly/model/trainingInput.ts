/**
 * A training's input, made on the thread that asked for it (the records
 * are that thread's objects): the ring projected on the training's features
 * and the categorical columns' counts (novelty.ts). On a full ring
 * (150,000 points) each is tens of milliseconds of CPU, in one turn of the
 * event loop a stall every request waited for; here they go a slice of
 * records at a time, and other work runs between slices. The results are
 * the same as in one go: the Projector takes what it reads from the
 * encoder when it is made, and records are never changed once stored.
 *
 * The matrix is made in shared memory where there is any, so handing it to
 * a training thread copies nothing here (node/threadJobs.ts copies it there
 * before scaling it in place).
 */
import type { RawRecord } from "../store/store";
import type { Projector } from "./encoding";
import { type ColumnNovelty, NoveltyCounts } from "./novelty";

/** Records handled per turn of the event loop: about a millisecond of CPU each. */
export const TRAINING_SLICE = 4096;

/** Lets the event loop run whatever is waiting (timers and I/O both), then goes on. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** How a training's work on this thread was cut between turns. */
export interface SliceLog {
  /** The most records handled in one turn. */
  largest: number;
  slices: number;
}

/** This thread's slices since it started (tests and the schedule bench read it). */
export const trainingSlices: SliceLog = { largest: 0, slices: 0 };

function logSlice(rows: number): void {
  trainingSlices.slices += 1;
  trainingSlices.largest = Math.max(trainingSlices.largest, rows);
}

function matrixBuffer(bytes: number): ArrayBufferLike {
  // A browser page that is not cross-origin isolated has no SharedArrayBuffer.
  return typeof SharedArrayBuffer === "function" ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes);
}

/** projector.projectAll(records), a slice per turn. */
export async function projectInSlices(
  projector: Projector,
  records: readonly RawRecord[],
  turn: () => Promise<void> = nextTurn,
): Promise<Float64Array> {
  const width = projector.width;
  const out = new Float64Array(matrixBuffer(records.length * width * Float64Array.BYTES_PER_ELEMENT));
  for (let from = 0; from < records.length; from += TRAINING_SLICE) {
    if (from > 0) await turn();
    const to = Math.min(records.length, from + TRAINING_SLICE);
    for (let r = from; r < to; r++) projector.project(records[r], out, r * width);
    logSlice(to - from);
  }
  return out;
}

/** fitNovelty(columns, records), a slice per turn. */
export async function noveltyInSlices(
  columns: readonly string[],
  records: readonly RawRecord[],
  turn: () => Promise<void> = nextTurn,
): Promise<ColumnNovelty[]> {
  const counts = new NoveltyCounts(columns);
  for (let from = 0; from < records.length; from += TRAINING_SLICE) {
    if (from > 0) await turn();
    const to = Math.min(records.length, from + TRAINING_SLICE);
    counts.add(records, from, to);
    logSlice(to - from);
  }
  return counts.result();
}
