import { block, get, iconst, Ins, K, load, set, store, T } from "../ir/ir";
import { Source } from "../source";
import { FnState, newLocal } from "./fn_state";

// Panics raised inside the standard library name the user's line, not the
// library's (semantics.md §10), as Rust's #[track_caller] does: a panic at
// `<std/fmt.pith>:59:9` tells the user nothing about which of their calls
// was wrong. User code stores the position of each call it makes into the
// library in one memory cell; library code reports that cell instead of its
// own positions. A library function calling another leaves the cell as it
// is, so the innermost call site in user code is the one reported. The
// cell is plain memory (lang/runtime/rt.pith's memory map), so every
// backend gets this from the same IR.

/** The cell's address: between the free-list heads and the I/O scratch. */
export const CALLER_LOC: i32 = 472;

/** Whether code of this source reports its caller's position in panics. */
export function isLibrary(source: Source): bool {
  return source.name.startsWith("<std/");
}

/** The position library code reports: its innermost caller's in user code. */
export function callerLoc(): Ins {
  return load(T.Ptr, 4, iconst(T.Ptr, CALLER_LOC), 0);
}

function setCallerLoc(value: Ins): Ins {
  return store(4, iconst(T.Ptr, CALLER_LOC), 0, value);
}

/** Whether evaluating `x` may call a function (which may store its own position in the cell). */
function mayCall(x: Ins): bool {
  if (x.kind == K.Call || x.kind == K.CallIndirect) return true;
  for (let i = 0; i < x.args.length; i++) if (mayCall(x.args[i])) return true;
  for (let i = 0; i < x.body.length; i++) if (mayCall(x.body[i])) return true;
  for (let i = 0; i < x.other.length; i++) if (mayCall(x.other[i])) return true;
  return false;
}

/**
 * A call from user code into code that may be the library's: its arguments
 * that call anything are evaluated first (they may call the library
 * themselves, which stores their own positions), then the cell gets this
 * call's position, then the call runs. `site` is the call's position, a
 * static string. Arguments without calls stay in place: they cannot touch
 * the cell, and an indirect call's code-slot load must stay visible to the
 * specialiser (passes/specialise.ts) for a known closure to become a
 * direct call.
 */
export function withCallSite(fl: FnState, site: Ins, c: Ins): Ins {
  const out: Ins[] = [];
  for (let i = 0; i < c.args.length; i++) {
    const a = c.args[i];
    if (!mayCall(a) || a.ty == T.None) continue;
    const tmp = newLocal(fl, a.ty);
    out.push(set(tmp, a));
    c.args[i] = get(tmp, a.ty);
  }
  out.push(setCallerLoc(site));
  out.push(c);
  return block(0, out, c.ty);
}

/**
 * A call of a function value from library code: the function may be the
 * user's (a closure given to `array.map`), whose own library calls change the
 * cell, so the cell is put back once it returns.
 */
export function keepingCallSite(fl: FnState, c: Ins): Ins {
  const saved = newLocal(fl, T.Ptr);
  const out: Ins[] = [set(saved, callerLoc()), c];
  if (c.ty == T.None) {
    out.push(setCallerLoc(get(saved, T.Ptr)));
    return block(0, out, T.None);
  }
  const r = newLocal(fl, c.ty);
  out[1] = set(r, c);
  out.push(setCallerLoc(get(saved, T.Ptr)));
  out.push(get(r, c.ty));
  return block(0, out, c.ty);
}
