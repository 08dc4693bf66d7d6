/**
 * The anomaly engine's browser half: models in IndexedDB and scoring on
 * WebGPU (navigator.gpu), checked bit for bit against the CPU before use.
 * The platform-neutral engine is ../index.ts.
 */

export { checkBitIdentity, type IdentityReport } from "../gpu/bitIdentity";
export { GpuFirstBackend, openWebGpu } from "../gpu/select";
export { IndexedDbStore } from "./indexedDbStore";
