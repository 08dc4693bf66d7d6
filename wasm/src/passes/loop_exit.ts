import { binary, brIf, Func, Ins, K, Op, T } from "../ir/ir";

// The back edge of a rotated loop (rotate.ts) for the wasm backend. A loop
// whose tests moved to the bottom ends with
//
//   br_if X (eqz c); br L
//
// where leaving the loop by its end would reach the end of block X anyway
// (the loop is the last thing X runs). Then the two branches are one,
// `br_if L c`: the engine executes two instructions fewer per iteration, the
// same tests in the same order with the same effects. An exit on an integer
// comparison (`br_if X (a >= b)`) likewise branches back on its inverse
// (`a < b`), one instruction fewer; float comparisons are left alone, as
// NaN makes both `a < b` and `a >= b` false.

/** Rewrites `list`; `fallsTo` is the label that running off its end amounts to (-1: none). */
function rewriteList(list: Ins[], fallsTo: i32): void {
  for (let i = 0; i < list.length; i++) {
    const n = list[i];
    const last = i == list.length - 1;
    const after = last ? fallsTo : -1;
    for (let j = 0; j < n.args.length; j++) rewriteNode(n.args[j]);
    if (n.kind == K.Block) {
      // Running off a typeless block's end continues after it.
      rewriteList(n.body, n.ty != T.None ? -1 : n.i != 0 ? <i32>n.i : after);
    } else if (n.kind == K.Loop) {
      rewriteList(n.body, after);
      joinBackEdge(n, after);
    } else if (n.kind == K.If) {
      const into = n.ty != T.None ? -1 : after;
      rewriteList(n.body, into);
      rewriteList(n.other, into);
    } else {
      rewriteList(n.body, -1);
      rewriteList(n.other, -1);
    }
  }
}

function rewriteNode(n: Ins): void {
  for (let j = 0; j < n.args.length; j++) rewriteNode(n.args[j]);
  rewriteList(n.body, -1);
  rewriteList(n.other, -1);
}

function joinBackEdge(l: Ins, exit: i32): void {
  const body = l.body;
  const k = body.length;
  if (exit <= 0 || l.i == 0 || k < 2) return;
  const test = body[k - 2];
  const back = body[k - 1];
  if (back.kind != K.Br || back.i != l.i || test.kind != K.BrIf || <i32>test.i != exit) return;
  const c = test.args[0];
  let stay: Ins | null = null;
  if (c.kind == K.Unary && c.op == Op.Eqz && c.args[0].ty == T.I32) stay = c.args[0];
  else if (c.kind == K.Binary && c.args[0].ty != T.F64 && inverse(c.op) >= 0) {
    stay = binary(<Op>inverse(c.op), c.ty, c.args[0], c.args[1]);
  }
  if (stay === null) return;
  const joined = brIf(<i32>l.i, stay!);
  joined.loc = test.loc;
  body.splice(k - 2, 2);
  body.push(joined);
}

/** The integer comparison that is true exactly when `op` is false; -1 for other operators. */
function inverse(op: Op): i32 {
  switch (op) {
    case Op.Eq: return Op.Ne;
    case Op.Ne: return Op.Eq;
    case Op.LtS: return Op.GeS;
    case Op.GeS: return Op.LtS;
    case Op.LtU: return Op.GeU;
    case Op.GeU: return Op.LtU;
    case Op.LeS: return Op.GtS;
    case Op.GtS: return Op.LeS;
    case Op.LeU: return Op.GtU;
    case Op.GtU: return Op.LeU;
    default: return -1;
  }
}

/** Joins the exit test and back branch at the bottom of rotated loops (see above). */
export function joinLoopExits(f: Func): void {
  rewriteList(f.body, -1);
}
