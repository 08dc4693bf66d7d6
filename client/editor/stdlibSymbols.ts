// The names completion and hover offer: the prelude (built into the
// compiler) and every standard-library module, read from lang/stdlib/*.pith
// at build time so new modules and functions appear without a change here.

import { PRELUDE_FUNCTIONS } from "../../wasm/src/syntax/lexicon";

export interface StdSymbol {
  /** "" for the prelude, else the module's short name ("math" for std.math). */
  module: string;
  name: string;
  kind: "function" | "constant";
  /** The declaration as written, e.g. `fn sqrt(x: f64) -> f64`. */
  signature: string;
  doc: string;
  /** Marked `// internal` above its declaration: a helper of the module, not offered to programs. */
  internal?: boolean;
}

export interface StdlibModule {
  /** The import path, e.g. "std.math". */
  path: string;
  /** Short name used at call sites, e.g. "math". */
  name: string;
  doc: string;
  source: string;
}

// The prelude is checked by the compiler itself (wasm/src/check/builtin_checker.ts), not written in Pith:
// its list is the compiler's (lexicon.ts), the one completion and hover in compiler.wasm read.
const PRELUDE: StdSymbol[] = PRELUDE_FUNCTIONS.map(([name, signature, doc]) => ({
  module: "",
  name,
  kind: "function",
  signature,
  doc,
}));

const SOURCES = import.meta.glob("../../lang/stdlib/**/*.pith", {
  query: "?raw",
  import: "default",
  eager: true,
}) as Record<string, string>;

/** Comment lines directly above line `at`, without their slashes. */
function commentAbove(lines: string[], at: number): string[] {
  const above: string[] = [];
  for (let i = at - 1; i >= 0 && /^\s*\/\//.test(lines[i]); i--) above.unshift(lines[i]);
  return above;
}

const isInternal = (lines: string[], at: number) =>
  commentAbove(lines, at).some((l) => /^\s*\/\/\s*internal\s*$/.test(l));

function docAbove(lines: string[], at: number): string {
  const doc: string[] = [];
  for (let i = at - 1; i >= 0 && /^\s*\/\//.test(lines[i]); i--) doc.unshift(lines[i].replace(/^\s*\/\/\/?\s?/, ""));
  return doc.join("\n");
}

export function parseModule(path: string, source: string): { module: StdlibModule; symbols: StdSymbol[] } {
  const lines = source.split("\n");
  const name = path.split(".").at(-1) ?? path;
  const header: string[] = [];
  for (const line of lines) {
    if (!line.startsWith("//")) break;
    // A module's header is written as inner doc comments (`//!`); the marker is not part of the text.
    header.push(line.replace(/^\/\/!?\s?/, ""));
  }
  const symbols: StdSymbol[] = [];
  lines.forEach((line, i) => {
    const fn = /^(?:pub\s+)?(fn\s+([A-Za-z][A-Za-z0-9_]*)\s*(?:<[^>]*>)?\s*\([^)]*\)(?:\s*->\s*[^{]+)?)/.exec(line);
    if (fn) {
      symbols.push({
        module: name,
        name: fn[2],
        kind: "function",
        signature: fn[1].trim(),
        doc: docAbove(lines, i),
        ...(isInternal(lines, i) && { internal: true }),
      });
      return;
    }
    const constant = /^(?:pub\s+)?(const\s+([A-Za-z][A-Za-z0-9_]*)\s*:\s*[^=]+)/.exec(line);
    if (constant)
      symbols.push({
        module: name,
        name: constant[2],
        kind: "constant",
        signature: constant[1].trim(),
        doc: docAbove(lines, i),
        ...(isInternal(lines, i) && { internal: true }),
      });
  });
  return { module: { path, name, doc: header.join("\n"), source }, symbols };
}

/** A module's summary: the first sentence of its doc, without the module's own name in front. */
export function moduleSummary(module: StdlibModule): string {
  const paragraph = (module.doc.split("\n\n")[0] ?? "").replaceAll("\n", " ");
  const text = paragraph.startsWith(`${module.path}: `) ? paragraph.slice(module.path.length + 2) : paragraph;
  return /^.*?[.!?](?=\s|$)/.exec(text)?.[0] ?? text;
}

function load(): { modules: StdlibModule[]; symbols: StdSymbol[] } {
  const modules: StdlibModule[] = [];
  const symbols: StdSymbol[] = [...PRELUDE];
  for (const [file, source] of Object.entries(SOURCES).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const relative = file.replace(/^.*lang\/stdlib\//, "").replace(/\.pith$/, "");
    const parsed = parseModule(`std.${relative.replaceAll("/", ".")}`, source);
    modules.push(parsed.module);
    symbols.push(...parsed.symbols);
  }
  return { modules, symbols };
}

let loaded: ReturnType<typeof load> | undefined;
/**
 * The prelude and the standard library's modules and names, parsed on first
 * use: parsing every module at start-up cost the page ~30 ms before it was
 * editable, and only completion, hover and the Library tab need them.
 */
export function stdlib(): { modules: StdlibModule[]; symbols: StdSymbol[] } {
  loaded ??= load();
  return loaded;
}

/** The names of a standard-library module's helpers (`math` → exp_, reduce, ...), which completion leaves out. */
export function internalNames(module: string): Set<string> {
  return new Set(
    stdlib()
      .symbols.filter((s) => s.module === module && s.internal)
      .map((s) => s.name),
  );
}
