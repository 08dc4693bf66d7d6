// Starts the compiler worker and reports when compiler.wasm is ready.
import { useEffect, useState } from "react";
import { compilerWorker } from "./compilerClient";

export type CompilerState =
  | { kind: "loading" }
  | { kind: "ready"; version: string }
  | { kind: "failed"; message: string };

let starting: Promise<string> | undefined;

/** Starts the compiler worker and compiler.wasm now, before React renders (the page's critical path). */
export function startCompiler(): Promise<string> {
  starting ??= compilerWorker()
    .version()
    .then((version) => {
      performance.mark("pith:compiler-ready");
      return version;
    });
  return starting;
}

export function useCompilerVersion(): CompilerState {
  const [state, setState] = useState<CompilerState>({ kind: "loading" });
  useEffect(() => {
    let live = true;
    startCompiler().then(
      (version) => live && setState({ kind: "ready", version }),
      (error: unknown) => live && setState({ kind: "failed", message: String(error) }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
