// The prelude's functions the checker implements itself (builtin_checker.ts)
// rather than in Pith, so they have no declaration to read a signature or doc
// comment from: name, signature, doc.
export const PRELUDE: string[][] = [
  ["print", "fn print(value)", "Writes the value to stdout without a newline."],
  ["println", "fn println(value)", "Writes the value and a newline to stdout."],
  ["eprint", "fn eprint(value)", "Writes the value to stderr without a newline."],
  ["eprintln", "fn eprintln(value)", "Writes the value and a newline to stderr."],
  ["read_line", "fn read_line() -> str", "Reads the next line from stdin, including its newline; \"\" only at end of input."],
  ["read_all", "fn read_all() -> str", "Reads the rest of stdin."],
  ["panic", "fn panic(message: str)", "Stops the program: prints `panic: <message> at <file>:<line>:<col>` and exits 101."],
  ["assert", "fn assert(condition: bool, message: str)", "Panics when the condition is false; the message is optional."],
  ["len", "fn len(value: str | [T]) -> i64", "The length of a string (bytes) or an array."],
  ["chr", "fn chr(byte: u8) -> str", "A one-byte string."],
];

/** The prelude entry for a builtin call target ("#println"), or null. */
export function preludeEntry(name: string): string[] | null {
  for (let i = 0; i < PRELUDE.length; i++) if (PRELUDE[i][0] == name) return PRELUDE[i];
  return null;
}
