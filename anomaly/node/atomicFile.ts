/**
 * Crash-safe whole-file writes: write a temporary file beside the target,
 * fsync it, rename it over the target, then fsync the folder so the rename
 * itself survives a power loss. A reader sees the old file or the new one,
 * never a mix.
 */
import { open, readdir, rename, rm } from "node:fs/promises";
import { basename, dirname, join } from "node:path";

let counter = 0;

export async function fsyncDir(dir: string): Promise<void> {
  try {
    const handle = await open(dir, "r");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Some platforms cannot open or sync a folder; the rename is still atomic.
  }
}

/**
 * A temporary file's name beside `path`: `.<name>.<pid>.<n>.tmp`, which
 * removeStaleTemps deletes once its writer is gone.
 */
/** The names in a folder; none when the folder is gone (a model deleted, or never written). */
export async function namesIn(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch {
    return [];
  }
}

export function tempPathFor(path: string): string {
  return join(dirname(path), `.${basename(path)}.${process.pid}.${counter++}.tmp`);
}

export async function writeFileAtomic(path: string, data: Uint8Array | string, durable = true): Promise<void> {
  const dir = dirname(path);
  const temp = tempPathFor(path);
  try {
    const handle = await open(temp, "w");
    try {
      await handle.writeFile(data);
      if (durable) await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, path);
  } catch (e) {
    await rm(temp, { force: true });
    throw e;
  }
  if (durable) await fsyncDir(dir);
}

const TEMP = /^\..+\.(\d+)\.\d+\.tmp$/;

function alive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Deletes the temporary files writeFileAtomic left behind when its process
 * was killed between writing and renaming (in `root` and each folder in it).
 * A temp file's name carries its writer's pid; one whose writer still runs
 * is left alone. Returns the removed paths.
 */
export async function removeStaleTemps(root: string): Promise<string[]> {
  const removed: string[] = [];
  const sweep = async (dir: string, depth: number) => {
    let entries: import("node:fs").Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (depth === 0 && !entry.name.startsWith(".")) await sweep(path, 1);
        continue;
      }
      const match = TEMP.exec(entry.name);
      if (match === null || alive(Number(match[1]))) continue;
      await rm(path, { force: true });
      removed.push(path);
    }
  };
  await sweep(root, 0);
  return removed;
}
