/**
 * Crash-safe whole-file writes: write a temporary file beside the target,
 * fsync it, rename it over the target, then fsync the folder so the rename
 * itself survives a power loss. A reader sees the old file or the new one,
 * never a mix.
 */
import { open, rename, rm } from "node:fs/promises";
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

export async function writeFileAtomic(path: string, data: Uint8Array | string, durable = true): Promise<void> {
  const dir = dirname(path);
  const temp = join(dir, `.${basename(path)}.${process.pid}.${counter++}.tmp`);
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
