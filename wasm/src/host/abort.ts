import { STDERR, writeString, exit } from "./wasi";

// Any trap inside the compiler lands here: report it as an internal error
// (exit 70) instead of an opaque wasm trap, so hosts can tell it apart from
// diagnostics in the user's program.
export function abortHandler(msg: string | null, file: string | null, line: u32, col: u32): void {
  const what = msg !== null ? msg : "abort";
  const where = file !== null ? file : "?";
  writeString(STDERR, "internal compiler error: " + what + " at " + where + ":" + line.toString() + ":" + col.toString() + "\n");
  exit(70);
  unreachable();
}
