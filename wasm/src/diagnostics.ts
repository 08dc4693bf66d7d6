import { Source } from "./source";

// Diagnostics are collected, never thrown (AssemblyScript has no exceptions):
// every phase appends to one list and carries on, so a run reports several
// errors at once.
export class Diagnostic {
  constructor(
    public source: Source,
    public start: i32,
    public end: i32,
    public severity: string,
    // A stable code from the table in protocol/diagnostics (E0001...): tools
    // key on it, never on the message, whose wording may change.
    public code: string,
    public message: string,
  ) {}
}

export class Diagnostics {
  list: Diagnostic[] = [];
  errorCount: i32 = 0;

  error(code: string, source: Source, start: i32, end: i32, message: string): void {
    // One error per position is enough: recovery can otherwise repeat itself.
    for (let i = 0; i < this.list.length; i++) {
      const d = this.list[i];
      if (d.source == source && d.start == start && d.severity == "error") return;
    }
    if (this.errorCount >= 100) return;
    this.list.push(new Diagnostic(source, start, end < start ? start : end, "error", code, message));
    this.errorCount++;
  }
}

// Text is built as a list of pieces joined once: strings are immutable and
// compiler.wasm never collects garbage, so `+=` in a loop would be quadratic.
export function jsonString(s: string): string {
  const out: string[] = ["\""];
  let run = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c != 34 && c != 92 && c >= 32) continue;
    out.push(s.substring(run, i));
    if (c == 34) out.push("\\\"");
    else if (c == 92) out.push("\\\\");
    else if (c == 10) out.push("\\n");
    else out.push("\\u00" + (c < 16 ? "0" : "") + c.toString(16));
    run = i + 1;
  }
  out.push(s.substring(run));
  out.push("\"");
  return out.join("");
}

export function renderHuman(d: Diagnostic): string {
  const line = d.source.line(d.start);
  const col = d.source.col(d.start);
  const text = d.source.lineText(line);
  const pad: string[] = [];
  for (let i = 1; i < col; i++) pad.push(text.charCodeAt(i - 1) == 9 ? "\t" : " ");
  const width = d.end > d.start && d.source.line(d.end) == line ? d.end - d.start : 1;
  const caret = pad.join("") + "^" + "~".repeat(width - 1);
  return d.source.name + ":" + line.toString() + ":" + col.toString() + ": " + d.severity + ": " + d.message + "\n" +
    "  " + text + "\n  " + caret + "\n";
}

export function renderJson(list: Diagnostic[]): string {
  const out: string[] = [];
  for (let i = 0; i < list.length; i++) {
    const d = list[i];
    out.push("{\"file\":" + jsonString(d.source.name) +
      ",\"line\":" + d.source.line(d.start).toString() +
      ",\"col\":" + d.source.col(d.start).toString() +
      ",\"end_line\":" + d.source.line(d.end).toString() +
      ",\"end_col\":" + d.source.col(d.end).toString() +
      ",\"severity\":" + jsonString(d.severity) +
      ",\"code\":" + jsonString(d.code) +
      ",\"message\":" + jsonString(d.message) + "}");
  }
  return "[" + out.join(",") + "]\n";
}
