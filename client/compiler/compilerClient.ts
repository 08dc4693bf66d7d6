import * as Comlink from "comlink";
import type { CompilerApi } from "../workers/compiler.worker";

let worker: Comlink.Remote<CompilerApi> | undefined;

/** The page's single compiler worker, started on first use. */
export function compilerWorker(): Comlink.Remote<CompilerApi> {
  worker ??= Comlink.wrap<CompilerApi>(
    new Worker(new URL("../workers/compiler.worker.ts", import.meta.url), {
      type: "module",
      name: "compiler",
    }),
  );
  return worker;
}
