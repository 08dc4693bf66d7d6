// lang_query: the compiler's language service (completion, signature help,
// hover, definition, references, rename, outline) for an agent, the same
// `query` the playground's editor asks, on one source.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { QUERY_KINDS, queryArgs } from "../../wasm/queryJson";
import { safeName } from "../compiler/compilerRun";
import type { PlaygroundServices } from "../playground/services";
import { filenameField, perSourceLimit, sourceField } from "./inputs";

const QueryInput = perSourceLimit((maxBytes) =>
  z.object({
    source: sourceField(maxBytes),
    filename: filenameField,
    what: z
      .enum(QUERY_KINDS)
      .describe("The question: complete, signature, hover, definition, references, rename or symbols"),
    line: z.number().int().min(1).default(1).describe("1-based line of the position asked about"),
    col: z.number().int().min(1).default(1).describe("1-based column (characters) of the position"),
    new_name: z.string().min(1).max(200).optional().describe("For rename: the new name"),
  }),
);
const QueryOutput = z.object({ what: z.enum(QUERY_KINDS), answer: z.unknown() });

export function registerQueryTools(server: McpServer, services: PlaygroundServices): void {
  server.registerTool(
    "lang_query",
    {
      description:
        "Ask the Pith compiler about a position in a program, as an editor does; works on programs with errors. what: complete (names valid there, with signatures and docs: after `p.` the fields and methods of p's type), signature (the call's parameters and the active one), hover (type and doc of the name or expression), definition (where it is declared, std modules too), references (every use), rename (edits for new_name, or an error if it would clash), symbols (the outline). Returns {what, answer}.",
      inputSchema: QueryInput(services.limits.maxSourceBytes),
      outputSchema: QueryOutput,
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    async ({ source, filename, what, line, col, new_name }) => {
      if (what === "rename" && new_name === undefined) {
        return { isError: true, content: [{ type: "text" as const, text: "rename needs new_name" }] };
      }
      const file = safeName(filename ?? "main.pith");
      const run = await services.compile({
        args: queryArgs(file, what, line, col, new_name),
        files: { [file]: source },
      });
      const stdout = new TextDecoder().decode(run.stdout).trim();
      if (run.exitCode !== 0) {
        const stderr = new TextDecoder().decode(run.stderr).trim();
        throw new Error(`internal compiler error (exit ${run.exitCode}): ${stderr || stdout}`);
      }
      const answer: unknown = JSON.parse(stdout);
      return { content: [{ type: "text" as const, text: stdout }], structuredContent: { what, answer } };
    },
  );
}
