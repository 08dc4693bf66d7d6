// The language's documents as pages (/readme, /grammar, /gotchas, /roadmap,
// /semantics) and as raw text (/readme.md, /grammar.ebnf, ...), plus the
// pages' stylesheet. The pages run no script: their CSP allows only their
// own stylesheet.
import { readFile } from "node:fs/promises";
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { DOCUMENTS, type DocumentName, readDocument } from "../playground/content";
import { PAGE_CSP } from "../playground/securityHeaders";
import { page, renderCode, renderMarkdown } from "./render";

const STYLESHEET = new URL("./page.css", import.meta.url);

function htmlRoute(path: string, summary: string) {
  return createRoute({
    method: "get",
    path,
    tags: ["language"],
    summary,
    responses: { 200: { description: "HTML page", content: { "text/html": { schema: z.string() } } } },
  });
}

function rawRoute(path: string, summary: string, type: string) {
  return createRoute({
    method: "get",
    path,
    tags: ["language"],
    summary,
    responses: { 200: { description: "The source text", content: { [type]: { schema: z.string() } } } },
  });
}

/** The page of one document, as served. */
export async function renderDocument(name: DocumentName): Promise<string> {
  const doc = DOCUMENTS[name];
  const text = await readDocument(name);
  const body = doc.raw.endsWith(".ebnf") ? `<h1>${doc.title}</h1>\n${renderCode(text, "ebnf")}` : renderMarkdown(text);
  return page({ title: doc.title, path: `/${name}`, raw: doc.raw, body });
}

export function registerDocumentPages(app: OpenAPIHono): void {
  for (const name of Object.keys(DOCUMENTS) as DocumentName[]) {
    const doc = DOCUMENTS[name];
    app.openapi(htmlRoute(`/${name}`, `${doc.title}, rendered`), async (c) =>
      c.html(await renderDocument(name), 200, { "content-security-policy": PAGE_CSP }),
    );
    const type = doc.raw.endsWith(".md") ? "text/markdown; charset=utf-8" : "text/plain; charset=utf-8";
    app.openapi(rawRoute(doc.raw, `${doc.title}, source text`, type.split(";")[0]), async (c) =>
      c.body(await readDocument(name), 200, { "content-type": type }),
    );
  }
  app.get("/docs/page.css", async (c) =>
    c.body(await readFile(STYLESHEET, "utf8"), 200, {
      "content-type": "text/css; charset=utf-8",
      "cache-control": "public, max-age=3600",
    }),
  );
}
