// JSON pieces the query answers are written from. Positions go out as
// 1-based line and column (code points), as diagnostics do, so every host
// can hand them to its editor unchanged.
import { jsonString } from "../diagnostics";
import { Source } from "../source";

export { jsonString };

/** `"file":..,"line":..,"col":..,"end_line":..,"end_col":..` for a byte range (no braces). */
export function rangeFields(source: Source, start: i32, end: i32): string {
  return "\"file\":" + jsonString(fileName(source)) +
    ",\"line\":" + source.line(start).toString() +
    ",\"col\":" + source.col(start).toString() +
    ",\"end_line\":" + source.line(end).toString() +
    ",\"end_col\":" + source.col(end).toString();
}

/**
 * The name a host opens: the user's file as given, a standard-library module
 * as "std/math.pith" (its source is named "<std/math.pith>" inside the compiler).
 */
export function fileName(source: Source): string {
  const n = source.name;
  if (n.startsWith("<") && n.endsWith(">")) return n.substring(1, n.length - 1);
  return n;
}

/** The byte offset of a 1-based line and column (code points); clamped to the line's end. */
export function offsetOf(source: Source, line: i32, col: i32): i32 {
  if (line < 1) return 0;
  if (line > source.lineStarts.length) return source.bytes.length;
  let at = source.lineStarts[line - 1];
  let c = 1;
  const bytes = source.bytes;
  while (at < bytes.length && c < col) {
    const b = bytes[at];
    if (b == 10) break;
    at++;
    while (at < bytes.length && (bytes[at] & 0xc0) == 0x80) at++;
    c++;
  }
  return at;
}

export function isIdentByte(b: u8): bool {
  return (b >= 97 && b <= 122) || (b >= 65 && b <= 90) || (b >= 48 && b <= 57) || b == 95;
}

/** The offset of the identifier `name` at or after `from` (whole word), or `from` when absent. */
export function nameAt(source: Source, from: i32, to: i32, name: string): i32 {
  const want = String.UTF8.encode(name);
  const n = want.byteLength;
  const w = Uint8Array.wrap(want);
  const bytes = source.bytes;
  const last = min(to, bytes.length) - n;
  for (let i = from; i <= last; i++) {
    if (i > 0 && isIdentByte(bytes[i - 1])) continue;
    let same = true;
    for (let j = 0; j < n && same; j++) if (bytes[i + j] != w[j]) same = false;
    if (!same) continue;
    if (i + n < bytes.length && isIdentByte(bytes[i + n])) continue;
    return i;
  }
  return from;
}
