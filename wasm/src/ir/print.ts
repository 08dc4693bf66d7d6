import { Ins, IrModule, K, T } from "./ir";

// A readable text form of the IR for `--emit ir` (debugging and tests).
function typeName(t: T): string {
  switch (t) {
    case T.I32: return "i32";
    case T.I64: return "i64";
    case T.F64: return "f64";
    case T.Ptr: return "ptr";
  }
  return "void";
}

const KIND_NAMES = [
  "const", "local.get", "local.set", "local.tee", "unary", "binary", "load", "store", "call",
  "block", "loop", "if", "br", "br_if", "return", "drop", "unreachable", "memory.size", "memory.grow",
  "memory.copy", "memory.fill", "select", "call_indirect",
];

function printIns(n: Ins, indent: string, out: string[]): void {
  let head = indent + KIND_NAMES[<i32>n.kind];
  if (n.ty != T.None) head += ":" + typeName(n.ty);
  if (n.kind == K.Const) head += " " + (n.ty == T.F64 ? n.f.toString() : n.i.toString());
  else if (n.kind == K.Call) head += " " + n.name;
  else if (n.kind == K.Unary || n.kind == K.Binary) head += " op" + (<i32>n.op).toString();
  else if (n.kind == K.LocalGet || n.kind == K.LocalSet || n.kind == K.LocalTee) head += " $" + n.i.toString();
  else if (n.kind == K.Block || n.kind == K.Loop || n.kind == K.Br || n.kind == K.BrIf) head += " L" + n.i.toString();
  else if (n.kind == K.Load || n.kind == K.Store) head += " w" + n.width.toString() + " +" + n.i.toString();
  else if (n.kind == K.CallIndirect) {
    const ps: string[] = [];
    for (let i = 0; i < n.sig.length; i++) ps.push(typeName(n.sig[i]));
    head += " (" + ps.join(", ") + ")";
  }
  out.push(head);
  for (let i = 0; i < n.args.length; i++) printIns(n.args[i], indent + "  ", out);
  if (n.body.length > 0) {
    out.push(indent + " {");
    for (let i = 0; i < n.body.length; i++) printIns(n.body[i], indent + "  ", out);
    out.push(indent + " }");
  }
  if (n.other.length > 0) {
    out.push(indent + " else {");
    for (let i = 0; i < n.other.length; i++) printIns(n.other[i], indent + "  ", out);
    out.push(indent + " }");
  }
}

export function printIr(m: IrModule): string {
  const out: string[] = [];
  for (let i = 0; i < m.table.length; i++) out.push("table " + (i + 1).toString() + " " + m.table[i]);
  for (let i = 0; i < m.imports.length; i++) out.push("import " + m.imports[i].module + "." + m.imports[i].field + " as " + m.imports[i].name);
  for (let i = 0; i < m.funcs.length; i++) {
    const f = m.funcs[i];
    let sig = "fn " + f.name + "(";
    for (let j = 0; j < f.params.length; j++) sig += (j > 0 ? ", " : "") + typeName(f.params[j]);
    out.push(sig + ") -> " + typeName(f.result) + " {");
    for (let j = 0; j < f.body.length; j++) printIns(f.body[j], "  ", out);
    out.push("}");
  }
  return out.join("\n") + "\n";
}
