// A real server on loopback for the MCP tests, and SDK clients connected to
// it over either transport.
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

export interface Loopback {
  url: string;
  close(): Promise<void>;
}

/** Anything with a fetch handler: an app, or a wrapper that counts requests. */
export interface Fetcher {
  // biome-ignore lint/suspicious/noExplicitAny: Hono apps type their env and execution context each their own way
  fetch: (request: Request, ...rest: any[]) => Response | Promise<Response>;
}

export function listenOnLoopback(app: Fetcher): Promise<Loopback> {
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) => {
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        close: () =>
          new Promise<void>((done) => {
            (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
            server.close(() => done());
          }),
      });
    });
  });
}

export type TransportKind = "streamable" | "sse";

export async function connectClient(
  base: string,
  kind: TransportKind,
  headers: Record<string, string> = {},
): Promise<Client> {
  const client = new Client({ name: "pith-mcp-test", version: "1.0.0" });
  const requestInit = { headers };
  const transport =
    kind === "streamable"
      ? new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit })
      : new SSEClientTransport(new URL(`${base}/sse`), {
          requestInit,
          eventSourceInit: { fetch: (url, init) => fetch(url, { ...init, headers: { ...init?.headers, ...headers } }) },
        });
  await client.connect(transport);
  return client;
}
