// Inputs for the robustness fuzzer: corpus programs with random edits (cut,
// insert a token, duplicate, truncate, replace a byte, swap lines) and token
// soup. Most are not valid Pith; the compiler must still answer each with a
// diagnostic or a valid module, never a crash. Deterministic from a seed.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

export type Next = (n: number) => number;

/** xorshift32: a small generator so a failure can be replayed from its seed. */
export function xorshift(seed: number): Next {
  let s = seed >>> 0 || 1;
  return (n: number) => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) % n;
  };
}

/** Every `.pith` file under lang/tests and lang/examples: the seeds that get mutated. */
export function corpus(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith(".pith")) out.push(readFileSync(full, "utf8"));
    }
  };
  for (const dir of ["lang/tests", "lang/examples"]) {
    try {
      walk(join(root, dir));
    } catch {
      // A missing corpus folder only narrows the seeds.
    }
  }
  return out.length > 0 ? out : ['fn main() {\n    println("hi")\n}\n'];
}

const TOKENS = [
  "fn",
  "let",
  "var",
  "if",
  "else",
  "while",
  "for",
  "in",
  "loop",
  "break",
  "continue",
  "return",
  "match",
  "struct",
  "enum",
  "impl",
  "import",
  "const",
  "self",
  "true",
  "false",
  "as",
  "{",
  "}",
  "(",
  ")",
  "[",
  "]",
  ",",
  ";",
  ":",
  ".",
  "..",
  "..=",
  "->",
  "=>",
  "?",
  "+",
  "-",
  "*",
  "/",
  "%",
  "&",
  "|",
  "^",
  "~",
  "!",
  "<<",
  ">>",
  "&&",
  "||",
  "=",
  "==",
  "!=",
  "<",
  "<=",
  ">",
  ">=",
  "+=",
  "|x|",
  "x",
  "y",
  "main",
  "i64",
  "i32",
  "u8",
  "u32",
  "u64",
  "f64",
  "str",
  "bool",
  "[i64]",
  "0",
  "1",
  "-1",
  "9223372036854775807",
  "1.5",
  "1e309",
  '"s"',
  '"{x}"',
  '"\\{"',
  "_",
  "\n",
  " ",
  "Point",
  "Some",
  "None",
  "Ok",
  "Err",
  "std.math",
  "std.map",
  "std.array",
  "0x",
  "'",
  '"unterminated',
  "/*",
  "*/",
  "//",
  "(1, 2)",
  "Map<str, i64>",
  "<i64>",
  // Habits from other languages, which the parser reads on with a hint.
  "'a'",
  "'\\n'",
  "'é'",
  "''",
  '"{}"',
  "and",
  "or",
  "not",
  "null",
  "range",
  "for (i = 0;",
  "++",
  "{ a: f64 }",
  "String",
];

/** One to four random edits of `src`. */
export function mutate(src: string, next: Next): string {
  let s = src;
  const edits = 1 + next(4);
  for (let e = 0; e < edits; e++) {
    const at = next(s.length + 1);
    switch (next(6)) {
      case 0:
        s = s.slice(0, at) + s.slice(at + 1 + next(20));
        break;
      case 1:
        s = s.slice(0, at) + TOKENS[next(TOKENS.length)] + s.slice(at);
        break;
      case 2: {
        const len = next(40);
        s = s.slice(0, at) + s.slice(at, at + len) + s.slice(at);
        break;
      }
      case 3:
        s = s.slice(0, at);
        break;
      case 4:
        s = s.slice(0, at) + String.fromCharCode(next(128)) + s.slice(at + 1);
        break;
      default: {
        const lines = s.split("\n");
        const a = next(lines.length);
        const b = next(lines.length);
        [lines[a], lines[b]] = [lines[b], lines[a]];
        s = lines.join("\n");
      }
    }
  }
  return s;
}

/** A `main` of up to 60 random tokens. */
export function soup(next: Next): string {
  let s = "fn main() {\n";
  const n = next(60);
  for (let i = 0; i < n; i++) s += `${TOKENS[next(TOKENS.length)]} `;
  return `${s}\n}\n`;
}
