// The compiler's query mode: one entry point for every editor question
// (`pith query <file> <what> --at LINE:COL [--name NEW]`), answered as JSON
// from the program's own checked tree. The program may have errors: the
// parser and checker recover, and the answer uses whatever they resolved.
import { Program } from "../check/program";
import { completion } from "./completion";
import { Index } from "./index";
import { offsetOf } from "./json";
import { definition, hover, references, rename } from "./navigation";
import { outline, signatureHelp } from "./outline";

/** The questions, as the CLI spells them. */
export const QUERY_KINDS: string[] = ["complete", "signature", "hover", "definition", "references", "rename", "symbols"];

/** The JSON answer to `what` at line:col, or null for an unknown question. */
export function answerQuery(program: Program, what: string, line: i32, col: i32, newName: string): string | null {
  const index = new Index(program);
  const offset = offsetOf(index.source, line, col);
  if (what == "complete") return completion(index, offset);
  if (what == "signature") return signatureHelp(index, offset);
  if (what == "hover") return hover(index, offset);
  if (what == "definition") return definition(index, offset);
  if (what == "references") return references(index, offset);
  if (what == "rename") return rename(index, offset, newName);
  if (what == "symbols") return outline(index);
  return null;
}
