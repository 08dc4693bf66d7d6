// Completion at a position: after `x.` the members of x's type (fields and
// methods), of an enum type (`Shape.`: variants and associated functions) or
// of an imported module (`math.`); elsewhere keywords (the lexer's own list),
// the locals and parameters visible there, functions, types, constants and
// imported modules. Each item carries its signature and doc comment.
import { Program } from "../check/program";
import { primitiveByName, Type, TyK } from "../check/types";
import { EK, FieldExpr, IdentExpr } from "../syntax/ast";
import { KEYWORDS } from "../syntax/token";
import { Def, defKindName } from "./defs";
import { Index } from "./index";
import { isIdentByte, jsonString } from "./json";
import { PRELUDE } from "./prelude";

class Items {
  out: string[] = [];
  seen: Set<string> = new Set();

  add(label: string, kind: string, detail: string, doc: string): void {
    if (label == "" || this.seen.has(label)) return;
    this.seen.add(label);
    this.out.push("{\"label\":" + jsonString(label) + ",\"kind\":" + jsonString(kind) + ",\"detail\":" + jsonString(detail) +
      ",\"doc\":" + jsonString(doc) + "}");
  }

  addDef(d: Def | null): void {
    if (d !== null) this.add(d!.name, defKindName(d!.kind), d!.detail, d!.doc);
  }

  json(): string {
    return "{\"items\":[" + this.out.join(",") + "]}";
  }
}

export function completion(index: Index, offset: i32): string {
  const bytes = index.source.bytes;
  let wordStart = min(offset, bytes.length);
  while (wordStart > 0 && isIdentByte(bytes[wordStart - 1])) wordStart--;
  let before = wordStart - 1;
  while (before >= 0 && (bytes[before] == 32 || bytes[before] == 9)) before--;
  const items = new Items();
  if (before >= 0 && bytes[before] == 46 && !(before > 0 && bytes[before - 1] == 46)) {
    const f = memberSite(index, before);
    if (f !== null) members(index, f!, items);
    return items.json();
  }
  scope(index, wordStart, items);
  return items.json();
}

/** The member access whose dot is at `dot`. */
function memberSite(index: Index, dot: i32): FieldExpr | null {
  let best: FieldExpr | null = null;
  for (let i = 0; i < index.fields.length; i++) {
    const f = index.fields[i];
    if (f.object.end <= dot && f.end > dot && (best === null || f.object.end > best!.object.end)) best = f;
  }
  return best;
}

function members(index: Index, f: FieldExpr, items: Items): void {
  const p = index.program;
  const obj = f.object;
  if (obj.kind == EK.Ident && (obj as IdentExpr).local === null) {
    const name = (obj as IdentExpr).name;
    const mod = p.modules[0];
    if (p.types.has(name) && index.visible(name, obj.start) === null) {
      const t = p.types.get(name);
      for (let i = 0; i < t.variants.length; i++) items.addDef(index.defs.memberDef(name, i, true));
      typeFunctions(index, t.name + ".", false, items);
      return;
    }
    if (mod.imports.has(name)) {
      const prefix = mod.imports.get(name);
      const funcs = p.funcs.keys();
      for (let i = 0; i < funcs.length; i++) {
        if (funcs[i].startsWith(prefix) && funcs[i].indexOf(".", prefix.length) < 0) items.addDef(index.defs.ofDecl(p.funcs.get(funcs[i]).decl));
      }
      const gens = p.generics.keys();
      for (let i = 0; i < gens.length; i++) {
        if (gens[i].startsWith(prefix) && gens[i].indexOf(".", prefix.length) < 0) items.addDef(index.defs.ofDecl(p.generics.get(gens[i]).decl));
      }
      const consts = p.consts.keys();
      for (let i = 0; i < consts.length; i++) {
        if (consts[i].startsWith(prefix)) items.addDef(index.defs.ofDecl(p.consts.get(consts[i]).decl));
      }
      return;
    }
  }
  let t: Type | null = obj.ty;
  if (t === null && obj.kind == EK.Ident) {
    // The checker stopped before this expression: a local's declared type still answers.
    const b = index.visible((obj as IdentExpr).name, obj.start);
    if (b !== null && b!.local !== null) t = b!.local!.ty;
  }
  if (t === null || t!.isError) return;
  const ty = t!;
  const typeName = ty.base != "" ? ty.base : ty.name;
  if (ty.kind == TyK.Struct) {
    for (let i = 0; i < ty.fieldNames.length; i++) {
      const d = index.defs.memberDef(typeName, i, false);
      if (d !== null) items.addDef(d);
      else items.add(ty.fieldNames[i], "field", ty.fieldNames[i] + ": " + ty.elems[i].name, "");
    }
  } else if (ty.kind == TyK.Tuple) {
    for (let i = 0; i < ty.elems.length; i++) items.add(i.toString(), "field", i.toString() + ": " + ty.elems[i].name, "");
  }
  typeFunctions(index, ty.name + ".", true, items);
  if (ty.base != "") typeFunctions(index, ty.base + ".", true, items);
  if (ty.kind == TyK.Array) {
    items.add("len", "method", "fn len(self) -> i64", "The number of elements.");
    items.add("push", "method", "fn push(var self, value)", "Appends a value.");
    items.add("pop", "method", "fn pop(var self)", "Removes and returns the last element.");
  } else if (ty.kind == TyK.Str) {
    items.add("len", "method", "fn len(self) -> i64", "The length in bytes.");
  }
}

/** Functions declared on a type (`Point.new`, `p.norm`): methods when `methods`, else every one. */
function typeFunctions(index: Index, prefix: string, methods: bool, items: Items): void {
  const p = index.program;
  const funcs = p.funcs.keys();
  for (let i = 0; i < funcs.length; i++) {
    if (!funcs[i].startsWith(prefix)) continue;
    const f = p.funcs.get(funcs[i]);
    if (methods && !f.hasSelf) continue;
    items.addDef(index.defs.ofDecl(f.decl));
  }
  const gens = p.generics.keys();
  for (let i = 0; i < gens.length; i++) {
    if (!gens[i].startsWith(prefix)) continue;
    const g = p.generics.get(gens[i]);
    const params = g.decl.params;
    if (methods && (params.length == 0 || !params[0].isSelf)) continue;
    items.addDef(index.defs.ofDecl(g.decl));
  }
  const gm = p.genericMethods.keys();
  for (let i = 0; i < gm.length; i++) {
    if (!gm[i].startsWith(prefix)) continue;
    const impl = p.genericMethods.get(gm[i]);
    const name = gm[i].substring(prefix.length);
    for (let j = 0; j < impl.methods.length; j++) {
      const m = impl.methods[j];
      if (m.name != name || (methods && (m.params.length == 0 || !m.params[0].isSelf))) continue;
      items.addDef(index.defs.ofDecl(m));
    }
  }
}

/** Everything a plain name at `offset` could be. */
function scope(index: Index, offset: i32, items: Items): void {
  // Locals first, innermost first, so a shadowing name wins.
  for (let i = index.bindings.length - 1; i >= 0; i--) {
    const b = index.bindings[i];
    if (b.from <= offset && offset <= b.to) items.addDef(b);
  }
  const p: Program = index.program;
  const funcs = p.funcs.keys();
  for (let i = 0; i < funcs.length; i++) {
    const name = funcs[i];
    if (name.indexOf(".") >= 0 || name.startsWith("$") || name.startsWith("__")) continue;
    items.addDef(index.defs.ofDecl(p.funcs.get(name).decl));
  }
  const gens = p.generics.keys();
  for (let i = 0; i < gens.length; i++) {
    if (gens[i].indexOf(".") < 0) items.addDef(index.defs.ofDecl(p.generics.get(gens[i]).decl));
  }
  for (let i = 0; i < PRELUDE.length; i++) items.add(PRELUDE[i][0], "function", PRELUDE[i][1], PRELUDE[i][2]);
  const consts = p.consts.keys();
  for (let i = 0; i < consts.length; i++) {
    if (consts[i].indexOf(".") < 0) items.addDef(index.defs.ofDecl(p.consts.get(consts[i]).decl));
  }
  const types = index.defs.types.keys();
  for (let i = 0; i < types.length; i++) {
    const d = index.defs.typeDef(types[i]);
    // Only the user's own types and the prelude's: a module's types are reached through it.
    if (d !== null && (d!.source === index.source || p.types.has(types[i]))) items.addDef(d);
  }
  const prims = ["i64", "i32", "u8", "u32", "u64", "f64", "bool", "str"];
  for (let i = 0; i < prims.length; i++) if (primitiveByName(prims[i]) !== null) items.add(prims[i], "type", prims[i], "");
  const imports = p.modules[0].imports.keys();
  for (let i = 0; i < imports.length; i++) items.addDef(index.moduleDef(imports[i]));
  for (let i = 0; i < KEYWORDS.length; i++) if (KEYWORDS[i] != "_") items.add(KEYWORDS[i], "keyword", "", "");
}

