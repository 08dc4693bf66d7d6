import { CallExpr } from "../syntax/ast";
import { checkArgs, takesArguments } from "./call_args";
import { check, expectType } from "./dispatch";
import { isPrintable, printHint } from "./expr_checker";
import { CheckState, errAt } from "./state";
import { isEquatable, tBool, tError, tF64, tI32, tI64, tNever, tPtr, tStr, tU8, tUnit, TyK, Type } from "./types";
import { foreignFunctionHint } from "./foreign_names";

// The prelude's functions (print, len, chr, ...), builtin methods and the runtime's intrinsics.

export function builtinMethod(cx: CheckState, c: CallExpr, target: string, arity: i32, result: Type): Type {
  c.target = target;
  if (c.args.length != arity) errAt(cx, "E0500", c, "'" + target.substring(1) + "' takes no arguments");
  checkArgs(cx, c, 0);
  return result;
}

export function arity(cx: CheckState, c: CallExpr, n: i32, name: string): bool {
  if (c.args.length == n) return true;
  errAt(cx, "E0500", c, takesArguments("'" + name + "'", n, c.args.length));
  checkArgs(cx, c, 0);
  return false;
}

export function checkBuiltin(cx: CheckState, c: CallExpr, name: string): Type {
  c.target = "#" + name;
  if (name == "print" || name == "println" || name == "eprint" || name == "eprintln") {
    if (c.args.length > 1 || (c.args.length == 0 && (name == "print" || name == "eprint"))) {
      errAt(cx, "E0500", c, "'" + name + "' takes one value; use interpolation to print several: \"{a} {b}\"");
      checkArgs(cx, c, 0);
      return tUnit;
    }
    if (c.args.length == 1) {
      const t = check(cx, c.args[0], null);
      if (!isPrintable(t)) errAt(cx, "E0313", c.args[0], "cannot print a value of type " + t.name + printHint(t));
    }
    return tUnit;
  }
  if (name == "panic") {
    if (arity(cx, c, 1, name)) expectType(cx, c.args[0], tStr, "message of 'panic'");
    return tNever;
  }
  if (name == "assert") {
    if (c.args.length < 1 || c.args.length > 2) return arity(cx, c, 1, name) ? tUnit : tUnit;
    expectType(cx, c.args[0], tBool, "condition of 'assert'");
    if (c.args.length == 2) expectType(cx, c.args[1], tStr, "message of 'assert'");
    return tUnit;
  }
  if (name == "len") {
    if (!arity(cx, c, 1, name)) return tI64;
    const t = check(cx, c.args[0], null);
    if (!t.isError && t.kind != TyK.Str && t.kind != TyK.Array) errAt(cx, "E0315", c.args[0], "'len' needs a str or an array, found " + t.name);
    return tI64;
  }
  if (name == "chr") {
    if (arity(cx, c, 1, name)) expectType(cx, c.args[0], tU8, "argument of 'chr'");
    return tStr;
  }
  if (name == "read_line" || name == "read_all") {
    arity(cx, c, 0, name);
    return tStr;
  }
  return checkIntrinsic(cx, c, name);
}

/** Low-level operations the runtime (written in Pith) is built from. */
export function checkIntrinsic(cx: CheckState, c: CallExpr, name: string): Type {
  let params: Type[];
  let ret: Type = tUnit;
  if (name == "__load_i32") { params = [tPtr]; ret = tI32; }
  else if (name == "__load_u8") { params = [tPtr]; ret = tU8; }
  else if (name == "__load_i64") { params = [tPtr]; ret = tI64; }
  else if (name == "__load_f64") { params = [tPtr]; ret = tF64; }
  else if (name == "__load_ptr") { params = [tPtr]; ret = tPtr; }
  else if (name == "__store_i32") params = [tPtr, tI32];
  else if (name == "__store_u8") params = [tPtr, tU8];
  else if (name == "__store_i64") params = [tPtr, tI64];
  else if (name == "__store_f64") params = [tPtr, tF64];
  else if (name == "__store_ptr") params = [tPtr, tPtr];
  else if (name == "__memory_size") { params = []; ret = tI32; }
  else if (name == "__memory_grow") { params = [tI32]; ret = tI32; }
  else if (name == "__heap_base") { params = []; ret = tPtr; }
  else if (name == "__counts_allocations") { params = []; ret = tBool; }
  else if (name == "__memcpy") params = [tPtr, tPtr, tI32];
  else if (name == "__memset") params = [tPtr, tI32, tI32];
  else if (name == "__f64_bits") { params = [tF64]; ret = tI64; }
  else if (name == "__f64_from_bits") { params = [tI64]; ret = tF64; }
  else if (name == "__f64_sqrt" || name == "__f64_floor" || name == "__f64_ceil" || name == "__f64_trunc" ||
    name == "__f64_abs" || name == "__f64_nearest") { params = [tF64]; ret = tF64; }
  else if (name == "__f64_min" || name == "__f64_max" || name == "__f64_copysign") { params = [tF64, tF64]; ret = tF64; }
  else if (name == "__unreachable") { params = []; ret = tNever; }
  else if (name == "__str_ptr") {
    // Reinterprets a heap value (str, array) as its address; the runtime's view of user values.
    if (arity(cx, c, 1, name)) check(cx, c.args[0], null);
    return tPtr;
  } else if (name == "__hash") {
    // A structural hash of a map key (wasm/src/lower/equality.ts).
    if (arity(cx, c, 1, name)) {
      const t = check(cx, c.args[0], null);
      if (!t.isError && !isEquatable(t)) errAt(cx, "E0314", c.args[0], "cannot hash a value of type " + t.name);
    }
    return tI64;
  } else if (name == "__ptr_str") { params = [tPtr]; ret = tStr; }
  else {
    errAt(cx, "E0204", c.callee, "unknown function '" + name + "'" + foreignFunctionHint(name));
    checkArgs(cx, c, 0);
    return tError;
  }
  if (!arity(cx, c, params.length, name)) return ret;
  for (let i = 0; i < params.length; i++) expectType(cx, c.args[i], params[i], "argument of '" + name + "'");
  return ret;
}
