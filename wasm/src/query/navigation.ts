// Hover, go to definition, find references and rename: each starts from the
// name under the cursor and the declaration the index resolved it to.
import { Expr } from "../syntax/ast";
import { KEYWORDS } from "../syntax/token";
import { Def, DefKind, defKindName } from "./defs";
import { Index, Use } from "./index";
import { isIdentByte, jsonString, rangeFields } from "./json";
import { preludeEntry } from "./prelude";

/** The use or declaration whose name covers `offset` (its end included, where a cursor after a word sits). */
export function useAt(index: Index, offset: i32): Use | null {
  let best: Use | null = null;
  for (let i = 0; i < index.uses.length; i++) {
    const u = index.uses[i];
    if (u.start <= offset && offset <= u.end && (best === null || u.start >= best!.start)) best = u;
  }
  if (best !== null) return best;
  // Declarations of functions, types, fields and variants in the user's file.
  const defs = index.defs.byKey.values();
  for (let i = 0; i < defs.length; i++) {
    const d = defs[i];
    if (d.source === index.source && d.start <= offset && offset <= d.end) return new Use(d.start, d.end, d);
  }
  return null;
}

export function hover(index: Index, offset: i32): string {
  const u = useAt(index, offset);
  if (u !== null) {
    const d = u!.def;
    let detail = d.detail;
    // A local's declared type may be missing from its detail when the checker did not reach it.
    if ((d.kind == DefKind.Local || d.kind == DefKind.Param) && d.local !== null && detail.indexOf(":") < 0) detail += ": " + d.local!.ty.name;
    const ty = typeAt(index, u!.start, u!.end);
    return "{" + rangeFields(index.source, u!.start, u!.end) + ",\"kind\":" + jsonString(defKindName(d.kind)) +
      ",\"signature\":" + jsonString(detail) + ",\"type\":" + jsonString(ty) + ",\"doc\":" + jsonString(d.doc) + "}";
  }
  // A prelude function the checker implements itself.
  for (let i = 0; i < index.calls.length; i++) {
    const c = index.calls[i];
    if (!c.target.startsWith("#") || c.callee.start > offset || offset > c.callee.end) continue;
    const entry = preludeEntry(c.target.substring(1));
    if (entry === null) break;
    return "{" + rangeFields(index.source, c.callee.start, c.callee.end) + ",\"kind\":\"function\",\"signature\":" +
      jsonString(entry![1]) + ",\"type\":\"\",\"doc\":" + jsonString(entry![2]) + "}";
  }
  // Any other expression: its inferred type.
  const e = innermost(index, offset);
  if (e === null || e!.ty === null) return "null";
  return "{" + rangeFields(index.source, e!.start, e!.end) + ",\"kind\":\"expression\",\"signature\":\"\",\"type\":" +
    jsonString(e!.ty!.name) + ",\"doc\":\"\"}";
}

/** The checked type of the smallest expression ending the name at [start, end] (`p.x` for `x`), or "". */
function typeAt(index: Index, start: i32, end: i32): string {
  let best: Expr | null = null;
  for (let i = 0; i < index.exprs.length; i++) {
    const e = index.exprs[i];
    if (e.start <= start && e.end == end && e.ty !== null && !e.ty!.isError && (best === null || e.start > best!.start)) best = e;
  }
  return best !== null ? best!.ty!.name : "";
}

function innermost(index: Index, offset: i32): Expr | null {
  let best: Expr | null = null;
  for (let i = 0; i < index.exprs.length; i++) {
    const e = index.exprs[i];
    if (e.start <= offset && offset < e.end && e.ty !== null && !e.ty!.isError &&
      (best === null || e.end - e.start <= best!.end - best!.start)) best = e;
  }
  return best;
}

export function definition(index: Index, offset: i32): string {
  const u = useAt(index, offset);
  if (u === null) return "[]";
  const d = u!.def;
  return "[{" + rangeFields(d.source, d.start, d.end) + "}]";
}

/** Every use of the declaration under the cursor in the user's file, its declaration first. */
function occurrences(index: Index, d: Def): Use[] {
  const out: Use[] = [];
  const seen = new Set<i32>();
  if (d.source === index.source) {
    out.push(new Use(d.start, d.end, d));
    seen.add(d.start);
  }
  for (let i = 0; i < index.uses.length; i++) {
    const u = index.uses[i];
    if (u.def === d && !seen.has(u.start)) {
      seen.add(u.start);
      out.push(u);
    }
  }
  return out;
}

export function references(index: Index, offset: i32): string {
  const u = useAt(index, offset);
  if (u === null) return "[]";
  const d = u!.def;
  const list = occurrences(index, d);
  const out: string[] = [];
  // A declaration in the standard library is listed too, so "references" shows where it lives.
  if (d.source !== index.source) out.push("{" + rangeFields(d.source, d.start, d.end) + "}");
  for (let i = 0; i < list.length; i++) out.push("{" + rangeFields(index.source, list[i].start, list[i].end) + "}");
  return "[" + out.join(",") + "]";
}

function refuse(message: string): string {
  return "{\"error\":" + jsonString(message) + "}";
}

function isIdentifier(name: string): bool {
  if (name.length == 0) return false;
  const c0 = name.charCodeAt(0);
  if (c0 >= 48 && c0 <= 57) return false;
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (c > 127 || !isIdentByte(<u8>c)) return false;
  }
  return true;
}

export function rename(index: Index, offset: i32, newName: string): string {
  const u = useAt(index, offset);
  if (u === null) return refuse("there is no name to rename here");
  const d = u!.def;
  if (d.source !== index.source) return refuse("'" + d.name + "' is declared in the standard library and cannot be renamed");
  if (!isIdentifier(newName)) return refuse("'" + newName + "' is not a valid name");
  if (KEYWORDS.includes(newName)) return refuse("'" + newName + "' is a keyword");
  if (newName == d.name) return refuse("the name is already '" + newName + "'");
  const clash = clashing(index, d, newName);
  if (clash !== null) {
    const c = clash!;
    return refuse("'" + newName + "' would clash with the " + defKindName(c.kind) + " '" + c.name + "' at line " +
      c.source.line(c.start).toString());
  }
  const list = occurrences(index, d);
  const edits: string[] = [];
  for (let i = 0; i < list.length; i++) edits.push("{" + rangeFields(index.source, list[i].start, list[i].end) + "}");
  return "{\"name\":" + jsonString(newName) + ",\"edits\":[" + edits.join(",") + "]}";
}

/** A declaration the new name would collide with or be shadowed by, or null. */
function clashing(index: Index, d: Def, newName: string): Def | null {
  const all = index.defs.byKey.values();
  const uses = occurrences(index, d);
  if (d.kind == DefKind.Local || d.kind == DefKind.Param) {
    // Another local seen where this one is (either way round), or a global used inside its range.
    for (let i = 0; i < index.bindings.length; i++) {
      const b = index.bindings[i];
      if (b === d || b.name != newName) continue;
      if (b.from <= d.to && d.from <= b.to) return b;
    }
    for (let i = 0; i < index.uses.length; i++) {
      const x = index.uses[i];
      if (x.def.name == newName && x.start >= d.from && x.start <= d.to) return x.def;
    }
    return null;
  }
  for (let i = 0; i < all.length; i++) {
    const o = all[i];
    if (o === d || o.name != newName) continue;
    const sameSpace = d.kind == DefKind.Field || d.kind == DefKind.Variant || d.kind == DefKind.Method
      ? o.container == d.container && (o.kind == DefKind.Field || o.kind == DefKind.Variant || o.kind == DefKind.Method)
      : o.container == "" && (o.kind == DefKind.Function || o.kind == DefKind.Struct || o.kind == DefKind.Enum ||
        o.kind == DefKind.Const || o.kind == DefKind.Module) && (o.source === index.source || index.program.funcs.has(newName) ||
        index.program.types.has(newName) || index.program.consts.has(newName));
    if (sameSpace) return o;
  }
  if (d.kind == DefKind.Function || d.kind == DefKind.Const) {
    // A local of that name would hide the renamed function at a use inside its range.
    for (let i = 0; i < index.bindings.length; i++) {
      const b = index.bindings[i];
      if (b.name != newName) continue;
      for (let j = 0; j < uses.length; j++) if (uses[j].start >= b.from && uses[j].start <= b.to) return b;
    }
  }
  return null;
}
