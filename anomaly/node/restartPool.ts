/**
 * Runs autoencoder restarts on threads, one restart per thread at a time
 * (restartWorker.ts). The threads run the same code as the calling thread
 * and return identical models. When a thread cannot start or fails, the
 * restarts run on the calling thread instead, and keep doing so.
 */
import { availableParallelism } from "node:os";
import { ThreadPool } from "../../threads/pool";
import { workerCodeExists } from "../../threads/workerCode";
import { type RestartJob, type RestartResult, trainRestart } from "../autoencoder/restart";
import type { RestartHandlers } from "./restartWorker";

const ENTRY = new URL("./restartWorker.ts", import.meta.url);

export class RestartPool {
  private pool: ThreadPool<RestartHandlers> | null = null;
  private broken = !workerCodeExists(ENTRY);

  constructor(private readonly threads = availableParallelism()) {}

  async train(jobs: RestartJob[]): Promise<RestartResult[]> {
    const count = Math.min(this.threads, jobs.length);
    if (this.broken || count < 2) return jobs.map((j) => trainRestart(j));
    this.pool ??= new ThreadPool<RestartHandlers>({
      entry: ENTRY,
      label: "autoencoder restart",
      threads: this.threads,
    });
    // Rows are shared, not copied, with every thread.
    const shared = new Float64Array(new SharedArrayBuffer(jobs[0].data.byteLength));
    shared.set(jobs[0].data);
    const pool = this.pool;
    try {
      return await Promise.all(
        jobs.map((j) => pool.run("train", j.data === jobs[0].data ? { ...j, data: shared } : j)),
      );
    } catch {
      this.broken = true;
      await this.close();
      return jobs.map((j) => trainRestart(j));
    }
  }

  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = null;
    await pool?.close();
  }
}
