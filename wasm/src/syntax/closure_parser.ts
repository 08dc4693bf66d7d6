import { BinaryExpr, ClosureExpr, EK, Expr, Param } from "./ast";
import { parseBlock } from "./block_parser";
import { advance, eat, expect, expectIdent, markRole, ROLE_CLOSE, ROLE_EMPTY, ROLE_OPEN } from "./cursor";
import { isAssignOp, parseExpr, takeBinaryOp } from "./expr_parser";
import { ParserState } from "./parser_state";
import { Tok } from "./token";
import { parseType } from "./type_parser";

/** `|a, b: i64| a + b`, `|| x`, or with a return type and a block body: `|x| -> i64 { x }`. */
export function parseClosure(p: ParserState): Expr {
  const start = p.tok.start;
  const c = new ClosureExpr(EK.Closure, start, start);
  if (p.kind == Tok.OrOr) markRole(p, advance(p), ROLE_EMPTY);
  else {
    markRole(p, advance(p), ROLE_OPEN);
    while (p.kind != Tok.Pipe && p.kind != Tok.EOF) {
      const param = new Param(p.tok.start, p.tok.end);
      param.name = expectIdent(p, "a parameter name");
      if (eat(p, Tok.Colon)) param.type = parseType(p);
      param.end = p.prevEnd;
      c.params.push(param);
      if (!eat(p, Tok.Comma)) break;
    }
    if (p.kind == Tok.Pipe) markRole(p, p.tok, ROLE_CLOSE);
    expect(p, Tok.Pipe, "'|' to close the closure parameters");
  }
  if (eat(p, Tok.Arrow)) {
    c.ret = parseType(p);
    c.body = parseBlock(p);
  } else {
    c.body = parseExpr(p);
    if (isAssignOp(p.kind) && !p.tok.nlBefore) {
      // `|x| total += x`: an assignment as the body, read as one, so the
      // checker can say what is wrong with it (a captured variable cannot
      // change) instead of a parse error at the operator.
      const a = new BinaryExpr(EK.Assign, c.body.start, c.body.end);
      a.op = p.kind;
      takeBinaryOp(p, p.kind);
      a.left = c.body;
      a.right = parseExpr(p);
      a.end = p.prevEnd;
      c.body = a;
    }
  }
  c.end = p.prevEnd;
  return c;
}
