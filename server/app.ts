// Composes the whole HTTP surface. The app is drivable without a socket
// (`app.request(...)`), which is how most server tests run.
import { fileURLToPath } from "node:url";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { KeyJournal } from "../anomaly";
import type { AlertCenter } from "./anomaly/alerts";
import type { AnomalyApi } from "./anomaly/anomalyApi";
import { ForestCheck } from "./anomaly/damagedVersions";
import type { DiskState } from "./anomaly/health";
import { anomalyHealth } from "./anomaly/health";
import { createAnomalyApp } from "./anomaly/routes";
import { MODEL_ROUTES } from "./cluster/modelOwner";
import { registerCompatPages } from "./docs/compatPages";
import { registerErrorPages } from "./docs/errorPages";
import { registerFavicon } from "./docs/favicon";
import { registerDocs } from "./docs/openapi";
import { registerDocumentPages } from "./docs/pages";
import { registerMcp } from "./mcp/register";
import { playgroundError, validationHook } from "./playground/errors";
import { registerHealth } from "./playground/health";
import { isPlaygroundHttpError } from "./playground/httpError";
import { registerPlayground } from "./playground/routes";
import { securityHeaders } from "./playground/securityHeaders";
import { createPlaygroundServices, type PlaygroundServices } from "./playground/services";
import { registerShareRoutes } from "./share/shareRoutes";
import { ShareStore } from "./share/shareStore";
import { serveSpa } from "./spa";

export interface AppOptions {
  /** Built SPA folder; defaults to dist/ at the repository root. */
  spaRoot?: string;
  /** Whether the SPA is served cross-origin isolated (SharedArrayBuffer in its workers); default true. */
  crossOriginIsolated?: boolean;
  /** The anomaly service behind the anomaly API routes; without it they are not mounted. */
  anomaly?: AnomalyApi;
  /** Webhook alert rules fed by the anomaly API's verdicts (absent: no alert routes). */
  anomalyAlerts?: AlertCenter;
  /** Folder that `POST /detect_anomalies {file_path}` may read from. */
  anomalyDataDir?: string;
  /** The anomaly models' folder (a file store): /health then checks their forest files, /metrics their bytes. */
  anomalyStoreRoot?: string;
  /** The anomaly file store's disk state, for the health route's "degraded". */
  anomalyDisk?: DiskState;
  /** Where /detect's Idempotency-Keys are remembered (default: in memory). */
  anomalyKeys?: KeyJournal;
  /**
   * Runs before every anomaly route that names a model: several instances
   * sharing one database route each model to its owner (server/cluster/anomalyCluster.ts).
   */
  anomalyGate?: MiddlewareHandler;
  /** The playground's worker pool, artifact store, queue and limits; default: from the environment. */
  playground?: PlaygroundServices;
  /** Short links; default: a store in SHARE_DIR with the playground limits' quota and expiry. */
  shares?: ShareStore;
}

export const DEFAULT_SPA_ROOT = fileURLToPath(new URL("../dist/", import.meta.url));

/** A failure as the playground error shape: ours carry their status; a malformed body is a 400. */
function errorAnswer(error: Error, c: Context): Response {
  if (isPlaygroundHttpError(error)) {
    if (error.retryAfterSeconds !== null) c.header("Retry-After", String(error.retryAfterSeconds));
    return c.json(playgroundError(error.detail), error.status);
  }
  if (error instanceof HTTPException && error.status < 500) {
    return c.json(playgroundError(error.message || "bad request"), error.status);
  }
  console.error(`[server] ${c.req.method} ${c.req.path} failed:`, error);
  return c.json(playgroundError("internal server error"), 500);
}

export function createApp(options: AppOptions = {}): OpenAPIHono {
  const app = new OpenAPIHono({ defaultHook: validationHook });
  const playground = options.playground ?? createPlaygroundServices();
  app.use("*", securityHeaders());
  const anomaly = options.anomaly;
  const forests = options.anomalyStoreRoot === undefined ? undefined : new ForestCheck(options.anomalyStoreRoot);
  registerHealth(app, playground, anomaly && (() => anomalyHealth(anomaly, forests)));
  registerPlayground(app, playground);
  registerDocumentPages(app);
  registerErrorPages(app);
  registerCompatPages(app);
  registerFavicon(app);
  // Further services (MCP, share links) register here, with `playground`
  // for the builds, content, queue and limits they share with the routes.
  registerShareRoutes(app, options.shares ?? new ShareStore(playground.limits), playground.limits.shareProgramBytes);
  registerMcp(app, playground);
  if (options.anomaly) {
    const gate = options.anomalyGate;
    if (gate) for (const path of MODEL_ROUTES) app.use(path, gate);
    // The anomaly API keeps its own error shape ({status, message}); the
    // dashboards are pages of the SPA here, so the sub-app serves none.
    app.route(
      "/",
      createAnomalyApp({
        service: options.anomaly,
        pages: false,
        dataDir: options.anomalyDataDir,
        alerts: options.anomalyAlerts,
        storeRoot: options.anomalyStoreRoot,
        disk: options.anomalyDisk,
        keyJournal: options.anomalyKeys,
      }),
    );
  }
  registerDocs(app);
  // Everything above answers before the SPA's catch-all, which would
  // otherwise serve index.html to any browser navigation.
  serveSpa(app, options.spaRoot ?? DEFAULT_SPA_ROOT, options.crossOriginIsolated ?? true);
  app.notFound((c) => c.json(playgroundError(`no route for ${c.req.method} ${c.req.path}`), 404));
  app.onError(errorAnswer);
  return app;
}
