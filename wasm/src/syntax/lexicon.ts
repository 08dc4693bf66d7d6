// The language's words, in the one place both sides read them: the lexer,
// the checker's completion and hover (AssemblyScript, in compiler.wasm) and
// the editors' highlighters, Monaco's tokens and the stdlib symbols
// (TypeScript, client/ and server/docs) import this file as it is. So it
// holds plain string lists only, valid in both languages; a test
// (wasm/tests/lexicon.test.ts) checks the compiler accepts exactly these.

/**
 * Keywords, as the lexer recognises them (token.ts maps each, by position,
 * to its token kind: keep the two lists in step).
 */
export const KEYWORDS: string[] = [
  "fn", "let", "var", "const", "if", "else", "while", "for", "in", "loop", "break", "continue", "return", "match",
  "struct", "enum", "impl", "import", "extern", "true", "false", "as", "self", "pub", "_",
];

/** The keywords that are values. */
export const LITERAL_KEYWORDS: string[] = ["true", "false"];

/** Types a program names without declaring or importing them (`ptr`, the runtime's raw address, is left out). */
export const PRIMITIVE_TYPES: string[] = ["i64", "i32", "u8", "u32", "u64", "f64", "bool", "str"];

/** The prelude's generic types (`T?` is `Option<T>`). */
export const PRELUDE_TYPES: string[] = ["Option", "Result"];

/** The prelude types' variants, written without their type. */
export const PRELUDE_VARIANTS: string[] = ["Some", "None", "Ok", "Err"];

/** Generic types of the standard library (std.map). */
export const STD_TYPES: string[] = ["Map", "Set"];

/**
 * The prelude's functions the checker implements itself (builtin_checker.ts)
 * rather than in Pith, so they have no declaration to read a signature or
 * doc comment from: name, signature, doc.
 */
export const PRELUDE_FUNCTIONS: string[][] = [
  ["print", "fn print(value)", "Writes the value to stdout without a newline."],
  ["println", "fn println(value)", "Writes the value and a newline to stdout."],
  ["eprint", "fn eprint(value)", "Writes the value to stderr without a newline."],
  ["eprintln", "fn eprintln(value)", "Writes the value and a newline to stderr."],
  ["read_line", "fn read_line() -> str", "Reads the next line from stdin, including its newline; \"\" only at end of input."],
  ["read_all", "fn read_all() -> str", "Reads the rest of stdin."],
  ["panic", "fn panic(message: str)", "Stops the program: prints `panic: <message> at <file>:<line>:<col>` and exits 101."],
  ["assert", "fn assert(condition: bool, message?: str)", "Panics when the condition is false; the message is optional."],
  ["len", "fn len(value: str | [T]) -> i64", "The length of a string (bytes) or an array."],
  ["chr", "fn chr(byte: u8) -> str", "A one-byte string."],
];
