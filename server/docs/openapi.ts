// /openapi.json is generated from the same zod schemas that validate the
// routes; /docs renders it with Swagger UI served from our own node_modules
// (no CDN), so the docs work on an offline or firewalled host.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { OpenAPIHono } from "@hono/zod-openapi";
import { documentSecurity } from "../anomaly/openapi";
import { environmentTable } from "../config/environment";
import { SERVER_VERSION } from "../version";
import { withOperationIds } from "./operationIds";

const swaggerDir = dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
const ASSETS: Record<string, string> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
};

const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Pith playground and anomaly service API</title>
<link rel="stylesheet" href="/docs/assets/swagger-ui.css">
</head>
<body>
<div id="docs"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/init.js"></script>
</body>
</html>`;

const INIT_SCRIPT = `window.ui = SwaggerUIBundle({ url: "/openapi.json", dom_id: "#docs", deepLinking: true });`;

export function registerDocs(app: OpenAPIHono): void {
  const config = {
    openapi: "3.1.0",
    // Relative: the API is wherever this document was fetched from.
    servers: [{ url: "/" }],
    // The playground's routes take no credentials; the anomaly routes that
    // do say so themselves (documentSecurity).
    security: [],
    info: {
      title: "Pith playground and anomaly service",
      version: SERVER_VERSION,
      description: [
        "Builds Pith programs for WebAssembly and native targets, serves the language docs, and runs the streaming anomaly-detection API.",
        "## Environment variables and playground limits",
        "Every limit is an environment variable of the server; a request over one gets the status named in its route (413, 429 or 503 with Retry-After, 504). A malformed value stops the server at start with a message naming the variable.",
        environmentTable(["server"]),
      ].join("\n\n"),
    },
  };
  // Generated per request, like doc31 does, so routes registered after this
  // call are described too; withOperationIds names every operation.
  app.get("/openapi.json", (c) => c.json(withOperationIds(documentSecurity(app.getOpenAPI31Document(config)))));
  // Swagger UI sets inline styles; everything else comes from this origin.
  app.get("/docs", (c) =>
    c.html(DOCS_PAGE, 200, {
      "content-security-policy":
        "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'",
    }),
  );
  app.get("/docs/init.js", (c) => c.body(INIT_SCRIPT, 200, { "content-type": "text/javascript; charset=utf-8" }));
  app.get("/docs/assets/:name", async (c) => {
    const name = c.req.param("name");
    const type = ASSETS[name];
    if (!type) return c.json({ status: "error", detail: `no docs asset ${name}` }, 404);
    const body = await readFile(join(swaggerDir, name));
    return c.body(body, 200, { "content-type": type, "cache-control": "public, max-age=86400" });
  });
}
