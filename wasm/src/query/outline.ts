// Document symbols (the outline) and signature help.
import { CallExpr, DK, EK, EnumDecl, FieldExpr, FnDecl, IdentExpr, ImplDecl, StructDecl, FnInfo } from "../syntax/ast";
import { Source } from "../source";
import { collapse, docAbove, fnSignature } from "./defs";
import { Index } from "./index";
import { jsonString, rangeFields } from "./json";
import { preludeEntry } from "./prelude";

function symbol(src: Source, name: string, kind: string, detail: string, start: i32, end: i32, nameStart: i32, children: string[]): string {
  return "{\"name\":" + jsonString(name) + ",\"kind\":" + jsonString(kind) + ",\"detail\":" + jsonString(detail) + "," +
    rangeFields(src, start, end) + ",\"name_line\":" + src.line(nameStart).toString() + ",\"name_col\":" +
    src.col(nameStart).toString() + ",\"name_end_col\":" + src.col(nameStart + name.length).toString() +
    ",\"children\":[" + children.join(",") + "]}";
}

export function outline(index: Index): string {
  const src = index.source;
  const decls = index.program.modules[0].module.decls;
  const out: string[] = [];
  for (let i = 0; i < decls.length; i++) {
    const d = decls[i];
    const children: string[] = [];
    if (d.kind == DK.Fn) {
      out.push(symbol(src, d.name, "function", fnSignature(d as FnDecl), d.start, d.end, d.nameStart, children));
    } else if (d.kind == DK.Struct) {
      const fs = (d as StructDecl).fields;
      for (let f = 0; f < fs.length; f++) children.push(symbol(src, fs[f].name, "field", collapse(src.text(fs[f].start, fs[f].end)), fs[f].start, fs[f].end, fs[f].start, []));
      out.push(symbol(src, d.name, "struct", "", d.start, d.end, d.nameStart, children));
    } else if (d.kind == DK.Enum) {
      const vs = (d as EnumDecl).variants;
      for (let v = 0; v < vs.length; v++) children.push(symbol(src, vs[v].name, "variant", "", vs[v].start, vs[v].end, vs[v].start, []));
      out.push(symbol(src, d.name, "enum", "", d.start, d.end, d.nameStart, children));
    } else if (d.kind == DK.Impl) {
      const ms = (d as ImplDecl).methods;
      for (let m = 0; m < ms.length; m++) children.push(symbol(src, ms[m].name, "method", fnSignature(ms[m]), ms[m].start, ms[m].end, ms[m].nameStart, []));
      if (d.name != "") out.push(symbol(src, d.name, "impl", "impl " + d.name, d.start, d.end, d.nameStart, children));
    } else if (d.kind == DK.Const) {
      out.push(symbol(src, d.name, "constant", "", d.start, d.end, d.nameStart, children));
    }
  }
  return "[" + out.join(",") + "]";
}

/** The call whose argument list holds `offset`, innermost first. */
function enclosingCall(index: Index, offset: i32): CallExpr | null {
  let best: CallExpr | null = null;
  for (let i = 0; i < index.calls.length; i++) {
    const c = index.calls[i];
    if (c.callee.end < offset && offset <= callEnd(index.source, c) && (best === null || c.callee.end > best!.callee.end)) {
      // Past the closing parenthesis is outside the call.
      if (offset == c.end && index.source.bytes[c.end - 1] == 41) continue;
      best = c;
    }
  }
  return best;
}

/** Where a call ends; one not closed yet (being typed) reaches over the white space after it. */
function callEnd(src: Source, c: CallExpr): i32 {
  const bytes = src.bytes;
  if (c.end > 0 && bytes[c.end - 1] == 41) return c.end;
  let end = c.end;
  while (end < bytes.length && (bytes[end] == 32 || bytes[end] == 9 || bytes[end] == 10 || bytes[end] == 13)) end++;
  return end;
}

/** Which argument `offset` is in: commas at the call's own nesting depth before it. */
function activeArgument(src: Source, from: i32, offset: i32): i32 {
  let depth = 0;
  let commas = 0;
  let inString = false;
  const bytes = src.bytes;
  for (let i = from; i < offset && i < bytes.length; i++) {
    const b = bytes[i];
    if (inString) {
      if (b == 92) i++;
      else if (b == 34) inString = false;
      continue;
    }
    if (b == 34) inString = true;
    else if (b == 40 || b == 91 || b == 123) depth++;
    else if (b == 41 || b == 93 || b == 125) depth--;
    else if (b == 44 && depth == 1) commas++;
  }
  return commas;
}

function calledFn(index: Index, c: CallExpr): FnInfo | null {
  const p = index.program;
  if (c.target != "" && p.funcs.has(c.target)) return p.funcs.get(c.target);
  // The checker gave up before resolving the call: resolve its name as written.
  if (c.callee.kind == EK.Ident) {
    const name = (c.callee as IdentExpr).name;
    if (p.funcs.has(name)) return p.funcs.get(name);
  } else if (c.callee.kind == EK.Field) {
    const f = c.callee as FieldExpr;
    if (f.object.kind == EK.Ident) {
      const head = (f.object as IdentExpr).name;
      const imports = p.modules[0].imports;
      if (imports.has(head) && p.funcs.has(imports.get(head) + f.name)) return p.funcs.get(imports.get(head) + f.name);
      if (p.funcs.has(head + "." + f.name)) return p.funcs.get(head + "." + f.name);
    }
    const t = f.object.ty;
    if (t !== null && p.funcs.has(t!.name + "." + f.name)) return p.funcs.get(t!.name + "." + f.name);
  }
  return null;
}

export function signatureHelp(index: Index, offset: i32): string {
  const c = enclosingCall(index, offset);
  if (c === null) return "null";
  const call = c!;
  const active = activeArgument(index.source, call.callee.end, offset);
  const f = calledFn(index, call);
  const params: string[] = [];
  let label = "";
  let doc = "";
  if (f !== null) {
    const d = f!.decl;
    label = fnSignature(d);
    doc = docAbove(d.source, d.start);
    // A method called on a value takes `self` from the receiver.
    const skip = d.params.length > 0 && d.params[0].isSelf && call.callee.kind == EK.Field && call.isMethod ? 1 : 0;
    for (let i = skip; i < d.params.length; i++) params.push(jsonString(collapse(d.source.text(d.params[i].start, d.params[i].end))));
  } else if (call.target.startsWith("#") || call.callee.kind == EK.Ident) {
    const name = call.target.startsWith("#") ? call.target.substring(1) : (call.callee as IdentExpr).name;
    const entry = preludeEntry(name);
    if (entry === null) return "null";
    label = entry![1];
    doc = entry![2];
    const open = label.indexOf("(");
    const inner = label.substring(open + 1, label.lastIndexOf(")"));
    const parts = inner.split(", ");
    for (let i = 0; i < parts.length; i++) if (parts[i] != "") params.push(jsonString(parts[i]));
  } else return "null";
  return "{\"label\":" + jsonString(label) + ",\"doc\":" + jsonString(doc) + ",\"params\":[" + params.join(",") +
    "],\"active\":" + active.toString() + "}";
}
