import { call, iconst, Ins, T } from "../ir/ir";
import { callerLoc, isLibrary } from "./caller_loc";
import { FnState } from "./fn_state";

/** Calls to the runtime, static strings, and the source positions panics report. */

/** A call to a runtime function, requested on first use. */
export function rt(fl: FnState, name: string, args: Ins[]): Ins {
  const full = "rt." + name;
  fl.m.request(full);
  return call(full, args, fl.m.resultOf(full));
}

/** Allocates an object of a size known here: small sizes skip the size-class computation. */
export function allocFixed(fl: FnState, size: i32): Ins {
  const bsize = (size + 8 + 15) & ~15;
  if (bsize <= 1024) return rt(fl, "alloc_class", [iconst(T.I32, bsize >> 4)]);
  return rt(fl, "alloc", [iconst(T.I32, size)]);
}

/** A string in the data segment (static: never freed). */
export function staticStr(fl: FnState, s: string): Ins {
  return iconst(T.Ptr, fl.m.data.addString(s));
}

/** The source position text used in panic messages. */
export function loc(fl: FnState, offset: i32): Ins {
  // The library's panics name the user's call instead (caller_loc.ts).
  if (isLibrary(fl.source)) return callerLoc();
  return staticStr(fl, posText(fl, offset));
}

/** `file:line:col` of an offset in the current source. */
export function posText(fl: FnState, offset: i32): string {
  return fl.source.name + ":" + fl.source.line(offset).toString() + ":" + charCol(fl, offset).toString();
}

/** Columns count characters, not bytes. */
export function charCol(fl: FnState, offset: i32): i32 {
  const line = fl.source.line(offset);
  let col = 1;
  for (let i = fl.source.lineStarts[line - 1]; i < offset; i++) {
    if ((fl.source.bytes[i] & 0xc0) != 0x80) col++;
  }
  return col;
}
