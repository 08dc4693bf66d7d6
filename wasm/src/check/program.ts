import { Diagnostics } from "../diagnostics";
import { lex, parseFnAt } from "../syntax/parser";
import { Token } from "../syntax/token";
import {
  ConstDecl, Decl, DK, EnumDecl, FnDecl, FnInfo, ImplDecl, ImportDecl, Module, ModuleInfo, StructDecl, TK, TypeExpr,
} from "../syntax/ast";
import { Source } from "../source";
import { arrayOf, fnOf, isEquatable, optionOf, primitiveByName, resultOf, tError, tI64, tupleOf, TyK, Type, tUnit, Variant } from "./types";
import { CompileBudget } from "./budget";
import { foreignTypeHint } from "./foreign_names";

/** A generic function and its instances by type arguments. */
export class GenericFn {
  instances: Map<string, FnInfo> = new Map();
  // The receiver's type for a generic method of a non-generic type (`fn shuffle<T>(var self, xs: [T])`).
  self: Type | null = null;
  constructor(public decl: FnDecl, public mod: ModuleInfo, public key: string) {}
}

export class ConstInfo {
  ty: Type = tError;
  constructor(public name: string, public decl: ConstDecl, public mod: ModuleInfo) {}
}

/**
 * Everything the checker knows globally: types, functions, methods, constants.
 * Built in two steps (names first, then signatures) so declarations may refer
 * to each other in any order.
 */
export class Program {
  modules: ModuleInfo[] = [];
  types: Map<string, Type> = new Map();
  typeDecls: Map<string, ModuleInfo> = new Map();
  funcs: Map<string, FnInfo> = new Map();
  funcOrder: FnInfo[] = [];
  consts: Map<string, ConstInfo> = new Map();
  // Modules that exist (embedded stdlib), by prefix.
  known: Set<string> = new Set();
  // The program's own modules (`import util` loads util.pith beside the entry file), by name.
  userModules: Set<string> = new Set();
  // What `import name` should say when name is not a module: set by the loader for files it could not use.
  moduleProblems: Map<string, string> = new Map();
  generics: Map<string, GenericFn> = new Map();
  // Generic structs and enums, and the methods of their impl blocks ("Pair.swap").
  genericTypes: Map<string, Decl> = new Map();
  genericTypeMods: Map<string, ModuleInfo> = new Map();
  genericMethods: Map<string, ImplDecl> = new Map();
  // Type parameters in scope while resolving an instance's types.
  typeEnv: Map<string, Type> | null = null;
  // What this compile has spent of its budget (budget.ts).
  budget: CompileBudget = new CompileBudget();
  // Each source's tokens, once a generic declaration of it is copied (tokensOf).
  tokens: Map<Source, Token[]> = new Map();

  constructor(public diags: Diagnostics) {}

  err(code: string, source: Source, start: i32, end: i32, message: string): void {
    this.diags.error(code, source, start, end, message);
  }

  resolveType(t: TypeExpr | null, mod: ModuleInfo, selfType: Type | null): Type {
    if (t === null) return tUnit;
    const src = mod.module.source;
    switch (t.kind) {
      case TK.Array: return arrayOf(this.resolveType(t.args[0], mod, selfType));
      case TK.Tuple: {
        if (t.args.length == 0) return tUnit;
        const elems: Type[] = [];
        for (let i = 0; i < t.args.length; i++) elems.push(this.resolveType(t.args[i], mod, selfType));
        return tupleOf(elems);
      }
      case TK.Func: {
        const params: Type[] = [];
        let bad = false;
        for (let i = 0; i < t.args.length; i++) {
          const a = this.resolveType(t.args[i], mod, selfType);
          if (a.isError) bad = true;
          params.push(a);
        }
        const r = this.resolveType(t.ret, mod, selfType);
        return bad || r.isError ? tError : fnOf(params, r);
      }
      case TK.Optional: {
        const inner = this.resolveType(t.args[0], mod, selfType);
        return inner.isError ? tError : optionOf(inner);
      }
    }
    if (t.name == "?") return tError;
    if (this.typeEnv !== null && this.typeEnv!.has(t.name) && t.args.length == 0) return this.typeEnv!.get(t.name);
    if (t.name == "Self" && selfType !== null) return selfType;
    const prim = primitiveByName(t.name);
    if (prim !== null) {
      if (t.args.length > 0) this.err("E0320", src, t.start, t.end, "type '" + t.name + "' takes no type arguments");
      return prim;
    }
    if (this.types.has(t.name)) {
      if (t.args.length > 0) this.err("E0320", src, t.start, t.end, "type '" + t.name + "' takes no type arguments");
      return this.types.get(t.name);
    }
    if (this.genericTypes.has(t.name)) {
      const g = this.genericTypes.get(t.name);
      if (t.args.length != g.typeParams.length) {
        this.err("E0320", src, t.start, t.end, "type '" + t.name + "' needs " + g.typeParams.length.toString() + " type argument(s), e.g. " + t.name + "<i64>");
        return tError;
      }
      const args: Type[] = [];
      for (let i = 0; i < t.args.length; i++) {
        const a = this.resolveType(t.args[i], mod, selfType);
        if (a.isError) return tError;
        args.push(a);
      }
      // std.map hashes and compares its keys: say so here, not inside the library.
      if ((t.name == "Map" || t.name == "Set") && this.genericTypeMods.get(t.name).prefix == "map." && !isEquatable(args[0])) {
        this.err("E0314", src, t.args[0].start, t.args[0].end, "a " + t.name + " key must be an integer, bool, str or a tuple of them, found " + args[0].name);
        return tError;
      }
      return this.instantiateType(t.name, args);
    }
    if (t.name == "Option" && t.args.length == 1) {
      const inner = this.resolveType(t.args[0], mod, selfType);
      return inner.isError ? tError : optionOf(inner);
    }
    if (t.name == "Result" && t.args.length == 2) {
      const ok = this.resolveType(t.args[0], mod, selfType);
      const e = this.resolveType(t.args[1], mod, selfType);
      return ok.isError || e.isError ? tError : resultOf(ok, e);
    }
    if (t.name == "Option" || t.name == "Result" || t.name == "Map") {
      this.err("E0321", src, t.start, t.end, "'" + t.name + "' is not supported yet");
      return tError;
    }
    if (t.name == "int") {
      this.err("E0206", src, t.start, t.end, "unknown type 'int'; the integer types are i64, i32 and u8");
      return tI64;
    }
    this.err("E0206", src, t.start, t.end, "unknown type '" + t.name + "'" + foreignTypeHint(t.name));
    // Rust's `Vec<i64>` is the array its hint names: read as `[i64]`, so
    // `let xs: Vec<i64> = []` does not add "cannot infer the element type".
    if (t.name == "Vec" && t.args.length == 1) {
      const elem = this.resolveType(t.args[0], mod, selfType);
      return elem.isError ? tError : arrayOf(elem);
    }
    return tError;
  }

  addModule(module: Module, prefix: string): ModuleInfo {
    const info = new ModuleInfo(module, prefix);
    this.modules.push(info);
    return info;
  }

  /** Step 1: type names. */
  declareTypes(): void {
    for (let m = 0; m < this.modules.length; m++) {
      const mod = this.modules[m];
      const decls = mod.module.decls;
      for (let i = 0; i < decls.length; i++) {
        const d = decls[i];
        if (d.kind != DK.Struct && d.kind != DK.Enum) continue;
        if (d.name == "") continue;
        if (d.typeParams.length > 0) {
          if (this.genericTypes.has(d.name) || this.types.has(d.name)) {
            this.err("E0207", d.source, d.nameStart, d.nameStart + d.name.length, "type '" + d.name + "' is already defined");
          } else {
            this.genericTypes.set(d.name, d);
            this.genericTypeMods.set(d.name, mod);
          }
          continue;
        }
        if (this.types.has(d.name) && this.typeDecls.has(d.name)) {
          // Structs and enums are shared by every file of the program, so two
          // of one name are one error naming both places. The name then means
          // neither type: its uses check as unknown instead of against the
          // wrong fields (a false error at every use in one of the files).
          const first = this.typeDeclOf(d.name);
          const where = first === null ? "" : " (first at " + first.source.name + ":" + first.source.line(first.nameStart).toString() + ":" + first.source.col(first.nameStart).toString() + ")";
          this.err("E0207", d.source, d.nameStart, d.nameStart + d.name.length, "type '" + d.name + "' is already defined" + where +
            "; every file of a program shares its struct and enum names: rename one of them");
          this.types.set(d.name, tError);
          continue;
        }
        if (this.types.has(d.name) || primitiveByName(d.name) !== null) {
          this.err("E0207", d.source, d.nameStart, d.nameStart + d.name.length, "type '" + d.name + "' is already defined");
          continue;
        }
        this.types.set(d.name, new Type(d.kind == DK.Struct ? TyK.Struct : TyK.Enum, d.name));
        this.typeDecls.set(d.name, mod);
      }
    }
  }

  /** The declaration that first gave a struct or enum its name, or null. */
  private typeDeclOf(name: string): Decl | null {
    const decls = this.typeDecls.get(name).module.decls;
    for (let i = 0; i < decls.length; i++) {
      if ((decls[i].kind == DK.Struct || decls[i].kind == DK.Enum) && decls[i].name == name) return decls[i];
    }
    return null;
  }

  /** Step 2: fields, variants, function signatures, constants. */
  declareMembers(): void {
    for (let m = 0; m < this.modules.length; m++) {
      const mod = this.modules[m];
      const decls = mod.module.decls;
      for (let i = 0; i < decls.length; i++) {
        const d = decls[i];
        if (d.kind == DK.Struct && this.typeDecls.has(d.name) && this.typeDecls.get(d.name) == mod) {
          const s = d as StructDecl;
          const t = this.types.get(d.name);
          if (t.fieldNames.length > 0 || t.kind != TyK.Struct) continue;
          for (let f = 0; f < s.fields.length; f++) {
            const fd = s.fields[f];
            if (t.fieldIndex(fd.name) >= 0) this.err("E0207", d.source, fd.start, fd.end, "field '" + fd.name + "' is declared twice");
            t.fieldNames.push(fd.name);
            t.elems.push(this.resolveType(fd.type, mod, null));
          }
        } else if (d.kind == DK.Enum && this.typeDecls.has(d.name) && this.typeDecls.get(d.name) == mod) {
          const e = d as EnumDecl;
          const t = this.types.get(d.name);
          if (t.variants.length > 0 || t.kind != TyK.Enum) continue;
          for (let v = 0; v < e.variants.length; v++) {
            const vd = e.variants[v];
            if (t.variantIndex(vd.name) >= 0) this.err("E0207", d.source, vd.start, vd.end, "variant '" + vd.name + "' is declared twice");
            const payload: Type[] = [];
            for (let p = 0; p < vd.payload.length; p++) payload.push(this.resolveType(vd.payload[p], mod, null));
            t.variants.push(new Variant(vd.name, payload));
          }
          if (e.variants.length == 0) this.err("E0208", d.source, d.nameStart, d.nameStart + d.name.length, "an enum needs at least one variant");
        } else if (d.kind == DK.Fn) {
          this.declareFn(d as FnDecl, mod, mod.prefix + d.name, null);
        } else if (d.kind == DK.Impl) {
          const impl = d as ImplDecl;
          if (this.genericTypes.has(impl.name)) {
            const params = this.genericTypes.get(impl.name).typeParams;
            if (impl.typeParams.length != params.length) {
              // `impl Stack` for `struct Stack<T>`: the methods could not name T.
              this.err("E0322", d.source, d.nameStart, d.nameStart + impl.name.length, "'" + impl.name + "' is generic: write 'impl " +
                impl.name + "<" + params.join(", ") + "> { ... }' with its " + params.length.toString() + " type parameter(s)");
              continue;
            }
            // Methods of a generic type are instantiated per concrete type on first use.
            for (let j = 0; j < impl.methods.length; j++) this.genericMethods.set(impl.name + "." + impl.methods[j].name, impl);
            continue;
          }
          let self: Type | null = null;
          if (this.types.has(impl.name)) self = this.types.get(impl.name);
          else if (primitiveByName(impl.name) !== null) self = primitiveByName(impl.name);
          if (self === null) {
            if (impl.name != "") this.err("E0206", d.source, d.nameStart, d.nameStart + impl.name.length, "unknown type '" + impl.name + "'");
            continue;
          }
          // The methods of a type name two files declare belong to neither:
          // the name's one error is at the second declaration.
          if (self.isError) continue;
          if (impl.typeParams.length > 0) this.err("E0321", d.source, d.start, d.nameStart, "generic impl blocks are not supported yet");
          for (let j = 0; j < impl.methods.length; j++) {
            this.declareFn(impl.methods[j], mod, self.name + "." + impl.methods[j].name, self);
          }
        } else if (d.kind == DK.Const) {
          const key = mod.prefix + d.name;
          if (this.consts.has(key)) {
            this.err("E0207", d.source, d.nameStart, d.nameStart + d.name.length, "constant '" + d.name + "' is already defined");
            continue;
          }
          const c = new ConstInfo(key, d as ConstDecl, mod);
          if ((d as ConstDecl).type !== null) c.ty = this.resolveType((d as ConstDecl).type, mod, null);
          this.consts.set(key, c);
        } else if (d.kind == DK.Import) {
          const imp = d as ImportDecl;
          const parts = imp.path.split(".");
          const alias = parts[parts.length - 1];
          if (parts.length == 1 && this.userModules.has(alias)) {
            mod.imports.set(alias, alias + ".");
            continue;
          }
          if (parts.length != 2 || parts[0] != "std" || !this.known.has(alias)) {
            let message = "unknown module '" + imp.path + "'";
            if (this.moduleProblems.has(imp.path)) message += ": " + this.moduleProblems.get(imp.path);
            this.err("E0250", d.source, d.start, d.end, message);
            continue;
          }
          mod.imports.set(alias, alias + ".");
        }
      }
    }
  }

  /** The concrete type `name<args>` of a generic struct or enum, created once. */
  instantiateType(name: string, args: Type[]): Type {
    let key = name + "<";
    for (let i = 0; i < args.length; i++) key += (i > 0 ? ", " : "") + args[i].name;
    key += ">";
    if (this.types.has(key)) return this.types.get(key);
    const d = this.genericTypes.get(name);
    const mod = this.genericTypeMods.get(name);
    const t = new Type(d.kind == DK.Struct ? TyK.Struct : TyK.Enum, key);
    t.base = name;
    t.typeArgs = args;
    // Registered before its members are resolved, so it may contain itself.
    this.types.set(key, t);
    const env = new Map<string, Type>();
    for (let i = 0; i < d.typeParams.length; i++) env.set(d.typeParams[i], args[i]);
    const saved = this.typeEnv;
    this.typeEnv = env;
    if (d.kind == DK.Struct) {
      const s = d as StructDecl;
      for (let f = 0; f < s.fields.length; f++) {
        t.fieldNames.push(s.fields[f].name);
        t.elems.push(this.resolveType(s.fields[f].type, mod, null));
      }
    } else {
      const e = d as EnumDecl;
      for (let v = 0; v < e.variants.length; v++) {
        const payload: Type[] = [];
        for (let p = 0; p < e.variants[v].payload.length; p++) payload.push(this.resolveType(e.variants[v].payload[p], mod, null));
        t.variants.push(new Variant(e.variants[v].name, payload));
      }
    }
    this.typeEnv = saved;
    return t;
  }

  /** The method `name` of a generic type's instance `t`, instantiated on first use. */
  instantiateMethod(t: Type, name: string): FnInfo | null {
    const key = t.name + "." + name;
    if (this.funcs.has(key)) return this.funcs.get(key);
    const mkey = t.base + "." + name;
    if (!this.genericMethods.has(mkey)) return null;
    const impl = this.genericMethods.get(mkey);
    const mod = this.genericTypeMods.get(t.base);
    let implMod = mod;
    for (let i = 0; i < this.modules.length; i++) if (this.modules[i].module.source == impl.source) implMod = this.modules[i];
    let original: FnDecl | null = null;
    for (let j = 0; j < impl.methods.length; j++) if (impl.methods[j].name == name) original = impl.methods[j];
    if (original === null) return null;
    this.budget.countInstance(original.end - original.start);
    const copy = parseFnAt(this.tokensOf(impl.source), impl.source, original.start, impl.name);
    if (copy === null) return null;
    copy.source = impl.source;
    const env = new Map<string, Type>();
    for (let i = 0; i < impl.typeParams.length && i < t.typeArgs.length; i++) env.set(impl.typeParams[i], t.typeArgs[i]);
    const saved = this.typeEnv;
    this.typeEnv = env;
    this.declareFn(copy!, implMod, key, t);
    this.typeEnv = saved;
    if (!this.funcs.has(key)) return null;
    const f = this.funcs.get(key);
    f.typeEnv = env;
    return f;
  }

  /** The tokens of `source`, lexed once for all the copies of its generic declarations. */
  tokensOf(source: Source): Token[] {
    if (!this.tokens.has(source)) this.tokens.set(source, lex(source));
    return this.tokens.get(source);
  }

  /**
   * The instance of a generic function for the given type arguments: a fresh
   * copy of its declaration (parsed again from its tokens, so the checker can
   * annotate each copy on its own), with the type parameters bound.
   */
  instantiate(g: GenericFn, args: Type[]): FnInfo | null {
    const key = instanceKey(g, args);
    if (g.instances.has(key)) return g.instances.get(key);
    this.budget.countInstance(g.decl.end - g.decl.start);
    const copy = parseFnAt(this.tokensOf(g.decl.source), g.decl.source, g.decl.start, g.decl.owner);
    if (copy === null) return null;
    copy.source = g.decl.source;
    const env = new Map<string, Type>();
    for (let i = 0; i < g.decl.typeParams.length && i < args.length; i++) env.set(g.decl.typeParams[i], args[i]);
    const saved = this.typeEnv;
    this.typeEnv = env;
    const f = new FnInfo(key, copy!, g.mod);
    f.typeEnv = env;
    for (let i = 0; i < copy!.params.length; i++) {
      const p = copy!.params[i];
      if (p.isSelf && g.self !== null) {
        f.params.push(g.self!);
        f.hasSelf = true;
        f.mutSelf = p.mutable;
      } else f.params.push(this.resolveType(p.type, g.mod, g.self));
    }
    f.ret = this.resolveType(copy!.ret, g.mod, null);
    this.typeEnv = saved;
    g.instances.set(key, f);
    this.funcs.set(key, f);
    this.funcOrder.push(f);
    return f;
  }

  declareFn(d: FnDecl, mod: ModuleInfo, key: string, self: Type | null): void {
    if (d.name == "") return;
    if (this.funcs.has(key)) {
      this.err("E0207", d.source, d.nameStart, d.nameStart + d.name.length, "function '" + d.name + "' is already defined");
      return;
    }
    // A generic function's body is checked per use: a missing one is reported here, once.
    if (d.typeParams.length > 0 && d.body === null && !d.isExtern)
      this.err("E0209", d.source, d.nameStart, d.nameStart + d.name.length, "function '" + d.name + "' has no body");
    if (d.typeParams.length > 0 && self === null) {
      // A template: each use with new type arguments becomes its own function.
      if (this.generics.has(key)) {
        this.err("E0207", d.source, d.nameStart, d.nameStart + d.name.length, "function '" + d.name + "' is already defined");
        return;
      }
      this.generics.set(key, new GenericFn(d, mod, key));
      return;
    }
    if (d.typeParams.length > 0) {
      if (this.typeEnv !== null || this.generics.has(key)) {
        this.err("E0321", d.source, d.nameStart, d.nameStart + d.name.length, "generic methods of generic types are not supported yet");
        return;
      }
      const g = new GenericFn(d, mod, key);
      g.self = self;
      this.generics.set(key, g);
      return;
    }
    const f = new FnInfo(key, d, mod);
    for (let i = 0; i < d.params.length; i++) {
      const p = d.params[i];
      let t: Type;
      if (p.isSelf) {
        if (self === null || i != 0) {
          this.err("E0210", d.source, p.start, p.end, "'self' is only allowed as the first parameter of a method");
          t = tError;
        } else {
          t = self;
          f.hasSelf = true;
          f.mutSelf = p.mutable;
        }
      } else t = this.resolveType(p.type, mod, self);
      f.params.push(t);
    }
    f.ret = this.resolveType(d.ret, mod, self);
    if (d.body === null && !d.isExtern) this.err("E0209", d.source, d.nameStart, d.nameStart + d.name.length, "function '" + d.name + "' has no body");
    this.funcs.set(key, f);
    this.funcOrder.push(f);
  }
}

/** The name of `g`'s instance for the type arguments `args` ("swap<i64, str>"), its key in `instances` and `funcs`. */
export function instanceKey(g: GenericFn, args: Type[]): string {
  let key = g.key + "<";
  for (let i = 0; i < args.length; i++) key += (i > 0 ? ", " : "") + args[i].name;
  return key + ">";
}
