// One MCP server: every tool, resource and the prompt, bound to the request
// that created it (download URLs are absolute for that request's public
// base). Transports create one per HTTP request (stateless /mcp) or per
// session (legacy SSE).
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv-provider.js";
import type { BuildContext } from "../playground/builds";
import { SERVER_VERSION } from "../version";
import { registerBuildTools } from "./buildTools";
import { registerCheckTools } from "./checkTools";
import { registerContentTools } from "./contentTools";
import { registerDebugTool } from "./debugTool";
import { registerPrompt } from "./prompt";
import { registerQueryTools } from "./queryTools";
import { registerResources } from "./resources";

const INSTRUCTIONS = `Pith playground: learn the Pith language and build programs with it.
Start with the prompt lang_coding_assistant (or lang_read_readme and lang_read_gotchas), imitate lang_read_example programs, call lang_check after every edit until it reports ok, then build with lang_build_wasm or a native lang_build_* tool; build results carry download URLs. To see why a program misbehaves, lang_debug runs it with breakpoints and returns the locals at each stop.`;

// The SDK builds an Ajv instance per server unless given one (about 5 ms, most
// of a server's cost); it is only used for elicitation, which no tool here
// does, so every server shares one.
const SHARED_VALIDATOR = new AjvJsonSchemaValidator();

export function createMcpServer(ctx: BuildContext): McpServer {
  const server = new McpServer(
    { name: "pith-playground", title: "Pith playground", version: SERVER_VERSION },
    {
      instructions: INSTRUCTIONS,
      capabilities: { completions: {}, logging: {} },
      jsonSchemaValidator: SHARED_VALIDATOR,
    },
  );
  registerBuildTools(server, ctx);
  registerCheckTools(server, ctx);
  registerContentTools(server);
  registerDebugTool(server, ctx);
  registerQueryTools(server, ctx);
  registerResources(server);
  registerPrompt(server);
  return server;
}
