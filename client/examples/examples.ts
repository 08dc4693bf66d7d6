// Every program in lang/examples/, bundled into the app at build time so the
// menu works offline. A program's description is the first sentence of its
// leading comment; a `<name>.stdin` beside it is its prepared input.

export interface Example {
  name: string;
  description: string;
  source: string;
  stdin?: string;
}

const SOURCES = import.meta.glob("../../lang/examples/*.pith", { query: "?raw", import: "default", eager: true });
const INPUTS = import.meta.glob("../../lang/examples/*.stdin", { query: "?raw", import: "default", eager: true });

const baseName = (path: string) => path.replace(/^.*\//, "").replace(/\.[a-z]+$/, "");

export function describe(source: string): string {
  const comment: string[] = [];
  for (const line of source.split("\n")) {
    if (!line.startsWith("//")) break;
    comment.push(line.replace(/^\/\/\s?/, ""));
  }
  const text = comment.join(" ").trim();
  const sentence = /^.*?[.!?](\s|$)/.exec(text)?.[0] ?? text;
  return sentence.trim().replace(/[.:]$/, "");
}

export const EXAMPLES: Example[] = Object.entries(SOURCES)
  .map(([path, source]) => {
    const name = baseName(path);
    const stdin = Object.entries(INPUTS).find(([p]) => baseName(p) === name)?.[1] as string | undefined;
    return { name, description: describe(source as string), source: source as string, stdin };
  })
  // Code-point order, not localeCompare: its first call builds ICU's collator,
  // ~30 ms on the page's start-up path (the names are ASCII, so the order is the same).
  .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

export const HELLO_WORLD = `// Welcome to the Pith playground. Press Ctrl+Enter (Cmd+Enter on a Mac) to run.
fn main() {
    let name = "world"
    println("Hello, {name}!")
}
`;
