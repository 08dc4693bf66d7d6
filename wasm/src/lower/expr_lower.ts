import { isResult, tI32, tStr, TyK, Type } from "../check/types";
import {
  BinaryExpr, CallExpr, CastExpr, ClosureExpr, EK, Expr, FieldExpr, IdentExpr, IndexExpr, InterpExpr, ListExpr, LitExpr,
  RangeExpr, StructLitExpr, UnaryExpr, UnaryLikeExpr,
} from "../syntax/ast";
import { Tok } from "../syntax/token";
import {
  binary, block, br, brIf, call, fconst, Func, get, iconst, iff, Ins, K, load, loop, Op, pushAll, ret as ret_, set, simple, store, T, unary, unreachable,
} from "../ir/ir";
import {
  ARRAY_DATA, CLOSURE_DROP, CLOSURE_FN, dataLoad, dataStore, fieldOffsets, HEADER, headerLoad, headerStore, irType, LEN, RC, widthOf,
} from "./layout";
import { valuesEqual } from "./equality";
import { FnBase } from "./fn_base";

/** Expressions: literals, operators, casts, fields, indexing, literals of aggregates. */
export class ExprLower extends FnBase {
  // Overridden by the flow lowering.
  flow(e: Expr): Ins { return unreachable(); }
  lowerCall(c: CallExpr): Ins { return unreachable(); }

  owned(e: Expr): Ins {
    const t = e.ty!;
    switch (e.kind) {
      case EK.Int: {
        const lit = e as LitExpr;
        return t.kind == TyK.F64 ? fconst(lit.floatValue) : iconst(irType(t), t.kind == TyK.U8 ? lit.intValue & 255 : t.kind == TyK.U32 ? <i64><i32>lit.intValue : lit.intValue);
      }
      case EK.Float: return fconst((e as LitExpr).floatValue);
      case EK.Bool: return iconst(T.I32, (e as LitExpr).boolValue ? 1 : 0);
      case EK.Str: return this.staticStr((e as LitExpr).text);
      case EK.Interp: return this.interp(e as InterpExpr);
      case EK.Ident: {
        const id = e as IdentExpr;
        if (id.variant >= 0) return this.object([], [], id.variant);
        if (id.fnRef != "") return this.fnRefValue(id.fnRef);
        if (id.local === null) return this.constValue(id.global);
        if (t.isHeap) this.forgetUnique(this.localIndex(id.local!));  // a second reference
        return this.retain(t, get(this.localIndex(id.local!), irType(t)));
      }
      case EK.Unary: return this.unaryOp(e as UnaryExpr);
      case EK.Binary: return this.binaryOp(e as BinaryExpr);
      case EK.Cast: return this.cast(e as CastExpr);
      case EK.Call: return this.lowerCall(e as CallExpr);
      case EK.Field: {
        const f = e as FieldExpr;
        if (f.index == -2) return this.constValue((f.object as IdentExpr).global);
        if (f.index == -3) return this.fnRefValue((f.object as IdentExpr).fnRef);
        if (f.isVariant) return t.isHeap ? this.object([], [], f.index) : iconst(T.I32, f.index);
        // A second reference to the field's value: it is no longer known unique.
        if (t.isHeap && f.object.kind == EK.Ident && (f.object as IdentExpr).local !== null) {
          const k = this.ufields.indexOf((<i64>this.localIndex((f.object as IdentExpr).local!) << 32) | <i64>f.index);
          if (k >= 0) this.ufields.splice(k, 1);
        }
        return this.retain(t, this.fieldRead(f));
      }
      case EK.Index: {
        const ix = e as IndexExpr;
        if (ix.index.kind == EK.Range) return this.slice(ix);
        // A second reference to the element: it is no longer known unique.
        if (t.isHeap && ix.object.kind == EK.Ident && (ix.object as IdentExpr).local !== null) {
          this.forgetElems(this.localIndex((ix.object as IdentExpr).local!), false);
        } else if (t.isHeap && ix.object.kind == EK.Field) {
          const id = this.arrayId(ix.object);
          if (id >= 0) this.forgetArrayElems(id);
        }
        return this.retain(t, this.indexRead(ix));
      }
      case EK.StructLit: {
        const s = e as StructLitExpr;
        const values: Expr[] = [];
        for (let i = 0; i < t.fieldNames.length; i++) {
          for (let j = 0; j < s.fieldNames.length; j++) if (s.fieldNames[j] == t.fieldNames[i]) values.push(s.values[j]);
        }
        return this.object(t.elems, values, -1);
      }
      case EK.TupleLit:
        if (t.kind == TyK.Unit) return block(0, [], T.None);  // `()` has no value to build
        return this.object(t.elems, (e as ListExpr).elems, -1);
      case EK.ArrayLit: return this.arrayLit(e as ListExpr);
      case EK.Try: return this.tryOp(e as UnaryLikeExpr);
      case EK.Closure: return this.closureValue(e as ClosureExpr);
    }
    return this.flow(e);
  }

  /**
   * Creates a closure: an object with the table slots of its code and of its
   * drop function, and a copy of each captured variable (heap values get a
   * new reference). The body becomes a function of its own, lowered later.
   */
  closureValue(c: ClosureExpr): Ins {
    const m = this.m;
    const offs = fieldOffsets(closureFields(c));
    if (c.fnName == "") {
      m.closureCount++;
      c.fnName = "closure." + m.closureCount.toString();
      m.closures.set(c.fnName, c);
      m.request(c.fnName);
      c.slot = m.tableSlot(c.fnName);
      const drops: Ins[] = [];
      for (let j = 0; j < c.inner.length; j++) {
        const t = c.inner[j].ty;
        if (t.isHeap) drops.push(this.release(t, dataLoad(T.Ptr, 4, get(0, T.Ptr), offs[j + 1])));
      }
      if (drops.length > 0) {
        const d = new Func(c.fnName + ".drop", [T.Ptr], T.None);
        d.locals.push(T.Ptr);
        d.body = drops;
        m.addFunc(d);
        c.dropSlot = m.tableSlot(d.name);
      }
    }
    const p = this.newLocal(T.Ptr);
    const body: Ins[] = [
      set(p, this.allocFixed(offs[offs.length - 1])),
      headerStore(get(p, T.Ptr), RC, 1),
      headerStore(get(p, T.Ptr), CLOSURE_FN, c.slot),
      headerStore(get(p, T.Ptr), CLOSURE_DROP, c.dropSlot),
    ];
    for (let j = 0; j < c.captured.length; j++) {
      const outer = c.captured[j];
      const t = outer.ty;
      if (this.isUnit(t)) continue;
      const idx = this.localIndex(outer);
      if (t.isHeap) this.forgetUnique(idx);  // a second reference
      body.push(dataStore(widthOf(t), get(p, T.Ptr), offs[j + 1], this.retain(t, get(idx, irType(t)))));
    }
    body.push(get(p, T.Ptr));
    return block(0, body, T.Ptr);
  }

  /** A named function as a value: a static closure whose code calls the function. */
  fnRefValue(name: string): Ins {
    const m = this.m;
    if (m.fnRefs.has(name)) return iconst(T.Ptr, m.fnRefs.get(name));
    const info = m.program.funcs.get(name);
    const params: T[] = [T.Ptr];
    const args: Ins[] = [];
    for (let i = 0; i < info.params.length; i++) {
      const it = irType(info.params[i]) == T.None ? T.I32 : irType(info.params[i]);
      params.push(it);
      args.push(get(i + 1, it));
    }
    const result = info.ret.kind == TyK.Never ? T.None : irType(info.ret);
    const f = new Func("fnref." + name, params, result);
    for (let i = 0; i < params.length; i++) f.locals.push(params[i]);
    m.request(name);
    f.body.push(call(name, args, result));
    m.addFunc(f);
    const addr = m.data.addClosure(m.tableSlot(f.name));
    m.fnRefs.set(name, addr);
    return iconst(T.Ptr, addr);
  }

  /** A value valid until the end of the current statement, without a new reference. */
  borrowed(e: Expr): Ins {
    const t = e.ty!;
    if (!t.isHeap) return this.owned(e);
    if (e.kind == EK.Ident && (e as IdentExpr).local !== null) return get(this.localIndex((e as IdentExpr).local!), T.Ptr);
    if (e.kind == EK.Str) return this.owned(e);
    if (e.kind == EK.Ident && (e as IdentExpr).fnRef != "") return this.owned(e);  // static
    if (e.kind == EK.Field && (e as FieldExpr).index >= 0 && !(e as FieldExpr).isVariant) return this.fieldRead(e as FieldExpr);
    if (e.kind == EK.Index && (e as IndexExpr).index.kind != EK.Range) return this.indexRead(e as IndexExpr);
    return this.temp(t, this.owned(e));
  }

  constValue(key: string): Ins {
    const c = this.m.program.consts.get(key);
    const saved = this.source;
    this.source = c.decl.source;
    const v = this.owned(c.decl.value);
    this.source = saved;
    return v;
  }

  loadField(t: Type, addr: Ins, offset: i32): Ins {
    return dataLoad(irType(t), widthOf(t), addr, offset);
  }

  fieldRead(f: FieldExpr): Ins {
    const ot = f.object.ty!;
    const offs = fieldOffsets(ot.elems);
    return this.loadField(f.ty!, this.borrowed(f.object), offs[f.index]);
  }

  /** Bounds-checked element address: [checks..., address]. */
  /**
   * The key of `a[i]` for the facts of a run of simple statements (both
   * locals, `a` an array), or -1.
   */
  elemKey(ix: IndexExpr): i64 {
    if (!this.inSimple || ix.index.kind != EK.Ident) return -1;
    const array = this.arrayId(ix.object);
    const n = ix.index as IdentExpr;
    if (array < 0 || n.local === null || n.variant >= 0) return -1;
    if (ix.object.ty!.kind != TyK.Array || ix.index.ty!.isHeap) return -1;
    return (<i64>array << 32) | <i64>this.localIndex(n.local!);
  }

  /**
   * The id of an array place for element facts: the local `a`, or for a field
   * `x.f` of a local struct, x's local with the field in the bits above 20
   * (self.bodies in self.bodies[i].vx); -1 for other places.
   */
  arrayId(e: Expr): i32 {
    let f = -1;
    if (e.kind == EK.Field) {
      const fe = e as FieldExpr;
      if (fe.isVariant || fe.index < 0 || fe.index >= 2047) return -1;
      f = fe.index;
      e = fe.object;
    }
    if (e.kind != EK.Ident) return -1;
    const o = e as IdentExpr;
    if (o.local === null || o.variant >= 0) return -1;
    return this.localIndex(o.local!) | ((f + 1) << 20);
  }

  /** Address of an element; `key` >= 0 skips the bounds check when the same a[i] was checked in this run. */
  elementAddr(arr: Ins, index: Expr, esize: i32, at: i32, base: i32, key: i64 = -1): Ins {
    const p = this.newLocal(T.Ptr);
    const i = this.newLocal(T.I64);
    const it = index.ty!;
    let iv = this.owned(index);
    if (it.kind != TyK.I64) iv = unary(Op.ExtendI32S, T.I64, iv);
    if (key >= 0 && this.checked.includes(key)) {
      const a = binary(Op.Add, T.Ptr, get(p, T.Ptr),
        binary(Op.Mul, T.I32, unary(Op.WrapI64, T.I32, get(i, T.I64)), iconst(T.I32, esize)));
      return block(0, [set(p, arr), set(i, iv), binary(Op.Add, T.Ptr, a, iconst(T.I32, base))], T.Ptr);
    }
    if (key >= 0) this.checked.push(key);
    const len = unary(Op.ExtendI32U, T.I64, headerLoad(get(p, T.Ptr), LEN));
    const check = iff(binary(Op.GeU, T.I32, get(i, T.I64), len), [
      this.rt("panic_index", [get(i, T.I64), unary(Op.ExtendI32U, T.I64, headerLoad(get(p, T.Ptr), LEN)), this.loc(at)]),
      unreachable(),
    ], [], T.None);
    const addr = binary(Op.Add, T.Ptr, get(p, T.Ptr),
      binary(Op.Mul, T.I32, unary(Op.WrapI64, T.I32, get(i, T.I64)), iconst(T.I32, esize)));
    return block(0, [set(p, arr), set(i, iv), check, binary(Op.Add, T.Ptr, addr, iconst(T.I32, base))], T.Ptr);
  }

  indexRead(ix: IndexExpr): Ins {
    const ot = ix.object.ty!;
    const at = ix.object.end;
    if (ot.kind == TyK.Str) {
      return dataLoad(T.I32, 1, this.elementAddr(this.borrowed(ix.object), ix.index, 1, at, HEADER), 0);
    }
    const et = ot.elem!;
    const key = this.elemKey(ix);
    return this.loadField(et, this.elementAddr(this.borrowed(ix.object), ix.index, widthOf(et), at, ARRAY_DATA, key), 0);
  }

  slice(ix: IndexExpr): Ins {
    const r = ix.index as RangeExpr;
    const ot = ix.object.ty!;
    const lo = this.int64(r.lo);
    const hi = this.int64(r.hi);
    if (ot.kind == TyK.Str) return this.rt("str_slice", [this.borrowed(ix.object), lo, hi, this.loc(ix.object.end)]);
    const et = ot.elem!;
    const q = this.rt("array_slice", [this.borrowed(ix.object), lo, hi, iconst(T.I32, widthOf(et)), this.loc(ix.object.end)]);
    if (!et.isHeap) return q;
    return call(this.m.requestHelper("retain_elems", ot), [q], T.Ptr);
  }

  int64(e: Expr): Ins {
    const v = this.owned(e);
    return e.ty!.kind == TyK.I64 ? v : unary(Op.ExtendI32S, T.I64, v);
  }

  /** Allocates an object with the given fields; tag >= 0 writes an enum tag. */
  object(types: Type[], values: Expr[], tag: i32): Ins {
    // A variant without payload is immutable and needs no allocation: one
    // static object (rc 0, never freed) per tag (binary-trees' Tree.Empty).
    if (tag >= 0 && types.length == 0) return iconst(T.Ptr, this.m.data.addUnitVariant(tag));
    const offs = fieldOffsets(types);
    const p = this.newLocal(T.Ptr);
    // The values first, into locals: one of them may leave the function
    // (`Ok(a + f(x)?)`), which must not leak an allocated object.
    const body: Ins[] = [];
    const vals: i32[] = [];
    for (let i = 0; i < values.length && i < types.length; i++) {
      // A unit payload (`Ok(())`) takes no space: only its side effects remain.
      if (widthOf(types[i]) == 0) { body.push(this.owned(values[i])); vals.push(-1); continue; }
      const l = this.newLocal(irType(types[i]));
      body.push(set(l, this.owned(values[i])));
      vals.push(l);
    }
    body.push(set(p, this.allocFixed(offs[offs.length - 1])));
    body.push(headerStore(get(p, T.Ptr), RC, 1));
    body.push(headerStore(get(p, T.Ptr), LEN, tag < 0 ? 0 : tag));
    for (let i = 0; i < vals.length; i++) {
      if (vals[i] >= 0) body.push(dataStore(widthOf(types[i]), get(p, T.Ptr), offs[i], get(vals[i], irType(types[i]))));
    }
    body.push(get(p, T.Ptr));
    return block(0, body, T.Ptr);
  }

  arrayLit(a: ListExpr): Ins {
    if (a.count !== null) return this.repeatLit(a);
    const et = a.ty!.elem!;
    const w = widthOf(et);
    const p = this.newLocal(T.Ptr);
    const n = a.elems.length;
    const body: Ins[] = [set(p, this.rt("array_new", [iconst(T.I32, n), iconst(T.I32, n), iconst(T.I32, w)]))];
    for (let i = 0; i < n; i++) body.push(dataStore(w, get(p, T.Ptr), ARRAY_DATA + i * w, this.owned(a.elems[i])));
    body.push(get(p, T.Ptr));
    return block(0, body, T.Ptr);
  }

  /** `x?`: on None/Err, drop what is live and return None/Err(e) from the function. */
  tryOp(e: UnaryLikeExpr): Ins {
    const vt = e.value!.ty!;
    const v = this.newLocal(T.Ptr);
    const pt = vt.elem!;
    const ret = this.info.ret;
    const body: Ins[] = [set(v, this.temp(vt, this.owned(e.value!)))];
    const fail: Ins[] = [];
    const r = this.newLocal(T.Ptr);
    if (isResult(vt)) {
      const et = vt.variants[1].payload[0];
      const eoffs = fieldOffsets([et]);
      const ev = this.loadField(et, get(v, T.Ptr), eoffs[0]);
      // Build Err(e) of the function's own Result type from a new reference to e.
      const p = this.newLocal(T.Ptr);
      const roffs = fieldOffsets(ret.variants[1].payload);
      fail.push(set(p, this.allocFixed(roffs[roffs.length - 1])));
      fail.push(headerStore(get(p, T.Ptr), RC, 1));
      fail.push(headerStore(get(p, T.Ptr), LEN, 1));
      if (widthOf(et) > 0) fail.push(dataStore(widthOf(et), get(p, T.Ptr), roffs[0], this.retain(et, ev)));
      fail.push(set(r, get(p, T.Ptr)));
    } else {
      fail.push(set(r, this.object([], [], 1)));
    }
    pushAll(fail, this.unwind(0, 0));
    fail.push(ret_(get(r, T.Ptr)));
    body.push(iff(binary(Op.Ne, T.I32, headerLoad(get(v, T.Ptr), LEN), iconst(T.I32, 0)), fail, [], T.None));
    // A unit payload (`Result<(), E>`) has no value to load.
    if (widthOf(pt) == 0) return block(0, body, T.None);
    const offs = fieldOffsets([pt]);
    body.push(this.retain(pt, this.loadField(pt, get(v, T.Ptr), offs[0])));
    return block(0, body, irType(pt));
  }

  /** `[x; n]`: one evaluation of x, shared by all n elements. */
  repeatLit(a: ListExpr): Ins {
    const et = a.ty!.elem!;
    const w = widthOf(et);
    const it = irType(et);
    const n = this.newLocal(T.I64);
    const v = this.newLocal(it);
    const p = this.newLocal(T.Ptr);
    const i = this.newLocal(T.I32);
    const value = this.owned(a.elems[0]);
    const body: Ins[] = [
      set(v, value),
      set(n, this.int64(a.count!)),
      iff(binary(Op.LtS, T.I32, get(n, T.I64), iconst(T.I64, 0)), [
        this.rt("panic_negative_length", [get(n, T.I64), this.loc(a.start)]), unreachable(),
      ], [], T.None),
      set(p, this.rt("array_new", [unary(Op.WrapI64, T.I32, get(n, T.I64)), unary(Op.WrapI64, T.I32, get(n, T.I64)), iconst(T.I32, w)])),
      set(i, iconst(T.I32, 0)),
    ];
    // Bytes, and elements whose bits are all zero, are one memset (what C's calloc gives).
    const zeroBits = value.kind == K.Const && (value.ty == T.F64 ? reinterpret<i64>(value.f) == 0 : value.i == 0);
    if (!et.isHeap && (w == 1 || zeroBits)) {
      const bytes = binary(Op.Mul, T.I32, unary(Op.WrapI64, T.I32, get(n, T.I64)), iconst(T.I32, w));
      const start = binary(Op.Add, T.Ptr, get(p, T.Ptr), iconst(T.I32, ARRAY_DATA));
      body.push(simple(K.MemoryFill, [start, w == 1 ? get(v, T.I32) : iconst(T.I32, 0), bytes], T.None));
      body.push(get(p, T.Ptr));
      return block(0, body, T.Ptr);
    }
    const brk = this.newLabel();
    const top = this.newLabel();
    const fill: Ins[] = [
      brIf(brk, binary(Op.GeS, T.I32, get(i, T.I32), headerLoad(get(p, T.Ptr), LEN))),
      dataStore(w, binary(Op.Add, T.Ptr, get(p, T.Ptr), binary(Op.Mul, T.I32, get(i, T.I32), iconst(T.I32, w))), ARRAY_DATA, get(v, it)),
    ];
    if (et.isHeap) fill.push(this.rt("retain", [get(v, T.Ptr)]));
    fill.push(set(i, binary(Op.Add, T.I32, get(i, T.I32), iconst(T.I32, 1))));
    fill.push(br(top));
    body.push(block(brk, [loop(top, fill)], T.None));
    if (et.isHeap) body.push(this.release(et, get(v, T.Ptr)));
    body.push(get(p, T.Ptr));
    return block(0, body, T.Ptr);
  }

  /** A borrowed str for a printable value (converting numbers and bools). */
  strOf(e: Expr): Ins {
    const t = e.ty!;
    if (t.kind == TyK.Str) return this.borrowed(e);
    return this.temp(t.kind == TyK.Str ? t : strType(e), this.toStr(t, this.owned(e)));
  }

  toStr(t: Type, v: Ins): Ins {
    switch (t.kind) {
      case TyK.I64: return this.rt("i64_to_str", [v]);
      case TyK.I32: return this.rt("i64_to_str", [unary(Op.ExtendI32S, T.I64, v)]);
      case TyK.U8: case TyK.U32: return this.rt("i64_to_str", [unary(Op.ExtendI32U, T.I64, v)]);
      case TyK.U64: return this.rt("u64_to_str", [v]);
      case TyK.F64: return this.rt("f64_to_str", [v]);
      case TyK.Bool: return this.rt("bool_to_str", [v]);
    }
    return v;
  }

  interp(e: InterpExpr): Ins {
    const acc = this.newLocal(T.Ptr);
    const body: Ins[] = [set(acc, this.staticStr(e.parts[0]))];
    const st = strType(e);
    for (let i = 0; i < e.exprs.length; i++) {
      body.push(this.append(acc, this.strOf(e.exprs[i]), st));
      if (e.parts[i + 1].length > 0) body.push(this.append(acc, this.staticStr(e.parts[i + 1]), st));
    }
    body.push(get(acc, T.Ptr));
    return block(0, body, T.Ptr);
  }

  append(acc: i32, piece: Ins, st: Type): Ins {
    const next = this.newLocal(T.Ptr);
    return block(0, [
      set(next, this.rt("str_concat", [get(acc, T.Ptr), piece])),
      this.release(st, get(acc, T.Ptr)),
      set(acc, get(next, T.Ptr)),
    ], T.None);
  }

  unaryOp(u: UnaryExpr): Ins {
    const t = u.ty!;
    if (u.op == Tok.Minus && u.operand.kind == EK.Int) return this.owned(u.operand);
    const v = this.owned(u.operand);
    const it = irType(t);
    if (u.op == Tok.Minus) {
      if (t.kind == TyK.F64) return unary(Op.FNeg, T.F64, v);
      return this.wrap(t, binary(Op.Sub, it, iconst(it, 0), v));
    }
    if (t.kind == TyK.Bool) return unary(Op.Eqz, T.I32, v);
    return this.wrap(t, binary(Op.Xor, it, v, iconst(it, -1)));
  }

  /** u8 arithmetic wraps modulo 256. */
  wrap(t: Type, v: Ins): Ins {
    if (t.kind == TyK.U8) return binary(Op.And, T.I32, v, iconst(T.I32, 255));
    return v;
  }

  binaryOp(b: BinaryExpr): Ins {
    const op = b.op;
    const lt = b.left.ty!;
    if (op == Tok.AndAnd) return iff(this.owned(b.left), [this.owned(b.right)], [iconst(T.I32, 0)], T.I32);
    if (op == Tok.OrOr) return iff(this.owned(b.left), [iconst(T.I32, 1)], [this.owned(b.right)], T.I32);
    if (lt.kind == TyK.Str) return this.strOp(op, b);
    if (lt.kind == TyK.Tuple) {
      const eq = valuesEqual(this, lt, this.borrowed(b.left), this.borrowed(b.right));
      return op == Tok.NotEq ? unary(Op.Eqz, T.I32, eq) : eq;
    }
    return this.arith(op, lt, this.owned(b.left), this.operand(b, lt), b);
  }

  strOp(op: i32, b: BinaryExpr): Ins {
    const l = this.borrowed(b.left);
    const r = this.borrowed(b.right);
    if (op == Tok.Plus) return this.rt("str_concat", [l, r]);
    if (op == Tok.EqEq) return this.rt("str_eq", [l, r]);
    if (op == Tok.NotEq) return unary(Op.Eqz, T.I32, this.rt("str_eq", [l, r]));
    const c = this.rt("str_cmp", [l, r]);
    return binary(cmpOp(op, false), T.I32, c, iconst(T.I32, 0));
  }

  /** Arithmetic and comparison on scalars; `at` gives the operator position for panics. */
  arith(op: i32, t: Type, l: Ins, r: Ins, at: BinaryExpr): Ins {
    const it = irType(t);
    const isF = t.kind == TyK.F64;
    const unsigned = t.isUnsigned;
    switch (op) {
      case Tok.Plus: case Tok.PlusEq: return this.wrap(t, binary(Op.Add, it, l, r));
      case Tok.Minus: case Tok.MinusEq: return this.wrap(t, binary(Op.Sub, it, l, r));
      case Tok.Star: case Tok.StarEq: return this.wrap(t, binary(Op.Mul, it, l, r));
      case Tok.Slash: case Tok.SlashEq:
        if (isF) return binary(Op.FDiv, T.F64, l, r);
        return this.divide(t, l, r, false, at);
      case Tok.Percent: case Tok.PercentEq:
        if (isF) return this.rt("fmod", [l, r]);
        return this.divide(t, l, r, true, at);
      case Tok.Amp: case Tok.AmpEq: return binary(Op.And, it, l, r);
      case Tok.Pipe: case Tok.PipeEq: return binary(Op.Or, it, l, r);
      case Tok.Caret: case Tok.CaretEq: return binary(Op.Xor, it, l, r);
      case Tok.Shl: case Tok.ShlEq:
        return this.wrap(t, binary(Op.Shl, it, l, this.shiftCount(t, r)));
      case Tok.Shr: case Tok.ShrEq:
        return binary(unsigned ? Op.ShrU : Op.ShrS, it, l, this.shiftCount(t, r));
    }
    return binary(cmpOp(op, unsigned || t.kind == TyK.Ptr), T.I32, l, r);
  }

  /** The right operand; a shift count of another integer type is converted to the shifted type. */
  operand(b: BinaryExpr, lt: Type): Ins {
    const r = this.owned(b.right);
    const isShift = b.op == Tok.Shl || b.op == Tok.Shr || b.op == Tok.ShlEq || b.op == Tok.ShrEq;
    return isShift && b.right.ty! != lt ? convert(b.right.ty!, lt, r) : r;
  }

  /** A shift count is taken modulo the width of the shifted type (u8: 8). */
  shiftCount(t: Type, r: Ins): Ins {
    return t.kind == TyK.U8 ? binary(Op.And, T.I32, r, iconst(T.I32, 7)) : r;
  }

  /** Integer division: panics on zero, and MIN / -1 wraps instead of trapping. */
  divide(t: Type, l: Ins, r: Ins, rem: bool, at: BinaryExpr): Ins {
    const it = irType(t);
    // A constant divisor other than 0 and -1 can neither panic nor overflow:
    // the plain machine instruction is exact (spectral-norm's `/ 2`).
    if (r.kind == K.Const) {
      const d = it == T.I64 ? r.i : <i64><i32>r.i;
      if (t.isUnsigned && d != 0) return binary(rem ? Op.RemU : Op.DivU, it, l, r);
      if (!t.isUnsigned && d != 0 && d != -1) return binary(rem ? Op.RemS : Op.DivS, it, l, r);
    }
    const a = this.newLocal(it);
    const b = this.newLocal(it);
    const opPos = at.kind == EK.Assign ? at.left.end : at.left.end;
    const check = iff(unary(Op.Eqz, T.I32, get(b, it)), [
      this.rt("panic", [this.staticStr(rem ? "remainder by zero" : "division by zero"), this.loc(this.opOffset(opPos))]),
      unreachable(),
    ], [], T.None);
    let result: Ins;
    if (t.isUnsigned) result = binary(rem ? Op.RemU : Op.DivU, it, get(a, it), get(b, it));
    else {
      result = iff(binary(Op.Eq, T.I32, get(b, it), iconst(it, -1)),
        [rem ? iconst(it, 0) : binary(Op.Sub, it, iconst(it, 0), get(a, it))],
        [binary(rem ? Op.RemS : Op.DivS, it, get(a, it), get(b, it))], it);
    }
    return block(0, [set(a, l), set(b, r), check, result], it);
  }

  /** The byte offset of the operator token after the left operand. */
  opOffset(afterLeft: i32): i32 {
    let i = afterLeft;
    const bytes = this.source.bytes;
    while (i < bytes.length && (bytes[i] == 32 || bytes[i] == 9 || bytes[i] == 10 || bytes[i] == 13 || bytes[i] == 41)) i++;
    return i;
  }

  cast(c: CastExpr): Ins {
    const from = c.value.ty!;
    const to = c.ty!;
    const v = this.owned(c.value);
    return convert(from, to, v);
  }
}

/** The fields of a closure object after the header: its drop slot, then the captures. */
export function closureFields(c: ClosureExpr): Type[] {
  const out: Type[] = [tI32];
  for (let j = 0; j < c.inner.length; j++) out.push(c.inner[j].ty);
  return out;
}

export function cmpOp(op: i32, unsigned: bool): Op {
  switch (op) {
    case Tok.EqEq: return Op.Eq;
    case Tok.NotEq: return Op.Ne;
    case Tok.Lt: return unsigned ? Op.LtU : Op.LtS;
    case Tok.Le: return unsigned ? Op.LeU : Op.LeS;
    case Tok.Gt: return unsigned ? Op.GtU : Op.GtS;
  }
  return unsigned ? Op.GeU : Op.GeS;
}

function strType(e: Expr): Type {
  return tStr;
}

/**
 * Numeric conversions for `as`: wrap to a narrower integer, extend a
 * narrower one by its own signedness, truncate a float with saturation.
 */
export function convert(from: Type, to: Type, v: Ins): Ins {
  const f = from.kind;
  const t = to.kind;
  if (from == to) return v;
  const from64 = f == TyK.I64 || f == TyK.U64;
  const fromUnsigned = from.isUnsigned || f == TyK.Bool || f == TyK.Ptr;
  if (t == TyK.F64) {
    if (f == TyK.F64) return v;
    return unary(from.isUnsigned ? Op.ConvertU : Op.ConvertS, T.F64, v);
  }
  if (t == TyK.I64 || t == TyK.U64) {
    if (f == TyK.F64) return unary(t == TyK.U64 ? Op.TruncSatU : Op.TruncSatS, T.I64, v);
    if (from64) return v;
    return unary(fromUnsigned ? Op.ExtendI32U : Op.ExtendI32S, T.I64, v);
  }
  // to i32, u32, u8 or ptr
  if (f == TyK.F64) {
    if (t == TyK.U8) {
      // Saturate to 0..255: clamp in f64 first.
      const clamped = binary(Op.FMin, T.F64, binary(Op.FMax, T.F64, v, fconst(0)), fconst(255));
      return unary(Op.TruncSatS, T.I32, clamped);
    }
    return unary(t == TyK.U32 ? Op.TruncSatU : Op.TruncSatS, T.I32, v);
  }
  const r = from64 ? unary(Op.WrapI64, T.I32, v) : v;
  if (t == TyK.U8) return binary(Op.And, T.I32, r, iconst(T.I32, 255));
  return r;
}
