/// <reference types="@webgpu/types" />
// The adapter policy: WebGPU is skipped when switched off, when absent, and
// when the only adapter is a software fallback (unless forced); batches
// under 128 rows never wait for an adapter at all.
import { describe, expect, it } from "vitest";
import { CpuBackend } from "../backends/backend";
import { buildForest } from "../forest/forest";
import { GpuFirstBackend, openWebGpu } from "./select";

/** A GPU whose one adapter is a software fallback; records device requests. */
function fallbackGpu() {
  const calls: string[] = [];
  const adapter = {
    info: { vendor: "google", architecture: "swiftshader", description: "", isFallbackAdapter: true },
    limits: {},
    requestDevice: async () => {
      calls.push("requestDevice");
      throw new Error("not in this test");
    },
  };
  const gpu = { requestAdapter: async () => adapter } as unknown as GPU;
  return { gpu, calls };
}

describe("WebGPU adapter policy", () => {
  it("is off with ANOMALY_GPU=0 or LANG_GPU=cpu", async () => {
    const { gpu } = fallbackGpu();
    expect(await openWebGpu(gpu, new CpuBackend(), { ANOMALY_GPU: "0" }, true)).toEqual({
      reason: "WebGPU is turned off (ANOMALY_GPU=0 or LANG_GPU=cpu)",
    });
    expect("reason" in (await openWebGpu(gpu, new CpuBackend(), { LANG_GPU: "CPU" }, true))).toBe(true);
  });

  it("never picks a software fallback adapter unless forced", async () => {
    const { gpu, calls } = fallbackGpu();
    const outcome = await openWebGpu(gpu, new CpuBackend(), {});
    expect(outcome).toEqual({
      reason: "the only WebGPU adapter is a software fallback (google swiftshader); ANOMALY_GPU=force uses it anyway",
    });
    expect(calls).toEqual([]);
    await expect(openWebGpu(gpu, new CpuBackend(), { ANOMALY_GPU: "force" })).rejects.toThrow("not in this test");
    expect(calls).toEqual(["requestDevice"]);
  });

  it("says so when there is no WebGPU or no adapter", async () => {
    expect(await openWebGpu(undefined, new CpuBackend(), {})).toEqual({ reason: "this environment has no WebGPU" });
    const none = { requestAdapter: async () => null } as unknown as GPU;
    expect(await openWebGpu(none, new CpuBackend(), {})).toEqual({ reason: "no WebGPU adapter is available" });
  });

  it("keeps small batches on the host and falls back to it with the reason for large ones", async () => {
    let opened = 0;
    const backend = new GpuFirstBackend(new CpuBackend(), async () => {
      opened++;
      return { reason: "no adapter here" };
    });
    const data = Float64Array.from({ length: 400 * 2 }, (_, i) => Math.sin(i));
    const forest = buildForest({ data, nRows: 400, rowStride: 2 }, 2, { nTrees: 10, maxSamples: 64, seed: 42 });
    const cpu = await new CpuBackend().pathSums(forest, { data, nRows: 400, rowStride: 2 });
    expect(await backend.pathSums(forest, { data, nRows: 127, rowStride: 2 })).toEqual(cpu.subarray(0, 127));
    expect(opened).toBe(0);
    expect(await backend.pathSums(forest, { data, nRows: 400, rowStride: 2 })).toEqual(cpu);
    expect(opened).toBe(1);
    expect(backend.reason).toBe("no adapter here");
  });

  it("hands CSV batches and retrains to the host's threads, as without an accelerator", async () => {
    const calls: string[] = [];
    const host = Object.assign(new CpuBackend(), {
      batchCsv: async () => {
        calls.push("batch");
        return { inputError: "from the host" };
      },
      trainForests: async () => {
        calls.push("forests");
        return { mean: [], std: [], forests: new Map(), calibrations: new Map(), bands: [] };
      },
    });
    const backend = new GpuFirstBackend(host, async () => ({ reason: "unused" }));
    expect(await backend.batchCsv?.(new Uint8Array(1), true)).toEqual({ inputError: "from the host" });
    const job = {
      matrix: new Float64Array(0),
      nFeat: 0,
      feats: [],
      numeric: [],
      times: new Float64Array(0),
      versions: [],
      now: 0,
    };
    expect(await backend.trainForests?.(job)).toEqual({
      mean: [],
      std: [],
      forests: new Map(),
      calibrations: new Map(),
      bands: [],
    });
    expect(calls).toEqual(["batch", "forests"]);
    // A host without them leaves them undefined: the caller then runs the job itself.
    const plain = new GpuFirstBackend(new CpuBackend(), async () => ({ reason: "unused" }));
    expect(plain.batchCsv).toBeUndefined();
    expect(plain.trainForests).toBeUndefined();
  });
});
