// Results of compiler.wasm runs, keyed by everything the compiler sees (its
// arguments and input files), so repeating a build (the same example run
// again, many visitors opening the same program) skips the compile. The
// compiler is deterministic, so a hit is exactly what a fresh run would
// give. Bounded by total bytes, least recently used first out; results
// are shared between requests and never mutated. With several instances a
// shared tier (S3, server/cluster/s3CompileResults.ts) sits behind the
// local one: a local miss asks it before compiling, a compile fills it.
import { createHash } from "node:crypto";
import type { CompilerRun, CompilerRunner, CompilerRunResult } from "../compiler/compilerRun";

function keyOf(run: CompilerRun): string {
  const hash = createHash("sha256");
  hash.update(JSON.stringify(run.args));
  for (const name of Object.keys(run.files).sort()) {
    hash.update(`\0${name}\0${run.files[name].length}\0`);
    hash.update(run.files[name]);
  }
  return hash.digest("hex");
}

function sizeOf(result: CompilerRunResult): number {
  let bytes = result.stdout.length + result.stderr.length + 256;
  for (const [name, data] of result.files) bytes += name.length + data.length;
  return bytes;
}

/** Results shared by every instance; a failure of it only costs a compile. */
export interface SharedCompileTier {
  get(key: string): Promise<CompilerRunResult | null>;
  put(key: string, result: CompilerRunResult): Promise<void>;
}

export class CompileCache {
  private readonly entries = new Map<string, { result: CompilerRunResult; bytes: number }>();
  private total = 0;
  hits = 0;
  misses = 0;
  /** Local misses answered by the shared tier (counted in `hits` too). */
  sharedHits = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly shared: SharedCompileTier | null = null,
  ) {}

  get bytes(): number {
    return this.total;
  }

  /** `runner` with this cache in front of it; a 0-byte cache passes every run through. */
  wrap(runner: CompilerRunner): CompilerRunner {
    if (this.maxBytes <= 0) return runner;
    return async (run) => {
      const key = keyOf(run);
      const cached = this.entries.get(key);
      if (cached) {
        // Re-inserting marks it most recently used.
        this.entries.delete(key);
        this.entries.set(key, cached);
        this.hits += 1;
        return cached.result;
      }
      const fromShared = await this.shared?.get(key).catch((error: Error) => {
        console.error(`[compile cache] shared tier unreadable: ${error.message}`);
        return null;
      });
      if (fromShared) {
        this.hits += 1;
        this.sharedHits += 1;
        this.remember(key, fromShared);
        return fromShared;
      }
      this.misses += 1;
      const result = await runner(run);
      this.remember(key, result);
      // Not awaited: the build answers without waiting for the upload.
      this.shared
        ?.put(key, result)
        .catch((error: Error) => console.error(`[compile cache] shared tier not written: ${error.message}`));
      return result;
    };
  }

  private remember(key: string, result: CompilerRunResult): void {
    const bytes = sizeOf(result);
    if (bytes > this.maxBytes / 4 || this.entries.has(key)) return;
    this.entries.set(key, { result, bytes });
    this.total += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.total <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.total -= entry.bytes;
    }
  }
}
