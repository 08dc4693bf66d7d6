/**
 * The jobs an engine thread runs (engineThread.ts), by name. Each answers
 * its result and the buffers to transfer back with it. They run the very
 * code the calling thread would (batch.ts, training.ts) on the host
 * backend, so a job's answer does not depend on where it ran.
 */
import { CpuBackend, type ForestJob, type TrainedForests } from "../backends/backend";
import { BatchInputError, batchCsvBody } from "../batch";
import { encodeForestFile } from "../forest/forestFile";
import { type CompiledForest, compileForest } from "../forest/walk";
import { trainForests } from "../model/training";

export type BatchAnswer = { body: Uint8Array } | { inputError: string };

export interface Done<T> {
  answer: T;
  transfer: ArrayBuffer[];
}

export interface BatchJob {
  csv: Uint8Array;
  hasHeader: boolean;
}

/** A CSV batch from bytes to encoded JSON (an unusable CSV answers its message). */
export async function batchJob({ csv, hasHeader }: BatchJob): Promise<Done<BatchAnswer>> {
  try {
    const body = await batchCsvBody(csv, hasHeader, new CpuBackend());
    return { answer: { body }, transfer: [body.buffer as ArrayBuffer] };
  } catch (e) {
    if (e instanceof BatchInputError) return { answer: { inputError: e.message }, transfer: [] };
    throw e;
  }
}

/**
 * A training as it comes back from the thread: besides the forests, each
 * one's compiled scoring layout and its encoded file (margin 0, written in
 * when saved), so the calling thread neither compiles nor encodes them:
 * about 100 ms of its CPU per training for the five default versions,
 * that used to hold every request up where the forests took effect and
 * were saved.
 */
export interface ForestsAnswer extends TrainedForests {
  ready: { vname: string; compiled: CompiledForest; file: Uint8Array }[];
}

/** A retraining's scaler and forests; the forests' arrays move back without a copy. */
export async function forestJob(job: ForestJob): Promise<Done<ForestsAnswer>> {
  // A matrix in shared memory (model/trainingInput.ts) is also the caller's:
  // scaled in place here, a job run again there after this thread was lost
  // would be scaled twice. The copy is this thread's work, not the caller's.
  const own = job.matrix.buffer instanceof SharedArrayBuffer ? { ...job, matrix: job.matrix.slice() } : job;
  const trained = await trainForests(own, new CpuBackend());
  const buffers = new Set<ArrayBuffer>();
  const ready: ForestsAnswer["ready"] = [];
  for (const [vname, f] of trained.forests) {
    if (f === null) continue;
    // Cached by the calibration's scoring: compiling costs nothing more here.
    const compiled = compileForest(f);
    const file = encodeForestFile({ name: vname, margin: 0, forest: f });
    ready.push({ vname, compiled, file });
    for (const a of [f.roots, f.feature, f.split, f.left, f.right, f.size, f.value, file]) {
      buffers.add(a.buffer as ArrayBuffer);
    }
    // The pointer layout shares the forest's own arrays (a buffer moves once).
    for (const a of [compiled.feature, compiled.split, compiled.value, compiled.roots, compiled.left, compiled.right]) {
      if (a.byteLength > 0) buffers.add(a.buffer as ArrayBuffer);
    }
  }
  return { answer: { ...trained, ready }, transfer: [...buffers] };
}

export const THREAD_JOBS = { batch: batchJob, forests: forestJob } as const;
export type ThreadJobName = keyof typeof THREAD_JOBS;
