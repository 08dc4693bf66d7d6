/**
 * The jobs an engine thread runs (engineThread.ts), by name. Each answers
 * its result and the buffers to transfer back with it. They run the very
 * code the calling thread would (batch.ts, training.ts) on the host
 * backend, so a job's answer does not depend on where it ran.
 */
import { CpuBackend, type ForestJob, type TrainedForests } from "../backends/backend";
import { BatchInputError, batchCsvBody } from "../batch";
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

/** A retraining's scaler and forests; the forests' arrays move back without a copy. */
export async function forestJob(job: ForestJob): Promise<Done<TrainedForests>> {
  const trained = await trainForests(job, new CpuBackend());
  const transfer: ArrayBuffer[] = [];
  for (const f of trained.forests.values()) {
    if (f === null) continue;
    for (const a of [f.roots, f.feature, f.split, f.left, f.right, f.size, f.value]) {
      transfer.push(a.buffer as ArrayBuffer);
    }
  }
  return { answer: trained, transfer };
}

export const THREAD_JOBS = { batch: batchJob, forests: forestJob } as const;
export type ThreadJobName = keyof typeof THREAD_JOBS;
