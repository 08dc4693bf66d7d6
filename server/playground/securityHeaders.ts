// Headers every response carries, and the Content-Security-Policy of the
// server-rendered pages (which need no script and only their own style).
import type { MiddlewareHandler } from "hono";

export const PAGE_CSP =
  "default-src 'none'; style-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    headers.set("x-content-type-options", "nosniff");
    // WIRE.md: JSON bodies are UTF-8 and say so.
    if (headers.get("content-type") === "application/json")
      headers.set("content-type", "application/json; charset=utf-8");
    if (!headers.has("referrer-policy")) headers.set("referrer-policy", "no-referrer");
    if (!headers.has("x-frame-options") && !headers.has("content-security-policy")) {
      headers.set("x-frame-options", "SAMEORIGIN");
    }
  };
}
