/// <reference types="@webgpu/types" />
// The anomaly engine in a Web Worker, exposed to the pages through comlink:
// the local model service (models in IndexedDB) for LocalBackend, and ring
// rescoring / per-column explanations for the charts of either backend.
import * as Comlink from "comlink";
import {
  AnomalyService,
  CpuBackend,
  type Explanation,
  type ParsedBundle,
  parseBundle,
  type ScoringBackend,
} from "../../../anomaly";
import {
  checkBitIdentity,
  GpuFirstBackend,
  type IdentityReport,
  IndexedDbStore,
  openWebGpu,
} from "../../../anomaly/browser";
import type { VerdictEvent } from "../api";
import { explainRingPoint, type RingScores, scaledRing, scoreRing } from "./ringScores";

const cpu = new CpuBackend();
const webGpu = (self as unknown as { navigator: { gpu?: GPU } }).navigator.gpu;
// Large batches (rescoring a ring, fine-tune sweeps) go to WebGPU when the
// policy accepts the adapter (never a software fallback); the rest stays here.
const backend: ScoringBackend = new GpuFirstBackend(cpu, () => openWebGpu(webGpu, cpu, {}));
let service: Promise<AnomalyService> | null = null;
const listeners = new Map<number, (event: VerdictEvent) => void>();
const scored = new Map<string, { bundle: ParsedBundle; matrix: Float64Array }>();

function local(): Promise<AnomalyService> {
  service ??= IndexedDbStore.open().then((store) => new AnomalyService(store, { backend }));
  return service;
}

/** The service methods LocalBackend may call (the same names as the HTTP routes' handlers). */
const METHODS = new Set([
  "detect",
  "detectOnly",
  "forceTrain",
  "reset",
  "deleteModel",
  "listModels",
  "metadata",
  "data",
  "setSchedule",
  "finetune",
  "setMargin",
  "trainAutoencoder",
  "batch",
  "exportModel",
  "importModel",
]);

async function rescore(key: string, raw: unknown): Promise<RingScores> {
  const bundle = parseBundle(raw);
  if (typeof bundle === "string") throw new Error(bundle);
  const matrix = scaledRing(bundle);
  scored.set(key, { bundle, matrix });
  return scoreRing(bundle, backend, matrix);
}

export const engineApi = {
  async call(method: string, args: unknown[]): Promise<unknown> {
    if (!METHODS.has(method)) throw new Error(`Unknown engine method ${method}`);
    const s = await local();
    const fn = (s as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[method];
    const result = await fn.apply(s, args);
    if (method === "detect") {
      const { httpStatus, body } = result as { httpStatus: number; body: unknown };
      for (const listener of listeners.values()) listener({ model: args[0] as string, httpStatus, body });
    }
    return result;
  },

  /** Registers a verdict listener (a comlink proxy) under the caller's id. */
  subscribe(id: number, listener: (event: VerdictEvent) => void): void {
    listeners.set(id, listener);
  },
  unsubscribe(id: number): void {
    listeners.delete(id);
  },

  /** Rescores a bundle's ring (a server model's export) under `key`. */
  scoreBundle(key: string, bundle: unknown): Promise<RingScores> {
    return rescore(key, bundle);
  },

  /** Rescores a local model's ring. */
  async scoreLocal(key: string, model: string): Promise<RingScores> {
    const s = await local();
    return rescore(key, await s.exportModel(model));
  },

  /** Why ring point `index` of the last bundle scored as `key` scored as it did under a version (null: no full window). */
  explain(key: string, version: string, index: number): Explanation | null {
    const entry = scored.get(key);
    if (entry === undefined) throw new Error(`Nothing scored under ${key}`);
    if (!entry.bundle.forests.some((f) => f.name === version)) throw new Error(`Version ${version} has no forest`);
    return explainRingPoint(entry.bundle, version, index);
  },

  /** Scores rows × trees on this browser's WebGPU (forced: a fallback adapter counts) and on the CPU. */
  async gpuSelfCheck(rows: number, trees: number): Promise<IdentityReport | { error: string }> {
    const outcome = await openWebGpu(webGpu, cpu, {}, true);
    if ("reason" in outcome) return { error: outcome.reason };
    return checkBitIdentity(outcome.backend, rows, trees);
  },
};

export type EngineApi = typeof engineApi;

Comlink.expose(engineApi);
