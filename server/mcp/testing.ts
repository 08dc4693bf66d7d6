// A real server on loopback for the MCP tests, and SDK clients connected to
// it over either transport.
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Hono } from "hono";

export interface Loopback {
  url: string;
  close(): Promise<void>;
}

export function listenOnLoopback(app: Hono): Promise<Loopback> {
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

export async function connectClient(base: string, kind: TransportKind): Promise<Client> {
  const client = new Client({ name: "pith-mcp-test", version: "1.0.0" });
  const transport =
    kind === "streamable"
      ? new StreamableHTTPClientTransport(new URL(`${base}/mcp`))
      : new SSEClientTransport(new URL(`${base}/sse`));
  await client.connect(transport);
  return client;
}
