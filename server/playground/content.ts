// The language's files the playground serves: example programs, the
// conformance tests, the standard library, and the four documents. Listing
// and reading are plain functions (the MCP tools use them too); a path that
// could leave its folder is refused before the file system is touched.
import { readdir, readFile, stat } from "node:fs/promises";
import { join, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { PlaygroundHttpError } from "./httpError";

const LANG_DIR = fileURLToPath(new URL("../../lang/", import.meta.url));

export const CONTENT_FOLDERS = {
  examples: join(LANG_DIR, "examples"),
  tests: join(LANG_DIR, "tests"),
  stdlib: join(LANG_DIR, "stdlib"),
} as const;

export type ContentKind = keyof typeof CONTENT_FOLDERS;

/** The rendered documents and their sources (raw text at /<name><extension>). */
export const DOCUMENTS = {
  grammar: { file: join(LANG_DIR, "spec", "grammar.ebnf"), raw: "/grammar.ebnf", title: "Grammar" },
  readme: { file: join(LANG_DIR, "README.md"), raw: "/readme.md", title: "The Pith language" },
  roadmap: { file: join(LANG_DIR, "ROADMAP.md"), raw: "/roadmap.md", title: "Roadmap" },
  gotchas: { file: join(LANG_DIR, "GOTCHAS.md"), raw: "/gotchas.md", title: "Gotchas" },
  semantics: { file: join(LANG_DIR, "spec", "semantics.md"), raw: "/semantics.md", title: "Semantics" },
  // Generated from the compiler's habits table (lang/docs/habits.ts).
  habits: {
    file: join(LANG_DIR, "docs", "habits.md"),
    raw: "/habits.md",
    title: "Coming from Rust, Go, TypeScript or Python",
  },
} as const;

export type DocumentName = keyof typeof DOCUMENTS;

// Files a reader may ask for beside the programs: expected outputs and inputs.
const READABLE = /\.(pith|stdout|stdin|stderr|exit|diag)$/;

export interface ContentEntry {
  name: string;
  path: string;
  bytes: number;
}

export interface ContentFile {
  name: string;
  source: string;
  bytes: number;
}

/** Every program in the folder (nested too), sorted by path; `name` is the path without ".pith". */
export async function listContent(kind: ContentKind): Promise<ContentEntry[]> {
  const root = CONTENT_FOLDERS[kind];
  const names = (await readdir(root, { recursive: true })) as string[];
  const programs = names.filter((n) => n.endsWith(".pith")).map((n) => n.split(sep).join("/"));
  const entries = await Promise.all(
    programs.map(async (path) => ({
      name: path.slice(0, -".pith".length),
      path,
      bytes: (await stat(join(root, path))).size,
    })),
  );
  return entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/**
 * Why `path` is not a safe relative path inside a content folder (null when
 * it is): parent steps, absolute or drive paths, backslashes, NUL and other
 * control characters are all refused, whether they arrived plain or
 * percent-encoded (the router has decoded them by now).
 */
export function unsafePathReason(path: string): string | null {
  if (path.length === 0) return "the path is empty";
  if (path.length > 512) return "the path is longer than 512 characters";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(path)) return "the path contains a control character";
  if (path.includes("\\")) return "the path contains a backslash";
  if (path.startsWith("/") || /^[A-Za-z]:/.test(path)) return "the path is absolute";
  if (path.split("/").some((part) => part === ".." || part === "." || part === "")) {
    return "the path has an empty, '.' or '..' segment";
  }
  return null;
}

/** One file of the folder: `name` with or without ".pith"; 400 for an unsafe path, 404 when absent. */
export async function readContent(kind: ContentKind, name: string): Promise<ContentFile> {
  const reason = unsafePathReason(name);
  if (reason !== null) throw new PlaygroundHttpError(400, `invalid ${kind} path ${JSON.stringify(name)}: ${reason}`);
  const path = READABLE.test(name) ? name : `${name}.pith`;
  if (!READABLE.test(path)) throw new PlaygroundHttpError(404, `no ${kind} file ${name}`);
  try {
    const bytes = await readFile(join(CONTENT_FOLDERS[kind], path));
    return { name: path, source: bytes.toString("utf8"), bytes: bytes.length };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR" || code === "EISDIR") {
      throw new PlaygroundHttpError(404, `no ${kind} file ${name}`);
    }
    throw error;
  }
}

/** The text of one of the language's documents. */
export function readDocument(name: DocumentName): Promise<string> {
  return readFile(DOCUMENTS[name].file, "utf8");
}
