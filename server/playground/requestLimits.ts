// Per-request limits as Hono middleware, shared by the build routes and
// /mcp: a bounded JSON body (413) and per-client build rates (429 with
// Retry-After). Answers use the playground error shape.
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { rateLimiter } from "hono-rate-limiter";
import { sharedRateStore } from "../cluster/shared";
import { playgroundError } from "./errors";
import type { PlaygroundLimits } from "./limits";

/** Bounds the request body, also chunked ones; beyond it a 413 stating the limit. */
export function jsonBodyLimit(limits: PlaygroundLimits): MiddlewareHandler {
  return bodyLimit({
    maxSize: limits.maxBodyBytes,
    onError: (c) =>
      c.json(
        playgroundError(`the request body exceeds the limit of ${limits.maxBodyBytes} bytes (MAX_BODY_BYTES)`),
        413,
      ),
  });
}

/**
 * Who is asking: the socket's address, or the first X-Forwarded-For hop when
 * the operator says a proxy of theirs sets it. Requests without a socket
 * (tests through app.request) share one key.
 */
export function clientKey(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0].trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "local";
  }
}

/** `perMinute` requests per client per minute (0: no limit); then 429 with Retry-After. */
export function buildRateLimit(limits: PlaygroundLimits, perMinute: number, what: string): MiddlewareHandler {
  if (perMinute === 0) return async (_c, next) => next();
  const store = sharedRateStore(what.replace(/\W+/g, "-"));
  return rateLimiter({
    windowMs: 60_000,
    limit: perMinute,
    standardHeaders: "draft-6",
    keyGenerator: (c) => clientKey(c, limits.trustProxy),
    // One budget across instances when REDIS_URL is set.
    ...(store ? { store } : {}),
    // The limiter has set Retry-After (seconds to the window's end) by now.
    handler: (c) =>
      c.json(playgroundError(`rate limit: at most ${perMinute} ${what} per minute per client; retry later`), 429),
  });
}
