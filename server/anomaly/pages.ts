// The dashboard pages (built by the client into the web root). They are
// read on each request so a rebuild shows up without a restart; without a
// web root they answer 404 in the API's error shape, as WIRE.md says.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { ErrorBody } from "../../protocol/anomaly/schemas";
import { errorResponse } from "./errors";
import { jsonContent, TAG } from "./openapi";

/**
 * URL path → file in the web root. `/` is the model manager, the
 * dashboards' home: the web root's index.html is the Pith IDE (the same
 * build serves both products), which an operator of `anomaly serve` never
 * wants to land on.
 */
export const DASHBOARD_PAGES: Record<string, string> = {
  "/": "modelmanager.html",
  "/modelmanager.html": "modelmanager.html",
  "/modeltrainer.html": "modeltrainer.html",
  "/visualize.html": "visualize.html",
  "/anomalies.html": "anomalies.html",
};

export function registerPages(app: OpenAPIHono, webroot: string | undefined) {
  for (const [path, file] of Object.entries(DASHBOARD_PAGES)) {
    app.openapi(
      createRoute({
        method: "get",
        path,
        tags: [TAG],
        summary: `Dashboard page ${file}`,
        responses: {
          200: { content: { "text/html": { schema: z.string() } }, description: "The page" },
          404: jsonContent(ErrorBody, "No web root configured, or the page is not built"),
        },
      }),
      async (c) => {
        if (!webroot) {
          return errorResponse(
            c,
            404,
            "No web root configured: start the server with --webroot DIR or set ANOMALY_WEBROOT",
          );
        }
        let html: string;
        try {
          html = await readFile(join(webroot, file), "utf8");
        } catch {
          return errorResponse(c, 404, `Page ${file} not found in the web root`);
        }
        return c.html(html, 200);
      },
    );
  }
}
