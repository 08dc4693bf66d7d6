// The per-client build rates of the HTTP API, applied to MCP: a JSON-RPC
// POST counts against the wasm or native build rate only when it calls a
// build tool or lang_debug, so reading documents and checking code stay unthrottled. The
// parsed body is cached on the request for the transport to reuse.
import type { MiddlewareHandler } from "hono";
import type { PlaygroundLimits } from "../playground/limits";
import { buildRateLimit } from "../playground/requestLimits";

/** The tool names a JSON-RPC message or batch calls. */
export function calledTools(body: unknown): string[] {
  const messages = Array.isArray(body) ? body : [body];
  return messages
    .filter((m): m is { method: string; params?: { name?: unknown } } => m?.method === "tools/call")
    .map((m) => m.params?.name)
    .filter((name): name is string => typeof name === "string");
}

export function mcpBuildRate(limits: PlaygroundLimits): MiddlewareHandler {
  const wasm = buildRateLimit(limits, limits.wasmBuildsPerMinute, "wasm builds");
  const native = buildRateLimit(limits, limits.nativeBuildsPerMinute, "native builds");
  return async (c, next) => {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return next(); // the transport answers malformed JSON
    }
    // A debug run is a wasm build and a run: it counts as a wasm build.
    const builds = calledTools(body).filter((name) => name.startsWith("lang_build_") || name === "lang_debug");
    if (builds.some((name) => name !== "lang_build_wasm" && name !== "lang_debug")) return native(c, next);
    if (builds.length > 0) return wasm(c, next);
    return next();
  };
}
