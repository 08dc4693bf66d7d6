import { TyK, Type } from "../check/types";
import { EK, Expr, IdentExpr, Local, FnInfo } from "../syntax/ast";
import { Source } from "../source";
import { block, call, Func, get, iconst, Ins, K, set, T, tee, pushAll } from "../ir/ir";
import { hasHeapChildren, irType } from "./layout";
import { ModuleLowering } from "./module";

export class Temp {
  constructor(public index: i32, public ty: Type) {}
}

export class LoopCtx {
  result: i32 = -1;  // local receiving `break value`
  constructor(public breakLabel: i32, public continueLabel: i32, public scopeDepth: i32, public tempDepth: i32) {}
}

/**
 * Per-function lowering state and the reference-counting conventions:
 * every expression lowers to an owned (+1) value unless asked for a
 * borrowed one; functions borrow their arguments and return owned results;
 * owned temporaries are dropped at the end of the statement that made them.
 */
export class FnBase {
  f!: Func;
  info!: FnInfo;
  source!: Source;
  scopes: Local[][] = [];
  temps: Temp[][] = [];
  loops: LoopCtx[] = [];
  nextLabel: i32 = 1;
  // Locals whose heap value is known unshared (rc 1) at this point of a run
  // of straight-line statements; used only while `inSimple` (see FlowLower).
  uniq: i32[] = [];
  inSimple: bool = false;
  seedUniq: i32[] = [];  // locals a loop made unique before its body (see lowerLoop)

  // Pairs (array local << 32 | index local): `checked` were bounds-checked,
  // `uelems` also had the element made unique, since the run began.
  checked: i64[] = [];
  uelems: i64[] = [];
  // Keys (struct local << 32 | field index) of heap fields made unique in the
  // run (self.items in self.items[i] = v), and those a loop made unique before
  // its body: later writes through them skip the copy-on-write check.
  ufields: i64[] = [];
  seedFields: i64[] = [];
  // Element keys (as `uelems`) a loop made unique before its body (invariant_elems.ts),
  // with the locals holding their pointers: no write of the loop replaces such
  // an element in its slot, so reads of it need not load the slot again.
  seedElems: i64[] = [];
  seedElemPtrs: i32[] = [];
  elemPtrKeys: i64[] = [];
  elemPtrs: i32[] = [];
  // While lowering a loop nest that keeps arrays and all their elements
  // unshared (unique_nests.ts): the locals at the roots of those arrays, and
  // the arrays (see arrayId). Writes through them need no copy-on-write check.
  nestRoots: i32[] = [];
  nestArrays: i32[] = [];
  // Array locals whose length never changes after their declaration
  // (stable_lengths.ts), and for those declared so far, local -> the local
  // holding the length read at the declaration.
  stableLens: Local[] = [];
  lenLocals: Map<i32, i32> = new Map();

  /** The local holding the length of the array `e` when it is a local of stable length, else -1. */
  lenLocalOf(e: Expr): i32 {
    if (e.kind != EK.Ident) return -1;
    const l = (e as IdentExpr).local;
    if (l === null || l!.index < 0 || !this.lenLocals.has(l!.index)) return -1;
    return this.lenLocals.get(l!.index);
  }

  /** The local gets a second reference (or a new value): forget what is known of it. */
  forgetUnique(idx: i32): void {
    const k = this.uniq.indexOf(idx);
    if (k >= 0) this.uniq.splice(k, 1);
    this.forgetElems(idx, true);
    this.forgetFields(idx);
  }

  /** Forgets which elements of the array `id` (see arrayId) were made unique: a copy of it shares them. */
  forgetArrayElems(id: i32): void {
    for (let i = this.uelems.length - 1; i >= 0; i--) if (<i32>(this.uelems[i] >> 32) == id) this.uelems.splice(i, 1);
  }

  /** Forgets the field facts about struct local `idx` (a copy of it shares its fields). */
  forgetFields(idx: i32): void {
    for (let i = this.ufields.length - 1; i >= 0; i--) if (<i32>(this.ufields[i] >> 32) == idx) this.ufields.splice(i, 1);
  }

  /** Forgets the element facts about array local `idx` (and, with `asIndex`, those indexed by it). */
  forgetElems(idx: i32, asIndex: bool): void {
    for (let i = this.uelems.length - 1; i >= 0; i--) {
      const k = this.uelems[i];
      // The low 20 bits of an array id are its local (the struct's, for a field).
      if ((<i32>(k >> 32) & 0xfffff) == idx || (asIndex && <i32>(k & 0xffffffff) == idx)) this.uelems.splice(i, 1);
    }
    if (!asIndex) return;
    for (let i = this.checked.length - 1; i >= 0; i--) {
      const k = this.checked[i];
      if ((<i32>(k >> 32) & 0xfffff) == idx || <i32>(k & 0xffffffff) == idx) this.checked.splice(i, 1);
    }
  }

  clearFacts(): void {
    this.uniq = [];
    this.checked = [];
    this.uelems = [];
    this.ufields = [];
    this.elemPtrKeys = [];
    this.elemPtrs = [];
  }

  /** The local holding the pointer of the unique element `key` (see seedElemPtrs), or -1. */
  elemPtr(key: i64): i32 {
    if (key < 0 || !this.uelems.includes(key)) return -1;
    const k = this.elemPtrKeys.indexOf(key);
    return k >= 0 ? this.elemPtrs[k] : -1;
  }

  /** The element `key` may be replaced in its slot: its pointer must be loaded again. */
  forgetElemPtr(key: i64): void {
    const k = this.elemPtrKeys.indexOf(key);
    if (k < 0) return;
    this.elemPtrKeys.splice(k, 1);
    this.elemPtrs.splice(k, 1);
  }

  constructor(public m: ModuleLowering) {}

  newLocal(t: T): i32 {
    this.f.locals.push(t == T.None ? T.I32 : t);
    return this.f.locals.length - 1;
  }

  newLabel(): i32 { return this.nextLabel++; }

  localIndex(l: Local): i32 {
    if (l.index < 0) l.index = this.newLocal(irType(l.ty));
    return l.index;
  }

  /** A call to a runtime function, requested on first use. */
  rt(name: string, args: Ins[]): Ins {
    const full = "rt." + name;
    this.m.request(full);
    return call(full, args, this.m.resultOf(full));
  }

  /** Allocates an object of a size known here: small sizes skip the size-class computation. */
  allocFixed(size: i32): Ins {
    const bsize = (size + 8 + 15) & ~15;
    if (bsize <= 1024) return this.rt("alloc_class", [iconst(T.I32, bsize >> 4)]);
    return this.rt("alloc", [iconst(T.I32, size)]);
  }

  staticStr(s: string): Ins {
    return iconst(T.Ptr, this.m.data.addString(s));
  }

  /** The source position text used in panic messages. */
  loc(offset: i32): Ins {
    return this.staticStr(this.posText(offset));
  }

  /** `file:line:col` of an offset in the current source. */
  posText(offset: i32): string {
    return this.source.name + ":" + this.source.line(offset).toString() + ":" + this.charCol(offset).toString();
  }

  /** Columns count characters, not bytes. */
  charCol(offset: i32): i32 {
    const line = this.source.line(offset);
    let col = 1;
    for (let i = this.source.lineStarts[line - 1]; i < offset; i++) {
      if ((this.source.bytes[i] & 0xc0) != 0x80) col++;
    }
    return col;
  }

  retain(t: Type, v: Ins): Ins {
    if (!t.isHeap) return v;
    if (v.kind == K.LocalGet) {
      return block(0, [this.rt("retain", [get(<i32>v.i, T.Ptr)]), get(<i32>v.i, T.Ptr)], T.Ptr);
    }
    const tmp = this.newLocal(T.Ptr);
    return block(0, [this.rt("retain", [tee(tmp, v, T.Ptr)]), get(tmp, T.Ptr)], T.Ptr);
  }

  /** Drops one reference to a value of type t. */
  release(t: Type, v: Ins): Ins {
    if (hasHeapChildren(t)) {
      const name = this.m.requestHelper("drop", t);
      return call(name, [v], T.None);
    }
    return this.rt("release", [v]);
  }

  /** Registers an owned heap value to be dropped at the end of the current statement; yields it. */
  temp(t: Type, v: Ins): Ins {
    const idx = this.newLocal(T.Ptr);
    this.temps[this.temps.length - 1].push(new Temp(idx, t));
    return tee(idx, v, T.Ptr);
  }

  pushTemps(): void { this.temps.push([]); }

  /** Drops for the innermost temp scope, which is closed. */
  popTemps(): Ins[] {
    const list = this.temps.pop();
    const out: Ins[] = [];
    for (let i = 0; i < list.length; i++) pushAll(out, this.dropTemp(list[i]));
    return out;
  }

  dropTemp(t: Temp): Ins[] {
    // Zeroed after the drop: a conditionally evaluated temp must not be
    // dropped twice when the statement runs again in a loop.
    return [this.release(t.ty, get(t.index, T.Ptr)), set(t.index, iconst(T.Ptr, 0))];
  }

  dropLocal(l: Local): Ins[] {
    if (l.borrowed || !l.ty.isHeap || l.index < 0) return [];
    return [this.release(l.ty, get(l.index, T.Ptr))];
  }

  /** Drops everything owned in scopes and temp scopes above the given depths (for break, continue, return). */
  unwind(scopeDepth: i32, tempDepth: i32): Ins[] {
    const out: Ins[] = [];
    for (let i = this.temps.length - 1; i >= tempDepth; i--) {
      const list = this.temps[i];
      for (let j = 0; j < list.length; j++) pushAll(out, this.dropTemp(list[j]));
    }
    for (let i = this.scopes.length - 1; i >= scopeDepth; i--) {
      const list = this.scopes[i];
      for (let j = 0; j < list.length; j++) pushAll(out, this.dropLocal(list[j]));
    }
    return out;
  }

  isUnit(t: Type): bool {
    return t.kind == TyK.Unit || t.kind == TyK.Never || t.kind == TyK.Error;
  }
}
