// The production entry point: `npm start` builds, then runs this file.

import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import { FileKeyJournal, FileStore } from "../anomaly/node";
import { FileAlertStore } from "./anomaly/alertStore";
import { AlertCenter } from "./anomaly/alerts";
import { exposureWarning } from "./anomaly/exposure";
import { securityFromEnv } from "./anomaly/security";
import { openNodeService } from "./anomaly/serve";
import { createApp } from "./app";
import { type AnomalyCluster, openAnomalyCluster } from "./cluster/anomalyCluster";
import { booleanVariable, checkEnvironment, integerVariable, textVariable } from "./config/environment";
import { httpServerOptions, listenMessage, requestTimeoutsFromEnv } from "./listen";
import { createPlaygroundServices, type PlaygroundServices } from "./playground/services";
import { drainHttpServer, drainMsFromEnv, exitOnSignals } from "./shutdown";

try {
  // Every variable the server reads (server/config/environment.ts), before
  // anything starts: a malformed one is named, with what it accepts.
  checkEnvironment(["server"]);
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
const port = integerVariable(process.env, "PORT");
const host = textVariable(process.env, "HOST") as string;
const anomalyHome = textVariable(process.env, "ANOMALY_HOME") as string;
// Several instances sharing PostgreSQL (ANOMALY_DATABASE_URL), else the model files in ANOMALY_HOME.
let anomalyCluster: AnomalyCluster | null;
try {
  anomalyCluster = openAnomalyCluster();
} catch (error) {
  // A malformed variable: say which, before listening.
  console.error((error as Error).message);
  process.exit(2);
}
const anomalyStore = anomalyCluster?.store ?? new FileStore(anomalyHome);
// Temp files a crash left between write and rename (see atomicFile.ts).
if (anomalyStore instanceof FileStore) {
  anomalyStore.removeStaleTemps().then(
    (paths) => {
      for (const path of paths) console.warn(`removed stale temporary file ${path}`);
    },
    (error: Error) => console.warn(`could not sweep stale temporary files: ${error.message}`),
  );
}
// The engine with its worker-thread backend, both closed at shutdown.
const anomalyEngine = openNodeService(anomalyStore);
const anomaly = anomalyEngine.service;
let playground: PlaygroundServices;
try {
  playground = createPlaygroundServices();
} catch (error) {
  // A malformed limit variable: say which, before listening.
  console.error((error as Error).message);
  process.exit(2);
}
// Alert rules and delivery logs live beside each model's files, as with `anomaly serve`.
let anomalyAlerts: AlertCenter;
try {
  // Alert links go to the address users reach: ANOMALY_DASHBOARD_URL, else PUBLIC_URL, else this host and port.
  const publicUrl = textVariable(process.env, "PUBLIC_URL");
  const shownHost = host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host;
  const ownUrl = `http://${shownHost}:${port}`;
  anomalyAlerts = new AlertCenter(new FileAlertStore(anomalyHome), { dashboardBase: () => publicUrl ?? ownUrl });
} catch (error) {
  // A malformed ANOMALY_WEBHOOK_ALLOW entry: say which, before listening.
  console.error((error as Error).message);
  process.exit(2);
}
const app = createApp({
  anomaly,
  anomalyAlerts,
  anomalyDataDir: textVariable(process.env, "ANOMALY_DATA_DIR"),
  anomalyStoreRoot: anomalyStore instanceof FileStore ? anomalyStore.root : undefined,
  anomalyDisk: anomalyStore instanceof FileStore ? anomalyStore.disk : undefined,
  anomalyKeys: anomalyStore instanceof FileStore ? new FileKeyJournal(anomalyHome, anomalyStore.disk) : undefined,
  anomalyGate: anomalyCluster?.gate,
  playground,
  crossOriginIsolated: booleanVariable(process.env, "CROSS_ORIGIN_ISOLATION"),
});
// Points from Redis Streams when ANOMALY_STREAM_PARTITIONS is set.
anomalyCluster?.startStreams(
  (model, record) => anomaly.detect(model, record),
  (path, init) => app.request(path, init),
);
// Compiler threads start now rather than on the first build.
playground.compiler.warm().catch((error: Error) => console.error(`compiler workers failed to start: ${error.message}`));
// The first /health compiles compiler.wasm and probes the toolchains (about
// half a second); doing it while the socket opens makes the server ready
// sooner for the first health check (a container's, a load balancer's).
void Promise.resolve(app.request("/health")).catch(() => undefined);
// Slow clients' sockets are closed (HTTP_HEADERS_TIMEOUT_MS, HTTP_REQUEST_TIMEOUT_MS).
const serverOptions = httpServerOptions(requestTimeoutsFromEnv());
const server = serve({ fetch: app.fetch, port, hostname: host, serverOptions }, (info) => {
  console.log(
    `serving on http://${host}:${info.port} (health: /health, API docs: /docs, anomaly models: ${anomalyCluster?.description ?? anomalyHome})`,
  );
  // An open port with no anomaly tokens: say so where the operator looks first.
  const exposed = exposureWarning(host, info.port, securityFromEnv());
  if (exposed !== null) console.error(exposed);
});

server.on("error", (error: NodeJS.ErrnoException) => {
  console.error(listenMessage(error, host, port));
  process.exit(1);
});

// Requests get SHUTDOWN_DRAIN_SECONDS to finish; closing the stores after them, 15 s more.
const drainMs = drainMsFromEnv();
exitOnSignals(
  async () => {
    await drainHttpServer(server as Server, drainMs);
    await Promise.all([
      anomalyAlerts
        .close(2000)
        .then(() => anomalyEngine.close())
        .then(() => anomalyCluster?.close()),
      playground.close(),
    ]);
  },
  { log: console.log, warn: console.error, giveUpAfterMs: drainMs + 15_000 },
);
