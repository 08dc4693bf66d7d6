// What the MCP tools and resources read: the language's documents and its
// three source collections. An interface so the tools do not care where the
// files come from; `fileContent` reads them from lang/ in the repository.
import { readdir, readFile, stat } from "node:fs/promises";
import { join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

export type Collection = "examples" | "stdlib" | "tests";
export type DocumentName = "grammar" | "readme" | "roadmap" | "gotchas";

export interface SourceEntry {
  /** The name a client passes back to read the file: its path without `.pith`. */
  name: string;
  /** Path inside the collection's folder. */
  path: string;
  bytes: number;
}

export interface SourceFile {
  name: string;
  source: string;
  bytes: number;
}

/** A read that could not be served; `kind` says whether the caller or the file is at fault. */
export class ContentError extends Error {
  constructor(
    readonly kind: "bad_path" | "missing",
    message: string,
  ) {
    super(message);
  }
}

export interface LangContent {
  list(collection: Collection): Promise<SourceEntry[]>;
  read(collection: Collection, name: string): Promise<SourceFile>;
  document(name: DocumentName): Promise<string>;
}

const LANG_ROOT = fileURLToPath(new URL("../../lang/", import.meta.url));

const DOCUMENT_FILES: Record<DocumentName, string> = {
  grammar: "spec/grammar.ebnf",
  readme: "README.md",
  roadmap: "ROADMAP.md",
  gotchas: "GOTCHAS.md",
};

export function fileContent(root: string = LANG_ROOT): LangContent {
  const folder = (collection: Collection) => resolve(root, collection);

  return {
    async list(collection) {
      const base = folder(collection);
      const paths = (await readdir(base, { recursive: true })).filter((p) => p.endsWith(".pith"));
      const entries = await Promise.all(
        paths.map(async (path) => {
          const posix = path.split(sep).join("/");
          return { name: posix.slice(0, -".pith".length), path: posix, bytes: (await stat(join(base, path))).size };
        }),
      );
      return entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    },

    async read(collection, name) {
      const base = folder(collection);
      const wanted = name.endsWith(".pith") ? name : `${name}.pith`;
      const full = resolve(base, wanted);
      const inside = relative(base, full);
      if (name === "" || name.includes("\0") || inside.startsWith("..") || resolve(base, inside) !== full) {
        throw new ContentError("bad_path", `'${name}' is not a path inside ${collection}/`);
      }
      try {
        const source = await readFile(full, "utf8");
        return { name: wanted.slice(0, -".pith".length), source, bytes: Buffer.byteLength(source) };
      } catch {
        throw new ContentError("missing", `no ${collection} file named '${name}'`);
      }
    },

    document(name) {
      return readFile(join(root, DOCUMENT_FILES[name]), "utf8");
    },
  };
}
