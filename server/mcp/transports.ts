// The two ways clients reach the MCP server over HTTP.
//
// Streamable HTTP at /mcp runs stateless: every POST gets a fresh server and
// transport (the SDK cannot reuse a stateless transport), and answers with
// plain JSON. GET and DELETE are 405: without sessions there is no stream to
// open and nothing to end.
//
// The legacy HTTP+SSE transport (GET /sse opens the event stream, POST
// /messages?sessionId=... carries requests) keeps a session per stream. It
// writes to Node's own response object, so the handlers tell
// @hono/node-server the response is already sent.

import type { IncomingMessage, ServerResponse } from "node:http";
import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { SSEServerTransport } from "@modelcontextprotocol/sdk/server/sse.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { Context, Hono } from "hono";
import type { McpRequestContext } from "./server";

export const SSE_MESSAGES_PATH = "/messages";

type ServerFactory = (context: McpRequestContext) => McpServer;

interface NodeBindings {
  incoming?: IncomingMessage;
  outgoing?: ServerResponse;
}

function rpcError(status: number, message: string): Response {
  return Response.json({ jsonrpc: "2.0", error: { code: -32000, message }, id: null }, { status });
}

export function mountStreamableHttp(
  app: Hono,
  path: string,
  create: ServerFactory,
  base: (c: Context) => string,
): void {
  app.post(path, async (c) => {
    const server = create({ publicBase: base(c) });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    try {
      return await transport.handleRequest(c.req.raw);
    } finally {
      // The JSON answer is complete once handleRequest returns.
      void server.close();
    }
  });
  const notAllowed = () =>
    rpcError(
      405,
      "this endpoint is stateless: send JSON-RPC requests with POST (no sessions, no server-initiated stream)",
    );
  app.get(path, (c) => {
    c.header("Allow", "POST");
    return notAllowed();
  });
  app.delete(path, () => notAllowed());
}

export function mountLegacySse(app: Hono, path: string, create: ServerFactory, base: (c: Context) => string): void {
  const sessions = new Map<string, SSEServerTransport>();

  app.get(path, async (c) => {
    const { outgoing } = c.env as NodeBindings;
    if (!outgoing) return rpcError(500, "the legacy SSE transport needs the Node HTTP server");
    const transport = new SSEServerTransport(SSE_MESSAGES_PATH, outgoing);
    const server = create({ publicBase: base(c) });
    sessions.set(transport.sessionId, transport);
    transport.onclose = () => {
      sessions.delete(transport.sessionId);
    };
    outgoing.on("close", () => {
      sessions.delete(transport.sessionId);
      void server.close();
    });
    await server.connect(transport);
    return RESPONSE_ALREADY_SENT;
  });

  app.post(SSE_MESSAGES_PATH, async (c) => {
    const { incoming, outgoing } = c.env as NodeBindings;
    const id = c.req.query("sessionId") ?? "";
    const transport = sessions.get(id);
    if (!transport) return rpcError(404, `no SSE session '${id}': open one with GET ${path} first`);
    if (!incoming || !outgoing) return rpcError(500, "the legacy SSE transport needs the Node HTTP server");
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return rpcError(400, "the message body is not valid JSON");
    }
    await transport.handlePostMessage(incoming, outgoing, body);
    return RESPONSE_ALREADY_SENT;
  });
}
