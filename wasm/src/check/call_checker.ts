import { CallExpr, DK, EK, EnumDecl, Expr, FieldExpr, FnDecl, IdentExpr, StructDecl, StructLitExpr, TK, TypeExpr, VariantDecl, FnInfo } from "../syntax/ast";
import { BuiltinChecker, takesArguments } from "./builtin_checker";
import { isBuiltin } from "./expr_checker";
import { GenericFn, instanceKey } from "./program";
import { arrayOf, assignable, fnOf, isOption, isResult, optionOf, tError, tI64, tUnit, TyK, Type } from "./types";
import { foreignFunctionHint, foreignMethodHint } from "./foreign_names";

/** Function, method, builtin and enum-constructor calls. */
export class CallChecker extends BuiltinChecker {
  checkCall(c: CallExpr, expected: Type | null): Type {
    const callee = c.callee;
    if (callee.kind == EK.Ident) {
      const name = (callee as IdentExpr).name;
      const local = this.lookup(name);
      if (local !== null && local.ty.kind == TyK.Func) {
        this.check(callee, null);
        return this.callValue(c, local.ty, "'" + name + "'");
      }
      if (local !== null && local.ty.isError) {
        this.check(callee, null);
        this.checkArgs(c, 0);
        return tError;
      }
      if (local !== null) {
        this.errAt("E0205", callee, "'" + name + "' is a variable, not a function");
        this.checkArgs(c, 0);
        return tError;
      }
      const f = this.findFn(name);
      if (f !== null && (callee as IdentExpr).typeArgs.length > 0) {
        this.errAt("E0320", callee, "'" + name + "' is not generic; call it without type arguments");
        this.checkArgs(c, 0);
        return tError;
      }
      if (f !== null) return this.callFn(c, f, c.args, 0);
      if (name == "Some" || name == "Ok" || name == "Err") return this.checkWrap(c, name, expected);
      const gkey = this.program.generics.has(this.mod.prefix + name) ? this.mod.prefix + name : name;
      if (this.program.generics.has(gkey)) return this.callGeneric(c, this.program.generics.get(gkey), expected);
      if (isBuiltin(name)) return this.checkBuiltin(c, name);
      const runtime = this.findRuntimeFn(name);
      if (runtime !== null) return this.callFn(c, runtime, c.args, 0);
      if (this.program.types.has(name)) {
        this.errAt("E0205", callee, "'" + name + "' is a type; build a struct with '" + name + " { field: value }'");
      } else this.errAt("E0204", callee, "unknown function '" + name + "'" + foreignFunctionHint(name));
      this.checkArgs(c, 0);
      return tError;
    }
    if (callee.kind == EK.Field) return this.checkMethodCall(c, callee as FieldExpr, expected);
    const ct = this.check(callee, null);
    if (ct.kind == TyK.Func) return this.callValue(c, ct, "this function");
    if (ct.isError) { this.checkArgs(c, 0); return tError; }
    this.errAt("E0205", callee, "this expression cannot be called");
    this.checkArgs(c, 0);
    return tError;
  }

  /** A call of a function value (a closure or a named function passed around): an indirect call. */
  callValue(c: CallExpr, ft: Type, what: string): Type {
    c.target = "#call";
    const want = ft.elems.length;
    if (c.args.length != want) {
      this.errAt("E0500", c, takesArguments(what, want, c.args.length));
    }
    for (let i = 0; i < c.args.length; i++) {
      if (i < want) this.expectType(c.args[i], ft.elems[i], "argument " + (i + 1).toString() + " of " + what);
      else this.check(c.args[i], null);
    }
    return ft.elem!;
  }

  /**
   * Whether the instance of `g` for `args` may be created: a generic function
   * that calls itself with ever larger type arguments (polymorphic recursion,
   * `f((x, x))` in `f<T>(x: T)`) would create instances without end, each
   * type twice the size of the last. Both the chain of instantiations and
   * the size of a type argument are bounded, and the call that would cross
   * the bound gets the error.
   */
  instanceWithinLimits(c: CallExpr, g: GenericFn, args: Type[]): bool {
    if (g.instances.has(instanceKey(g, args))) return true;
    let longest = "";
    for (let i = 0; i < args.length; i++) if (args[i].name.length > longest.length) longest = args[i].name;
    if (this.fn.instanceDepth < MAX_INSTANCE_DEPTH && longest.length <= MAX_TYPE_ARG_LENGTH) return true;
    const shown = longest.length > 60 ? longest.substring(0, 57) + "..." : longest;
    this.errAt("E0504", c, "generic instantiation too deep: '" + g.decl.name + "' would be instantiated for " + shown +
      "; a generic function that calls itself with ever larger type arguments never ends: give the recursive call the same type arguments");
    return false;
  }

  /**
   * A call of a generic function: the type arguments are the explicit ones
   * (`make<i64>()`), else inferred from the arguments in order (a later
   * literal adopts a type bound earlier), then from the type the context
   * expects of the result; the matching instance is created on first use.
   */
  callGeneric(c: CallExpr, g: GenericFn, expected: Type | null): Type {
    const d = g.decl;
    const env = new Map<string, Type>();
    if (c.callee.kind == EK.Ident && !this.explicitTypeArgs(c.callee as IdentExpr, d.name, d.typeParams, env)) {
      this.checkArgs(c, 0);
      return tError;
    }
    // A generic method's receiver is the call's object, not an argument.
    const skip = g.self !== null && d.params.length > 0 && d.params[0].isSelf ? 1 : 0;
    if (c.args.length != d.params.length - skip) {
      this.errAt("E0500", c.callee, takesArguments("'" + d.name + "'", d.params.length - skip, c.args.length));
      this.checkArgs(c, 0);
      return tError;
    }
    for (let i = 0; i < c.args.length; i++) {
      const te = d.params[i + skip].type;
      let want = te !== null ? this.bound(te!, d.typeParams, env) : null;
      // A closure argument needs only its parameter types; its result binds the rest.
      if (want === null && te !== null && te!.kind == TK.Func && c.args[i].kind == EK.Closure) want = this.boundParams(te!, d.typeParams, env);
      const t = this.check(c.args[i], want);
      if (t.isError) return tError;
      if (te !== null && !this.unify(te!, t, d.typeParams, env)) {
        this.errAt("E0501", c.args[i], "argument " + (i + 1).toString() + " of '" + d.name + "' does not fit its generic parameter type (found " + t.name + ")");
        return tError;
      }
    }
    // Type parameters only the result mentions come from the expected type: `let m: Map<str, i64> = map.new()`.
    if (expected !== null && d.ret !== null && env.size < d.typeParams.length) this.unify(d.ret!, expected!, d.typeParams, env);
    const args: Type[] = [];
    for (let i = 0; i < d.typeParams.length; i++) {
      if (!env.has(d.typeParams[i])) {
        this.errAt("E0502", c.callee, "cannot infer the type parameter " + d.typeParams[i] + " of '" + d.name + "'; write it, e.g. '" +
          d.name + "<i64>(...)', or give the result a type");
        return tError;
      }
      args.push(env.get(d.typeParams[i]));
    }
    if (!this.instanceWithinLimits(c, g, args)) return tError;
    const savedEnv = this.program.typeEnv;
    const isNew = !g.instances.has(instanceKey(g, args));
    const f = this.program.instantiate(g, args);
    this.program.typeEnv = savedEnv;
    if (f === null) return tError;
    if (isNew) f.instanceDepth = this.fn.instanceDepth + 1;
    c.target = f.name;
    if (skip == 1 && f.mutSelf) this.checkMutablePlace((c.callee as FieldExpr).object, (c.callee as FieldExpr).name);
    return f.ret;
  }

  /** Binds `make<i64>()`'s explicit type arguments; false after reporting a wrong count or an unknown type. */
  explicitTypeArgs(id: IdentExpr, name: string, params: string[], env: Map<string, Type>): bool {
    const given = id.typeArgs;
    if (given.length == 0) return true;
    if (given.length != params.length) {
      this.errAt("E0320", id, "'" + name + "' takes " + params.length.toString() + " type argument(s), found " + given.length.toString());
      return false;
    }
    for (let i = 0; i < given.length; i++) {
      const saved = this.program.typeEnv;
      const t = this.program.resolveType(given[i], this.mod, null);
      this.program.typeEnv = saved;
      if (t.isError) return false;
      env.set(params[i], t);
    }
    return true;
  }

  /** The type a parameter requires once its type variables are bound, or null while some are free. */
  bound(te: TypeExpr, params: string[], env: Map<string, Type>): Type | null {
    if (te.kind == TK.Named && params.includes(te.name)) return env.has(te.name) ? env.get(te.name) : null;
    if (te.kind == TK.Array) {
      const e = this.bound(te.args[0], params, env);
      return e === null ? null : arrayOf(e!);
    }
    if (te.kind == TK.Optional) {
      const e = this.bound(te.args[0], params, env);
      return e === null ? null : optionOf(e!);
    }
    if (te.kind == TK.Func) {
      const ps = this.boundAll(te.args, params, env);
      if (ps === null) return null;
      let r: Type = tUnit;
      if (te.ret !== null) {
        const rb = this.bound(te.ret!, params, env);
        if (rb === null) return null;
        r = rb!;
      }
      return fnOf(ps!, r);
    }
    if (te.kind == TK.Named && te.args.length > 0 && this.program.genericTypes.has(te.name)) {
      const args = this.boundAll(te.args, params, env);
      return args === null ? null : this.program.instantiateType(te.name, args!);
    }
    if (te.kind == TK.Named && te.args.length == 0) {
      const saved = this.program.typeEnv;
      const t = this.program.resolveType(te, this.mod, null);
      this.program.typeEnv = saved;
      return t;
    }
    return null;
  }

  /** A function type with the bound parameter types of `te` and an unknown (error) result, or null. */
  boundParams(te: TypeExpr, params: string[], env: Map<string, Type>): Type | null {
    const ps = this.boundAll(te.args, params, env);
    return ps === null ? null : fnOf(ps!, tError);
  }

  /** `bound` of each type expression, or null when any is still free. */
  boundAll(list: TypeExpr[], params: string[], env: Map<string, Type>): Type[] | null {
    const out: Type[] = [];
    for (let i = 0; i < list.length; i++) {
      const t = this.bound(list[i], params, env);
      if (t === null) return null;
      out.push(t!);
    }
    return out;
  }

  unify(te: TypeExpr, t: Type, params: string[], env: Map<string, Type>): bool {
    if (te.kind == TK.Func) {
      if (t.kind != TyK.Func || t.elems.length != te.args.length) return false;
      for (let i = 0; i < te.args.length; i++) if (!this.unify(te.args[i], t.elems[i], params, env)) return false;
      if (te.ret === null) return t.elem! == tUnit;
      return this.unify(te.ret!, t.elem!, params, env);
    }
    if (te.kind == TK.Named && params.includes(te.name)) {
      if (env.has(te.name)) return env.get(te.name) == t;
      env.set(te.name, t);
      return true;
    }
    if (te.kind == TK.Array) return t.kind == TyK.Array && this.unify(te.args[0], t.elem!, params, env);
    if (te.kind == TK.Named && te.args.length > 0 && t.base == te.name && t.typeArgs.length == te.args.length) {
      for (let i = 0; i < te.args.length; i++) if (!this.unify(te.args[i], t.typeArgs[i], params, env)) return false;
      return true;
    }
    if (te.kind == TK.Optional) return isOption(t) && this.unify(te.args[0], t.elem!, params, env);
    if (te.kind == TK.Named && te.name == "Result" && te.args.length == 2) {
      return isResult(t) && this.unify(te.args[0], t.variants[0].payload[0], params, env) &&
        this.unify(te.args[1], t.variants[1].payload[0], params, env);
    }
    if (te.kind == TK.Tuple) {
      if (t.kind != TyK.Tuple || t.elems.length != te.args.length) return false;
      for (let i = 0; i < te.args.length; i++) if (!this.unify(te.args[i], t.elems[i], params, env)) return false;
      return true;
    }
    const b = this.bound(te, params, env);
    return b !== null && b == t;
  }

  /** `Tree.Leaf` of a generic enum: the type arguments come from the context. */
  genericUnitVariant(f: FieldExpr, expected: Type | null): Type {
    const head = (f.object as IdentExpr).name;
    if (expected === null || expected.base != head) {
      this.errAt("E0502", f, "cannot infer the type arguments of " + head + "; write the type, e.g. 'let x: " + head + "<i64> = ...'");
      return tError;
    }
    const t = expected!;
    f.object.ty = t;
    const v = t.variantIndex(f.name);
    if (v < 0) { this.err("E0409", f.end - f.name.length, f.end, "enum " + t.name + " has no variant '" + f.name + "'"); return tError; }
    if (t.variants[v].payload.length > 0) this.errAt("E0410", f, "variant " + head + "." + f.name + " needs " + t.variants[v].payload.length.toString() + " value(s) in parentheses");
    f.index = v;
    f.isVariant = true;
    return t;
  }

  /** A literal of a generic struct: its type from the context, or inferred from the field values. */
  genericStructLit(s: StructLitExpr, expected: Type | null): Type {
    if (expected !== null && expected.base == s.name) return this.checkStructLitAs(s, expected);
    const d = this.program.genericTypes.get(s.name);
    if (d.kind != DK.Struct) {
      this.err("E0404", s.start, s.start + s.name.length, "'" + s.name + "' is not a struct");
      return tError;
    }
    const sd = d as StructDecl;
    const env = new Map<string, Type>();
    for (let i = 0; i < s.fieldNames.length; i++) {
      let te: TypeExpr | null = null;
      for (let j = 0; j < sd.fields.length; j++) if (sd.fields[j].name == s.fieldNames[i]) te = sd.fields[j].type;
      const want = te !== null ? this.bound(te!, d.typeParams, env) : null;
      const t = this.check(s.values[i], want);
      if (t.isError) return tError;
      if (te !== null) this.unify(te!, t, d.typeParams, env);
    }
    const args: Type[] = [];
    for (let i = 0; i < d.typeParams.length; i++) {
      if (!env.has(d.typeParams[i])) {
        this.err("E0502", s.start, s.start + s.name.length, "cannot infer the type parameter " + d.typeParams[i] + " of " + s.name + "; write the type, e.g. 'let x: " + s.name + "<i64> = ...'");
        return tError;
      }
      args.push(env.get(d.typeParams[i]));
    }
    return this.checkStructLitAs(s, this.program.instantiateType(s.name, args));
  }

  /** `Tree.Node(l, v, r)` of a generic enum: from the context, or inferred from the payload. */
  genericVariantCall(c: CallExpr, f: FieldExpr, head: string, expected: Type | null): Type {
    const d = this.program.genericTypes.get(head);
    let t: Type | null = expected !== null && expected.base == head ? expected : null;
    if (t === null && d.kind == DK.Enum) {
      const ed = d as EnumDecl;
      let vd: VariantDecl | null = null;
      for (let i = 0; i < ed.variants.length; i++) if (ed.variants[i].name == f.name) vd = ed.variants[i];
      if (vd !== null && vd.payload.length == c.args.length) {
        const env = new Map<string, Type>();
        let ok = true;
        for (let i = 0; i < c.args.length; i++) {
          const want = this.bound(vd.payload[i], d.typeParams, env);
          const at = this.check(c.args[i], want);
          if (at.isError || !this.unify(vd.payload[i], at, d.typeParams, env)) ok = false;
        }
        const args: Type[] = [];
        for (let i = 0; i < d.typeParams.length; i++) {
          if (!env.has(d.typeParams[i])) ok = false;
          else args.push(env.get(d.typeParams[i]));
        }
        if (ok) t = this.program.instantiateType(head, args);
      }
    }
    if (t === null) {
      this.errAt("E0502", c, "cannot infer the type arguments of " + head + "; write the type, e.g. 'let x: " + head + "<i64> = ...'");
      return tError;
    }
    const ty = t!;
    f.object.ty = ty;
    const v = ty.variantIndex(f.name);
    if (v < 0) {
      this.err("E0409", f.end - f.name.length, f.end, "enum " + ty.name + " has no variant '" + f.name + "'");
      return tError;
    }
    const payload = ty.variants[v].payload;
    c.variant = v;
    if (payload.length != c.args.length) {
      this.errAt("E0410", c, "variant " + head + "." + f.name + " takes " + payload.length.toString() + " value(s), found " + c.args.length.toString());
      return ty;
    }
    for (let i = 0; i < c.args.length; i++) this.expectType(c.args[i], payload[i], "payload of " + head + "." + f.name);
    return ty;
  }

  /** Some(x), Ok(x), Err(e): the enum type comes from the context, or from x for Some. */
  checkWrap(c: CallExpr, name: string, expected: Type | null): Type {
    if (c.args.length != 1) {
      this.errAt("E0500", c, "'" + name + "' takes 1 value, found " + c.args.length.toString());
      this.checkArgs(c, 0);
      return tError;
    }
    if (name == "Some") {
      const want = expected !== null && isOption(expected) ? expected.elem : null;
      const t = this.check(c.args[0], want);
      if (t.isError) return tError;
      if (t.kind == TyK.Never) { this.errAt("E0306", c.args[0], "the value of Some needs a value, but this expression never produces one"); return tError; }
      if (want !== null && !assignable(t, want!)) this.errAt("E0300", c.args[0], "expected " + want!.name + ", found " + t.name);
      c.variant = 0;
      return want !== null ? expected! : optionOf(t);
    }
    if (expected === null || !isResult(expected)) {
      this.check(c.args[0], null);
      const other = name == "Ok" ? "Err" : "Ok";
      this.errAt("E0502", c, "cannot infer the Result type of " + name + "(...): nothing fixes its " + other + " type; give the binding a type (let r: Result<i64, str> = ...), use it where a Result is expected, or let another arm give the " + other + " type");
      return tError;
    }
    const v = name == "Ok" ? 0 : 1;
    this.expectType(c.args[0], expected.variants[v].payload[0], "value of " + name);
    c.variant = v;
    return expected;
  }

  /**
   * `Stack.new()` on a generic type: an associated function of the instance
   * the context expects (`let s: Stack<i64> = Stack.new()`), or of the one
   * its arguments give (`Stack.of(1)`).
   */
  genericAssocCall(c: CallExpr, f: FieldExpr, head: string, expected: Type | null): Type {
    let t: Type | null = expected !== null && expected.base == head ? expected : null;
    const impl = this.program.genericMethods.get(head + "." + f.name);
    if (t === null) {
      let m: FnDecl | null = null;
      for (let i = 0; i < impl.methods.length; i++) if (impl.methods[i].name == f.name) m = impl.methods[i];
      const env = new Map<string, Type>();
      if (m !== null && m!.params.length == c.args.length) {
        for (let i = 0; i < c.args.length; i++) {
          const te = m!.params[i].type;
          if (te === null) continue;
          const at = this.check(c.args[i], this.bound(te!, impl.typeParams, env));
          if (at.isError) return tError;
          this.unify(te!, at, impl.typeParams, env);
        }
      }
      const args: Type[] = [];
      for (let i = 0; i < impl.typeParams.length; i++) if (env.has(impl.typeParams[i])) args.push(env.get(impl.typeParams[i]));
      if (args.length < impl.typeParams.length) {
        this.errAt("E0502", c, "cannot infer the type arguments of " + head + "; write the type, e.g. 'let x: " + head + "<i64> = " + head + "." + f.name + "(...)'");
        this.checkArgs(c, 0);
        return tError;
      }
      t = this.program.instantiateType(head, args);
    }
    const ty = t!;
    f.object.ty = ty;
    const saved = this.program.typeEnv;
    const fn = this.program.instantiateMethod(ty, f.name);
    this.program.typeEnv = saved;
    if (fn === null) { this.checkArgs(c, 0); return tError; }
    if (fn.hasSelf) this.errAt("E0407", f, "'" + f.name + "' is a method; call it on a value");
    return this.callFn(c, fn, c.args, 0);
  }

  /** Checks arguments against `f`'s parameters starting at parameter `skip` (1 for a receiver). */
  callFn(c: CallExpr, f: FnInfo, args: Expr[], skip: i32): Type {
    c.target = f.name;
    const want = f.params.length - skip;
    if (args.length != want) {
      this.errAt("E0500", c, takesArguments("'" + f.decl.name + "'", want, args.length));
    }
    for (let i = 0; i < args.length; i++) {
      if (i < want) this.expectType(args[i], f.params[i + skip], "argument " + (i + 1).toString() + " of '" + f.decl.name + "'");
      else this.check(args[i], null);
    }
    return f.ret;
  }

  /** `map.new()` where a type of the module has the function: "; it belongs to a type: 'Map.new(...)'". */
  staticMethodHint(prefix: string, name: string): string {
    // Methods are keyed by their type's name ("Map.new", "Rng.next").
    const generic = this.program.genericMethods.keys();
    for (let i = 0; i < generic.length; i++) {
      const owner = ownerOf(generic[i], name);
      if (owner.length > 0 && this.program.genericTypeMods.has(owner) && this.program.genericTypeMods.get(owner).prefix == prefix) {
        return "; it belongs to a type: '" + owner + "." + name + "(...)'";
      }
    }
    const plain = this.program.funcs.keys();
    for (let i = 0; i < plain.length; i++) {
      const owner = ownerOf(plain[i], name);
      if (owner.length > 0 && this.program.types.has(owner)) return "; it belongs to a type: '" + owner + "." + name + "(...)'";
    }
    return "";
  }

  checkMethodCall(c: CallExpr, f: FieldExpr, expected: Type | null): Type {
    const obj = f.object;
    if (obj.kind == EK.Ident && this.lookup((obj as IdentExpr).name) === null) {
      const head = (obj as IdentExpr).name;
      // Module function: `math.sqrt(x)`.
      if (this.mod.imports.has(head)) {
        const key = this.mod.imports.get(head) + f.name;
        if (this.program.funcs.has(key)) return this.callFn(c, this.program.funcs.get(key), c.args, 0);
        if (this.program.generics.has(key)) return this.callGeneric(c, this.program.generics.get(key), expected);
        this.err("E0252", f.end - f.name.length, f.end, "module '" + head + "' has no function '" + f.name + "'" + this.staticMethodHint(this.mod.imports.get(head), f.name));
        this.checkArgs(c, 0);
        return tError;
      }
      if (this.program.genericTypes.has(head)) {
        if (this.program.genericMethods.has(head + "." + f.name)) return this.genericAssocCall(c, f, head, expected);
        return this.genericVariantCall(c, f, head, expected);
      }
      if (this.program.types.has(head)) {
        const t = this.program.types.get(head);
        obj.ty = t;
        // Enum constructor: `Shape.Circle(1.0)`.
        if (t.kind == TyK.Enum && t.variantIndex(f.name) >= 0) {
          const v = t.variantIndex(f.name);
          const payload = t.variants[v].payload;
          c.variant = v;
          if (payload.length != c.args.length) {
            this.errAt("E0410", c, "variant " + t.name + "." + f.name + " takes " + payload.length.toString() + " value(s), found " + c.args.length.toString());
          }
          for (let i = 0; i < c.args.length; i++) {
            if (i < payload.length) this.expectType(c.args[i], payload[i], "payload of " + t.name + "." + f.name);
            else this.check(c.args[i], null);
          }
          return t;
        }
        // Associated function: `Point.new(1, 2)`.
        const key = t.name + "." + f.name;
        if (this.program.funcs.has(key)) {
          const fn = this.program.funcs.get(key);
          if (fn.hasSelf) this.errAt("E0407", f, "'" + f.name + "' is a method; call it on a value");
          return this.callFn(c, fn, c.args, 0);
        }
        this.err("E0406", f.end - f.name.length, f.end, "type " + t.name + " has no " + (t.kind == TyK.Enum ? "variant or " : "") + "function '" + f.name + "'");
        this.checkArgs(c, 0);
        return tError;
      }
      if (head == "std") {
        this.errAt("E0251", obj, "import the module first, e.g. 'import std." + f.name + "'");
        this.checkArgs(c, 0);
        return tError;
      }
    }
    const t = this.check(obj, null);
    if (t.isError) { this.checkArgs(c, 0); return tError; }
    c.isMethod = true;
    const key = t.name + "." + f.name;
    if (t.base != "" && !this.program.funcs.has(key)) {
      const saved = this.program.typeEnv;
      this.program.instantiateMethod(t, f.name);
      this.program.typeEnv = saved;
    }
    if (!this.program.funcs.has(key) && this.program.generics.has(key) && this.program.generics.get(key).self !== null) {
      return this.callGeneric(c, this.program.generics.get(key), expected);
    }
    if (this.program.funcs.has(key)) {
      const fn = this.program.funcs.get(key);
      if (!fn.hasSelf) this.errAt("E0408", f, "'" + f.name + "' has no 'self' parameter; call it as '" + t.name + "." + f.name + "(...)'");
      if (fn.mutSelf) this.checkMutablePlace(obj, f.name);
      return this.callFn(c, fn, c.args, fn.hasSelf ? 1 : 0);
    }
    if ((t.kind == TyK.Struct || t.kind == TyK.Tuple) && t.fieldIndex(f.name) >= 0 && t.elems[t.fieldIndex(f.name)].kind == TyK.Func) {
      // `s.f(x)` where the field f holds a function.
      c.isMethod = false;
      const ft = this.check(f, null);
      return this.callValue(c, ft, "'" + f.name + "'");
    }
    if (t.kind == TyK.Array || t.kind == TyK.Str) {
      const m = f.name;
      if (m == "len") return this.builtinMethod(c, "#len", 0, tI64);
      if (t.kind == TyK.Array) {
        const elem = t.elem!;
        if (m == "push") {
          c.target = "#push";
          if (c.args.length != 1) this.errAt("E0500", c, "'push' takes 1 argument, found " + c.args.length.toString());
          else this.expectType(c.args[0], elem, "argument of 'push'");
          this.checkMutablePlace(obj, "push");
          return tUnit;
        }
        if (m == "pop") {
          this.checkMutablePlace(obj, "pop");
          return this.builtinMethod(c, "#pop", 0, elem);
        }
      }
    }
    const listLike = t.kind == TyK.Array || t.kind == TyK.Str;
    this.err("E0405", f.end - f.name.length, f.end, "type " + t.name + " has no method '" + f.name + "'" + foreignMethodHint(f.name, listLike));
    this.checkArgs(c, 0);
    return tError;
  }
}

// Deeper chains of generic instances than any program needs; a type argument
// longer than this (as written) is a sign of polymorphic recursion, and the
// next level would double it.
const MAX_INSTANCE_DEPTH: i32 = 48;
const MAX_TYPE_ARG_LENGTH: i32 = 512;

/** "Map" for the method key "Map.new" and name "new"; "" when the key is not a type's method of that name. */
function ownerOf(key: string, name: string): string {
  if (!key.endsWith("." + name)) return "";
  const owner = key.substring(0, key.length - name.length - 1);
  if (owner.length == 0 || owner.includes(".") || owner.charCodeAt(0) < 65 || owner.charCodeAt(0) > 90) return "";
  return owner;
}
