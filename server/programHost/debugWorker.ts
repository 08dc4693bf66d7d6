// The debug-run threads' entry (server/playground/debugRuns.ts runs it;
// scripts/build-server.ts bundles it for production): a user's debug build
// runs here, never on the server's own thread, so a program that loops
// forever is stopped by terminating this thread. Its memory is capped in the
// module itself and its output in the WASI host; the caller sets the time
// limit and the thread's heap limits.

import type { Breakpoint } from "../../lang/runtime/debug/debugEngine";
import { runWasiShim } from "../../lang/runtime/wasi/wasiShim";
import { type Handlers, serveRequests } from "../../threads/serve";
import { runDebugBuild } from "./debugProgram";
import { capMemory } from "./memoryCap";

export interface DebugRunJob {
  wasm: Uint8Array;
  breakpoints: Breakpoint[];
  stdin: string;
  maxStops: number;
  maxMemoryBytes: number;
  maxOutputBytes: number;
}

const handlers = {
  debug: async (job: DebugRunJob) => {
    const wasm = capMemory(job.wasm, job.maxMemoryBytes);
    const answer = await runDebugBuild(wasm, job, (input) =>
      runWasiShim({ ...input, maxOutputBytes: job.maxOutputBytes }),
    );
    return { answer, transfer: [] };
  },
} satisfies Handlers;

export type DebugHandlers = typeof handlers;

serveRequests(handlers);
