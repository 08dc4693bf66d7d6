import * as Comlink from "comlink";
import type { CompilerApi } from "../workers/compiler.worker";

let worker: Comlink.Remote<CompilerApi> | undefined;

/**
 * The worker index.html started in its first inline script (see
 * vite.config.ts), before the page's own scripts arrived: started later, it
 * waits on the page's thread, busy evaluating those scripts.
 */
function startedByPage(): Worker | undefined {
  const page = globalThis as { pithCompilerWorker?: Worker };
  const started = page.pithCompilerWorker;
  page.pithCompilerWorker = undefined;
  return started;
}

/** The page's single compiler worker, started on first use. */
export function compilerWorker(): Comlink.Remote<CompilerApi> {
  worker ??= Comlink.wrap<CompilerApi>(
    startedByPage() ??
      new Worker(new URL("../workers/compiler.worker.ts", import.meta.url), {
        type: "module",
        name: "compiler",
      }),
  );
  return worker;
}
