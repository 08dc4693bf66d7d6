/**
 * Backend choice for Node hosts (server, CLI, bench): worker threads for
 * large batches (small ones stay on the calling thread), behind WebGPU
 * (Dawn, anomaly/gpu) when ANOMALY_GPU asks for it and neither ANOMALY_GPU=0
 * nor LANG_GPU=cpu turns accelerators off.
 */
import { acceleratorAllowed, type BackendEnv, type ScoringBackend } from "../backends/backend";
import { dawnGpu } from "../gpu/node/dawn";
import { GpuFirstBackend, openWebGpu } from "../gpu/select";
import { WorkerBackend } from "./workerBackend";

/**
 * In Node, WebGPU (Dawn) is opt-in: ANOMALY_GPU=1 (a hardware adapter) or
 * ANOMALY_GPU=force (any adapter). Loading Dawn keeps the process alive while
 * its instance is held, which a CLI run that should simply end must not pay.
 */
export function createNodeBackend(env: BackendEnv = process.env): ScoringBackend {
  const host = new WorkerBackend();
  const wanted = env.ANOMALY_GPU === "1" || env.ANOMALY_GPU === "force";
  if (wanted && acceleratorAllowed(env)) {
    return new GpuFirstBackend(host, async () => openWebGpu(await dawnGpu(), host, env));
  }
  return host;
}
