// The compiler threads' entry (compilerPool.ts runs it; scripts/build-server.ts
// bundles it for production): compiler.wasm is compiled before the thread
// reports ready, so a compile's time limit measures the compile alone.
import { type Handlers, serveRequests } from "../../threads/serve";
import type { CompilerRun } from "../compiler/compilerRun";
import { runCompilerJob, warmCompiler } from "./compileJob";

const handlers = {
  compile: async (job: CompilerRun) => ({ answer: await runCompilerJob(job), transfer: [] }),
} satisfies Handlers;

export type CompileHandlers = typeof handlers;

serveRequests(handlers, { prepare: warmCompiler });
