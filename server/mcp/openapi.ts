// The MCP endpoints in /openapi.json. Their bodies are JSON-RPC defined by
// the MCP specification, so the entries say what each path is for and
// point there rather than restating the protocol.
import { type OpenAPIHono, z } from "@hono/zod-openapi";

const SPEC = "https://modelcontextprotocol.io/specification";
const JsonRpc = z
  .record(z.string(), z.unknown())
  .openapi({ description: `A JSON-RPC 2.0 message as defined by MCP (${SPEC})` });
const json = (description: string) => ({ description, content: { "application/json": { schema: JsonRpc } } });
const REFUSALS = {
  403: json("Host or Origin not allowed (DNS-rebinding protection; see MCP_ALLOWED_HOSTS)"),
};

export function documentMcpRoutes(
  app: OpenAPIHono,
  paths: { mcp: string; sse: string; messages: string; info: string },
) {
  const registry = app.openAPIRegistry;
  const tags = ["mcp"];
  registry.registerPath({
    method: "post",
    path: paths.mcp,
    tags,
    summary: "MCP over streamable HTTP (stateless): one JSON-RPC request or notification per POST",
    description:
      "Tools lang_check, lang_explain_error, lang_query, lang_build_*, lang_debug, lang_list_*, lang_read_*; resources lang://...; prompt lang_coding_assistant. See /mcp-info for client configuration.",
    request: { body: { required: true, content: { "application/json": { schema: JsonRpc } } } },
    responses: {
      200: json("The JSON-RPC response"),
      202: { description: "A notification was accepted" },
      400: json("Malformed JSON (JSON-RPC parse error)"),
      413: json("Body over MAX_BODY_BYTES"),
      429: json("Build rate exceeded (build tool calls only); see Retry-After"),
      ...REFUSALS,
    },
  });
  for (const method of ["get", "delete"] as const) {
    registry.registerPath({
      method,
      path: paths.mcp,
      tags,
      summary: `${method.toUpperCase()} ${paths.mcp}: not used by the stateless endpoint`,
      responses: {
        405: json("Method not allowed: this endpoint has no sessions or server-initiated streams"),
        ...REFUSALS,
      },
    });
  }
  registry.registerPath({
    method: "get",
    path: paths.sse,
    tags,
    summary: "MCP over the legacy HTTP+SSE transport: opens the event stream (the first event names the message URL)",
    responses: {
      200: { description: "text/event-stream", content: { "text/event-stream": { schema: z.string() } } },
      503: json("Too many open SSE sessions; see Retry-After"),
      ...REFUSALS,
    },
  });
  registry.registerPath({
    method: "post",
    path: paths.messages,
    tags,
    summary: "MCP over the legacy HTTP+SSE transport: a JSON-RPC message for the session in ?sessionId=",
    request: {
      query: z.object({ sessionId: z.string() }),
      body: { required: true, content: { "application/json": { schema: JsonRpc } } },
    },
    responses: {
      202: { description: "Accepted; the answer arrives on the event stream" },
      404: json("No such session"),
      413: json("Body over MAX_BODY_BYTES"),
      ...REFUSALS,
    },
  });
  registry.registerPath({
    method: "get",
    path: paths.info,
    tags,
    summary: "How to connect an AI assistant: endpoint URLs and configuration snippets (HTML page)",
    responses: { 200: { description: "HTML page", content: { "text/html": { schema: z.string() } } } },
  });
  registry.registerPath({
    method: "get",
    path: `${paths.info}.md`,
    tags,
    summary: "The MCP connection page as markdown",
    responses: { 200: { description: "Markdown", content: { "text/markdown": { schema: z.string() } } } },
  });
}
