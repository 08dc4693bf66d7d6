import { Func, Import, Ins, IrModule, K, Op, T } from "../../ir/ir";
import { Bytes } from "./encoder";

function valType(t: T): i32 {
  if (t == T.I64) return 0x7e;
  if (t == T.F64) return 0x7c;
  return 0x7f;  // i32 and pointers (wasm32)
}

function sigKey(params: T[], result: T): string {
  let k = "";
  for (let i = 0; i < params.length; i++) k += valType(params[i]).toString() + ",";
  return k + ">" + (result == T.None ? "" : valType(result).toString());
}

// Opcodes indexed by Op for i32, i64 and f64 operands (0 = not available).
function binaryOpcode(op: Op, t: T): i32 {
  const is64 = t == T.I64;
  if (t == T.F64) {
    switch (op) {
      case Op.Add: return 0xa0; case Op.Sub: return 0xa1; case Op.Mul: return 0xa2; case Op.FDiv: return 0xa3;
      case Op.FMin: return 0xa4; case Op.FMax: return 0xa5; case Op.FCopysign: return 0xa6;
      case Op.Eq: return 0x61; case Op.Ne: return 0x62; case Op.LtS: return 0x63; case Op.GtS: return 0x64;
      case Op.LeS: return 0x65; case Op.GeS: return 0x66;
    }
    return 0;
  }
  const arith = is64 ? 0x7c : 0x6a;
  const cmp = is64 ? 0x51 : 0x46;
  switch (op) {
    case Op.Add: return arith; case Op.Sub: return arith + 1; case Op.Mul: return arith + 2;
    case Op.DivS: return arith + 3; case Op.DivU: return arith + 4; case Op.RemS: return arith + 5; case Op.RemU: return arith + 6;
    case Op.And: return arith + 7; case Op.Or: return arith + 8; case Op.Xor: return arith + 9;
    case Op.Shl: return arith + 10; case Op.ShrS: return arith + 11; case Op.ShrU: return arith + 12;
    case Op.Eq: return cmp; case Op.Ne: return cmp + 1; case Op.LtS: return cmp + 2; case Op.LtU: return cmp + 3;
    case Op.GtS: return cmp + 4; case Op.GtU: return cmp + 5; case Op.LeS: return cmp + 6; case Op.LeU: return cmp + 7;
    case Op.GeS: return cmp + 8; case Op.GeU: return cmp + 9;
  }
  return 0;
}

/** The parameter lists of every indirect call (their result is the instruction's type). */
function collectIndirect(list: Ins[], out: Ins[]): void {
  for (let i = 0; i < list.length; i++) {
    const n = list[i];
    if (n.kind == K.CallIndirect) out.push(n);
    collectIndirect(n.args, out);
    collectIndirect(n.body, out);
    collectIndirect(n.other, out);
  }
}

class FuncEmitter {
  labels: i32[] = [];
  /** Instructions emitted so far (block, loop, if, else and end count as one each, as the text format lists them). */
  count: i32 = 0;
  /** The statement the next instruction belongs to ("file:line:col"), and the one the last run recorded. */
  current: string = "";
  recorded: string = "";
  /** The line table: runs of instructions of one statement, as (first instruction index, loc). */
  runStarts: i32[] = [];
  runLocs: string[] = [];
  constructor(public out: Bytes, public index: Map<string, i32>, public typeIndex: Map<string, i32>) {}

  /** Counts the instruction about to be written, starting a run when its statement differs from the last one's. */
  mark(): void {
    if (this.current != this.recorded || this.runStarts.length == 0) {
      this.runStarts.push(this.count);
      this.runLocs.push(this.current);
      this.recorded = this.current;
    }
    this.count++;
  }

  depthOf(label: i32): i32 {
    for (let i = this.labels.length - 1; i >= 0; i--) if (this.labels[i] == label) return this.labels.length - 1 - i;
    return 0;
  }

  blockType(t: T): void {
    if (t == T.None) this.out.byte(0x40);
    else this.out.byte(valType(t));
  }

  list(body: Ins[]): void {
    // An item of a body without a statement of its own (a loop's step, a copy the compiler added)
    // belongs to the statement whose block holds it, not to whichever statement came before it.
    const enclosing = this.current;
    for (let i = 0; i < body.length; i++) {
      if (body[i].loc == "") this.current = enclosing;
      this.ins(body[i]);
    }
  }

  memarg(width: i32, offset: i64): void {
    this.out.u32(width == 8 ? 3 : width == 4 ? 2 : 0);
    this.out.u32(<u32>offset);
  }

  ins(n: Ins): void {
    const o = this.out;
    // A statement's instructions begin with its operands' (written first).
    if (n.loc != "") this.current = n.loc;
    for (let i = 0; i < n.args.length; i++) this.ins(n.args[i]);
    this.mark();
    switch (n.kind) {
      case K.Const:
        if (n.ty == T.I64) { o.byte(0x42); o.s64(n.i); }
        else if (n.ty == T.F64) { o.byte(0x44); o.f64(n.f); }
        else { o.byte(0x41); o.s64(<i64><i32>n.i); }
        return;
      case K.LocalGet: o.byte(0x20); o.u32(<u32>n.i); return;
      case K.LocalSet: o.byte(0x21); o.u32(<u32>n.i); return;
      case K.LocalTee: o.byte(0x22); o.u32(<u32>n.i); return;
      case K.Binary: {
        const t = n.args[0].ty;
        o.byte(binaryOpcode(n.op, t));
        return;
      }
      case K.Unary: this.unaryOp(n); return;
      case K.Load: {
        const t = n.ty;
        if (n.width == 1) o.byte(0x2d);
        else if (t == T.I64) o.byte(0x29);
        else if (t == T.F64) o.byte(0x2b);
        else o.byte(0x28);
        this.memarg(n.width, n.i);
        return;
      }
      case K.Store: {
        const t = n.args[1].ty;
        if (n.width == 1) o.byte(0x3a);
        else if (t == T.I64) o.byte(0x37);
        else if (t == T.F64) o.byte(0x39);
        else o.byte(0x36);
        this.memarg(n.width, n.i);
        return;
      }
      case K.Call: o.byte(0x10); o.u32(<u32>this.index.get(n.name)); return;
      case K.CallIndirect: o.byte(0x11); o.u32(<u32>this.typeIndex.get(sigKey(n.sig, n.ty))); o.byte(0); return;
      // A block's else and end belong to the statement that opened it, as in the source.
      case K.Block: case K.Loop: {
        const opened = this.current;
        o.byte(n.kind == K.Block ? 0x02 : 0x03);
        this.blockType(n.ty);
        this.labels.push(<i32>n.i);
        this.list(n.body);
        this.labels.pop();
        this.current = opened;
        this.mark();
        o.byte(0x0b);
        return;
      }
      case K.If: {
        const opened = this.current;
        o.byte(0x04);
        this.blockType(n.ty);
        this.labels.push(-1);
        this.list(n.body);
        if (n.other.length > 0) { this.current = opened; this.mark(); o.byte(0x05); this.list(n.other); }
        this.labels.pop();
        this.current = opened;
        this.mark();
        o.byte(0x0b);
        return;
      }
      case K.Br: o.byte(0x0c); o.u32(<u32>this.depthOf(<i32>n.i)); return;
      case K.BrIf: o.byte(0x0d); o.u32(<u32>this.depthOf(<i32>n.i)); return;
      case K.Return: o.byte(0x0f); return;
      case K.Drop: o.byte(0x1a); return;
      case K.Select: o.byte(0x1b); return;
      case K.Unreachable: o.byte(0x00); return;
      case K.MemorySize: o.byte(0x3f); o.byte(0); return;
      case K.MemoryGrow: o.byte(0x40); o.byte(0); return;
      case K.MemoryCopy: o.byte(0xfc); o.u32(10); o.byte(0); o.byte(0); return;
      case K.MemoryFill: o.byte(0xfc); o.u32(11); o.byte(0); return;
    }
  }

  unaryOp(n: Ins): void {
    const o = this.out;
    const from = n.args[0].ty;
    switch (n.op) {
      case Op.Eqz: o.byte(from == T.I64 ? 0x50 : 0x45); return;
      case Op.FAbs: o.byte(0x99); return;
      case Op.FNeg: o.byte(0x9a); return;
      case Op.FCeil: o.byte(0x9b); return;
      case Op.FFloor: o.byte(0x9c); return;
      case Op.FTrunc: o.byte(0x9d); return;
      case Op.FNearest: o.byte(0x9e); return;
      case Op.FSqrt: o.byte(0x9f); return;
      case Op.WrapI64: o.byte(0xa7); return;
      case Op.ExtendI32S: o.byte(0xac); return;
      case Op.ExtendI32U: o.byte(0xad); return;
      case Op.ConvertS: o.byte(from == T.I64 ? 0xb9 : 0xb7); return;
      case Op.ConvertU: o.byte(from == T.I64 ? 0xba : 0xb8); return;
      case Op.TruncSatS: o.byte(0xfc); o.u32(n.ty == T.I64 ? 6 : 2); return;
      case Op.TruncSatU: o.byte(0xfc); o.u32(n.ty == T.I64 ? 7 : 3); return;
      case Op.Reinterpret: o.byte(from == T.F64 ? 0xbd : 0xbf); return;
      case Op.Extend8S: o.byte(n.ty == T.I64 ? 0xc2 : 0xc0); return;
    }
  }
}

/**
 * Writes the module in the wasm binary format (MVP + bulk memory + non-trapping conversions).
 * `lineTable` (-g) adds the custom section "pith.lines": for each function of
 * the code section, in order, its runs of instructions from one statement —
 * u32 run count, then per run u32 index of its first instruction (counted as
 * the text format lists them: block, loop, if, else and end are one each, the
 * function's closing end is not) and the statement's "file:line:col" ("" for
 * none) — so a view of the module can link each instruction to its source line.
 */
export function emitWasm(m: IrModule, lineTable: bool = false): Uint8Array {
  const types = new Bytes();
  const typeIndex = new Map<string, i32>();
  let typeCount = 0;
  const typeOf = (params: T[], result: T, types: Bytes, typeIndex: Map<string, i32>, count: i32): i32 => {
    const key = sigKey(params, result);
    if (typeIndex.has(key)) return typeIndex.get(key);
    types.byte(0x60);
    types.u32(<u32>params.length);
    for (let i = 0; i < params.length; i++) types.byte(valType(params[i]));
    if (result == T.None) types.u32(0);
    else { types.u32(1); types.byte(valType(result)); }
    typeIndex.set(key, count);
    return count;
  };
  const index = new Map<string, i32>();
  const imports = new Bytes();
  imports.u32(<u32>m.imports.length);
  for (let i = 0; i < m.imports.length; i++) {
    const imp: Import = m.imports[i];
    const t = typeOf(imp.params, imp.result, types, typeIndex, typeCount);
    if (t == typeCount) typeCount++;
    imports.str(imp.module);
    imports.str(imp.field);
    imports.byte(0);
    imports.u32(<u32>t);
    index.set(imp.name, i);
  }
  const funcs = new Bytes();
  funcs.u32(<u32>m.funcs.length);
  for (let i = 0; i < m.funcs.length; i++) {
    const f = m.funcs[i];
    const t = typeOf(f.params, f.result, types, typeIndex, typeCount);
    if (t == typeCount) typeCount++;
    funcs.u32(<u32>t);
    index.set(f.name, m.imports.length + i);
  }
  // Signatures of indirect calls (usually those of the table's functions already).
  const indirect: Ins[] = [];
  for (let i = 0; i < m.funcs.length; i++) collectIndirect(m.funcs[i].body, indirect);
  for (let i = 0; i < indirect.length; i++) {
    const t = typeOf(indirect[i].sig, indirect[i].ty, types, typeIndex, typeCount);
    if (t == typeCount) typeCount++;
  }
  const typeSection = new Bytes();
  typeSection.u32(<u32>typeCount);
  typeSection.append(types);

  const memory = new Bytes();
  const dataEnd = m.dataBase + m.data.length;
  const pages = (dataEnd + 65535) / 65536 + 1;
  memory.u32(1);
  memory.byte(0);
  memory.u32(<u32>pages);

  const exports = new Bytes();
  let exportCount = 1;
  for (let i = 0; i < m.funcs.length; i++) if (m.funcs[i].exportName != "") exportCount++;
  exports.u32(<u32>exportCount);
  exports.str("memory");
  exports.byte(2);
  exports.u32(0);
  for (let i = 0; i < m.funcs.length; i++) {
    if (m.funcs[i].exportName == "") continue;
    exports.str(m.funcs[i].exportName);
    exports.byte(0);
    exports.u32(<u32>index.get(m.funcs[i].name));
  }

  const code = new Bytes();
  const lines = new Bytes();
  lines.u32(<u32>m.funcs.length);
  code.u32(<u32>m.funcs.length);
  for (let i = 0; i < m.funcs.length; i++) {
    const f: Func = m.funcs[i];
    const body = new Bytes();
    // Locals beyond the parameters, run-length grouped by type.
    const extra = f.locals.length - f.params.length;
    let groups = 0;
    for (let j = 0; j < extra; j++) {
      if (j == 0 || valType(f.locals[f.params.length + j]) != valType(f.locals[f.params.length + j - 1])) groups++;
    }
    body.u32(<u32>groups);
    let j = 0;
    while (j < extra) {
      const vt = valType(f.locals[f.params.length + j]);
      let n = 0;
      while (j < extra && valType(f.locals[f.params.length + j]) == vt) { n++; j++; }
      body.u32(<u32>n);
      body.byte(vt);
    }
    const fe = new FuncEmitter(body, index, typeIndex);
    fe.list(f.body);
    body.byte(0x0b);
    lines.u32(<u32>fe.runStarts.length);
    for (let r = 0; r < fe.runStarts.length; r++) {
      lines.u32(<u32>fe.runStarts[r]);
      lines.str(fe.runLocs[r]);
    }
    code.u32(<u32>body.length);
    code.append(body);
  }

  const data = new Bytes();
  data.u32(m.data.length > 0 ? 1 : 0);
  if (m.data.length > 0) {
    data.byte(0);
    data.byte(0x41);
    data.s64(m.dataBase);
    data.byte(0x0b);
    data.u32(<u32>m.data.length);
    data.raw(m.data, m.data.length);
  }

  // The function table: slot 0 stays empty, table[i] is in slot i + 1.
  const table = new Bytes();
  const elems = new Bytes();
  // An indirect call needs a table even when nothing is in it (a call on a closure from an empty array).
  const hasTable = m.table.length > 0 || indirect.length > 0;
  if (hasTable) {
    table.u32(1);
    table.byte(0x70);
    table.byte(0);
    table.u32(<u32>(m.table.length + 1));
  }
  if (m.table.length > 0) {
    elems.u32(1);
    elems.u32(0);
    elems.byte(0x41);
    elems.s64(1);
    elems.byte(0x0b);
    elems.u32(<u32>m.table.length);
    for (let i = 0; i < m.table.length; i++) elems.u32(<u32>index.get(m.table[i]));
  }

  const out = new Bytes();
  out.byte(0); out.byte(0x61); out.byte(0x73); out.byte(0x6d);
  out.byte(1); out.byte(0); out.byte(0); out.byte(0);
  out.section(1, typeSection);
  if (m.imports.length > 0) out.section(2, imports);
  out.section(3, funcs);
  if (hasTable) out.section(4, table);
  out.section(5, memory);
  out.section(7, exports);
  if (m.table.length > 0) out.section(9, elems);
  out.section(10, code);
  if (m.data.length > 0) out.section(11, data);
  // The custom "name" section: the functions' names, so an engine's stack
  // trace (the playground's stack overflow report) and the WebAssembly text
  // view name the program's functions instead of numbering them.
  const fnNames = new Bytes();
  fnNames.u32(<u32>m.funcs.length);
  for (let i = 0; i < m.funcs.length; i++) {
    fnNames.u32(<u32>(m.imports.length + i));
    fnNames.str(m.funcs[i].name);
  }
  const nameSection = new Bytes();
  nameSection.str("name");
  nameSection.byte(1);
  nameSection.u32(<u32>fnNames.length);
  nameSection.append(fnNames);
  out.section(0, nameSection);
  if (lineTable) {
    const lineSection = new Bytes();
    lineSection.str("pith.lines");
    lineSection.append(lines);
    out.section(0, lineSection);
  }
  return out.toArray();
}
