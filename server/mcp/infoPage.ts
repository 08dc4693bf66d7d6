// GET /mcp-info: how to connect an AI assistant, rendered like the other
// documents (GET /mcp-info.md is the markdown). The URLs are this server's
// public ones (PUBLIC_URL or what the request says), so the snippets paste
// as they are.
import type { OpenAPIHono } from "@hono/zod-openapi";
import { BUILD_TARGET_IDS } from "../../protocol/targets";
import { page, renderMarkdown } from "../docs/render";
import { publicBaseUrl } from "../playground/publicUrl";
import { PAGE_CSP } from "../playground/securityHeaders";
import type { PlaygroundServices } from "../playground/services";

export const INFO_PATH = "/mcp-info";

/** The tools as the page lists them; infoPage.test.ts checks this against tools/list. */
export const TOOL_SUMMARIES: readonly [string, string][] = [
  ["lang_check", "type-check a program in milliseconds; diagnostics carry fix hints (call after every edit)"],
  ["lang_format", "the canonical layout of a program (the same formatter as `pith fmt`)"],
  ["lang_explain_error", "what a diagnostic code (or message) means and how to fix it"],
  [
    "lang_query",
    "the editor's language service: completion, signature help, hover, definition, references, rename, outline",
  ],
  ["lang_build_wasm", "compile to a WASI module (inline base64 and a download URL)"],
  ["lang_build_native", "static x86-64 Linux executable, as a download URL"],
  ["lang_build_windows", "x86-64 Windows .exe"],
  ["lang_build_macos", "x86-64 macOS executable (unsigned)"],
  ["lang_build_target", `one of ${BUILD_TARGET_IDS.join(", ")}`],
  [
    "lang_debug",
    "run a program with breakpoints (conditions, logpoints) and stdin; every stop's call stack and locals, the output and exit status",
  ],
  ["lang_list_examples / lang_read_example", "complete example programs"],
  ["lang_list_stdlib / lang_read_stdlib", "the standard library's source"],
  ["lang_list_tests / lang_read_test", "the conformance tests, one rule each"],
  [
    "lang_read_readme, lang_read_grammar, lang_read_gotchas, lang_read_habits, lang_read_semantics, lang_read_roadmap",
    "the language's documents",
  ],
];

export function infoMarkdown(base: string): string {
  const mcp = `${base}/mcp`;
  const sse = `${base}/sse`;
  const tools = TOOL_SUMMARIES.map(([name, what]) => `| \`${name}\` | ${what} |`).join("\n");
  return `# Pith for AI assistants (MCP)

This server speaks the [Model Context Protocol](https://modelcontextprotocol.io): an assistant connected to it can
learn Pith from its own documents, check code, and build programs for every target. No account or key is needed.

| Transport | URL |
|---|---|
| Streamable HTTP (current clients) | \`${mcp}\` |
| HTTP + SSE (older clients) | \`${sse}\` (messages are posted to \`${base}/messages\`) |

## Connect a client

**Claude Code**

\`\`\`sh
claude mcp add --transport http pith ${mcp}
\`\`\`

**Claude Desktop** (\`claude_desktop_config.json\`; Desktop starts local servers, so the \`mcp-remote\` bridge connects it)

\`\`\`json
{
  "mcpServers": {
    "pith": { "command": "npx", "args": ["-y", "mcp-remote", "${mcp}"] }
  }
}
\`\`\`

**Cursor** (\`~/.cursor/mcp.json\`)

\`\`\`json
{
  "mcpServers": {
    "pith": { "url": "${mcp}" }
  }
}
\`\`\`

**VS Code** (\`.vscode/mcp.json\`)

\`\`\`json
{
  "servers": {
    "pith": { "type": "http", "url": "${mcp}" }
  }
}
\`\`\`

**Windsurf** (\`~/.codeium/windsurf/mcp_config.json\`)

\`\`\`json
{
  "mcpServers": {
    "pith": { "serverUrl": "${mcp}" }
  }
}
\`\`\`

**Gemini CLI** (\`~/.gemini/settings.json\`)

\`\`\`json
{
  "mcpServers": {
    "pith": { "httpUrl": "${mcp}" }
  }
}
\`\`\`

**A client that only speaks SSE**: point it at \`${sse}\`.

**Try it by hand** with the MCP Inspector:

\`\`\`sh
npx @modelcontextprotocol/inspector --cli ${mcp} --method tools/list
\`\`\`

## What it offers

Start with the prompt \`lang_coding_assistant\` (the language by example, the grammar, the gotchas and two canonical
programs, optionally followed by your task), then let the assistant check and build.

| Tool | What it does |
|---|---|
${tools}

Resources: \`lang://readme\`, \`lang://grammar\`, \`lang://gotchas\`, \`lang://habits\`, \`lang://semantics\`, \`lang://roadmap\`, and the
templates \`lang://example/{name}\`, \`lang://stdlib/{path}\` and \`lang://test/{name}\` (e.g.
\`lang://test/strings/slicing\`), with completion of the names.

Build results are the same JSON as the HTTP API's \`/build*\` routes; download URLs expire after an hour. Builds share
the HTTP API's limits: 1 MiB of source, per-client build rates, and a bounded native build queue (a refusal is a tool
error saying when to retry).
`;
}

export function registerInfoPage(app: OpenAPIHono, services: PlaygroundServices): void {
  const base = (request: Request) => publicBaseUrl(request, services.limits.publicUrl);
  app.get(INFO_PATH, (c) =>
    c.html(
      page({
        title: "MCP",
        path: INFO_PATH,
        raw: `${INFO_PATH}.md`,
        body: renderMarkdown(infoMarkdown(base(c.req.raw))),
      }),
      200,
      { "content-security-policy": PAGE_CSP },
    ),
  );
  app.get(`${INFO_PATH}.md`, (c) =>
    c.body(infoMarkdown(base(c.req.raw)), 200, { "content-type": "text/markdown; charset=utf-8" }),
  );
}
