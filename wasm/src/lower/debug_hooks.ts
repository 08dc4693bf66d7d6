import { TyK } from "../check/types";
import { Local } from "../syntax/ast";
import { binary, block, call, get, iconst, iff, Import, Ins, K, load, Op, pushAll, ret, set, store, T } from "../ir/ir";
import { irType } from "./layout";
import { toStr } from "./expr_lower";
import { FnState, newLocal } from "./fn_state";
import { ModuleLowering } from "./module";
import { rt, staticStr } from "./runtime_calls";
import { isUnit } from "./value";

/**
 * The debug build's hooks (`build --debug`, always -O0): the program calls
 * the host's `pith_debug` module at each statement of user code and at the
 * entry and exit of each user function, so a debugger in the host can keep
 * the call stack, stop at lines and step. Locals are read by the program
 * itself: when the statement hook answers non-zero (the host wants to stop
 * here), the code that follows hands the host every visible local, scalars
 * already turned into text by the same runtime functions `println` uses, so
 * the debugger shows exactly what a print would. Nothing of this is emitted
 * without `--debug`, and the hooks change no value the program computes.
 *
 * The host is called only where it may want to stop: each source file has a
 * line table in memory: an i32 with the line of the statement running now
 * (which the host reads for a caller's line and a panic's), a byte set while
 * the user steps, then one byte per line (set: a breakpoint there). A
 * statement stores its line and reads its line's byte and the step byte
 * before calling `stop`. The host learns each table from
 * `enter` and writes it; a run without breakpoints so calls the host only at
 * function entries and exits.
 *
 * Host imports (all in module `pith_debug`; lang/runtime/debug/ implements them):
 *   stop(file: ptr, line: i32) -> i32   before a statement; non-zero asks for the locals
 *   local(name: ptr, type: ptr, kind: i32, value: ptr)   one visible local (kinds below)
 *   pause()   after the locals: the host may now block until it is told to go on
 *   enter(name: ptr, file: ptr, line: i32, table: ptr, lines: i32)   a user function starts; its file's line table
 *   leave()   it returns
 */

/** A local's value is text made for the debugger (the host may read it; the program frees it). */
export const LOCAL_TEXT: i32 = 0;
/** A local holding a string: the pointer to the program's own string. */
export const LOCAL_STR: i32 = 1;
/** An array: the pointer to it; the type text names the element type. */
export const LOCAL_ARRAY: i32 = 2;
/** Anything else: only its type is shown. */
export const LOCAL_OPAQUE: i32 = 3;

export const DEBUG_MODULE = "pith_debug";

/** Adds the four host imports; called once when a debug lowering starts. */
export function addDebugImports(m: ModuleLowering): void {
  m.ir.imports.push(new Import(DEBUG_MODULE, "stop", "dbg.stop", [T.Ptr, T.I32], T.I32));
  m.ir.imports.push(new Import(DEBUG_MODULE, "local", "dbg.local", [T.Ptr, T.Ptr, T.I32, T.Ptr], T.None));
  m.ir.imports.push(new Import(DEBUG_MODULE, "pause", "dbg.pause", [], T.None));
  m.ir.imports.push(new Import(DEBUG_MODULE, "enter", "dbg.enter", [T.Ptr, T.Ptr, T.I32, T.Ptr, T.I32], T.None));
  m.ir.imports.push(new Import(DEBUG_MODULE, "leave", "dbg.leave", [], T.None));
}

/**
 * Whether the function being lowered gets hooks: debug builds, the user's
 * files only. The runtime and the standard library (sources named `<...>`)
 * get none: the hooks themselves call the runtime to format numbers.
 */
export function hooked(fl: FnState): bool {
  return fl.m.debugHooks && !fl.source.name.startsWith("<");
}

/** The statement hook for the statement at `offset`, with the hand-over of the visible locals. */
export function statementHook(fl: FnState, offset: i32): Ins {
  const file = staticStr(fl, fl.source.name);
  const line = iconst(T.I32, fl.source.line(offset));
  const locals: Ins[] = [];
  for (let i = 0; i < fl.visible.length; i++) pushAll(locals, handOver(fl, fl.visible[i]));
  locals.push(call("dbg.pause", [], T.None));
  const table = lineTable(fl);
  const n = fl.source.line(offset);
  const armed = binary(Op.Or, T.I32, load(T.I32, 1, iconst(T.Ptr, table + STEP_BYTE + n), 0), load(T.I32, 1, iconst(T.Ptr, table + STEP_BYTE), 0));
  return block(0, [
    store(4, iconst(T.Ptr, table), 0, iconst(T.I32, n)),
    iff(armed, [iff(call("dbg.stop", [file, line], T.I32), locals, [], T.None)], [], T.None),
  ], T.None);
}

/** Where the step byte is in a line table (after the current line's i32); line N's byte is N after it. */
const STEP_BYTE: i32 = 4;

/** The current file's line table (see above). */
function lineTable(fl: FnState): i32 {
  const name = fl.source.name;
  if (!fl.m.debugTables.has(name)) fl.m.debugTables.set(name, fl.m.data.reserve(STEP_BYTE + fl.source.lineStarts.length + 1));
  return fl.m.debugTables.get(name);
}

function handOver(fl: FnState, l: Local): Ins[] {
  const t = l.ty;
  if (l.index < 0 || isUnit(t) || t.kind == TyK.Never || t.kind == TyK.Error) return [];
  const name = staticStr(fl, l.name);
  const type = staticStr(fl, t.name);
  const k = t.kind;
  if (k == TyK.Str) return [call("dbg.local", [name, type, iconst(T.I32, LOCAL_STR), get(l.index, T.Ptr)], T.None)];
  if (k == TyK.Array) {
    const elem = staticStr(fl, t.elem!.name);
    return [call("dbg.local", [name, elem, iconst(T.I32, LOCAL_ARRAY), get(l.index, T.Ptr)], T.None)];
  }
  if (t.isNumeric || k == TyK.Bool) {
    // The text is made and freed here, as println makes and frees its own.
    const text = newLocal(fl, T.Ptr);
    return [
      set(text, toStr(fl, t, get(l.index, irType(t)))),
      call("dbg.local", [name, type, iconst(T.I32, LOCAL_TEXT), get(text, T.Ptr)], T.None),
      rt(fl, "release", [get(text, T.Ptr)]),
    ];
  }
  return [call("dbg.local", [name, type, iconst(T.I32, LOCAL_OPAQUE), iconst(T.Ptr, 0)], T.None)];
}

/** The entry hook, first in a hooked function's body. */
export function entryHook(fl: FnState, name: string, offset: i32): Ins {
  const lines = fl.source.lineStarts.length;
  return call("dbg.enter", [
    staticStr(fl, name), staticStr(fl, fl.source.name), iconst(T.I32, fl.source.line(offset)),
    iconst(T.Ptr, lineTable(fl)), iconst(T.I32, lines),
  ], T.None);
}

/**
 * The exit hook before every `return` of a finished function body and at its
 * end (before the final value, which the body leaves in a local).
 */
export function addExitHooks(body: Ins[], result: T, fl: FnState): void {
  beforeReturns(body, result, fl);
  const leave = call("dbg.leave", [], T.None);
  if (result != T.None && body.length > 0 && body[body.length - 1].kind == K.LocalGet) {
    const value = body.pop();
    body.push(leave);
    body.push(value);
  } else body.push(leave);
}

function beforeReturns(list: Ins[], result: T, fl: FnState): void {
  for (let i = 0; i < list.length; i++) {
    const n = list[i];
    if (n.kind == K.Return) {
      // Replaced in place, so an operand list keeps its length. The value is
      // computed before the frame is left: it may call functions.
      const hook = call("dbg.leave", [], T.None);
      if (n.args.length == 0) {
        list[i] = block(0, [hook, n], T.None);
        continue;
      }
      const keep = newLocal(fl, result);
      list[i] = block(0, [set(keep, n.args[0]), hook, ret(get(keep, result))], T.None);
      continue;
    }
    beforeReturns(n.args, result, fl);
    beforeReturns(n.body, result, fl);
    beforeReturns(n.other, result, fl);
  }
}
