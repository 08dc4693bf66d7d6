import { EK, Expr, IdentExpr } from "../syntax/ast";
import { FnState } from "./fn_state";

/**
 * What is known of locals in a run of straight-line statements (see the
 * fields of FnState): forgotten when a local gets a second reference or a
 * new value, or its array or struct is copied.
 */

/** The local holding the length of the array `e` when it is a local of stable length, else -1. */
export function lenLocalOf(fl: FnState, e: Expr): i32 {
  if (e.kind != EK.Ident) return -1;
  const l = (e as IdentExpr).local;
  if (l === null || l!.index < 0 || !fl.lenLocals.has(l!.index)) return -1;
  return fl.lenLocals.get(l!.index);
}

/** The local gets a second reference (or a new value): forget what is known of it. */
export function forgetUnique(fl: FnState, idx: i32): void {
  const k = fl.uniq.indexOf(idx);
  if (k >= 0) fl.uniq.splice(k, 1);
  forgetElems(fl, idx, true);
  forgetFields(fl, idx);
}

/** Forgets which elements of the array `id` (see arrayId) were made unique: a copy of it shares them. */
export function forgetArrayElems(fl: FnState, id: i32): void {
  for (let i = fl.uelems.length - 1; i >= 0; i--) if (<i32>(fl.uelems[i] >> 32) == id) fl.uelems.splice(i, 1);
}

/** Forgets the field facts about struct local `idx` (a copy of it shares its fields). */
export function forgetFields(fl: FnState, idx: i32): void {
  for (let i = fl.ufields.length - 1; i >= 0; i--) if (<i32>(fl.ufields[i] >> 32) == idx) fl.ufields.splice(i, 1);
}

/** Forgets the element facts about array local `idx` (and, with `asIndex`, those indexed by it). */
export function forgetElems(fl: FnState, idx: i32, asIndex: bool): void {
  for (let i = fl.uelems.length - 1; i >= 0; i--) {
    const k = fl.uelems[i];
    // The low 20 bits of an array id are its local (the struct's, for a field).
    if ((<i32>(k >> 32) & 0xfffff) == idx || (asIndex && <i32>(k & 0xffffffff) == idx)) fl.uelems.splice(i, 1);
  }
  if (!asIndex) return;
  for (let i = fl.checked.length - 1; i >= 0; i--) {
    const k = fl.checked[i];
    if ((<i32>(k >> 32) & 0xfffff) == idx || <i32>(k & 0xffffffff) == idx) fl.checked.splice(i, 1);
  }
}

/** The run of simple statements ends (or begins): nothing is known. */
export function clearFacts(fl: FnState): void {
  fl.uniq = [];
  fl.checked = [];
  fl.uelems = [];
  fl.ufields = [];
  fl.elemPtrKeys = [];
  fl.elemPtrs = [];
}

/** The local holding the pointer of the unique element `key` (see seedElemPtrs), or -1. */
export function elemPtr(fl: FnState, key: i64): i32 {
  if (key < 0 || !fl.uelems.includes(key)) return -1;
  const k = fl.elemPtrKeys.indexOf(key);
  return k >= 0 ? fl.elemPtrs[k] : -1;
}

/** The element `key` may be replaced in its slot: its pointer must be loaded again. */
export function forgetElemPtr(fl: FnState, key: i64): void {
  const k = fl.elemPtrKeys.indexOf(key);
  if (k < 0) return;
  fl.elemPtrKeys.splice(k, 1);
  fl.elemPtrs.splice(k, 1);
}
