// Every playground route on one app: builds, downloads, targets and the
// language's files. The rendered documents are server/docs/pages.ts.
import type { OpenAPIHono } from "@hono/zod-openapi";
import { cors } from "hono/cors";
import { registerBuildRoutes } from "./buildRoutes";
import { registerContentRoutes } from "./contentRoutes";
import { registerDownloadRoute } from "./downloadRoute";
import type { PlaygroundServices } from "./services";

/** The JSON API paths other front ends and scripts may call from any origin. */
export const CORS_PATHS = [
  "/build_wasm",
  "/build",
  "/build_windows",
  "/build_macos",
  "/build_target",
  "/build_asm",
  "/targets",
  "/examples",
  "/examples/*",
  "/tests",
  "/tests/*",
  "/stdlib",
  "/stdlib/*",
  "/download/*",
  "/health",
  "/openapi.json",
];

export function registerPlayground(app: OpenAPIHono, services: PlaygroundServices): void {
  const open = cors({
    origin: "*",
    allowMethods: ["GET", "POST", "OPTIONS"],
    // A page on another origin may read these too: the binary build's file
    // name and which host modules the module needs (NURL's header names).
    exposeHeaders: ["Content-Disposition", "X-Nurl-Uses-Canvas", "X-Nurl-Uses-Audio"],
    maxAge: 86400,
  });
  for (const path of CORS_PATHS) app.use(path, open);
  registerBuildRoutes(app, services);
  registerDownloadRoute(app, services);
  registerContentRoutes(app);
}
