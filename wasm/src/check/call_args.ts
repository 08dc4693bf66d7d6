import { CallExpr, Expr, FnInfo } from "../syntax/ast";
import { check, expectType } from "./dispatch";
import { CheckState, errAt } from "./state";
import { Type } from "./types";

// A call's arguments against the parameters of the function it calls.

/** Checks arguments against `f`'s parameters starting at parameter `skip` (1 for a receiver). */
export function callFn(cx: CheckState, c: CallExpr, f: FnInfo, args: Expr[], skip: i32): Type {
  c.target = f.name;
  const want = f.params.length - skip;
  if (args.length != want) {
    errAt(cx, "E0500", c, takesArguments("'" + f.decl.name + "'", want, args.length));
  }
  for (let i = 0; i < args.length; i++) {
    if (i < want) expectType(cx, args[i], f.params[i + skip], "argument " + (i + 1).toString() + " of '" + f.decl.name + "'");
    else check(cx, args[i], null);
  }
  return f.ret;
}

/** A call of a function value (a closure or a named function passed around): an indirect call. */
export function callValue(cx: CheckState, c: CallExpr, ft: Type, what: string): Type {
  c.target = "#call";
  const want = ft.elems.length;
  if (c.args.length != want) {
    errAt(cx, "E0500", c, takesArguments(what, want, c.args.length));
  }
  for (let i = 0; i < c.args.length; i++) {
    if (i < want) expectType(cx, c.args[i], ft.elems[i], "argument " + (i + 1).toString() + " of " + what);
    else check(cx, c.args[i], null);
  }
  return ft.elem!;
}

/** Checks the arguments from `from` on with nothing expected of them: after a call's own error, so theirs still show. */
export function checkArgs(cx: CheckState, c: CallExpr, from: i32): void {
  for (let i = from; i < c.args.length; i++) check(cx, c.args[i], null);
}

/** "'f' takes 2 arguments, found 3". */
export function takesArguments(what: string, want: i32, found: i32): string {
  return what + " takes " + want.toString() + " argument" + (want == 1 ? "" : "s") + ", found " + found.toString();
}
