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
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { SSEServerTransport } from "@modelcontextprotocol/sdk/server/sse.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { Context } from "hono";

export const SSE_MESSAGES_PATH = "/messages";
const MCP_STREAMABLE_HINT = "the streamable HTTP endpoint /mcp, which holds no connection";

/** A server for the request that opens the exchange (its public base decides download URLs). */
type ServerFactory = (c: Context) => McpServer;

interface NodeBindings {
  incoming?: IncomingMessage;
  outgoing?: ServerResponse;
}

function rpcError(status: number, message: string, code = -32000, headers: Record<string, string> = {}): Response {
  return Response.json({ jsonrpc: "2.0", error: { code, message }, id: null }, { status, headers });
}

/** The JSON body, read once: the rate middleware may have parsed it already (Hono caches it). */
async function jsonBody(c: Context): Promise<{ ok: true; body: unknown } | { ok: false }> {
  try {
    return { ok: true, body: await c.req.json() };
  } catch {
    return { ok: false };
  }
}

const PARSE_ERROR = -32700;

export function mountStreamableHttp(app: OpenAPIHono, path: string, create: ServerFactory): void {
  app.post(path, async (c) => {
    const parsed = await jsonBody(c);
    if (!parsed.ok) return rpcError(400, "Parse error: the request body is not valid JSON", PARSE_ERROR);
    const server = create(c);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    try {
      return await transport.handleRequest(c.req.raw, { parsedBody: parsed.body });
    } finally {
      // The JSON answer is complete once handleRequest returns.
      void server.close();
    }
  });
  const notAllowed = () =>
    rpcError(
      405,
      "this endpoint is stateless: send JSON-RPC requests with POST (no sessions, no server-initiated stream)",
      -32000,
      { allow: "POST" },
    );
  app.get(path, notAllowed);
  app.delete(path, notAllowed);
}

export interface LegacySseOptions {
  /** Open streams at most; one more is a 503 (each holds a connection and a server). */
  maxSessions: number;
  /** Milliseconds between keep-alive comments, so proxies do not cut an idle stream. */
  keepAliveMs: number;
}

export function mountLegacySse(app: OpenAPIHono, path: string, create: ServerFactory, options: LegacySseOptions): void {
  const sessions = new Map<string, SSEServerTransport>();

  app.get(path, async (c) => {
    const { outgoing } = c.env as NodeBindings;
    if (!outgoing) return rpcError(500, "the legacy SSE transport needs the Node HTTP server");
    if (sessions.size >= options.maxSessions) {
      return rpcError(
        503,
        `too many open SSE sessions (${sessions.size}); retry later or use ${MCP_STREAMABLE_HINT}`,
        -32000,
        {
          "retry-after": "10",
        },
      );
    }
    const transport = new SSEServerTransport(SSE_MESSAGES_PATH, outgoing);
    const server = create(c);
    sessions.set(transport.sessionId, transport);
    const keepAlive = setInterval(() => {
      if (!outgoing.writableEnded) outgoing.write(": keep-alive\n\n");
    }, options.keepAliveMs);
    keepAlive.unref();
    const end = () => {
      clearInterval(keepAlive);
      sessions.delete(transport.sessionId);
    };
    transport.onclose = end;
    outgoing.on("close", () => {
      end();
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
    const parsed = await jsonBody(c);
    if (!parsed.ok) return rpcError(400, "Parse error: the message body is not valid JSON", PARSE_ERROR);
    await transport.handlePostMessage(incoming, outgoing, parsed.body);
    return RESPONSE_ALREADY_SENT;
  });
}
