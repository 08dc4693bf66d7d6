// Debug runs of users' programs on the server (the lang_debug tool): the
// debug build is compiled like any build (the client's fair compile queue
// and cache), then run on a debug thread (programHost/debugWorker.ts) under
// the limits of an unauthenticated service: a wall-clock limit (the thread
// is terminated, so even a loop with no calls stops), a memory ceiling
// written into the module, a heap limit on the thread, an output limit, one
// run per client at a time, and the thread is stopped when the client hangs
// up. The per-minute build rate is applied where the tool is called
// (mcp/buildRate.ts), shared with the builds.
import type { Breakpoint } from "../../lang/runtime/debug/debugEngine";
import { OutputLimitError } from "../../lang/runtime/wasi/wasiShim";
import { ThreadPool } from "../../threads/pool";
import { ThreadLost } from "../../threads/thread";
import type { CompilerRunner } from "../compiler/compilerRun";
import { buildForDebug, type DebugResult } from "../programHost/debugProgram";
import type { DebugHandlers } from "../programHost/debugWorker";
import type { ClientScope } from "./fairQueue";
import { PlaygroundHttpError } from "./httpError";
import type { PlaygroundLimits } from "./limits";

/** Program output kept at most (stdout and stderr together); a program writing more is stopped. */
export const DEBUG_OUTPUT_BYTES = 1024 * 1024;
/** The debug thread's JavaScript heap (the recorded stops live there); the program's own memory is capped separately. */
const DEBUG_HEAP_MB = 128;

export interface DebugRunRequest {
  source: string;
  files?: Record<string, string>;
  breakpoints: Breakpoint[];
  stdin?: string;
  maxStops: number;
}

export class DebugRuns {
  private readonly threads: ThreadPool<DebugHandlers>;
  private readonly running = new Set<string>();
  private onThreads = 0;

  /** Programs handed to a thread and not yet answered (compiles excluded). */
  get runningCount(): number {
    return this.onThreads;
  }

  constructor(private readonly limits: PlaygroundLimits) {
    this.threads = new ThreadPool<DebugHandlers>({
      entry: new URL("../programHost/debugWorker.ts", import.meta.url),
      label: "debug",
      threads: limits.debugThreads,
      maxQueued: 4 * limits.debugThreads,
      queueFull: (waiting) =>
        new PlaygroundHttpError(429, `${waiting} debug runs are waiting already; try again shortly`, 5),
      timeoutMs: limits.debugTimeoutMs,
      timedOut: (ms) =>
        new PlaygroundHttpError(
          504,
          `the program ran longer than the debug time limit of ${ms} ms (DEBUG_TIMEOUT_MS) and was stopped; an endless loop? Lower max_stops or put the breakpoint earlier`,
        ),
      resourceLimits: { maxOldGenerationSizeMb: DEBUG_HEAP_MB, maxYoungGenerationSizeMb: 16 },
    });
  }

  /** Compiles and runs one debug run for `ctx.client`; a PlaygroundHttpError when refused or stopped by a limit. */
  async run(request: DebugRunRequest, ctx: { client: ClientScope; compile: CompilerRunner }): Promise<DebugResult> {
    const key = ctx.client.key;
    if (this.running.has(key))
      throw new PlaygroundHttpError(429, "a debug run of yours is still running; wait for its answer", 1);
    this.running.add(key);
    try {
      const built = await buildForDebug(request, ctx.compile);
      if (!built.ok) return built;
      this.onThreads++;
      return await this.threads
        .run(
          "debug",
          {
            wasm: built.wasm,
            breakpoints: request.breakpoints,
            stdin: request.stdin ?? "",
            maxStops: request.maxStops,
            maxMemoryBytes: this.limits.debugMemoryMb * 1024 * 1024,
            maxOutputBytes: DEBUG_OUTPUT_BYTES,
          },
          [],
          ctx.client.signal,
        )
        .finally(() => {
          this.onThreads--;
        });
    } catch (error) {
      throw limitError(error, this.limits);
    } finally {
      this.running.delete(key);
    }
  }

  close(): Promise<void> {
    return this.threads.close();
  }
}

/** A failure of the run as the client should read it; a limit names its setting. */
function limitError(error: unknown, limits: PlaygroundLimits): unknown {
  if (!(error instanceof Error) || error instanceof PlaygroundHttpError) return error;
  // The worker's errors arrive as plain Errors carrying the message.
  if (error.message === new OutputLimitError(DEBUG_OUTPUT_BYTES).message)
    return new PlaygroundHttpError(400, `${error.message}; print less, or stop it sooner with max_stops`);
  if (error instanceof ThreadLost && /memory/i.test(error.message))
    return new PlaygroundHttpError(400, `the debug run used more than its memory and was stopped (${error.message})`);
  if (/starts with .* of memory/.test(error.message))
    return new PlaygroundHttpError(400, `${error.message} (DEBUG_MEMORY_MB is ${limits.debugMemoryMb})`);
  return error;
}
