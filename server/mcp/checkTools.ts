// lang_check (diagnostics only, after every edit) and lang_explain_error
// (what a compiler message means and how to fix it).
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import type { PlaygroundServices } from "../playground/services";
import { checkSource } from "./check";
import { formatSource } from "./format";
import { explainMessage } from "./hints";
import { filenameField, perSourceLimit, sourceField } from "./inputs";

const DiagnosticSchema = z.object({
  file: z.string(),
  line: z.number().int(),
  col: z.number().int(),
  end_line: z.number().int(),
  end_col: z.number().int(),
  severity: z.string(),
  message: z.string(),
  hint: z.string().nullable(),
});

const CheckInput = perSourceLimit((maxBytes) => z.object({ source: sourceField(maxBytes), filename: filenameField }));
const CheckOutput = z.object({ ok: z.boolean(), diagnostics: z.array(DiagnosticSchema), elapsed_ms: z.number() });
const FormatOutput = z.object({
  formatted: z.string().nullable(),
  changed: z.boolean(),
  diagnostics: z.array(DiagnosticSchema),
});
const ExplainInput = z.object({
  message: z.string().min(1).describe("The diagnostic's message, e.g. \"use 'var' for a mutable binding\""),
});
const ExplainOutput = z.object({ message: z.string(), known: z.boolean(), cause: z.string(), fix: z.string() });

export function registerCheckTools(server: McpServer, services: PlaygroundServices): void {
  server.registerTool(
    "lang_check",
    {
      description:
        "Type-check a Pith program without building it (milliseconds). Call this after every edit, before a build tool. Returns {ok, diagnostics:[{file, line, col, end_line, end_col, severity, message, hint}], elapsed_ms}; each hint says how to fix that error. ok:true means the program will compile.",
      inputSchema: CheckInput(services.limits.maxSourceBytes),
      outputSchema: CheckOutput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ source, filename }) => {
      const result = await checkSource(services.compile, source, filename);
      const summary = result.ok
        ? "No errors: the program compiles."
        : result.diagnostics
            .map(
              (d) => `${d.file}:${d.line}:${d.col}: ${d.severity}: ${d.message}${d.hint ? `\n  hint: ${d.hint}` : ""}`,
            )
            .join("\n");
      return { content: [{ type: "text" as const, text: summary }], structuredContent: { ...result } };
    },
  );

  server.registerTool(
    "lang_format",
    {
      description:
        "Format a Pith program in the canonical layout (the same as `pith fmt`: 4-space indentation, one statement per line, comments and line breaks kept). Use it before showing code to the user or writing it to a file. Returns {formatted, changed, diagnostics}; formatted is null, with positioned diagnostics and hints, when the program does not parse.",
      inputSchema: CheckInput(services.limits.maxSourceBytes),
      outputSchema: FormatOutput,
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    async ({ source, filename }) => {
      const result = await formatSource(services.compile, source, filename);
      const text =
        result.formatted ??
        result.diagnostics.map((d) => `${d.file}:${d.line}:${d.col}: ${d.severity}: ${d.message}`).join("\n");
      return { content: [{ type: "text" as const, text }], structuredContent: { ...result } };
    },
  );

  server.registerTool(
    "lang_explain_error",
    {
      description:
        "Explain a Pith compiler error message: its usual cause and the change that fixes it. Use it when a diagnostic from lang_check or a build tool is unclear. Returns {message, known, cause, fix}.",
      inputSchema: ExplainInput,
      outputSchema: ExplainOutput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ message }) => {
      const clean = message.replace(/^.*?:\d+:\d+:\s*(error:\s*)?/, "").trim();
      const hint = explainMessage(clean);
      const result = hint
        ? { message: clean, known: true, ...hint }
        : {
            message: clean,
            known: false,
            cause: "This message has no specific explanation yet.",
            fix: "Read the position the diagnostic points at, then lang_read_gotchas and the spec's error table (lang://readme for syntax).",
          };
      return {
        content: [{ type: "text" as const, text: `${result.cause}\nFix: ${result.fix}` }],
        structuredContent: result,
      };
    },
  );
}
