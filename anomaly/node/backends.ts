/**
 * Backend choice for Node hosts (server, CLI, bench): worker threads for
 * large batches (small ones stay on the calling thread). An accelerator
 * backend (WebGPU, a later issue) plugs in here, tried first unless
 * ANOMALY_GPU=0 or LANG_GPU=cpu.
 */
import { acceleratorAllowed, type BackendEnv, type ScoringBackend } from "../backend";
import { WorkerBackend } from "./workerBackend";

export function createNodeBackend(env: BackendEnv = process.env): ScoringBackend {
  if (acceleratorAllowed(env)) {
    // No accelerator backend yet: fall through to the host backend.
  }
  return new WorkerBackend();
}
