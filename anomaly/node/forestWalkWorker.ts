// The scoring threads' entry (workerBackend.ts runs it; scripts/build-server.ts
// bundles it for production): the CPU backend's own kernel over a range of
// rows, writing into a shared output.

import { type Handlers, serveRequests } from "../../threads/serve";
import { type CompiledForest, walkForest } from "../forest/walk";

export interface WalkJob {
  forest: CompiledForest;
  data: Float64Array;
  rowStride: number;
  from: number;
  to: number;
  /** A view of shared memory covering rows from..to. */
  out: Float64Array;
}

const handlers = {
  walk: (job: WalkJob) => {
    walkForest(job.forest, job.data, job.rowStride, job.from, job.to, job.out);
    return { answer: undefined, transfer: [] };
  },
} satisfies Handlers;

export type ForestWalkHandlers = typeof handlers;

serveRequests(handlers);
