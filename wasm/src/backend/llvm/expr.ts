// The instruction dispatcher: each IR instruction to the file that emits its
// kind. Values are returned as operand text (`%t.4`, `42`, `poison`).
import { Ins, K, T } from "../../ir/ir";
import { binary, cond, unary } from "./arith";
import { call, callIndirect } from "./calls";
import { block, branch, branchIf, iff, loop, ret } from "./control";
import { FuncState } from "./func_state";
import { load, memoryCopy, memoryFill, memoryGrow, memorySize, store } from "./memory";
import { doubleConst, intConst, llType } from "./names";
import { emit, markLine, terminate, value } from "./writer";

/** Emits `n` under its statement's source line; the other files reach it as `s.ins` (func_state.ts). */
export function emitIns(s: FuncState, n: Ins): string {
  if (n.loc.length > 0) {
    s.lines.push("  ; " + n.loc);
    markLine(s, n.loc);
  }
  if (n.body.length == 0 && n.other.length == 0) return node(s, n);
  // The statements of a nested body mark their own lines; what follows the
  // body belongs to the statement that holds it again (with -g).
  const outer = s.dbg;
  const v = node(s, n);
  s.dbg = outer;
  return v;
}

function node(s: FuncState, n: Ins): string {
  switch (n.kind) {
    case K.Const:
      if (n.ty == T.F64) return doubleConst(n.f);
      return intConst(n.ty, n.i);
    case K.LocalGet: {
      const t = s.f.locals[<i32>n.i];
      return value(s, "v", "load " + llType(t) + ", ptr %l." + n.i.toString());
    }
    case K.LocalSet: case K.LocalTee: {
      const t = s.f.locals[<i32>n.i];
      const v = emitIns(s, n.args[0]);
      emit(s, "store " + llType(t) + " " + v + ", ptr %l." + n.i.toString());
      return n.kind == K.LocalTee ? v : "";
    }
    case K.Binary: return binary(s, n);
    case K.Unary: return unary(s, n);
    case K.Load: return load(s, n);
    case K.Store: store(s, n); return "";
    case K.Call: return call(s, n);
    case K.CallIndirect: return callIndirect(s, n);
    case K.Block: return block(s, n);
    case K.Loop: return loop(s, n);
    case K.If: return iff(s, n);
    case K.Br: branch(s, n); return "";
    case K.BrIf: return branchIf(s, n);
    case K.Return: ret(s, n); return "";
    case K.Drop: emitIns(s, n.args[0]); return "";
    case K.Unreachable: terminate(s, "unreachable"); return "";
    case K.Select: {
      const a = emitIns(s, n.args[0]);
      const b = emitIns(s, n.args[1]);
      const c = cond(s, n.args[2]);
      return value(s, "v", "select i1 " + c + ", " + llType(n.ty) + " " + a + ", " + llType(n.ty) + " " + b);
    }
    case K.MemorySize: return memorySize(s);
    case K.MemoryGrow: return memoryGrow(s, n);
    case K.MemoryCopy: memoryCopy(s, n); return "";
    case K.MemoryFill: memoryFill(s, n); return "";
  }
  return "";
}
