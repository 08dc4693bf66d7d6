// The primer (lang/README.md) and lang/GOTCHAS.md are checked against the
// compiler: every ```pith block compiles, or is marked as an example of an
// error by a `<!-- error: <message substring> -->` line right above it and
// then gets that error. A block without `fn main` is a fragment: one with
// top-level declarations is checked as a file (with an empty `main` added),
// one of statements inside `fn main` (its imports stay at the top). Blocks
// that name their file (`// util.pith`) are the files `import util` reads.
// wasm/tests/readme_examples.test.ts runs the primer's whole programs.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { diagnostics } from "../../wasm/tests/compiler";
import { namedFiles } from "./docFiles";

interface Block {
  doc: string;
  line: number;
  code: string;
  error: string | null;
}

function blocks(doc: string): Block[] {
  const text = readFileSync(new URL(`../${doc}`, import.meta.url), "utf8");
  const found: Block[] = [];
  for (const m of text.matchAll(/^( *)```pith\n([\s\S]*?)^ *```/gm)) {
    const indent = m[1].length;
    const code = m[2]
      .split("\n")
      .map((l) => l.slice(Math.min(indent, l.length - l.trimStart().length)))
      .join("\n");
    const before = text.slice(0, m.index).trimEnd().split("\n").pop() ?? "";
    const marker = before.trim().match(/^<!-- error: (.*) -->$/);
    found.push({ doc, line: text.slice(0, m.index).split("\n").length, code, error: marker ? marker[1] : null });
  }
  return found;
}

/** The block as a whole file: fragments of statements go into `fn main`. */
function asProgram(code: string): string {
  if (/^fn main\(/m.test(code)) return code;
  if (/^(fn|struct|enum|impl|const) /m.test(code)) return `${code}\nfn main() {}\n`;
  const lines = code.split("\n");
  const imports = lines.filter((l) => l.startsWith("import "));
  const body = lines.filter((l) => !l.startsWith("import ")).map((l) => `    ${l}`);
  return `${imports.join("\n")}\nfn main() {\n${body.join("\n")}\n}\n`;
}

const all = [...blocks("README.md"), ...blocks("GOTCHAS.md")];
// Files of the docs' programs of several files (`// util.pith` blocks), beside every block.
const modules = namedFiles(all.map((b) => b.code));

describe("code blocks of the primer and GOTCHAS", () => {
  it("finds the blocks, error examples among them", () => {
    expect(all.filter((b) => b.doc === "README.md").length).toBeGreaterThanOrEqual(8);
    expect(all.filter((b) => b.doc === "GOTCHAS.md").length).toBeGreaterThanOrEqual(3);
    expect(all.some((b) => b.error !== null)).toBe(true);
  });

  for (const block of all) {
    const what = `${block.doc}:${block.line} ${block.error ? `gets "${block.error}"` : "compiles"}`;
    it(what, async () => {
      const messages = (await diagnostics(asProgram(block.code), modules))
        .filter((d) => d.severity === "error")
        .map((d) => `${d.line}:${d.col}: ${d.message}`);
      if (block.error === null) expect(messages).toEqual([]);
      else expect(messages.some((m) => m.includes(block.error as string))).toBe(true);
    }, 60_000);
  }
});
