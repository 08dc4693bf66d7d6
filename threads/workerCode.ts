// Where a worker thread's code comes from. The production bundle
// (scripts/build-server.ts) builds every worker entry into
// build/server/workers/<entry name>.cjs and sets the global naming that
// folder: a worker loads that file, with no TypeScript loader. From source
// (tests, `npm run dev`, the CLIs under tsx) the worker loads the entry's
// TypeScript through tsx.
import { existsSync } from "node:fs";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type ResourceLimits, Worker } from "node:worker_threads";
import type { ThreadData } from "./messages";

function prebuiltFolder(): string | undefined {
  return (globalThis as { __pithPrebuiltWorkers?: string }).__pithPrebuiltWorkers;
}

/** The bundled file of an entry: its name with .cjs, as build-server.ts names it. */
export function prebuiltWorkerName(entry: string): string {
  return `${basename(entry).replace(/\.ts$/, "")}.cjs`;
}

/** The file a worker for `entry` would load: the prebuilt bundle, else the source. */
function workerFile(entry: URL): string {
  const prebuilt = prebuiltFolder();
  return prebuilt === undefined ? fileURLToPath(entry) : join(prebuilt, prebuiltWorkerName(entry.pathname));
}

/** Whether a worker for `entry` can start here (a bundle made some other way may have neither file). */
export function workerCodeExists(entry: URL): boolean {
  return existsSync(workerFile(entry));
}

export function startWorker(entry: URL, data: ThreadData, resourceLimits?: ResourceLimits): Worker {
  if (prebuiltFolder() !== undefined) return new Worker(workerFile(entry), { workerData: data, resourceLimits });
  // tsx's ESM API, so the entry keeps its import.meta.url; resolved here,
  // in the calling thread, where the project's node_modules are known.
  const tsx = import.meta.resolve("tsx/esm/api");
  const bootstrap = `import(${JSON.stringify(tsx)}).then(({ tsImport }) => tsImport(${JSON.stringify(entry.href)}, ${JSON.stringify(entry.href)}));`;
  return new Worker(bootstrap, { eval: true, workerData: data, resourceLimits });
}
