/**
 * Whether the store's disk is full, as its writes last found it. A full disk
 * is an episode, not an event: the first write that fails with ENOSPC (or a
 * quota's EDQUOT) is reported once, with the file it was writing, and the
 * episode lasts until a write succeeds again with space to spare (reported
 * once too): a whole new file, or an append while the filesystem reports
 * free blocks (an append alone proves nothing: it may still fit in a block
 * the log already holds while the disk is full). In
 * between, the health route answers "degraded" (server/anomaly/health.ts),
 * so an operator or a load balancer learns of it before the clients do.
 */

import { statfs } from "node:fs/promises";
import { dirname } from "node:path";

export interface DiskFull {
  /** The file whose write failed first in this episode. */
  path: string;
  code: string;
  /** Unix milliseconds of that failure. */
  since: number;
}

export function isDiskFull(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === "ENOSPC" || code === "EDQUOT";
}

async function hasFreeBlocks(path: string): Promise<boolean> {
  try {
    return (await statfs(dirname(path))).bavail > 0;
  } catch {
    return false;
  }
}

export class DiskWatch {
  private episode: DiskFull | null = null;

  constructor(private readonly report: (line: string) => void) {}

  /** The current episode, or null while writes succeed. */
  get full(): DiskFull | null {
    return this.episode;
  }

  /**
   * Runs one write of `path`, noting whether the disk let it through.
   * `append`: the write may fit in space the file holds already, so its
   * success ends an episode only if the filesystem has free blocks.
   */
  async write<T>(path: string, work: () => Promise<T>, append = false): Promise<T> {
    let result: T;
    try {
      result = await work();
    } catch (e) {
      if (isDiskFull(e) && this.episode === null) {
        const code = (e as NodeJS.ErrnoException).code as string;
        this.episode = { path, code, since: Date.now() };
        this.report(`anomaly store: disk full (${code}) writing ${path}; writes fail until space is freed`);
      }
      throw e;
    }
    if (this.episode !== null && (!append || (await hasFreeBlocks(path)))) {
      this.report(`anomaly store: writes succeed again (first failure was ${this.episode.path})`);
      this.episode = null;
    }
    return result;
  }
}
