// The diagnostic codes as pages: /errors lists every code, /errors/E0200
// explains one (message, why, an example that gets it, the fix, the example
// fixed), and /errors.json is the whole table for tools. Every diagnostic in
// the IDE and the API links here (help_url). Written from the one table in
// protocol/diagnostics, like `pith explain` and lang_explain_error.
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import {
  DIAGNOSTIC_CODES,
  type DiagnosticCodeEntry,
  diagnosticCode,
  ERRORS_PATH,
} from "../../protocol/diagnostics/codes";
import { PAGE_CSP } from "../playground/securityHeaders";
import { escapeHtml, page, renderCode, renderMarkdown } from "./render";

const RAW = `${ERRORS_PATH}.json`;

/** The sections of the index, by the first two digits of the code. */
const GROUPS: { prefix: string; title: string }[] = [
  { prefix: "E00", title: "Lexer" },
  { prefix: "E01", title: "Parser and formatter" },
  { prefix: "E02", title: "Names, declarations and modules" },
  { prefix: "E03", title: "Types and values" },
  { prefix: "E04", title: "Fields, methods and variants" },
  { prefix: "E05", title: "Calls and type inference" },
  { prefix: "E06", title: "Control flow and patterns" },
  { prefix: "E07", title: "Assignment" },
  { prefix: "E09", title: "Native builds" },
];

export function renderErrorIndex(): string {
  const sections = GROUPS.map(({ prefix, title }) => {
    const rows = DIAGNOSTIC_CODES.filter((e) => e.code.startsWith(prefix))
      .map((e) => `<li><a href="${ERRORS_PATH}/${e.code}"><code>${e.code}</code></a> ${escapeHtml(e.title)}</li>`)
      .join("\n");
    return rows ? `<h2>${title}</h2>\n<ul class="codes">\n${rows}\n</ul>` : "";
  }).join("\n");
  const body = `<h1>Error codes</h1>
<p>Every diagnostic of the Pith compiler carries one of these ${DIAGNOSTIC_CODES.length} codes. A code never changes
meaning and is never reused; tools key on it, not on the message's wording. <code>pith explain E0200</code> prints the
same explanation in a terminal.</p>
${sections}`;
  return page({ title: "Error codes", path: ERRORS_PATH, raw: RAW, body });
}

export function renderErrorPage(entry: DiagnosticCodeEntry): string {
  const example = entry.example
    ? `<h2>Example</h2>\n${renderCode(entry.example, "pith")}`
    : "<p>No program is known to get this code: it reports a fault of the compiler itself.</p>";
  const fixed = entry.fixed ? `<h2>Fixed</h2>\n${renderCode(entry.fixed, "pith")}` : "";
  const body = `<h1><code>${entry.code}</code>: ${escapeHtml(entry.title)}</h1>
<p class="template"><code>${escapeHtml(entry.template)}</code></p>
${renderMarkdown(entry.explanation)}
${example}
<h2>How to fix it</h2>
${renderMarkdown(entry.fix)}
${fixed}
<p><a href="${ERRORS_PATH}">All error codes</a></p>`;
  return page({ title: `${entry.code}: ${entry.title}`, path: `${ERRORS_PATH}/${entry.code}`, raw: RAW, body });
}

const html = { "text/html": { schema: z.string() } };

const indexRoute = createRoute({
  method: "get",
  path: ERRORS_PATH,
  tags: ["language"],
  summary: "Every diagnostic code of the compiler, with links to their pages",
  responses: { 200: { description: "HTML page", content: html } },
});

const DiagnosticCodeSchema = z
  .object({
    code: z.string().openapi({ example: "E0116" }),
    title: z.string(),
    template: z.string().openapi({ description: "The message, {name} standing for the parts that vary" }),
    explanation: z.string(),
    example: z.string().openapi({ description: 'A program that gets this code ("" for an internal one)' }),
    fix: z.string(),
    fixed: z.string().optional().openapi({ description: "The example with the fix applied" }),
    command: z.enum(["check", "fmt", "build-ll"]).optional(),
    internal: z.boolean().optional(),
  })
  .openapi("DiagnosticCode");

const tableRoute = createRoute({
  method: "get",
  path: RAW,
  tags: ["language"],
  summary: "The diagnostic-code table: code, title, message template, explanation, example and fix of each",
  responses: {
    200: { description: "The table", content: { "application/json": { schema: z.array(DiagnosticCodeSchema) } } },
  },
});

const codeRoute = createRoute({
  method: "get",
  path: `${ERRORS_PATH}/{code}`,
  tags: ["language"],
  summary: "One diagnostic code explained: why, an example that gets it, and the fix (rustc --explain)",
  request: { params: z.object({ code: z.string().openapi({ example: "E0200" }) }) },
  responses: {
    200: { description: "HTML page", content: html },
    404: { description: "No such code; the page links to the list", content: html },
  },
});

export function registerErrorPages(app: OpenAPIHono): void {
  const headers = { "content-security-policy": PAGE_CSP };
  app.openapi(indexRoute, (c) => c.html(renderErrorIndex(), 200, headers));
  app.openapi(tableRoute, (c) => c.json([...DIAGNOSTIC_CODES], 200));
  app.openapi(codeRoute, (c) => {
    const asked = c.req.valid("param").code;
    const entry = diagnosticCode(asked);
    if (entry) return c.html(renderErrorPage(entry), 200, headers);
    const body = `<h1>No code ${escapeHtml(asked)}</h1>\n<p>The compiler has no diagnostic with this code. <a href="${ERRORS_PATH}">All error codes</a></p>`;
    return c.html(page({ title: "Unknown error code", path: ERRORS_PATH, raw: RAW, body }), 404, headers);
  });
}
