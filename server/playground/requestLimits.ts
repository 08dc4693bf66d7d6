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
    if (forwarded) return networkOf(forwarded);
  }
  try {
    return networkOf(getConnInfo(c).remote.address ?? "unknown");
  } catch {
    return "local";
  }
}

/**
 * The client an address stands for: an IPv4 address itself (also written as
 * IPv4-mapped IPv6), an IPv6 address its /64, since one host or home is
 * handed a whole /64 and could otherwise take a new identity per request.
 */
export function networkOf(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  if (!address.includes(":")) return address;
  const [head, tail] = address.split("::");
  const groups = head ? head.split(":") : [];
  if (tail !== undefined) {
    const after = tail ? tail.split(":") : [];
    while (groups.length + after.length < 8) groups.push("0");
    groups.push(...after);
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, "").toLowerCase())
    .join(":")}::/64`;
}

/**
 * The rate limiters made so far, per limits object (one per server) and
 * kind: the build routes and the MCP build tools get the same limiter, so a
 * client has one budget however it asks for builds.
 */
const limiters = new WeakMap<PlaygroundLimits, Map<string, MiddlewareHandler>>();

/** `perMinute` requests per client per minute (0: no limit); then 429 with Retry-After. One budget per `what`. */
export function buildRateLimit(limits: PlaygroundLimits, perMinute: number, what: string): MiddlewareHandler {
  const made = limiters.get(limits) ?? new Map<string, MiddlewareHandler>();
  limiters.set(limits, made);
  const key = `${what} ${perMinute}`;
  const existing = made.get(key);
  if (existing) return existing;
  const limiter = makeRateLimit(limits, perMinute, what);
  made.set(key, limiter);
  return limiter;
}

function makeRateLimit(limits: PlaygroundLimits, perMinute: number, what: string): MiddlewareHandler {
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
