// lang_check (diagnostics only, after every edit) and lang_explain_error
// (what a diagnostic code means and how to fix it, as `pith explain`).
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { helpUrl } from "../../protocol/diagnostics/compilerDiagnostic";
import { codeForMessage } from "../../protocol/diagnostics/template";
import type { BuildContext } from "../playground/builds";
import { checkSource } from "./check";
import { formatSource } from "./format";
import { explainCode } from "./hints";
import { filenameField, perSourceLimit, sourceField } from "./inputs";

const DiagnosticSchema = z.object({
  file: z.string(),
  line: z.number().int(),
  col: z.number().int(),
  end_line: z.number().int(),
  end_col: z.number().int(),
  severity: z.string(),
  code: z.string(),
  message: z.string(),
  // anyOf of single types (see WasmBuildResultSchema): no `type: [..., "null"]`.
  hint: z.union([z.string().describe("how to fix it, when the code has a known fix"), z.null()]),
  help_url: z.string(),
});

const CheckInput = perSourceLimit((maxBytes) => z.object({ source: sourceField(maxBytes), filename: filenameField }));
const CheckOutput = z.object({ ok: z.boolean(), diagnostics: z.array(DiagnosticSchema), elapsed_ms: z.number() });
const FormatOutput = z.object({
  formatted: z.union([z.string().describe("the formatted source"), z.null()]),
  changed: z.boolean(),
  diagnostics: z.array(DiagnosticSchema),
});
const ExplainInput = z.object({
  code: z
    .string()
    .regex(/^\s*[Ee]\d{4}\s*$/)
    .optional()
    .describe('The diagnostic\'s code, e.g. "E0116" (every diagnostic of lang_check and the build tools carries one)'),
  message: z
    .string()
    .min(1)
    .optional()
    .describe("Or the diagnostic's text, e.g. \"use 'var' for a mutable binding\", when the code is not at hand"),
});
const ExplainOutput = z.object({
  message: z.string(),
  known: z.boolean(),
  code: z.string().optional(),
  title: z.string().optional(),
  cause: z.string(),
  fix: z.string(),
  example: z.string().optional(),
  help_url: z.string().optional(),
});

/** The code an explain request names: given, written in the message (`[E0116]`), or the one whose template the message fits. */
function requestedCode(code: string | undefined, message: string): string | undefined {
  if (code) return code;
  const written = /\b(E\d{4})\b/.exec(message)?.[1];
  return written ?? (message ? codeForMessage(message) : undefined);
}

export function registerCheckTools(server: McpServer, services: BuildContext): void {
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
      const result = await checkSource(services.compile, source, filename, services.publicBase);
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
      const result = await formatSource(services.compile, source, filename, services.publicBase);
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
        "Explain a Pith compiler diagnostic by its code (E0116; every diagnostic carries one), or by its message: its usual cause, the change that fixes it, and an example program that makes it (rustc's --explain). Use it when a diagnostic from lang_check or a build tool is unclear. Returns {message, known, code, title, cause, fix, example, help_url}.",
      inputSchema: ExplainInput,
      outputSchema: ExplainOutput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ code, message = "" }) => {
      const clean = message.replace(/^.*?:\d+:\d+:\s*(error(\[E\d{4}\])?:\s*)?/, "").trim();
      const known = explainCode(requestedCode(code, message) ?? requestedCode(undefined, clean));
      const result = known
        ? { message: clean, known: true, ...known, help_url: helpUrl(known.code, services.publicBase) }
        : {
            message: clean,
            known: false,
            cause: "No diagnostic code matches this; lang_check reports every diagnostic with its code.",
            fix: "Read the position the diagnostic points at, then lang_read_gotchas and the spec's error table (lang://readme for syntax).",
          };
      const title = known ? `${known.code}: ${known.title}\n` : "";
      return {
        content: [{ type: "text" as const, text: `${title}${result.cause}\nFix: ${result.fix}` }],
        structuredContent: result,
      };
    },
  );
}
