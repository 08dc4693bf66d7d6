import { TyK } from "../check/types";
import { Local } from "../syntax/ast";
import { binary, block, call, get, iconst, iff, Import, Ins, K, load, Op, pushAll, ret, set, store, T } from "../ir/ir";
import { describeType } from "./debug_types";
import { irType } from "./layout";
import { toStr } from "./expr_lower";
import { FnState, newLocal } from "./fn_state";
import { ModuleLowering } from "./module";
import { rt, staticStr } from "./runtime_calls";
import { isUnit } from "./value";

/**
 * The debug build's hooks (`build --debug`, always -O0): each statement of
 * user code and each user function's entry and exit keep the state a
 * debugger in the host reads (the line running, the call stack) and ask the
 * host where it may want to stop, so it can stop at lines and step. Locals are read by the program
 * itself: when the statement hook answers non-zero (the host wants to stop
 * here), the code that follows hands the host every visible local, scalars
 * already turned into text by the same runtime functions `println` uses, so
 * the debugger shows exactly what a print would. Nothing of this is emitted
 * without `--debug`, and the hooks change no value the program computes.
 *
 * The host is called only where it may want to stop: each source file has a
 * line table in memory: an i32 with the line of the statement running now
 * (which the host reads for a caller's line and a panic's), an i32 the host
 * sets once it knows the table, a byte set while the user steps, then one
 * byte per line (set: a breakpoint there). A statement stores its line and
 * reads its line's byte and the step byte before calling `stop`.
 *
 * The call stack is kept in memory too, so a call costs a few loads and
 * stores and no crossing into the host (calls were the cost of a debug run):
 * the stack area (STACK_* below) holds the depth, a count of entries, a
 * countdown to the host's next look, and one record per frame: the
 * function's name, its file, its file's line table, the line it is at while
 * it calls (written by the callee's entry from the caller's table), and its
 * entry number (the host tells frames apart by it). The host reads the area
 * only when the program stops. It is called at a function's entry only the
 * first time its file's table is met (`table`, so it can set the breakpoints
 * there) and when the countdown runs out (`poll`: the page may have changed
 * the breakpoints while the program runs).
 *
 * Host imports (all in module `pith_debug`; lang/runtime/debug/ implements them):
 *   stop(file: ptr, line: i32) -> i32   before a statement; non-zero asks for the locals
 *   local(name: ptr, type: ptr, kind: i32, value: ptr)   one visible local (kinds below)
 *   pause()   after the locals: the host may now block until it is told to go on
 *   table(file: ptr, table: ptr, lines: i32, stack: ptr)   a file's line table, met for the first time; the stack area
 *   poll()   the countdown ran out; the host sets it again
 */

/** A local's value is text made for the debugger (the host may read it; the program frees it). */
export const LOCAL_TEXT: i32 = 0;
/** A local holding a string: the pointer to the program's own string. */
export const LOCAL_STR: i32 = 1;
/** Anything else: only its type is shown. */
export const LOCAL_OPAQUE: i32 = 3;
/**
 * An array, struct, tuple or enum: the pointer to it (an enum without
 * payloads: its tag); the type text describes the type and every type inside
 * it (debug_types.ts), so the host can show the value, nested values included.
 */
export const LOCAL_VALUE: i32 = 5;

export const DEBUG_MODULE = "pith_debug";

/** Adds the four host imports; called once when a debug lowering starts. */
export function addDebugImports(m: ModuleLowering): void {
  m.ir.imports.push(new Import(DEBUG_MODULE, "stop", "dbg.stop", [T.Ptr, T.I32], T.I32));
  m.ir.imports.push(new Import(DEBUG_MODULE, "local", "dbg.local", [T.Ptr, T.Ptr, T.I32, T.Ptr], T.None));
  m.ir.imports.push(new Import(DEBUG_MODULE, "pause", "dbg.pause", [], T.None));
  m.ir.imports.push(new Import(DEBUG_MODULE, "table", "dbg.table", [T.Ptr, T.Ptr, T.I32, T.Ptr], T.None));
  m.ir.imports.push(new Import(DEBUG_MODULE, "poll", "dbg.poll", [], T.None));
}

/** The stack area's words: frames entered (may pass STACK_FRAMES), entries so far, entries until the next poll. */
export const STACK_DEPTH: i32 = 0;
export const STACK_ENTRIES: i32 = 4;
export const STACK_COUNTDOWN: i32 = 8;
export const STACK_RECORDS: i32 = 16;
/** A record: name, file, line table, line while calling, entry number. */
export const RECORD_SIZE: i32 = 20;
/** Frames recorded; deeper ones are counted, not recorded (the host says so). */
export const STACK_FRAMES: i32 = 1024;
/** In a line table: the line running now, whether the host knows the table, the step byte. */
const TABLE_KNOWN: i32 = 4;

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

/** Where the step byte is in a line table (after the current line and the known flag); line N's byte is N after it. */
const STEP_BYTE: i32 = 8;

/** The module's stack area, reserved with the first hooked function. */
function stackArea(fl: FnState): i32 {
  if (fl.m.debugStack == 0) fl.m.debugStack = fl.m.data.reserve(STACK_RECORDS + STACK_FRAMES * RECORD_SIZE);
  return fl.m.debugStack;
}

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
  if (k == TyK.Array || k == TyK.Struct || k == TyK.Tuple || k == TyK.Enum) {
    const described = staticStr(fl, describeType(fl.m.debugTypes, t));
    // A pointer, or an enum's tag when it has no payloads; both are i32 in wasm.
    return [call("dbg.local", [name, described, iconst(T.I32, LOCAL_VALUE), get(l.index, irType(t))], T.None)];
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

/**
 * The entry hook, first in a hooked function's body: the caller's line into
 * its record, this frame's record, the depth up; the host only for a file's
 * first table and when the countdown runs out.
 */
export function entryHook(fl: FnState, name: string, offset: i32): Ins {
  const area = stackArea(fl);
  const table = lineTable(fl);
  const depth = newLocal(fl, T.I32);
  const record = newLocal(fl, T.I32);
  const countdown = newLocal(fl, T.I32);
  const entries = binary(Op.Add, T.I32, load(T.I32, 4, iconst(T.Ptr, area + STACK_ENTRIES), 0), iconst(T.I32, 1));
  return block(0, [
    set(depth, load(T.I32, 4, iconst(T.Ptr, area + STACK_DEPTH), 0)),
    // The caller's record (if recorded) gets the line it is calling from, read from its file's table.
    iff(binary(Op.And, T.I32, binary(Op.GtS, T.I32, get(depth, T.I32), iconst(T.I32, 0)), binary(Op.LeS, T.I32, get(depth, T.I32), iconst(T.I32, STACK_FRAMES))), [
      set(record, binary(Op.Add, T.I32, iconst(T.I32, area + STACK_RECORDS - RECORD_SIZE), binary(Op.Mul, T.I32, get(depth, T.I32), iconst(T.I32, RECORD_SIZE)))),
      store(4, get(record, T.I32), 12, load(T.I32, 4, load(T.I32, 4, get(record, T.I32), 8), 0)),
    ], [], T.None),
    store(4, iconst(T.Ptr, area + STACK_ENTRIES), 0, entries),
    iff(binary(Op.LtS, T.I32, get(depth, T.I32), iconst(T.I32, STACK_FRAMES)), [
      set(record, binary(Op.Add, T.I32, iconst(T.I32, area + STACK_RECORDS), binary(Op.Mul, T.I32, get(depth, T.I32), iconst(T.I32, RECORD_SIZE)))),
      store(4, get(record, T.I32), 0, staticStr(fl, name)),
      store(4, get(record, T.I32), 4, staticStr(fl, fl.source.name)),
      store(4, get(record, T.I32), 8, iconst(T.Ptr, table)),
      store(4, get(record, T.I32), 12, iconst(T.I32, fl.source.line(offset))),
      store(4, get(record, T.I32), 16, load(T.I32, 4, iconst(T.Ptr, area + STACK_ENTRIES), 0)),
    ], [], T.None),
    store(4, iconst(T.Ptr, area + STACK_DEPTH), 0, binary(Op.Add, T.I32, get(depth, T.I32), iconst(T.I32, 1))),
    iff(binary(Op.Eq, T.I32, load(T.I32, 4, iconst(T.Ptr, table + TABLE_KNOWN), 0), iconst(T.I32, 0)), [
      call("dbg.table", [staticStr(fl, fl.source.name), iconst(T.Ptr, table), iconst(T.I32, fl.source.lineStarts.length), iconst(T.Ptr, area)], T.None),
    ], [], T.None),
    set(countdown, load(T.I32, 4, iconst(T.Ptr, area + STACK_COUNTDOWN), 0)),
    iff(binary(Op.Eq, T.I32, get(countdown, T.I32), iconst(T.I32, 0)), [call("dbg.poll", [], T.None)], [
      store(4, iconst(T.Ptr, area + STACK_COUNTDOWN), 0, binary(Op.Sub, T.I32, get(countdown, T.I32), iconst(T.I32, 1))),
    ], T.None),
  ], T.None);
}

/** The exit hook: the depth down (the record stays; the next entry at that depth writes over it). */
function leaveHook(fl: FnState): Ins {
  const depth = iconst(T.Ptr, stackArea(fl) + STACK_DEPTH);
  return store(4, depth, 0, binary(Op.Sub, T.I32, load(T.I32, 4, iconst(T.Ptr, stackArea(fl) + STACK_DEPTH), 0), iconst(T.I32, 1)));
}

/**
 * The exit hook before every `return` of a finished function body and at its
 * end (before the final value, which the body leaves in a local).
 */
export function addExitHooks(body: Ins[], result: T, fl: FnState): void {
  beforeReturns(body, result, fl);
  const leave = leaveHook(fl);
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
      const hook = leaveHook(fl);
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
