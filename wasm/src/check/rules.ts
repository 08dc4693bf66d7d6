import {
  BinaryExpr, BlockExpr, CallExpr, CastExpr, ClosureExpr, EK, Expr, FieldExpr, IdentExpr, IfExpr, IndexExpr, ListExpr, LitExpr,
  LoopExpr, MatchExpr, StructLitExpr, UnaryExpr, UnaryLikeExpr,
} from "../syntax/ast";
import { checkArrayLit, checkField, checkIndex, checkStructLit } from "./aggregate_checker";
import { checkCall } from "./call_checker";
import { checkClosure } from "./closure_checker";
import { checkUnsupported, RULES } from "./dispatch";
import {
  checkAssign, checkBinary, checkBool, checkCast, checkErrorExpr, checkFloat, checkInt, checkInterp, checkName, checkRange, checkStr,
  checkTry, checkTupleLit, checkUnary,
} from "./expr_checker";
import { checkBlock, checkBreak, checkContinue, checkIf, checkLoop, checkMatch, checkReturn } from "./flow_checker";
import { genericStructLit, genericUnitVariant } from "./generic_checker";
import { lookup } from "./scope";
import { CheckState } from "./state";
import { Type } from "./types";

// The rule of each expression kind, for dispatch.ts's table. Most adapt
// the table's signature to a checking function's own node type.

function checkIntRule(cx: CheckState, e: Expr, expected: Type | null): Type { return checkInt(cx, e as LitExpr, false, expected); }
function checkUnaryRule(cx: CheckState, e: Expr, expected: Type | null): Type { return checkUnary(cx, e as UnaryExpr, expected); }
function checkBinaryRule(cx: CheckState, e: Expr, expected: Type | null): Type { return checkBinary(cx, e as BinaryExpr, expected); }
function checkAssignRule(cx: CheckState, e: Expr, expected: Type | null): Type { return checkAssign(cx, e as BinaryExpr); }
function checkCallRule(cx: CheckState, e: Expr, expected: Type | null): Type { return checkCall(cx, e as CallExpr, expected); }
function checkIndexRule(cx: CheckState, e: Expr, expected: Type | null): Type { return checkIndex(cx, e as IndexExpr); }
function checkArrayLitRule(cx: CheckState, e: Expr, expected: Type | null): Type { return checkArrayLit(cx, e as ListExpr, expected); }
function checkCastRule(cx: CheckState, e: Expr, expected: Type | null): Type { return checkCast(cx, e as CastExpr); }
function checkClosureRule(cx: CheckState, e: Expr, expected: Type | null): Type { return checkClosure(cx, e as ClosureExpr, expected); }
function checkTryRule(cx: CheckState, e: Expr, expected: Type | null): Type { return checkTry(cx, e as UnaryLikeExpr); }
function checkBlockRule(cx: CheckState, e: Expr, expected: Type | null): Type { return checkBlock(cx, e as BlockExpr, expected); }
function checkIfRule(cx: CheckState, e: Expr, expected: Type | null): Type { return checkIf(cx, e as IfExpr, expected); }
function checkMatchRule(cx: CheckState, e: Expr, expected: Type | null): Type { return checkMatch(cx, e as MatchExpr, expected); }
function checkLoopRule(cx: CheckState, e: Expr, expected: Type | null): Type { return checkLoop(cx, e as LoopExpr); }

/** `a.b`: a unit variant of a generic enum (`Tree.Leaf`), or any other field access. */
function checkFieldRule(cx: CheckState, e: Expr, expected: Type | null): Type {
  const f = e as FieldExpr;
  if (f.object.kind == EK.Ident && lookup(cx, (f.object as IdentExpr).name) === null &&
    cx.program.genericTypes.has((f.object as IdentExpr).name)) return genericUnitVariant(cx, f, expected);
  return checkField(cx, f);
}

function checkStructLitRule(cx: CheckState, e: Expr, expected: Type | null): Type {
  const s = e as StructLitExpr;
  if (cx.program.genericTypes.has(s.name)) return genericStructLit(cx, s, expected);
  return checkStructLit(cx, s);
}

/** Fills dispatch.ts's table with the rule of every expression kind. */
export function installExpressionRules(): void {
  const rules = RULES;
  for (let k = 0; k < rules.length; k++) rules[k] = checkUnsupported;
  rules[EK.Int] = checkIntRule;
  rules[EK.Float] = checkFloat;
  rules[EK.Str] = checkStr;
  rules[EK.Bool] = checkBool;
  rules[EK.Interp] = checkInterp;
  rules[EK.Ident] = checkName;
  rules[EK.Unary] = checkUnaryRule;
  rules[EK.Binary] = checkBinaryRule;
  rules[EK.Assign] = checkAssignRule;
  rules[EK.Call] = checkCallRule;
  rules[EK.Field] = checkFieldRule;
  rules[EK.Index] = checkIndexRule;
  rules[EK.StructLit] = checkStructLitRule;
  rules[EK.ArrayLit] = checkArrayLitRule;
  rules[EK.TupleLit] = checkTupleLit;
  rules[EK.If] = checkIfRule;
  rules[EK.Match] = checkMatchRule;
  rules[EK.Block] = checkBlockRule;
  rules[EK.Closure] = checkClosureRule;
  rules[EK.Cast] = checkCastRule;
  rules[EK.Try] = checkTryRule;
  rules[EK.Range] = checkRange;
  rules[EK.Return] = checkReturn;
  rules[EK.Break] = checkBreak;
  rules[EK.Continue] = checkContinue;
  rules[EK.While] = checkLoopRule;
  rules[EK.For] = checkLoopRule;
  rules[EK.Loop] = checkLoopRule;
  rules[EK.Error] = checkErrorExpr;
}
