// Direct calls by the callee's symbol and indirect calls through @pith.table.
import { Ins, T } from "../../ir/ir";
import { FuncState } from "./func_state";
import { llType } from "./names";
import { emit, value } from "./writer";

export function call(s: FuncState, n: Ins): string {
  const name = n.name;
  if (!s.ctx.symbols.has(name)) {
    s.ctx.errors.push("call to unknown function '" + name + "' in " + s.f.name);
    return n.ty == T.None ? "" : "poison";
  }
  const params = s.ctx.params.get(name);
  const result = s.ctx.results.get(name);
  const args: string[] = [];
  for (let i = 0; i < n.args.length; i++) {
    const v = s.ins(s, n.args[i]);
    const t = i < params.length ? params[i] : n.args[i].ty;
    args.push(llType(t) + " " + v);
  }
  const text = "call " + llType(result) + " " + s.ctx.symbols.get(name) + "(" + args.join(", ") + ")";
  if (result == T.None) {
    emit(s, text);
    return "";
  }
  return value(s, "r", text);
}

/** Wasm's call_indirect: the callee's pointer from @pith.table at the slot. */
export function callIndirect(s: FuncState, n: Ins): string {
  const args: string[] = [];
  const count = n.args.length - 1;
  for (let i = 0; i < count; i++) {
    const v = s.ins(s, n.args[i]);
    const t = i < n.sig.length ? n.sig[i] : n.args[i].ty;
    args.push(llType(t) + " " + v);
  }
  const slot = s.ins(s, n.args[count]);
  s.ctx.usesTable = true;
  const wide = value(s, "s", "zext i32 " + slot + " to i64");
  const at = value(s, "fp", "getelementptr ptr, ptr @pith.table, i64 " + wide);
  const fp = value(s, "fn", "load ptr, ptr " + at);
  const text = "call " + llType(n.ty) + " " + fp + "(" + args.join(", ") + ")";
  if (n.ty == T.None) {
    emit(s, text);
    return "";
  }
  return value(s, "r", text);
}
