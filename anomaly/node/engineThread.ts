/**
 * One thread that runs engine jobs (threadJobs.ts) one at a time, in
 * order, so the event loop stays free while a 50 MB CSV batch is scored or
 * a model retrains. The thread runs the same code as the calling thread
 * (engineWorker.ts). Where no thread can start (its code missing, e.g. in a
 * bundle made some other way) or the thread dies, jobs run on the calling
 * thread instead, with the same answers.
 *
 * A job's buffers listed in `transfer` move to the thread without a copy
 * and are left detached; a job that transferred nothing can be run again
 * here when the thread fails under it.
 */
import { ThreadPool } from "../../threads/pool";
import { ThreadLost } from "../../threads/thread";
import { workerCodeExists } from "../../threads/workerCode";
import { type Done, THREAD_JOBS, type ThreadJobName } from "./threadJobs";

type JobOf<N extends ThreadJobName> = Parameters<(typeof THREAD_JOBS)[N]>[0];
type AnswerOf<N extends ThreadJobName> = Awaited<ReturnType<(typeof THREAD_JOBS)[N]>>["answer"];

const ENTRY = new URL("./engineWorker.ts", import.meta.url);

async function runHere<N extends ThreadJobName>(name: N, job: JobOf<N>): Promise<AnswerOf<N>> {
  const run = THREAD_JOBS[name] as (job: JobOf<N>) => Promise<Done<AnswerOf<N>>>;
  return (await run(job)).answer;
}

export interface EngineThreadOptions {
  /**
   * How much nicer than the process the thread runs (0 to 19; Linux, where
   * a nice value is per thread). Bulk work (a CSV batch) runs nicer than
   * the event loop, so on a busy machine the scheduler gives the small
   * requests the CPU first and the batch the rest.
   */
  nice?: number;
}

export class EngineThread {
  private readonly thread: ThreadPool<typeof THREAD_JOBS> | null;
  private closed = false;

  constructor(options: EngineThreadOptions = {}) {
    this.thread = workerCodeExists(ENTRY)
      ? new ThreadPool({ entry: ENTRY, label: "engine", threads: 1, nice: options.nice })
      : null;
  }

  /** Runs a job on the thread; `transfer` lists the job's buffers to move there (left detached). */
  async run<N extends ThreadJobName>(name: N, job: JobOf<N>, transfer: ArrayBuffer[] = []): Promise<AnswerOf<N>> {
    if (this.thread === null) return runHere(name, job);
    try {
      return (await this.thread.run(name, job as never, transfer)) as AnswerOf<N>;
    } catch (error) {
      if (error instanceof ThreadLost && transfer.length === 0 && !this.closed) return runHere(name, job);
      throw error;
    }
  }

  close(): Promise<void> {
    this.closed = true;
    return this.thread?.close() ?? Promise.resolve();
  }
}
