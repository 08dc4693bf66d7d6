// Serves the built single-page app (dist/) with the cross-origin isolation
// headers the playground needs for SharedArrayBuffer in its workers. Without
// them (`isolated: false`, as a static host that cannot set headers serves
// the app) the playground still runs and debugs programs, by replaying them
// (client/run/replay.ts); the option exists to serve and test that case.
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { extname, join, normalize, sep } from "node:path";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".ttf": "font/ttf",
  ".woff2": "font/woff2",
  ".map": "application/json; charset=utf-8",
  ".pith": "text/plain; charset=utf-8",
};

export const ISOLATION_HEADERS = {
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-embedder-policy": "require-corp",
  "cross-origin-resource-policy": "same-origin",
};

/** Registers a catch-all GET that serves files from `root`, falling back to index.html. */
export function serveSpa(app: OpenAPIHono, root: string, isolated = true): void {
  const base = normalize(root + sep);
  const send = async (c: Context, path: string) => {
    const body = await readFile(path);
    const immutable = path.includes(`${sep}assets${sep}`);
    return c.body(body, 200, {
      ...(isolated ? ISOLATION_HEADERS : {}),
      "content-type": TYPES[extname(path)] ?? "application/octet-stream",
      "cache-control": immutable ? "public, max-age=31536000, immutable" : "no-cache",
    });
  };
  app.get("*", async (c, next) => {
    if (!existsSync(base)) return next();
    const requested = normalize(join(base, decodeURIComponent(new URL(c.req.url).pathname)));
    if (!requested.startsWith(base)) return next();
    if (existsSync(requested) && !requested.endsWith(sep) && extname(requested)) return send(c, requested);
    const page = join(requested, "index.html");
    if (requested.startsWith(base) && existsSync(page)) return send(c, page);
    if (c.req.header("accept")?.includes("text/html")) return send(c, join(base, "index.html"));
    return next();
  });
}
