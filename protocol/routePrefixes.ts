// The one list of the server's top-level path segments. The Vite dev proxy
// and the service worker's navigation deny-list are derived from it
// (vite.config.ts), and protocol/routePrefixes.test.ts fails when a route the
// server mounts is missing here or a prefix here matches no route, so a new
// page or API route cannot be forgotten by the proxy or answered offline by
// the SPA shell (as /semantics and /mcp-info once were).

/** Each top-level segment the server answers, with what lives under it. */
export const SERVER_ROUTE_PREFIXES = {
  "/health": "liveness and toolchain availability",
  "/metrics": "Prometheus metrics",
  "/openapi.json": "the OpenAPI document",
  "/docs": "interactive API docs and their assets",
  "/build": "compile to a native executable",
  "/build_wasm": "compile to WebAssembly",
  "/build_windows": "cross-compile for Windows",
  "/build_macos": "cross-compile for macOS",
  "/build_target": "compile for a named target",
  "/build_asm": "compile to assembly",
  "/targets": "the build targets",
  "/download": "built artifacts",
  "/examples": "example programs",
  "/tests": "the language's test programs",
  "/stdlib": "standard library sources",
  "/grammar": "the grammar page",
  "/readme": "the README page",
  "/roadmap": "the roadmap page",
  "/gotchas": "the gotchas page",
  "/semantics": "the semantics page",
  "/habits": "the coming-from-other-languages page",
  "/stdlib-viewer": "NURL-compatible page: a standard-library file, highlighted",
  "/tests-viewer": "NURL-compatible page: a test program, highlighted",
  "/license": "the licence page NURL's header links",
  "/favicon": "the site icon (.ico, .svg)",
  "/static": "NURL-compatible static assets (the icon)",
  "/errors": "the diagnostic codes' pages",
  "/errors.json": "the diagnostic codes as JSON",
  "/share": "short links",
  "/mcp": "MCP (streamable HTTP)",
  "/mcp-info": "the MCP information page",
  "/sse": "MCP (legacy SSE)",
  "/messages": "MCP (legacy SSE messages)",
  "/detect": "anomaly detection",
  "/detect_only": "anomaly scoring without learning",
  "/force_train": "anomaly model training",
  "/detect_anomalies": "batch anomaly detection",
  "/models": "anomaly models",
  "/delete_model": "anomaly model deletion",
  "/api": "the anomaly API's model routes",
  "/train": "autoencoder training",
} as const;

export const SERVER_PATH_PREFIXES: readonly string[] = Object.keys(SERVER_ROUTE_PREFIXES);

/** The top-level segment of a route path ("/detect/:m" → "/detect", "/grammar.ebnf" → "/grammar"). */
export function topLevelPrefix(path: string): string {
  const match = /^\/[^/.]*(?:\.json)?/.exec(path);
  if (!match) throw new Error(`not an absolute route path: ${path}`);
  return match[0] === "/openapi" ? "/openapi.json" : match[0];
}

/** Whether `pathname` belongs to a server route (the deny-list's test: the prefix, then /, . , ? or the end). */
export function prefixPattern(prefix: string): RegExp {
  return new RegExp(`^${prefix.replace(/[.]/g, "\\.")}(?:[/.?]|$)`);
}
