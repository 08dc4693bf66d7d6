// The pages NURL's playground page links to from its header, at the URLs it
// uses, so that page works against this server: /stdlib-viewer and
// /tests-viewer (the standard library and the conformance tests, browsable
// without script: a list, and one file highlighted with ?path=) and /license.
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { type ContentKind, listContent, readContent } from "../playground/content";
import { PlaygroundErrorSchema } from "../playground/errors";
import { PAGE_CSP } from "../playground/securityHeaders";
import { escapeHtml, page, renderCode, renderMarkdown } from "./render";

const VIEWERS: { path: string; kind: ContentKind; title: string }[] = [
  { path: "/stdlib-viewer", kind: "stdlib", title: "Standard library" },
  { path: "/tests-viewer", kind: "tests", title: "Conformance tests" },
];

const htmlError = (description: string) => ({
  description,
  content: { "application/json": { schema: PlaygroundErrorSchema } },
});

function viewerRoute(path: string, title: string) {
  return createRoute({
    method: "get",
    path,
    tags: ["language"],
    summary: `${title}: every file, or one file highlighted`,
    request: {
      query: z.object({
        path: z.string().optional().openapi({ description: "A file to show, e.g. core/option.pith (.pith optional)" }),
      }),
    },
    responses: {
      200: { description: "HTML page", content: { "text/html": { schema: z.string() } } },
      400: htmlError("A path that escapes the folder"),
      404: htmlError("No such file"),
    },
  });
}

/** The list of files, each a link to its own view. */
async function listing(viewer: string, kind: ContentKind, title: string): Promise<string> {
  const entries = await listContent(kind);
  const items = entries
    .map(
      (e) =>
        `<li><a href="${viewer}?path=${encodeURIComponent(e.path)}">${escapeHtml(e.path)}</a> <small>${e.bytes} B</small></li>`,
    )
    .join("\n");
  return `<h1>${escapeHtml(title)}</h1>\n<p>${entries.length} files; each as JSON at <code>/${kind}/&lt;path&gt;</code>.</p>\n<ul>\n${items}\n</ul>`;
}

async function oneFile(viewer: string, kind: ContentKind, path: string): Promise<string> {
  const file = await readContent(kind, path);
  const language = file.name.endsWith(".pith") ? "pith" : "plaintext";
  return `<p><a href="${viewer}">All files</a></p>\n<h1>${escapeHtml(file.name)}</h1>\n${renderCode(file.source, language)}`;
}

// The project's manifest is marked private and names no license; the page
// says so rather than inventing terms, and points at what does carry terms.
const LICENSE_TEXT = `# License

This server's own source (the Pith language, its compiler, the playground and the anomaly service) is not published under an open-source license: its package manifest is marked private and names no license. Ask the operators of this server before reusing it.

The third-party packages it is built from keep their own licenses, which each package states in its own folder of the installation (\`node_modules/<package>/LICENSE\` and the \`license\` field of its \`package.json\`).
`;

const licenseRoute = createRoute({
  method: "get",
  path: "/license",
  tags: ["language"],
  summary: "The license terms that apply to this server and the programs built on it",
  responses: { 200: { description: "HTML page", content: { "text/html": { schema: z.string() } } } },
});

export function registerCompatPages(app: OpenAPIHono): void {
  for (const { path, kind, title } of VIEWERS) {
    app.openapi(viewerRoute(path, title), async (c) => {
      const file = c.req.valid("query").path;
      const body = file ? await oneFile(path, kind, file) : await listing(path, kind, title);
      return c.html(page({ title, path, raw: `/${kind}`, body }), 200, { "content-security-policy": PAGE_CSP });
    });
  }
  app.openapi(licenseRoute, (c) =>
    c.html(page({ title: "License", path: "/license", body: renderMarkdown(LICENSE_TEXT) }), 200, {
      "content-security-policy": PAGE_CSP,
    }),
  );
}
