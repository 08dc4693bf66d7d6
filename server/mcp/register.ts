// Mounts the MCP endpoints on the app: streamable HTTP at /mcp, the legacy
// SSE transport at /sse + /messages. They share the HTTP API's pieces: the
// DNS-rebinding guard first, then the JSON body limit and the per-client
// build rates (for build tool calls); builds go through the same worker
// pool, native queue and artifact store as the routes.
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { buildContext } from "../playground/buildRoutes";
import { jsonBodyLimit } from "../playground/requestLimits";
import type { PlaygroundServices } from "../playground/services";
import { mcpBuildRate } from "./buildRate";
import { allowedHostsFromEnv, hostGuard } from "./hostGuard";
import { INFO_PATH, registerInfoPage } from "./infoPage";
import { documentMcpRoutes } from "./openapi";
import { createMcpServer } from "./server";
import { mountLegacySse, mountStreamableHttp, SSE_MESSAGES_PATH } from "./transports";

export const MCP_PATH = "/mcp";
export const SSE_PATH = "/sse";

export interface McpOptions {
  /** Host names allowed besides loopback (the public host); "*" allows every host. Default: from the environment. */
  allowedHosts?: readonly string[];
  /** Open legacy SSE streams at most (default 1000). */
  maxSseSessions?: number;
  /** Milliseconds between SSE keep-alive comments (default 15000). */
  sseKeepAliveMs?: number;
}

export function registerMcp(app: OpenAPIHono, services: PlaygroundServices, options: McpOptions = {}): void {
  const { limits } = services;
  const guard = hostGuard(options.allowedHosts ?? allowedHostsFromEnv());
  const bodyLimit = jsonBodyLimit(limits);
  const rate = mcpBuildRate(limits);
  for (const path of [MCP_PATH, SSE_PATH, SSE_MESSAGES_PATH]) app.use(path, guard);
  for (const path of [MCP_PATH, SSE_MESSAGES_PATH]) app.post(path, bodyLimit, rate);
  const create = (c: Context) => createMcpServer(buildContext(c, services));
  mountStreamableHttp(app, MCP_PATH, create);
  mountLegacySse(app, SSE_PATH, create, {
    maxSessions: options.maxSseSessions ?? 1000,
    keepAliveMs: options.sseKeepAliveMs ?? 15_000,
  });
  registerInfoPage(app, services);
  documentMcpRoutes(app, { mcp: MCP_PATH, sse: SSE_PATH, messages: SSE_MESSAGES_PATH, info: INFO_PATH });
}
