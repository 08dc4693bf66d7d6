// Mounts the MCP endpoints on the app: streamable HTTP at /mcp, the legacy
// SSE transport at /sse + /messages, each behind the DNS-rebinding guard and
// a body limit.
import type { Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { fileContent } from "./content";
import { allowedHostsFromEnv, hostGuard } from "./hostGuard";
import { createMcpServer, type McpDeps } from "./server";
import { mountLegacySse, mountStreamableHttp, SSE_MESSAGES_PATH } from "./transports";

export const MCP_PATH = "/mcp";
export const SSE_PATH = "/sse";

export interface RegisterMcpOptions extends McpDeps {
  /** Host names allowed besides loopback (the public host); "*" allows every host. */
  allowedHosts: readonly string[];
  /** Largest JSON-RPC request body in bytes. */
  maxBodyBytes: number;
}

function requestBase(c: Context): string {
  return new URL(c.req.url).origin;
}

export function registerMcp(app: Hono, options: RegisterMcpOptions): void {
  const guard = hostGuard(options.allowedHosts);
  const limit = bodyLimit({
    maxSize: options.maxBodyBytes,
    onError: () =>
      Response.json(
        {
          jsonrpc: "2.0",
          error: { code: -32600, message: `request body is larger than ${options.maxBodyBytes} bytes` },
          id: null,
        },
        { status: 413 },
      ),
  });
  for (const path of [MCP_PATH, SSE_PATH, SSE_MESSAGES_PATH]) {
    app.use(path, guard);
    app.post(path, limit);
  }
  const create = (context: { publicBase: string }) => createMcpServer(options, context);
  mountStreamableHttp(app, MCP_PATH, create, requestBase);
  mountLegacySse(app, SSE_PATH, create, requestBase);
}

/** The options a deployment gets from its environment (PUBLIC_URL, MCP_ALLOWED_HOSTS). */
export function mcpOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): RegisterMcpOptions {
  return { content: fileContent(), allowedHosts: allowedHostsFromEnv(env), maxBodyBytes: 4 << 20 };
}
