// Starts the compiler worker and reports when compiler.wasm is ready.
import { useEffect, useState } from "react";
import { compilerWorker } from "./compilerClient";
import { announcedVersion } from "./earlyVersion";

export type CompilerState =
  | { kind: "loading" }
  | { kind: "ready"; version: string }
  | { kind: "failed"; message: string };

let starting: Promise<string> | undefined;

/** Marks (once) the moment the page learnt the compiler is ready. */
function markReady(): void {
  if (performance.getEntriesByName("pith:compiler-ready").length === 0) performance.mark("pith:compiler-ready");
}

/** Starts the compiler worker and compiler.wasm now, before React renders (the page's critical path). */
export function startCompiler(): Promise<string> {
  const announced = announcedVersion();
  starting ??= (announced ? Promise.resolve(announced) : compilerWorker().version()).then((version) => {
    markReady();
    return version;
  });
  return starting;
}

export function useCompilerVersion(): CompilerState {
  // Announced before the first render: the page starts ready (see earlyVersion.ts).
  const [state, setState] = useState<CompilerState>(() => {
    const version = announcedVersion();
    if (version === undefined) return { kind: "loading" };
    markReady();
    return { kind: "ready", version };
  });
  useEffect(() => {
    let live = true;
    startCompiler().then(
      // Already ready from the announcement: the same state, so no second render.
      (version) => live && setState((s) => (s.kind === "ready" ? s : { kind: "ready", version })),
      (error: unknown) => live && setState({ kind: "failed", message: String(error) }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
