// One walk over the user's checked file: every use of a name with the
// declaration it resolves to (from the checker's annotations), every local
// and parameter with the range where it is visible, and the calls and member
// accesses completion and signature help start from. Built once per query.
import { Program } from "../check/program";
import { Type, TyK } from "../check/types";
import {
  BinaryExpr, BlockExpr, CallExpr, CastExpr, ClosureExpr, ConstDecl, Decl, DK, EK, Expr, FieldExpr, FnDecl, IdentExpr,
  IfExpr, ImplDecl, IndexExpr, InterpExpr, ListExpr, Local, LoopExpr, MatchExpr, Param, Pattern, PK, RangeExpr, Stmt,
  StructDecl, StructLitExpr, TK, TypeExpr, UnaryExpr, UnaryLikeExpr, EnumDecl, FnInfo,
} from "../syntax/ast";
import { Source } from "../source";
import { Def, DefKind, Defs, keyOf } from "./defs";
import { nameAt } from "./json";

/** A name in the user's file and the declaration it refers to. */
export class Use {
  constructor(public start: i32, public end: i32, public def: Def) {}
}

export class Index {
  defs: Defs;
  uses: Use[] = [];
  // Locals and parameters of the user's file, in source order.
  bindings: Def[] = [];
  calls: CallExpr[] = [];
  fields: FieldExpr[] = [];
  exprs: Expr[] = [];
  source: Source;
  private locals: Map<Local, Def> = new Map();
  private fnName: string = "";

  constructor(public program: Program) {
    this.defs = new Defs(program);
    const user = program.modules[0];
    this.source = user.module.source;
    const decls = user.module.decls;
    for (let i = 0; i < decls.length; i++) this.decl(decls[i]);
  }

  private decl(d: Decl): void {
    if (d.kind == DK.Fn) this.fn(d as FnDecl);
    else if (d.kind == DK.Impl) {
      const impl = d as ImplDecl;
      this.typeUse(impl.name, impl.nameStart);
      for (let j = 0; j < impl.methods.length; j++) this.fn(impl.methods[j]);
    } else if (d.kind == DK.Struct) {
      const fs = (d as StructDecl).fields;
      for (let i = 0; i < fs.length; i++) this.typeExpr(fs[i].type);
    } else if (d.kind == DK.Enum) {
      const vs = (d as EnumDecl).variants;
      for (let i = 0; i < vs.length; i++) for (let j = 0; j < vs[i].payload.length; j++) this.typeExpr(vs[i].payload[j]);
    } else if (d.kind == DK.Const) {
      const c = d as ConstDecl;
      if (c.type !== null) this.typeExpr(c.type);
      this.expr(c.value);
    }
  }

  private fn(d: FnDecl): void {
    const info: FnInfo | null = this.defs.fnInfos.has(d) ? this.defs.fnInfos.get(d) : null;
    this.fnName = d.name;
    const bodyStart = d.body !== null ? d.body!.start : d.end;
    for (let i = 0; i < d.params.length; i++) {
      const p = d.params[i];
      if (p.type !== null) this.typeExpr(p.type);
      const local = info !== null && i < info.paramLocals.length ? info.paramLocals[i] : null;
      this.bind(p.name, nameAt(d.source, p.start, p.end, p.name), DefKind.Param, local, bodyStart, d.end, this.paramDetail(p, local));
    }
    if (d.ret !== null) this.typeExpr(d.ret);
    if (d.body !== null) this.expr(d.body!);
  }

  private paramDetail(p: Param, local: Local | null): string {
    // `self` is written without its type: show the receiver's.
    if (p.isSelf && local !== null) return (p.mutable ? "var " : "") + "self: " + local!.ty.name;
    return this.source.text(p.start, p.end);
  }

  /** Declares a local or parameter visible in [from, to]. */
  private bind(name: string, at: i32, kind: DefKind, local: Local | null, from: i32, to: i32, detail: string): Def {
    const def = new Def(keyOf(this.source, at), name, kind, this.source, at);
    def.local = local;
    def.from = from;
    def.to = to;
    def.container = this.fnName;
    def.detail = detail != "" ? detail : (kind == DefKind.Local ? "let " : "") + name + (local !== null ? ": " + local!.ty.name : "");
    this.defs.add(def);
    this.bindings.push(def);
    if (local !== null) this.locals.set(local!, def);
    this.uses.push(new Use(at, at + name.length, def));
    return def;
  }

  private use(start: i32, end: i32, def: Def | null): void {
    if (def !== null && end > start) this.uses.push(new Use(start, end, def!));
  }

  private typeUse(name: string, start: i32): void {
    if (name == "") return;
    this.use(start, start + name.length, this.defs.typeDef(name));
  }

  private typeExpr(t: TypeExpr | null): void {
    if (t === null) return;
    const te = t!;
    if (te.kind == TK.Named) this.typeUse(te.name, te.start);
    for (let i = 0; i < te.args.length; i++) this.typeExpr(te.args[i]);
    if (te.ret !== null) this.typeExpr(te.ret);
  }

  private block(b: BlockExpr): void {
    this.exprs.push(b);
    for (let i = 0; i < b.stmts.length; i++) this.stmt(b.stmts[i], b.end);
    if (b.tail !== null) this.expr(b.tail!);
  }

  private stmt(s: Stmt, scopeEnd: i32): void {
    if (s.type !== null) this.typeExpr(s.type);
    if (s.expr !== null) this.expr(s.expr!);
    if (!s.isLet) return;
    if (s.names.length > 0) {
      // `let (a, b) = ...`: the names' locals are not on the tree; they are found by name.
      let from = s.start;
      for (let i = 0; i < s.names.length; i++) {
        const at = nameAt(this.source, from, s.end, s.names[i]);
        this.bind(s.names[i], at, DefKind.Local, null, s.end, scopeEnd, "");
        from = at + s.names[i].length;
      }
      return;
    }
    if (s.name == "") return;
    const local = s.local;
    const at = nameAt(this.source, s.start, s.end, s.name);
    const decl = (s.mutable ? "var " : "let ") + s.name + (local !== null ? ": " + local!.ty.name : "");
    this.bind(s.name, at, DefKind.Local, local, s.end, scopeEnd, decl);
  }

  private localUse(id: IdentExpr): void {
    const local = id.local!;
    if (this.locals.has(local)) {
      this.use(id.start, id.start + id.name.length, this.locals.get(local));
      return;
    }
    // A tuple-destructured name: the nearest visible binding of that name.
    const def = this.visible(id.name, id.start);
    if (def !== null) this.use(id.start, id.start + id.name.length, def);
  }

  /** The local or parameter `name` as seen at `offset`, innermost first. */
  visible(name: string, offset: i32): Def | null {
    for (let i = this.bindings.length - 1; i >= 0; i--) {
      const b = this.bindings[i];
      if (b.name == name && b.from <= offset && offset <= b.to) return b;
    }
    return null;
  }

  /** What a plain name refers to when the checker left no local on it. */
  private globalUse(id: IdentExpr): void {
    const p = this.program;
    const end = id.start + id.name.length;
    if (id.global != "" && p.consts.has(id.global)) {
      this.use(id.start, end, this.defs.ofDecl(p.consts.get(id.global).decl));
      return;
    }
    if (id.fnRef != "" && p.funcs.has(id.fnRef)) {
      this.use(id.start, end, this.defs.ofDecl(p.funcs.get(id.fnRef).decl));
      return;
    }
    if (p.consts.has(id.name)) {
      this.use(id.start, end, this.defs.ofDecl(p.consts.get(id.name).decl));
      return;
    }
    const t = this.defs.typeDef(id.name);
    if (t !== null) {
      this.use(id.start, end, t);
      return;
    }
    const m = this.moduleDef(id.name);
    if (m !== null) this.use(id.start, end, m);
  }

  /** The imported module `alias` ("math"), if the user's file imports it. */
  moduleDef(alias: string): Def | null {
    const mod = this.program.modules[0];
    if (!mod.imports.has(alias)) return null;
    const prefix = mod.imports.get(alias);
    for (let i = 1; i < this.program.modules.length; i++) {
      const m = this.program.modules[i];
      if (m.prefix == prefix) return this.defs.get(keyOf(m.module.source, 0));
    }
    return null;
  }

  /** The function a call's mangled target names (generic instances by their declaration). */
  targetDef(target: string): Def | null {
    if (target == "" || target.startsWith("#")) return null;
    if (this.program.funcs.has(target)) return this.defs.ofDecl(this.program.funcs.get(target).decl);
    return null;
  }

  private memberUse(f: FieldExpr, def: Def | null): void {
    this.use(f.end - f.name.length, f.end, def);
  }

  /** The name after the dot: a field, variant, module member or (for calls) a method. */
  private field(f: FieldExpr, target: string): void {
    this.fields.push(f);
    this.exprs.push(f);
    const obj = f.object;
    if (obj.kind == EK.Ident && (obj as IdentExpr).local === null) {
      const id = obj as IdentExpr;
      const typeDef = this.defs.typeDef(id.name);
      const modDef = this.moduleDef(id.name);
      if (typeDef !== null) {
        this.use(id.start, id.start + id.name.length, typeDef);
        if (target != "") this.memberUse(f, this.targetDef(target));
        else if (f.isVariant) this.memberUse(f, this.defs.memberDef(id.name, f.index, true));
        else this.memberUse(f, this.variantByName(id.name, f.name));
        return;
      }
      if (modDef !== null) {
        this.use(id.start, id.start + id.name.length, modDef);
        const key = this.program.modules[0].imports.get(id.name) + f.name;
        if (target != "") this.memberUse(f, this.targetDef(target));
        else if (this.program.consts.has(key)) this.memberUse(f, this.defs.ofDecl(this.program.consts.get(key).decl));
        else if (this.program.funcs.has(key)) this.memberUse(f, this.defs.ofDecl(this.program.funcs.get(key).decl));
        return;
      }
    }
    this.expr(obj);
    if (target != "") {
      this.memberUse(f, this.targetDef(target));
      return;
    }
    const t = obj.ty;
    if (t === null || f.index < 0) return;
    const ty = t!;
    const name = ty.base != "" ? ty.base : ty.name;
    if (ty.kind == TyK.Struct) this.memberUse(f, this.defs.memberDef(name, f.index, false));
  }

  private variantByName(typeName: string, name: string): Def | null {
    const t = this.program.types.has(typeName) ? this.program.types.get(typeName) : null;
    if (t === null || t!.kind != TyK.Enum) return null;
    return this.defs.memberDef(typeName, t!.variantIndex(name), true);
  }

  private call(c: CallExpr): void {
    this.calls.push(c);
    if (c.callee.kind == EK.Field) this.field(c.callee as FieldExpr, c.variant >= 0 ? "" : c.target);
    else if (c.callee.kind == EK.Ident && (c.callee as IdentExpr).local === null) {
      const id = c.callee as IdentExpr;
      this.exprs.push(id);
      const def = this.targetDef(c.target);
      if (def !== null) this.use(id.start, id.start + id.name.length, def);
      else if (c.variant >= 0) this.use(id.start, id.start + id.name.length, this.variantOfType(c.ty, c.variant));
      else this.globalUse(id);
    } else this.expr(c.callee);
    for (let i = 0; i < c.args.length; i++) this.expr(c.args[i]);
  }

  private variantOfType(t: Type | null, index: i32): Def | null {
    if (t === null) return null;
    return this.defs.memberDef(t!.base != "" ? t!.base : t!.name, index, true);
  }

  private pattern(p: Pattern, from: i32, to: i32, scrutinee: Type | null): void {
    if (p.kind == PK.Bind) {
      this.bind(p.name, p.start, DefKind.Local, p.local, from, to, p.name + (p.local !== null ? ": " + p.local!.ty.name : ""));
      return;
    }
    if (p.kind == PK.Variant) {
      const dot = p.name.indexOf(".");
      if (dot >= 0) {
        const typeName = p.name.substring(0, dot);
        this.typeUse(typeName, p.start);
        const at = nameAt(this.source, p.start, p.end, p.name.substring(dot + 1));
        const v = this.variantByName(typeName, p.name.substring(dot + 1));
        if (v !== null) this.use(at, at + v!.name.length, v);
      } else if (scrutinee !== null && p.variant >= 0) {
        this.use(p.start, p.start + p.name.length, this.variantOfType(scrutinee, p.variant));
      }
    }
    if (p.lit !== null) this.expr(p.lit!);
    if (p.hi !== null) this.expr(p.hi!);
    for (let i = 0; i < p.subs.length; i++) this.pattern(p.subs[i], from, to, null);
  }

  private expr(e: Expr): void {
    switch (e.kind) {
      case EK.Ident: {
        const id = e as IdentExpr;
        this.exprs.push(e);
        if (id.local !== null) this.localUse(id);
        else this.globalUse(id);
        return;
      }
      case EK.Call: this.exprs.push(e); this.call(e as CallExpr); return;
      case EK.Field: this.field(e as FieldExpr, ""); return;
      case EK.Block: this.block(e as BlockExpr); return;
    }
    this.exprs.push(e);
    switch (e.kind) {
      case EK.Interp: {
        const x = e as InterpExpr;
        for (let i = 0; i < x.exprs.length; i++) this.expr(x.exprs[i]);
        break;
      }
      case EK.Unary: this.expr((e as UnaryExpr).operand); break;
      case EK.Binary:
      case EK.Assign: {
        const b = e as BinaryExpr;
        this.expr(b.left);
        this.expr(b.right);
        break;
      }
      case EK.Index: {
        const x = e as IndexExpr;
        this.expr(x.object);
        this.expr(x.index);
        break;
      }
      case EK.StructLit: {
        const s = e as StructLitExpr;
        this.typeUse(s.name, s.start);
        for (let i = 0; i < s.typeArgs.length; i++) this.typeExpr(s.typeArgs[i]);
        const t = e.ty;
        for (let i = 0; i < s.fieldNames.length; i++) {
          if (t !== null && i < s.fieldStarts.length) {
            const name = t!.base != "" ? t!.base : t!.name;
            const fi = t!.fieldIndex(s.fieldNames[i]);
            this.use(s.fieldStarts[i], s.fieldStarts[i] + s.fieldNames[i].length, this.defs.memberDef(name, fi, false));
          }
        }
        for (let i = 0; i < s.values.length; i++) this.expr(s.values[i]);
        break;
      }
      case EK.ArrayLit:
      case EK.TupleLit: {
        const l = e as ListExpr;
        for (let i = 0; i < l.elems.length; i++) this.expr(l.elems[i]);
        if (l.count !== null) this.expr(l.count!);
        break;
      }
      case EK.If: {
        const x = e as IfExpr;
        this.expr(x.cond);
        this.block(x.then);
        if (x.otherwise !== null) this.expr(x.otherwise!);
        break;
      }
      case EK.Match: {
        const m = e as MatchExpr;
        this.expr(m.scrutinee);
        for (let i = 0; i < m.arms.length; i++) {
          const arm = m.arms[i];
          this.pattern(arm.pattern, arm.pattern.end, arm.end, m.scrutinee.ty);
          if (arm.guard !== null) this.expr(arm.guard!);
          this.expr(arm.body);
        }
        break;
      }
      case EK.Closure: this.closure(e as ClosureExpr); break;
      case EK.Cast: {
        const c = e as CastExpr;
        this.expr(c.value);
        this.typeExpr(c.type);
        break;
      }
      case EK.Try:
      case EK.Return:
      case EK.Break: {
        const u = e as UnaryLikeExpr;
        if (u.value !== null) this.expr(u.value!);
        break;
      }
      case EK.Range: {
        const r = e as RangeExpr;
        this.expr(r.lo);
        this.expr(r.hi);
        break;
      }
      case EK.While:
      case EK.For:
      case EK.Loop: {
        const l = e as LoopExpr;
        if (l.cond !== null) this.expr(l.cond!);
        if (l.iter !== null) this.expr(l.iter!);
        if (l.varName != "") {
          const detail = l.varName + (l.local !== null ? ": " + l.local!.ty.name : "");
          this.bind(l.varName, l.varStart, DefKind.Local, l.local, l.body.start, l.body.end, detail);
        }
        this.block(l.body);
        break;
      }
    }
  }

  private closure(c: ClosureExpr): void {
    // A captured variable is the closure's own copy; its uses are the original's.
    for (let i = 0; i < c.captured.length && i < c.inner.length; i++) {
      if (this.locals.has(c.captured[i])) this.locals.set(c.inner[i], this.locals.get(c.captured[i]));
    }
    const info = c.info;
    for (let i = 0; i < c.params.length; i++) {
      const p = c.params[i];
      if (p.type !== null) this.typeExpr(p.type);
      const local = info !== null && i < info!.paramLocals.length ? info!.paramLocals[i] : null;
      this.bind(p.name, nameAt(this.source, p.start, p.end, p.name), DefKind.Param, local, c.body.start, c.body.end, "");
    }
    if (c.ret !== null) this.typeExpr(c.ret);
    this.expr(c.body);
  }
}
