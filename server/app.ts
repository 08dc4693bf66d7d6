// Composes the whole HTTP surface. The app is drivable without a socket
// (`app.request(...)`), which is how most server tests run.
import { fileURLToPath } from "node:url";
import { OpenAPIHono } from "@hono/zod-openapi";
import { type AnomalyApi, createAnomalyApp } from "./anomaly/routes";
import { registerDocs } from "./docs/openapi";
import { mcpOptionsFromEnv, registerMcp } from "./mcp/register";
import { playgroundError } from "./playground/errors";
import { registerHealth } from "./playground/health";
import { serveSpa } from "./spa";

export interface AppOptions {
  /** Built SPA folder; defaults to dist/ at the repository root. */
  spaRoot?: string;
  /** The anomaly service behind the anomaly API routes; without it they are not mounted. */
  anomaly?: AnomalyApi;
  /** Folder that `POST /detect_anomalies {file_path}` may read from. */
  anomalyDataDir?: string;
}

export const DEFAULT_SPA_ROOT = fileURLToPath(new URL("../dist/", import.meta.url));

export function createApp(options: AppOptions = {}): OpenAPIHono {
  const app = new OpenAPIHono({
    defaultHook: (result, c) => {
      if (!result.success)
        return c.json(
          playgroundError(result.error.issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`).join("; ")),
          400,
        );
    },
  });
  registerHealth(app);
  registerMcp(app, mcpOptionsFromEnv());
  if (options.anomaly) {
    // The anomaly API keeps its own error shape ({status, message}); the
    // dashboards are pages of the SPA here, so the sub-app serves none.
    app.route("/", createAnomalyApp({ service: options.anomaly, pages: false, dataDir: options.anomalyDataDir }));
  }
  registerDocs(app);
  serveSpa(app, options.spaRoot ?? DEFAULT_SPA_ROOT);
  app.notFound((c) => c.json(playgroundError(`no route for ${c.req.method} ${c.req.path}`), 404));
  app.onError((error, c) => {
    console.error(`[server] ${c.req.method} ${c.req.path} failed:`, error);
    return c.json(playgroundError("internal server error"), 500);
  });
  return app;
}
