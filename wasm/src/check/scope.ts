import { Expr, FieldExpr, IdentExpr, IndexExpr, EK, Local, FnInfo } from "../syntax/ast";
import { CheckState, errAt } from "./state";
import { tError, TyK, Type } from "./types";

// Lexical scopes of one function body: the names they declare, the
// functions a name refers to, and which names denote storage that may change.

export function pushScope(cx: CheckState): void { cx.scopes.push(new Map()); }

export function popScope(cx: CheckState): void { cx.scopes.pop(); }

export function declareLocal(cx: CheckState, name: string, ty: Type, mutable: bool): Local {
  const local = new Local(name, ty, mutable);
  cx.fn.locals.push(local);
  if (name != "_") cx.scopes[cx.scopes.length - 1].set(name, local);
  return local;
}

export function lookup(cx: CheckState, name: string): Local | null {
  for (let i = cx.scopes.length - 1; i >= 0; i--) {
    const s = cx.scopes[i];
    if (s.has(name)) {
      // A variable from outside a closure is captured by it (and by every
      // closure between, outermost first).
      let local = s.get(name);
      for (let c = 0; c < cx.closures.length; c++) {
        if (cx.closures[c].scopeBase > i) local = cx.closures[c].capture(local);
      }
      return local;
    }
  }
  return null;
}

/** The function `name` as seen from the current module. */
export function findFn(cx: CheckState, name: string): FnInfo | null {
  const own = cx.mod.prefix + name;
  if (cx.program.funcs.has(own)) return cx.program.funcs.get(own);
  if (cx.program.funcs.has(name)) return cx.program.funcs.get(name);
  return null;
}

/** Standard-library modules may call the runtime (rt.str_alloc and the like); builtins come first. */
export function findRuntimeFn(cx: CheckState, name: string): FnInfo | null {
  if (cx.mod.prefix == "" || cx.mod.prefix == "rt." || !cx.program.funcs.has("rt." + name)) return null;
  return cx.program.funcs.get("rt." + name);
}

/** The source text of `e` for a suggested fix, "..." when it is too long to quote. */
export function shortText(cx: CheckState, e: Expr): string {
  const text = cx.source.text(e.start, e.end);
  return text.length > 40 || text.includes("\n") ? "..." : text;
}

/**
 * Checks that `e` names storage that may be changed (a `var`, or a field or
 * element of one) and reports why not otherwise. Types are already set.
 */
export function checkMutablePlace(cx: CheckState, e: Expr, method: string = ""): bool {
  if (e.kind == EK.Ident) {
    const id = e as IdentExpr;
    const local = id.local;
    if (local === null) {
      errAt(cx, "E0702", e, "cannot assign to '" + id.name + "'");
      return false;
    }
    if (local.captured) {
      errAt(cx, "E0701", e, "cannot assign to '" + id.name + "': a closure captures variables by value and cannot change them");
      return false;
    }
    if (!local.mutable) {
      const why = method.length > 0 ? " ('" + method + "' changes it)" : "";
      errAt(cx, "E0700", e, "cannot assign to '" + id.name + "': it is not declared with 'var'" + why);
      return false;
    }
    return true;
  }
  if (e.kind == EK.Field) return checkMutablePlace(cx, (e as FieldExpr).object, method);
  if (e.kind == EK.Index) return checkMutablePlace(cx, (e as IndexExpr).object, method);
  if (e.ty === tError) return false;
  // A call's result, a literal: a value with no variable to keep the change.
  // Rust and TypeScript allow this (the change is lost); here it is an error
  // that says how to keep the value.
  const text = shortText(cx, e);
  const name = suggestedName(e.ty!);
  if (method.length > 0) {
    errAt(cx, "E0703", e, "'" + method + "' changes the value it is called on, and this one is a temporary: bind it first: 'var " + name + " = " + text + "', then call '" + name + "." + method + "(...)'");
  } else errAt(cx, "E0703", e, "cannot assign to a temporary value: bind it first: 'var " + name + " = " + text + "'");
  return false;
}

/** A variable name for a value of type `t` in a suggested fix: its type's initial ("r" for Random), "xs" for arrays. */
function suggestedName(t: Type): string {
  if (t.kind == TyK.Array) return "xs";
  const c = t.name.length > 0 ? t.name.charCodeAt(0) : 0;
  if (c >= 65 && c <= 90) return String.fromCharCode(c + 32);
  if (c >= 97 && c <= 122) return String.fromCharCode(c);
  return "v";
}
