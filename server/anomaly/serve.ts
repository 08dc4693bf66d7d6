// The standalone anomaly server (what `anomaly serve` runs): the anomaly
// sub-app plus the OpenAPI docs and the dashboards' static assets, on
// @hono/node-server, with the servers' graceful shutdown (server/shutdown.ts).
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { serveStatic } from "@hono/node-server/serve-static";
import { OpenAPIHono } from "@hono/zod-openapi";
import { AnomalyService, type ModelStore } from "../../anomaly";
import { createNodeBackend, FileKeyJournal, FileStore } from "../../anomaly/node";
import { registerDocs } from "../docs/openapi";
import { httpServerOptions, listenMessage, type RequestTimeouts, requestTimeoutsFromEnv } from "../listen";
import { drainHttpServer, drainMsFromEnv, exitOnSignals } from "../shutdown";
import { FileAlertStore, MemoryAlertStore } from "./alertStore";
import { AlertCenter } from "./alerts";
import type { AnomalyApi } from "./anomalyApi";
import { ForestCheck } from "./damagedVersions";
import { errorResponse } from "./errors";
import { exposureWarning } from "./exposure";
import { anomalyHealth } from "./health";
import { createLogger, type Logger } from "./logger";
import { createAnomalyApp } from "./routes";
import { type SecurityOptions, securityFromEnv } from "./security";
import { VerdictHub } from "./stream";

export interface AnomalyServerOptions {
  host?: string;
  /** 0 picks a free port (see the handle's `port`). */
  port?: number;
  /** The model store; the service is built on it unless `service` is given. */
  store?: ModelStore;
  webroot?: string;
  dataDir?: string;
  /** Replaces the service built from `store` (tests inject faults here). */
  service?: AnomalyApi & { close(): Promise<void> };
  /** Close gracefully on SIGINT/SIGTERM, then exit the process. */
  handleSignals?: boolean;
  /** How long close() waits for in-flight requests before cutting them (default $SHUTDOWN_DRAIN_SECONDS). */
  drainMs?: number;
  log?: (line: string) => void;
  /** Structured log (default: JSON lines on stderr at $ANOMALY_LOG_LEVEL); `log` wins when given. */
  logger?: Logger;
  /** The file store's folder, for /metrics and the health route (default: the store's root, if it has one). */
  storeRoot?: string;
  /** Tokens, state GETs, body types, CORS (default: from the environment). */
  security?: SecurityOptions;
  /** How long a client may take to send its headers and body (default: HTTP_HEADERS_TIMEOUT_MS, HTTP_REQUEST_TIMEOUT_MS). */
  requestTimeouts?: RequestTimeouts;
}

export interface AnomalyServerHandle {
  host: string;
  port: number;
  url: string;
  /** Stops accepting, lets in-flight requests finish, closes the models. */
  close(): Promise<void>;
}

/** A listener failure turned into a sentence a user can act on. */
export class ListenError extends Error {
  constructor(
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The engine as Node hosts run it: the store plus the backend the engine
 * picks for Node (worker threads, an accelerator unless ANOMALY_GPU=0).
 * The service does not own a backend it is given, so close() closes both.
 */
export function openNodeService(store: ModelStore): { service: AnomalyService; close(): Promise<void> } {
  const backend = createNodeBackend();
  const service = new AnomalyService(store, { backend });
  return {
    service,
    async close() {
      await service.close();
      await backend.close();
    },
  };
}

export async function startAnomalyServer(options: AnomalyServerOptions): Promise<AnomalyServerHandle> {
  const host = options.host ?? "127.0.0.1";
  const logger = options.logger ?? createLogger();
  const log = options.log ?? ((line: string) => logger.log("info", line));
  const given = options.service;
  const opened = given
    ? { service: given, close: () => given.close() }
    : options.store && openNodeService(options.store);
  if (!opened) throw new Error("startAnomalyServer needs a store or a service");
  const { service } = opened;

  const app = new OpenAPIHono();
  const hub = new VerdictHub();
  // Alert rules and their log live beside each model's files when the store is a folder.
  const alertStore =
    options.store instanceof FileStore ? new FileAlertStore(options.store.root) : new MemoryAlertStore();
  // Alert links point at this server's own dashboards once it listens (unless ANOMALY_DASHBOARD_URL says otherwise).
  let ownUrl: string | undefined;
  const alerts = new AlertCenter(alertStore, { log, dashboardBase: () => ownUrl });
  const storeRoot = options.storeRoot ?? (options.store as { root?: unknown } | undefined)?.root;
  app.route(
    "/",
    createAnomalyApp({
      service,
      webroot: options.webroot,
      dataDir: options.dataDir,
      hub,
      alerts,
      storeRoot: typeof storeRoot === "string" ? storeRoot : undefined,
      disk: options.store instanceof FileStore ? options.store.disk : undefined,
      // Idempotency-Keys live beside each model's points, so they outlive a restart.
      keyJournal:
        options.store instanceof FileStore ? new FileKeyJournal(options.store.root, options.store.disk) : undefined,
      security: options.security,
      log: (err) =>
        logger.log("error", "request failed", {
          error: err instanceof Error ? err.message : String(err),
          stack: err instanceof Error ? err.stack : undefined,
        }),
    }),
  );
  // The service's own health (models, damaged models and versions), which its dashboards poll.
  const forests = typeof storeRoot === "string" ? new ForestCheck(storeRoot) : undefined;
  app.get("/health", async (c) => c.json(await anomalyHealth(service, forests)));
  registerDocs(app);
  // The dashboards' scripts and styles; serveStatic refuses paths that
  // climb out of the root.
  if (options.webroot) app.get("*", serveStatic({ root: options.webroot }));
  app.notFound((c) => errorResponse(c, 404, `No route for ${c.req.method} ${c.req.path}`));

  // The same slow-client timeouts as the main server: `anomaly serve` faces
  // the same clients, and an idle socket here holds a file descriptor too.
  const serverOptions = httpServerOptions(options.requestTimeouts ?? requestTimeoutsFromEnv());
  const server = serve({ fetch: app.fetch, hostname: host, port: options.port ?? 8000, serverOptions });
  await new Promise<void>((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      reject(new ListenError(err.code, listenMessage(err, host, options.port ?? 8000)));
    };
    server.once("error", onError);
    server.once("listening", () => {
      server.off("error", onError);
      resolve();
    });
  }).catch(async (err) => {
    await opened.close();
    throw err;
  });
  const port = (server.address() as AddressInfo).port;

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      // Live streams never finish on their own: end them so close() need not wait.
      hub.close();
      const drainMs = options.drainMs ?? drainMsFromEnv();
      await drainHttpServer(server as Server, drainMs);
      // Deliveries already queued get a short grace, then are logged as cut by the shutdown.
      await alerts.close(Math.min(drainMs, 2000));
      await opened.close();
    })();
    return closing;
  };

  if (options.handleSignals) exitOnSignals(close, { log });

  const exposed = exposureWarning(host, port, options.security ?? securityFromEnv());
  if (exposed !== null) {
    if (options.log) options.log(exposed);
    else logger.log("warn", exposed);
  }

  const shownHost = host.includes(":") ? `[${host}]` : host;
  ownUrl = `http://${shownHost}:${port}`;
  return { host, port, url: ownUrl, close };
}
