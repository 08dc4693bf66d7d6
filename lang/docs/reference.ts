// The reference page of a standard module, generated from its doc comments:
// `//!` lines open the page, `///` lines document the item that follows
// (fn, struct, enum, const, and the methods inside `impl`). Items without a
// `///` comment are internal and left out. The Markdown is what the server,
// the playground and the MCP tools serve; `generate.ts` writes one file per
// module to lang/docs/std/ and the test keeps those files current.

export interface DocItem {
  /** The declaration line as written, without its body: `fn sort<T>(xs: [T]) -> [T]`. */
  signature: string;
  /** The type whose `impl` block holds the item, or "" for a module item. */
  owner: string;
  doc: string;
}

export interface ModuleDoc {
  name: string;
  intro: string;
  items: DocItem[];
}

/** The declaration's head: everything before the body's `{` (struct fields are kept). */
function signatureOf(line: string): string {
  const text = line.trim();
  if (text.startsWith("struct ") || text.startsWith("enum ")) return text.replace(/\s*\{\s*$/, "");
  const brace = text.lastIndexOf("{");
  return (brace > 0 ? text.slice(0, brace) : text).trim();
}

/** Reads the doc comments of one module's source. */
export function parseModuleDoc(name: string, source: string): ModuleDoc {
  const intro: string[] = [];
  const items: DocItem[] = [];
  let pending: string[] = [];
  let owner = "";
  let depth = 0;
  // An enum's variants (with their payload types), spread over lines, belong
  // to its signature, which ends with the closing `}`. A struct's fields are
  // its own business (the methods are its interface): its head alone is shown.
  let body: DocItem | null = null;
  for (const raw of source.split("\n")) {
    const line = raw.trim();
    if (body !== null) {
      const code = line.replace(/\s*\/\/.*$/, "");
      if (code === "}") {
        body.signature += "\n}";
        body = null;
      } else if (code !== "") body.signature += `\n    ${code}`;
      if (code === "}") depth--;
      continue;
    }
    if (line.startsWith("//!")) {
      intro.push(line.slice(3).trim());
      continue;
    }
    if (line.startsWith("///")) {
      pending.push(line.slice(3).trim());
      continue;
    }
    const impl = /^impl\s+([A-Za-z_][A-Za-z0-9_]*)/.exec(line);
    if (depth === 0 && impl) owner = impl[1];
    const isItem = /^(fn|struct|enum|const)\s/.test(line) && (depth === 0 || (depth === 1 && owner !== ""));
    if (isItem && pending.length > 0) {
      const item = { signature: signatureOf(line), owner: depth === 0 ? "" : owner, doc: pending.join(" ") };
      items.push(item);
      if (/^enum\s.*\{$/.test(line)) {
        item.signature += " {";
        body = item;
        depth++;
        pending = [];
        continue;
      }
    }
    if (line !== "") pending = [];
    for (const ch of line.replace(/"(?:[^"\\]|\\.)*"/g, "")) {
      if (ch === "{") depth++;
      else if (ch === "}") depth--;
    }
    if (depth === 0) owner = "";
  }
  // An empty `//!` line separates paragraphs.
  const paragraphs = intro
    .join("\n")
    .split(/\n{2,}/)
    .map((p) => p.split("\n").join(" ").trim());
  return { name, intro: paragraphs.filter((p) => p !== "").join("\n\n"), items };
}

/** Inline `code` spans stay as written; everything else is plain Markdown text. */
export function renderModuleDoc(doc: ModuleDoc): string {
  const out = [`# std.${doc.name}`, "", doc.intro, ""];
  const free = doc.items.filter((i) => i.owner === "");
  const owners = [...new Set(doc.items.filter((i) => i.owner !== "").map((i) => i.owner))];
  if (free.length > 0) {
    out.push("## Functions and types", "");
    for (const item of free) out.push("```pith", item.signature, "```", "", item.doc, "");
  }
  for (const owner of owners) {
    out.push(`## impl ${owner}`, "");
    for (const item of doc.items.filter((i) => i.owner === owner))
      out.push("```pith", item.signature, "```", "", item.doc, "");
  }
  return `${out.join("\n").trimEnd()}\n`;
}

/** The Markdown reference of one module, from its source. */
export function moduleReference(name: string, source: string): string {
  return renderModuleDoc(parseModuleDoc(name, source));
}
