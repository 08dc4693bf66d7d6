// The language's documents and source collections as MCP resources:
// lang://grammar, lang://readme, lang://roadmap, lang://gotchas, and the
// templates lang://stdlib/{path}, lang://example/{name}, lang://test/{name}
// with listing and completion of the template argument.
import { type McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import { UriTemplate, type Variables } from "@modelcontextprotocol/sdk/shared/uriTemplate.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { type ContentKind, type DocumentName, listContent, readContent, readDocument } from "../playground/content";
import { isPlaygroundHttpError } from "../playground/httpError";

const PITH_MIME = "text/x-pith";

/** The MCP spec's "resource not found" error code (the SDK names no constant for it). */
export const RESOURCE_NOT_FOUND = -32002;

/**
 * A content read's failure as the MCP error the spec asks for: a missing file
 * is "resource not found" (-32002), an unsafe path is invalid params; anything
 * else stays an internal error.
 */
async function readOrMcpError(kind: ContentKind, name: string, uri: string) {
  try {
    return await readContent(kind, name);
  } catch (error) {
    if (isPlaygroundHttpError(error) && error.status === 404) {
      throw new McpError(RESOURCE_NOT_FOUND, `Resource not found: ${uri}`, { uri });
    }
    if (isPlaygroundHttpError(error) && error.status === 400)
      throw new McpError(ErrorCode.InvalidParams, error.message);
    throw error;
  }
}

/**
 * A `prefix{var}` template whose one variable takes the whole rest of the
 * URI, slashes included. The SDK's RFC 6570 matcher stops `{var}` at a `/`,
 * but stdlib modules and tests live in folders (`lang://test/strings/slicing`).
 */
class TailTemplate extends UriTemplate {
  constructor(
    private readonly prefix: string,
    private readonly variable: string,
  ) {
    super(`${prefix}{${variable}}`);
  }

  override match(uri: string): Variables | null {
    if (!uri.startsWith(this.prefix)) return null;
    const rest = uri.slice(this.prefix.length).split(/[?#]/)[0];
    if (rest === "") return null;
    try {
      return { [this.variable]: decodeURIComponent(rest) };
    } catch {
      return null;
    }
  }
}

const DOCUMENTS: { name: DocumentName; title: string; description: string; mimeType: string }[] = [
  {
    name: "grammar",
    title: "Pith grammar (EBNF)",
    description: "The complete v0.1 grammar of Pith.",
    mimeType: "text/plain",
  },
  {
    name: "readme",
    title: "Pith in one page",
    description: "The whole language by example; read this first.",
    mimeType: "text/markdown",
  },
  {
    name: "semantics",
    title: "Pith semantics",
    description: "Typing, runtime behaviour and every compile error message, precisely.",
    mimeType: "text/markdown",
  },
  {
    name: "roadmap",
    title: "Pith roadmap",
    description: "What is planned and not implemented yet.",
    mimeType: "text/markdown",
  },
  {
    name: "gotchas",
    title: "Pith gotchas",
    description: "Things that surprise people coming from Rust, Swift, TypeScript or C.",
    mimeType: "text/markdown",
  },
  {
    name: "habits",
    title: "Coming from Rust, Go, TypeScript or Python",
    description: "Habits from other languages, each with the Pith spelling and its error code.",
    mimeType: "text/markdown",
  },
];

const TEMPLATES: { collection: ContentKind; prefix: string; variable: string; title: string; description: string }[] = [
  {
    collection: "stdlib",
    prefix: "lang://stdlib/",
    variable: "path",
    title: "Standard-library module",
    description: "Source of a std module (imported as `import std.<path>`); nested paths work.",
  },
  {
    collection: "examples",
    prefix: "lang://example/",
    variable: "name",
    title: "Example program",
    description: "A complete, compiling Pith program.",
  },
  {
    collection: "tests",
    prefix: "lang://test/",
    variable: "name",
    title: "Conformance test",
    description: "A small program demonstrating one rule, e.g. lang://test/strings/slicing.",
  },
];

export function registerResources(server: McpServer): void {
  for (const d of DOCUMENTS) {
    const uri = `lang://${d.name}`;
    server.registerResource(
      d.name,
      uri,
      { title: d.title, description: d.description, mimeType: d.mimeType },
      async () => ({ contents: [{ uri, mimeType: d.mimeType, text: await readDocument(d.name) }] }),
    );
  }

  for (const t of TEMPLATES) {
    const template = new ResourceTemplate(new TailTemplate(t.prefix, t.variable), {
      list: async () => ({
        resources: (await listContent(t.collection)).map((entry) => ({
          uri: `${t.prefix}${entry.name}`,
          name: `${t.collection}/${entry.name}`,
          title: `${t.title}: ${entry.name}`,
          mimeType: PITH_MIME,
          size: entry.bytes,
        })),
      }),
      complete: {
        [t.variable]: async (value: string) =>
          (await listContent(t.collection))
            .map((entry) => entry.name)
            .filter((name) => name.startsWith(value))
            .slice(0, 100),
      },
    });
    server.registerResource(
      t.collection,
      template,
      { title: t.title, description: t.description, mimeType: PITH_MIME },
      async (uri, variables) => {
        const raw = variables[t.variable];
        const name = Array.isArray(raw) ? raw.join("/") : raw;
        const file = await readOrMcpError(t.collection, name, uri.href);
        return { contents: [{ uri: uri.href, mimeType: PITH_MIME, text: file.source }] };
      },
    );
  }
}
