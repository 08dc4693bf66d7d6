// The examples of the standard-library reference. Every public function of
// lang/stdlib/<module>.pith has a `///` doc comment, and one line of it reads
//
//   /// Example: `<statements>` prints `<output>`
//
// (statements on one line, `;` between them; the output is the program's
// one line of stdout without its newline). Host modules (canvas, audio,
// http) leave out "prints ...": their examples are only compiled, since a
// test has no browser to run them. A function without `///` is internal and
// says so with a `// internal` comment right above it.
// stdlib_examples.test.ts compiles and runs every example.
import { HOST_MODULE_NAMES } from "../../protocol/hostModules";

/** The host modules (protocol/hostModules.ts), whose examples are compiled but not run. */
export const HOST_MODULES: readonly string[] = HOST_MODULE_NAMES;
const MODULES = [
  "array",
  "audio",
  "canvas",
  "decimal",
  "env",
  "fmt",
  "http",
  "json",
  "map",
  "math",
  "option",
  "random",
  "result",
  "str",
  "time",
];

export interface PublicFunction {
  module: string;
  /** The type whose `impl` holds the method, or "" for a module function. */
  owner: string;
  name: string;
  line: number;
  documented: boolean;
  /** Marked `// internal` (undocumented on purpose). */
  internal: boolean;
  example: { code: string; output: string | null } | null;
}

const EXAMPLE = /Example: `([^`]+)`(?: prints `([^`]*)`)?/;

/**
 * Every function of a module's source: the top-level ones (column 0) and the
 * methods of its `impl` blocks (column 4), with their doc comments.
 */
export function functionsOf(module: string, source: string): PublicFunction[] {
  const found: PublicFunction[] = [];
  const lines = source.split("\n");
  let owner = "";
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const impl = /^impl(?:<[^>]*>)?\s+([A-Za-z_]\w*)/.exec(line);
    if (impl) owner = impl[1];
    else if (/^\S/.test(line) && !line.startsWith("}") && !line.startsWith("//")) owner = "";
    const fn = /^( {4})?fn\s+([A-Za-z_]\w*)/.exec(line);
    if (!fn || (fn[1] && owner === "")) continue;
    const doc: string[] = [];
    let j = i - 1;
    while (j >= 0 && lines[j].trim().startsWith("///")) doc.unshift(lines[j--].trim().slice(3).trim());
    const text = doc.join(" ");
    const m = EXAMPLE.exec(text);
    found.push({
      module,
      owner: fn[1] ? owner : "",
      name: fn[2],
      line: i + 1,
      documented: doc.length > 0,
      internal: doc.length === 0 && j >= 0 && /^\s*\/\/\s*internal\b/.test(lines[j]),
      example: m ? { code: m[1], output: m[2] ?? null } : null,
    });
  }
  return found;
}

/** The example as a whole program: the modules it names are imported, the statements go in `main`. */
export function exampleProgram(module: string, code: string): string {
  const used = MODULES.filter((m) => m === module || new RegExp(`\\b${m}\\.[a-zA-Z_]`).test(code));
  return `${used.map((m) => `import std.${m}`).join("\n")}\n\nfn main() {\n    ${code}\n}\n`;
}
