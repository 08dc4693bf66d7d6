/// <reference types="@webgpu/types" />
/**
 * Bulk scoring on WebGPU, bit-identical to the CPU: the GPU only walks the
 * trees and returns, per row and tree, the leaf each row reaches (order-key
 * comparisons, no floating point). The host then adds those leaves' f64
 * values (depth + c(size), computed once per forest on the host) in tree
 * order, starting from 0 — exactly the additions walkForest makes, so the
 * sums are the same bits. Batches under GPU_MIN_BATCH rows stay on the host
 * backend; large batches go in chunks that keep the leaf buffer small.
 * Runs wherever a GPUDevice exists: navigator.gpu in a browser worker, the
 * `webgpu` package (Dawn) in Node.
 */

import type { RestartJob, RestartResult } from "../autoencoder/restart";
import type { ScoringBackend } from "../backends/backend";
import { GPU_MIN_BATCH } from "../constants";
import type { Forest, RowMatrix } from "../forest/forest";
import { keysOf, writeKey } from "./orderKey";
import { WALK_SHADER, WALK_WORKGROUP } from "./shader";

/** Leaf indices per chunk: 16 M entries (64 MiB). */
const MAX_LEAVES_PER_CHUNK = 16 * 1024 * 1024;
const LEAF = 0xffffffff;

interface ForestBuffers {
  roots: GPUBuffer;
  nodes: GPUBuffer;
}

export class WebGpuBackend implements ScoringBackend {
  readonly name: string;
  private readonly pipeline: GPUComputePipeline;
  private readonly forests = new WeakMap<Forest, ForestBuffers>();
  private readonly owned: GPUBuffer[] = [];
  /** The host's, when it has one (autoencoder restarts are not GPU work). */
  readonly trainRestarts?: (jobs: RestartJob[]) => Promise<RestartResult[]>;

  constructor(
    private readonly device: GPUDevice,
    private readonly host: ScoringBackend,
    readonly adapterName = "webgpu",
    private readonly minBatch = GPU_MIN_BATCH,
  ) {
    this.name = `webgpu (${adapterName})`;
    const train = host.trainRestarts?.bind(host);
    if (train !== undefined) this.trainRestarts = train;
    const module = device.createShaderModule({ code: WALK_SHADER });
    this.pipeline = device.createComputePipeline({ layout: "auto", compute: { module, entryPoint: "walk" } });
  }

  private upload(data: ArrayBufferView<ArrayBuffer>, usage: number): GPUBuffer {
    const size = Math.max(16, Math.ceil(data.byteLength / 4) * 4);
    const buffer = this.device.createBuffer({ size, usage: usage | GPUBufferUsage.COPY_DST });
    this.device.queue.writeBuffer(buffer, 0, data.buffer, data.byteOffset, data.byteLength);
    return buffer;
  }

  private forestBuffers(forest: Forest): ForestBuffers {
    const hit = this.forests.get(forest);
    if (hit !== undefined) return hit;
    const n = forest.feature.length;
    const nodes = new Uint32Array(5 * n);
    for (let i = 0; i < n; i++) {
      const f = forest.feature[i];
      if (f < 0) {
        nodes[5 * i] = LEAF;
        continue;
      }
      nodes[5 * i] = f;
      writeKey(forest.split[i], nodes, 5 * i + 1);
      nodes[5 * i + 3] = forest.left[i];
      nodes[5 * i + 4] = forest.right[i];
    }
    const buffers = {
      roots: this.upload(new Uint32Array(forest.roots), GPUBufferUsage.STORAGE),
      nodes: this.upload(nodes, GPUBufferUsage.STORAGE),
    };
    this.owned.push(buffers.roots, buffers.nodes);
    this.forests.set(forest, buffers);
    return buffers;
  }

  /** Leaf index per (row, tree), row-major: what the GPU computes. */
  async leaves(forest: Forest, rows: RowMatrix): Promise<Uint32Array> {
    const nTrees = forest.roots.length;
    const out = new Uint32Array(rows.nRows * nTrees);
    const chunk = Math.max(1, Math.floor(MAX_LEAVES_PER_CHUNK / Math.max(1, nTrees)));
    const fb = this.forestBuffers(forest);
    for (let r0 = 0; r0 < rows.nRows; r0 += chunk) {
      const n = Math.min(chunk, rows.nRows - r0);
      out.set(await this.walkChunk(fb, nTrees, forest.nCols, rows, r0, n), r0 * nTrees);
    }
    return out;
  }

  private async walkChunk(
    fb: ForestBuffers,
    nTrees: number,
    nCols: number,
    rows: RowMatrix,
    r0: number,
    n: number,
  ): Promise<Uint32Array> {
    const { device } = this;
    // Rows may overlap (sliding windows): upload the span they cover once.
    const span = (n - 1) * rows.rowStride + nCols;
    const keys = keysOf(rows.data, r0 * rows.rowStride, span);
    const rowBuffer = this.upload(keys, GPUBufferUsage.STORAGE);
    const params = this.upload(new Uint32Array([n, nTrees, rows.rowStride, 0]), GPUBufferUsage.UNIFORM);
    const bytes = n * nTrees * 4;
    const leafBuffer = device.createBuffer({ size: bytes, usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC });
    const readBuffer = device.createBuffer({ size: bytes, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
    const bindGroup = device.createBindGroup({
      layout: this.pipeline.getBindGroupLayout(0),
      entries: [
        { binding: 0, resource: { buffer: params } },
        { binding: 1, resource: { buffer: fb.roots } },
        { binding: 2, resource: { buffer: fb.nodes } },
        { binding: 3, resource: { buffer: rowBuffer } },
        { binding: 4, resource: { buffer: leafBuffer } },
      ],
    });
    const encoder = device.createCommandEncoder();
    const pass = encoder.beginComputePass();
    pass.setPipeline(this.pipeline);
    pass.setBindGroup(0, bindGroup);
    pass.dispatchWorkgroups(Math.ceil(n / WALK_WORKGROUP), nTrees);
    pass.end();
    encoder.copyBufferToBuffer(leafBuffer, 0, readBuffer, 0, bytes);
    device.queue.submit([encoder.finish()]);
    await readBuffer.mapAsync(GPUMapMode.READ);
    const out = new Uint32Array(readBuffer.getMappedRange().slice(0));
    readBuffer.unmap();
    for (const b of [rowBuffer, params, leafBuffer, readBuffer]) b.destroy();
    return out;
  }

  async pathSums(forest: Forest, rows: RowMatrix): Promise<Float64Array> {
    if (rows.nRows < this.minBatch) return this.host.pathSums(forest, rows);
    const leaves = await this.leaves(forest, rows);
    const nTrees = forest.roots.length;
    const value = forest.value;
    const out = new Float64Array(rows.nRows);
    for (let r = 0; r < rows.nRows; r++) {
      // Tree order, from 0: the CPU kernel's exact sequence of additions.
      let sum = 0;
      const at = r * nTrees;
      for (let t = 0; t < nTrees; t++) sum += value[leaves[at + t]];
      out[r] = sum;
    }
    return out;
  }

  async close(): Promise<void> {
    for (const b of this.owned) b.destroy();
    this.owned.length = 0;
    // The device itself is left to the garbage collector: destroying it while
    // Dawn's threads wind down aborted the process in Node.
    await this.host.close();
  }
}
