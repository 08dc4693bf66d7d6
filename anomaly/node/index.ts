/**
 * The anomaly engine's Node-only half: the file store, the worker-thread
 * and Dawn (WebGPU) backends, and the atomic file write the server's own
 * stores share. The platform-neutral engine is ../index.ts.
 */

export { writeFileAtomic } from "./atomicFile";
export { createNodeBackend } from "./backends";
export type { DiskFull } from "./diskWatch";
export { FileStore } from "./fileStore";
export { FileKeyJournal } from "./keyJournal";
export { WorkerBackend } from "./workerBackend";
