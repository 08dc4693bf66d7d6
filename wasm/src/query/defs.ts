// What a name can be declared as, and the declarations of every module the
// program loaded (the user's file and the standard library it imports), so
// a use anywhere can be followed to its declaration. A declaration's key is
// its source and name offset: generic instances share their original's.
import { Program } from "../check/program";
import {
  ConstDecl, Decl, DK, EnumDecl, FnDecl, ImplDecl, Local, Module, StructDecl, FnInfo,
} from "../syntax/ast";
import { Source } from "../source";

export const enum DefKind { Function, Method, Struct, Enum, Field, Variant, Const, Module, Local, Param }

export function defKindName(k: DefKind): string {
  switch (k) {
    case DefKind.Function: return "function";
    case DefKind.Method: return "method";
    case DefKind.Struct: return "struct";
    case DefKind.Enum: return "enum";
    case DefKind.Field: return "field";
    case DefKind.Variant: return "variant";
    case DefKind.Const: return "constant";
    case DefKind.Module: return "module";
    case DefKind.Local: return "local";
  }
  return "parameter";
}

/** One declared name: where it is, what it is, its signature as written and its doc comment. */
export class Def {
  detail: string = "";
  doc: string = "";
  // The type or function it belongs to ("Point" for a field or method).
  container: string = "";
  local: Local | null = null;
  // For locals and parameters: the byte range where the name can be used.
  from: i32 = 0;
  to: i32 = 0;
  constructor(public key: string, public name: string, public kind: DefKind, public source: Source, public start: i32) {}
  get end(): i32 { return this.start + this.name.length; }
}

export function keyOf(source: Source, start: i32): string {
  return source.name + "#" + start.toString();
}

/** The `//` comment lines directly above `offset`'s line, without their slashes. */
export function docAbove(source: Source, offset: i32): string {
  const lines: string[] = [];
  for (let line = source.line(offset) - 1; line >= 1; line--) {
    const text = source.lineText(line).trim();
    if (!text.startsWith("//")) break;
    let body = text.substring(2);
    if (body.startsWith("/") || body.startsWith("!")) body = body.substring(1);
    if (body.startsWith(" ")) body = body.substring(1);
    lines.unshift(body);
  }
  return lines.join("\n");
}

/** A function's header as written: from `fn` to its body. */
export function fnSignature(d: FnDecl): string {
  const end = d.body !== null ? d.body!.start : d.end;
  return collapse(d.source.text(d.start, end));
}

/** The text with each run of white space made one space, trimmed. */
export function collapse(text: string): string {
  const parts = text.split("\n");
  for (let i = 0; i < parts.length; i++) parts[i] = parts[i].trim();
  return parts.join(" ").trim();
}

export class Defs {
  byKey: Map<string, Def> = new Map();
  // Type declarations by type name ("Point"), for fields, variants and type names.
  types: Map<string, Decl> = new Map();
  fnInfos: Map<FnDecl, FnInfo> = new Map();

  constructor(public program: Program) {
    const funcs = program.funcs.values();
    for (let i = 0; i < funcs.length; i++) this.fnInfos.set(funcs[i].decl, funcs[i]);
    for (let m = 0; m < program.modules.length; m++) {
      const info = program.modules[m];
      if (info.prefix == "rt.") continue;
      this.addModule(info.module, info.prefix);
    }
  }

  add(d: Def): Def {
    this.byKey.set(d.key, d);
    return d;
  }

  get(key: string): Def | null {
    return this.byKey.has(key) ? this.byKey.get(key) : null;
  }

  /** The declaration `decl` (a function, type or constant) declares. */
  ofDecl(decl: Decl): Def | null {
    return this.get(keyOf(decl.source, decl.nameStart));
  }

  addModule(mod: Module, prefix: string): void {
    const src = mod.source;
    if (prefix != "") {
      // The module itself: its definition is the top of its file.
      const m = this.add(new Def(keyOf(src, 0), prefix.substring(0, prefix.length - 1), DefKind.Module, src, 0));
      m.detail = "import std." + m.name;
      m.doc = moduleDoc(src);
    }
    for (let i = 0; i < mod.decls.length; i++) {
      const d = mod.decls[i];
      d.source = src;
      if (d.kind == DK.Fn) this.addFn(d as FnDecl, "");
      else if (d.kind == DK.Struct) {
        const s = d as StructDecl;
        const def = this.add(new Def(keyOf(src, d.nameStart), d.name, DefKind.Struct, src, d.nameStart));
        def.detail = "struct " + d.name;
        def.doc = docAbove(src, d.start);
        if (prefix == "" || !this.types.has(d.name)) this.types.set(d.name, d);
        for (let f = 0; f < s.fields.length; f++) {
          const fd = s.fields[f];
          const fdef = this.add(new Def(keyOf(src, fd.start), fd.name, DefKind.Field, src, fd.start));
          fdef.detail = collapse(src.text(fd.start, fd.end));
          fdef.doc = docAbove(src, fd.start);
          fdef.container = d.name;
        }
      } else if (d.kind == DK.Enum) {
        const e = d as EnumDecl;
        const def = this.add(new Def(keyOf(src, d.nameStart), d.name, DefKind.Enum, src, d.nameStart));
        def.detail = "enum " + d.name;
        def.doc = docAbove(src, d.start);
        if (prefix == "" || !this.types.has(d.name)) this.types.set(d.name, d);
        for (let v = 0; v < e.variants.length; v++) {
          const vd = e.variants[v];
          const vdef = this.add(new Def(keyOf(src, vd.start), vd.name, DefKind.Variant, src, vd.start));
          vdef.detail = d.name + "." + collapse(src.text(vd.start, vd.end));
          vdef.doc = docAbove(src, vd.start);
          vdef.container = d.name;
        }
      } else if (d.kind == DK.Impl) {
        const impl = d as ImplDecl;
        for (let j = 0; j < impl.methods.length; j++) {
          impl.methods[j].source = src;
          this.addFn(impl.methods[j], impl.name);
        }
      } else if (d.kind == DK.Const) {
        const c = d as ConstDecl;
        const def = this.add(new Def(keyOf(src, d.nameStart), d.name, DefKind.Const, src, d.nameStart));
        def.detail = collapse(src.text(d.start, c.value.start)) + " " + collapse(src.text(c.value.start, c.value.end));
        def.doc = docAbove(src, d.start);
      }
    }
  }

  addFn(f: FnDecl, owner: string): void {
    const src = f.source;
    const def = this.add(new Def(keyOf(src, f.nameStart), f.name, owner == "" ? DefKind.Function : DefKind.Method, src, f.nameStart));
    def.detail = fnSignature(f);
    def.doc = docAbove(src, f.start);
    def.container = owner;
  }

  /** The declaration of the type named `name` (a generic instance's base name works too). */
  typeDef(name: string): Def | null {
    if (!this.types.has(name)) return null;
    return this.ofDecl(this.types.get(name));
  }

  /** The field or variant `index` of the type declared as `name`. */
  memberDef(typeName: string, index: i32, variant: bool): Def | null {
    if (!this.types.has(typeName) || index < 0) return null;
    const d = this.types.get(typeName);
    if (variant && d.kind == DK.Enum) {
      const vs = (d as EnumDecl).variants;
      return index < vs.length ? this.get(keyOf(d.source, vs[index].start)) : null;
    }
    if (!variant && d.kind == DK.Struct) {
      const fs = (d as StructDecl).fields;
      return index < fs.length ? this.get(keyOf(d.source, fs[index].start)) : null;
    }
    return null;
  }
}

/** A standard-library module's header comment (its leading `//!` or `//` lines). */
function moduleDoc(src: Source): string {
  const lines: string[] = [];
  for (let line = 1; line <= src.lineStarts.length; line++) {
    const text = src.lineText(line);
    if (!text.startsWith("//")) break;
    let body = text.substring(2);
    if (body.startsWith("!") || body.startsWith("/")) body = body.substring(1);
    if (body.startsWith(" ")) body = body.substring(1);
    lines.push(body);
  }
  return lines.join("\n");
}
