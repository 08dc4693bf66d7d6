// The compiler threads' entry (compilerPool.ts runs it; scripts/build-server.ts
// bundles it for production): compiler.wasm is compiled before the thread
// reports ready, so a compile's time limit measures the compile alone. Each
// answer carries the CPU time the compile used on this thread (cpuMs, where
// the OS tells it), which the fair queue charges to the client.
import { type Handlers, serveRequests } from "../../threads/serve";
import { threadCpuMs } from "../../threads/threadCpu";
import type { CompilerRun } from "../compiler/compilerRun";
import { runCompilerJob, warmCompiler } from "./compileJob";

const handlers = {
  compile: async (job: CompilerRun) => {
    const before = threadCpuMs();
    const result = await runCompilerJob(job);
    const after = threadCpuMs();
    const cpuMs = before === undefined || after === undefined ? undefined : after - before;
    return { answer: { ...result, cpuMs }, transfer: [] };
  },
} satisfies Handlers;

export type CompileHandlers = typeof handlers;

serveRequests(handlers, { prepare: warmCompiler });
