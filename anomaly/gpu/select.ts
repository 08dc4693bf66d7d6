/// <reference types="@webgpu/types" />
/**
 * When the WebGPU backend is used. Never when ANOMALY_GPU=0 or LANG_GPU=cpu;
 * never on a software fallback adapter (SwiftShader, llvmpipe: no faster
 * than the CPU) unless forced with ANOMALY_GPU=force; and only for batches
 * of at least GPU_MIN_BATCH rows, smaller ones staying on the host backend.
 * The adapter is requested on the first large batch, once.
 */

import type { RestartJob, RestartResult } from "../autoencoder/restart";
import { acceleratorAllowed, type BackendEnv, type ScoringBackend } from "../backends/backend";
import { GPU_MIN_BATCH } from "../constants";
import type { Forest, RowMatrix } from "../forest/forest";
import { WebGpuBackend } from "./webgpuBackend";

export type GpuOutcome = { backend: WebGpuBackend } | { reason: string };

export function gpuForced(env: BackendEnv): boolean {
  return env.ANOMALY_GPU === "force";
}

function adapterName(adapter: GPUAdapter): string {
  const info = adapter.info;
  return (
    [info?.vendor, info?.architecture, info?.description].filter((s) => s !== undefined && s !== "").join(" ") ||
    "adapter"
  );
}

function isFallback(adapter: GPUAdapter): boolean {
  const a = adapter as GPUAdapter & { isFallbackAdapter?: boolean };
  return a.info?.isFallbackAdapter === true || a.isFallbackAdapter === true;
}

/** A WebGPU backend over `gpu`, or why there is none. */
export async function openWebGpu(
  gpu: GPU | undefined,
  host: ScoringBackend,
  env: BackendEnv,
  force = gpuForced(env),
): Promise<GpuOutcome> {
  if (!acceleratorAllowed(env)) return { reason: "WebGPU is turned off (ANOMALY_GPU=0 or LANG_GPU=cpu)" };
  if (gpu === undefined) return { reason: "this environment has no WebGPU" };
  let adapter: GPUAdapter | null;
  try {
    adapter = await gpu.requestAdapter({ powerPreference: "high-performance" });
  } catch (e) {
    return { reason: `requesting a WebGPU adapter failed: ${e instanceof Error ? e.message : String(e)}` };
  }
  if (adapter === null) return { reason: "no WebGPU adapter is available" };
  const name = adapterName(adapter);
  if (isFallback(adapter) && !force) {
    return { reason: `the only WebGPU adapter is a software fallback (${name}); ANOMALY_GPU=force uses it anyway` };
  }
  const limits = adapter.limits;
  const device = await adapter.requestDevice({
    requiredLimits: {
      maxStorageBufferBindingSize: limits.maxStorageBufferBindingSize,
      maxBufferSize: limits.maxBufferSize,
    },
  });
  return { backend: new WebGpuBackend(device, host, name) };
}

/**
 * The host backend, with large batches sent to WebGPU once an adapter the
 * policy accepts is found. `reason` says why it is not used, once known.
 */
export class GpuFirstBackend implements ScoringBackend {
  private opening: Promise<GpuOutcome> | null = null;
  reason: string | null = null;
  readonly trainRestarts?: (jobs: RestartJob[]) => Promise<RestartResult[]>;
  /** The host's off-thread jobs (a CSV batch, a retrain's forests) stay the host's. */
  readonly batchCsv?: ScoringBackend["batchCsv"];
  readonly trainForests?: ScoringBackend["trainForests"];

  constructor(
    private readonly host: ScoringBackend,
    private readonly open: () => Promise<GpuOutcome>,
  ) {
    const train = host.trainRestarts?.bind(host);
    if (train !== undefined) this.trainRestarts = train;
    const batch = host.batchCsv?.bind(host);
    if (batch !== undefined) this.batchCsv = batch;
    const forests = host.trainForests?.bind(host);
    if (forests !== undefined) this.trainForests = forests;
  }

  get name(): string {
    return `${this.host.name}, webgpu for batches ≥ ${GPU_MIN_BATCH}`;
  }

  private gpu(): Promise<GpuOutcome> {
    this.opening ??= this.open().catch((e: unknown) => ({
      reason: `WebGPU failed to start: ${e instanceof Error ? e.message : String(e)}`,
    }));
    return this.opening;
  }

  async pathSums(forest: Forest, rows: RowMatrix): Promise<Float64Array> {
    if (rows.nRows < GPU_MIN_BATCH) return this.host.pathSums(forest, rows);
    const outcome = await this.gpu();
    if ("reason" in outcome) {
      this.reason = outcome.reason;
      return this.host.pathSums(forest, rows);
    }
    return outcome.backend.pathSums(forest, rows);
  }

  async close(): Promise<void> {
    const outcome = this.opening === null ? null : await this.opening;
    if (outcome !== null && "backend" in outcome) await outcome.backend.close();
    else await this.host.close();
  }
}
