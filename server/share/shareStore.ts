// Short links: a shared program stored on disk under a content-addressed id
// (the same program always gets the same id, so storing is idempotent and
// nothing can be overwritten). Sizes are limited before anything is written.
import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface SharedProgram {
  source: string;
  stdin?: string;
}

/** The most UTF-8 bytes a shared program (source plus stdin) may take. */
export const SHARE_LIMIT_BYTES = 64 * 1024;
/** Ids are 16 hex digits of the SHA-256 of the stored JSON. */
export const SHARE_ID = /^[0-9a-f]{16}$/;

export function defaultShareDir(): string {
  return process.env.PITH_SHARE_DIR ?? join(tmpdir(), "pith-playground-shares");
}

export class ShareStore {
  constructor(private readonly dir: string = defaultShareDir()) {}

  /** Stores the program; returns its id. */
  async put(program: SharedProgram): Promise<string> {
    const body = JSON.stringify({ source: program.source, stdin: program.stdin || undefined });
    const id = createHash("sha256").update(body).digest("hex").slice(0, 16);
    await mkdir(this.dir, { recursive: true });
    // Write then rename: a reader never sees half a file.
    const temporary = join(this.dir, `${id}.${process.pid}.tmp`);
    await writeFile(temporary, body);
    await rename(temporary, join(this.dir, `${id}.json`));
    return id;
  }

  /** The program stored under `id`, or undefined when there is none. */
  async get(id: string): Promise<SharedProgram | undefined> {
    if (!SHARE_ID.test(id)) return undefined;
    try {
      return JSON.parse(await readFile(join(this.dir, `${id}.json`), "utf8")) as SharedProgram;
    } catch {
      return undefined;
    }
  }
}
