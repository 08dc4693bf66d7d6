// The page's engine worker, started on first use and restartable (the
// crash test kills it mid-ingest; the next call starts a fresh one).
import * as Comlink from "comlink";
import type { EngineApi } from "./engine.worker";

let worker: Worker | undefined;
let remote: Comlink.Remote<EngineApi> | undefined;
const restartListeners = new Set<() => void>();

export function engine(): Comlink.Remote<EngineApi> {
  if (remote === undefined) {
    worker = new Worker(new URL("./engine.worker.ts", import.meta.url), { type: "module", name: "anomaly-engine" });
    remote = Comlink.wrap<EngineApi>(worker);
    for (const listener of restartListeners) listener();
  }
  return remote;
}

/** Kills the worker at once (a crash, as far as the engine can tell). */
export function terminateEngine(): void {
  worker?.terminate();
  worker = undefined;
  remote = undefined;
}

/** Called whenever a fresh worker starts (to re-subscribe listeners). */
export function onEngineStart(listener: () => void): () => void {
  restartListeners.add(listener);
  return () => restartListeners.delete(listener);
}
