import {
  BinaryExpr, BlockExpr, CallExpr, CastExpr, ClosureExpr, EK, Expr, IfExpr, ListExpr, LoopExpr, MatchExpr, UnaryExpr,
  UnaryLikeExpr,
} from "../syntax/ast";
import { block, Ins, T, unreachable } from "../ir/ir";
import { arrayLit, closureValue, tryOp } from "./aggregate_lower";
import { binaryOp, lowerCast, unaryOp } from "./arith_lower";
import { lowerCall } from "./call_lower";
import {
  boolLit, fieldValue, floatLit, identValue, indexValue, intLit, lowerInterp, strLit, structLit, tupleLit,
} from "./expr_lower";
import { lowerBlock, lowerIf, lowerJump, lowerReturn } from "./flow_lower";
import { ExprRule, FnState } from "./fn_state";
import { lowerLoop } from "./loop_lower";
import { lowerMatch } from "./match_lower";
import { assign } from "./place_lower";

/**
 * The lowering of each kind of expression, indexed by EK (clox's parse-rule
 * table): `owned` dispatches through it, so a file that lowers one kind can
 * lower its subexpressions without importing the files of the other kinds.
 */
export function exprRules(): ExprRule[] {
  const r = new Array<ExprRule>(EK.Error + 1);
  for (let k = 0; k <= EK.Error; k++) r[k] = noValue;
  r[EK.Int] = intLit;
  r[EK.Float] = floatLit;
  r[EK.Bool] = boolLit;
  r[EK.Str] = strLit;
  r[EK.Interp] = lowerInterp;
  r[EK.Ident] = identValue;
  r[EK.Unary] = (fl: FnState, e: Expr): Ins => unaryOp(fl, e as UnaryExpr);
  r[EK.Binary] = (fl: FnState, e: Expr): Ins => binaryOp(fl, e as BinaryExpr);
  r[EK.Cast] = (fl: FnState, e: Expr): Ins => lowerCast(fl, e as CastExpr);
  r[EK.Call] = (fl: FnState, e: Expr): Ins => lowerCall(fl, e as CallExpr);
  r[EK.Field] = fieldValue;
  r[EK.Index] = indexValue;
  r[EK.StructLit] = structLit;
  r[EK.TupleLit] = tupleLit;
  r[EK.ArrayLit] = (fl: FnState, e: Expr): Ins => arrayLit(fl, e as ListExpr);
  r[EK.Try] = (fl: FnState, e: Expr): Ins => tryOp(fl, e as UnaryLikeExpr);
  r[EK.Closure] = (fl: FnState, e: Expr): Ins => closureValue(fl, e as ClosureExpr);
  r[EK.Block] = (fl: FnState, e: Expr): Ins => lowerBlock(fl, e as BlockExpr);
  r[EK.If] = (fl: FnState, e: Expr): Ins => lowerIf(fl, e as IfExpr);
  r[EK.Match] = (fl: FnState, e: Expr): Ins => lowerMatch(fl, e as MatchExpr);
  r[EK.While] = lowerLoopRule;
  r[EK.Loop] = lowerLoopRule;
  r[EK.For] = lowerLoopRule;
  r[EK.Assign] = (fl: FnState, e: Expr): Ins => block(0, assign(fl, e as BinaryExpr), T.None);
  r[EK.Return] = lowerReturn;
  r[EK.Break] = lowerJump;
  r[EK.Continue] = lowerJump;
  return r;
}

function lowerLoopRule(fl: FnState, e: Expr): Ins {
  return lowerLoop(fl, e as LoopExpr);
}

/** Kinds that never reach the lowering as values (a range outside `for` and slices, an error). */
function noValue(fl: FnState, e: Expr): Ins {
  return unreachable();
}
