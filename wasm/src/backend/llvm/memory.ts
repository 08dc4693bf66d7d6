// Linear memory: heap addresses, loads and stores with their TBAA tags, and
// memory.size/grow/copy/fill over the shim's heap.
import { Ins, K, Op, T } from "../../ir/ir";
import { list } from "./control";
import { COPY_HELPER, copyHelper } from "./copy";
import { FuncState } from "./func_state";
import { llType } from "./names";
import { tbaaTag } from "./tbaa";
import { emit, heap, intrinsic, value } from "./writer";

/** A pointer into the heap for a 32-bit address plus a constant offset (wasm's 33-bit effective address). */
function address(s: FuncState, addr: Ins, offset: i64): string {
  if (addr.kind == K.Const) {
    const at = (<i64>(<u32>(<i32>addr.i))) + offset;
    const base = heap(s);
    return at == 0 ? base : value(s, "ptr", "getelementptr i8, ptr " + base + ", i64 " + at.toString());
  }
  const element = elementAddress(s, addr, offset);
  if (element.length > 0) return element;
  const a = s.ins(s, addr);
  let wide = value(s, "a", "zext i32 " + a + " to i64");
  if (offset != 0) wide = value(s, "a", "add i64 " + wide + ", " + offset.toString());
  return value(s, "ptr", "getelementptr i8, ptr " + heap(s) + ", i64 " + wide);
}

/**
 * The heap pointer of an array element's address `block { ..; p + (i as i32) * size + base }`
 * computed in 64 bits: the index is in bounds (checked, or proven by a loop's
 * entry test), so no 32-bit sum wraps, and LLVM can step the address of a
 * loop's index as an induction variable. "" for other addresses.
 */
function elementAddress(s: FuncState, addr: Ins, offset: i64): string {
  if (addr.kind != K.Block || addr.i != 0 || addr.ty != T.Ptr || addr.body.length == 0 || s.targets.has(0)) return "";
  const last = addr.body[addr.body.length - 1];
  if (last.kind != K.Binary || last.op != Op.Add || last.ty != T.Ptr || last.args[1].kind != K.Const) return "";
  const sum = last.args[0];
  if (sum.kind != K.Binary || sum.op != Op.Add || sum.ty != T.Ptr || sum.args[0].kind != K.LocalGet) return "";
  const scaled = sum.args[1];
  if (scaled.kind != K.Binary || scaled.op != Op.Mul || scaled.ty != T.I32 || scaled.args[1].kind != K.Const) return "";
  const wrap = scaled.args[0];
  if (wrap.kind != K.Unary || wrap.op != Op.WrapI64 || wrap.args[0].kind != K.LocalGet) return "";
  const size = <i64>(<i32>scaled.args[1].i);
  const base = <i64>(<i32>last.args[1].i);
  if (size <= 0 || base < 0) return "";
  list(s, addr.body.slice(0, addr.body.length - 1), false);
  if (!s.open) return heap(s);
  const p = value(s, "a", "zext i32 " + s.ins(s, sum.args[0]) + " to i64");
  const at = value(s, "a", "mul nuw nsw i64 " + s.ins(s, wrap.args[0]) + ", " + size.toString());
  const start = value(s, "a", "add nuw nsw i64 " + p + ", " + (base + offset).toString());
  const wide = value(s, "a", "add nuw nsw i64 " + start + ", " + at);
  return value(s, "ptr", "getelementptr i8, ptr " + heap(s) + ", i64 " + wide);
}

export function load(s: FuncState, n: Ins): string {
  const p = address(s, n.args[0], n.i);
  const tag = tbaaTag(n.mem, n.width, n.ty);
  if (n.width == 1) {
    const b = value(s, "b", "load i8, ptr " + p + tag);
    return value(s, "v", "zext i8 " + b + " to " + llType(n.ty));
  }
  const t = llType(n.ty);
  return value(s, "v", "load " + t + ", ptr " + p + ", align " + n.width.toString() + tag);
}

export function store(s: FuncState, n: Ins): void {
  const p = address(s, n.args[0], n.i);
  const v = s.ins(s, n.args[1]);
  const vt = n.args[1].ty;
  const tag = tbaaTag(n.mem, n.width, vt);
  if (n.width == 1) {
    const b = value(s, "b", "trunc " + llType(vt) + " " + v + " to i8");
    emit(s, "store i8 " + b + ", ptr " + p + tag);
  } else emit(s, "store " + llType(vt) + " " + v + ", ptr " + p + ", align " + n.width.toString() + tag);
}

export function memorySize(s: FuncState): string {
  return value(s, "pages", "load i32, ptr @pith.pages");
}

export function memoryGrow(s: FuncState, n: Ins): string {
  const d = s.ins(s, n.args[0]);
  return value(s, "grown", "call i32 @pith.memory_grow(i32 " + d + ")");
}

export function memoryCopy(s: FuncState, n: Ins): void {
  const dst = address(s, n.args[0], 0);
  const src = address(s, n.args[1], 0);
  const len = value(s, "len", "zext i32 " + s.ins(s, n.args[2]) + " to i64");
  intrinsic(s, "declare void @llvm.memmove.p0.p0.i64(ptr, ptr, i64, i1)");
  if (n.args[2].kind == K.Const) {
    // LLVM expands a short copy of a constant length itself.
    emit(s, "call void @llvm.memmove.p0.p0.i64(ptr " + dst + ", ptr " + src + ", i64 " + len + ", i1 false)");
  } else {
    // One of a length known only at run time: copy.ts's inlined helper.
    intrinsic(s, copyHelper());
    emit(s, "call void " + COPY_HELPER + "(ptr " + dst + ", ptr " + src + ", i64 " + len + ")");
  }
}

export function memoryFill(s: FuncState, n: Ins): void {
  const dst = address(s, n.args[0], 0);
  const b = value(s, "b", "trunc i32 " + s.ins(s, n.args[1]) + " to i8");
  const len = value(s, "len", "zext i32 " + s.ins(s, n.args[2]) + " to i64");
  intrinsic(s, "declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)");
  emit(s, "call void @llvm.memset.p0.i64(ptr " + dst + ", i8 " + b + ", i64 " + len + ", i1 false)");
}
