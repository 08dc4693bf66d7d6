// The autoencoder restart threads' entry (restartPool.ts runs it;
// scripts/build-server.ts bundles it for production). A trained model's
// arrays move back without a copy.

import { type Handlers, serveRequests } from "../../threads/serve";
import { type RestartJob, trainRestart } from "../autoencoder/restart";

const handlers = {
  train: (job: RestartJob) => {
    const result = trainRestart(job);
    return { answer: result, transfer: [...result.weights, ...result.biases].map((a) => a.buffer as ArrayBuffer) };
  },
} satisfies Handlers;

export type RestartHandlers = typeof handlers;

serveRequests(handlers);
