// The syntax tree. Every node keeps its byte span for diagnostics. The
// checker annotates expressions in place (`ty`, resolved symbols), which
// makes this the "typed AST" the lowering reads; nothing else mutates it.
import { Type, tUnit } from "../check/types";
import { Source } from "../source";

export class Node {
  constructor(public start: i32, public end: i32) {}
}

// ---------- types as written ----------
export const enum TK { Named, Array, Tuple, Func, Optional }
export class TypeExpr extends Node {
  name: string = "";
  args: TypeExpr[] = [];
  ret: TypeExpr | null = null;
  constructor(public kind: TK, start: i32, end: i32) { super(start, end); }
}

// ---------- expressions ----------
export const enum EK {
  Int, Float, Str, Bool, Interp, Ident, Unary, Binary, Assign, Call, Field, Index,
  StructLit, ArrayLit, TupleLit, If, Match, Block, Closure, Cast, Try, Range,
  Return, Break, Continue, While, For, Loop, Error,
}

export class Expr extends Node {
  ty: Type | null = null;
  constructor(public kind: EK, start: i32, end: i32) { super(start, end); }
}

export class LitExpr extends Expr {
  text: string = "";     // integer/float digits, string contents
  intValue: i64 = 0;
  floatValue: f64 = 0;
  boolValue: bool = false;
}

export class InterpExpr extends Expr {
  parts: string[] = [];  // parts.length == exprs.length + 1
  exprs: Expr[] = [];
}

export class IdentExpr extends Expr {
  name: string = "";
  // Set by the checker: the local variable (Local), or null when the name is
  // a global (function, constant, type used as a path head).
  local: Local | null = null;
  global: string = "";
  variant: i32 = -1;          // `None`: a variant of the expected Option type
  fnRef: string = "";         // a named function used as a value: its mangled name
  typeArgs: TypeExpr[] = [];  // `make<i64>()`: explicit type arguments of a generic function
}

export class UnaryExpr extends Expr {
  op: i32 = 0;  // a Tok
  operand!: Expr;
}

export class BinaryExpr extends Expr {
  op: i32 = 0;  // a Tok; for Assign the compound operator or Tok.Eq
  left!: Expr;
  right!: Expr;
}

export class CallExpr extends Expr {
  callee!: Expr;
  args: Expr[] = [];
  // Set by the checker: what is called.
  target: string = "";        // mangled function name, or a builtin
  isMethod: bool = false;     // receiver is callee.object
  variant: i32 = -1;          // >= 0: constructs this enum variant
}

export class FieldExpr extends Expr {
  object!: Expr;
  name: string = "";
  index: i32 = -1;            // set by the checker: field slot, or enum variant
  isVariant: bool = false;    // `Enum.Variant` without payload
}

export class IndexExpr extends Expr {
  object!: Expr;
  index!: Expr;
}

export class StructLitExpr extends Expr {
  name: string = "";
  typeArgs: TypeExpr[] = [];
  fieldNames: string[] = [];
  fieldStarts: i32[] = [];
  values: Expr[] = [];
}

export class ListExpr extends Expr {  // array and tuple literals
  elems: Expr[] = [];
  count: Expr | null = null;  // `[x; n]`
}

export class IfExpr extends Expr {
  cond!: Expr;
  then!: BlockExpr;
  otherwise: Expr | null = null;
}

export const enum PK { Wild, Bind, Lit, Range, Variant, Tuple, Or }
export class Pattern extends Node {
  name: string = "";          // binding name, or variant path "Enum.Variant"/"Variant"
  lit: Expr | null = null;
  hi: Expr | null = null;
  subs: Pattern[] = [];
  hasParens: bool = false;
  local: Local | null = null; // set by the checker for bindings
  variant: i32 = -1;
  constructor(public kind: PK, start: i32, end: i32) { super(start, end); }
}

export class MatchArm extends Node {
  pattern!: Pattern;
  guard: Expr | null = null;
  body!: Expr;
}

export class MatchExpr extends Expr {
  scrutinee!: Expr;
  arms: MatchArm[] = [];
  // The parser reported an error inside the arms (and skipped some): an
  // exhaustiveness error would point at the wrong problem.
  recovered: bool = false;
}

export class Stmt extends Node {
  // let/var when `isLet`, otherwise an expression statement.
  isLet: bool = false;
  mutable: bool = false;
  name: string = "";
  names: string[] = [];       // tuple destructuring `let (a, b) = ...`
  type: TypeExpr | null = null;
  expr: Expr | null = null;
  local: Local | null = null;
}

export class BlockExpr extends Expr {
  stmts: Stmt[] = [];
  tail: Expr | null = null;   // the value of the block
}

export class Param extends Node {
  name: string = "";
  type: TypeExpr | null = null;
  isSelf: bool = false;
  mutable: bool = false;
}

export class ClosureExpr extends Expr {
  params: Param[] = [];
  ret: TypeExpr | null = null;
  body!: Expr;
  // Set by the checker: the closure's own signature and locals, and what it
  // captures: captured[i] (a local of the enclosing code) is copied into the
  // closure when it is created and read inside it as inner[i].
  info: FnInfo | null = null;
  captured: Local[] = [];
  inner: Local[] = [];
  source: Source | null = null;
  // Set by the lowering: the generated function's name, its table slot, and
  // the table slot of the function releasing the captured heap values (0: none).
  fnName: string = "";
  slot: i32 = 0;
  dropSlot: i32 = 0;
}

export class CastExpr extends Expr {
  value!: Expr;
  type!: TypeExpr;
}

export class UnaryLikeExpr extends Expr {  // Try `x?`, Return, Break
  value: Expr | null = null;
}

export class RangeExpr extends Expr {
  lo!: Expr;
  hi!: Expr;
  inclusive: bool = false;
}

export class LoopExpr extends Expr {  // while, for, loop
  cond: Expr | null = null;
  varName: string = "";
  varStart: i32 = 0;
  iter: Expr | null = null;
  body!: BlockExpr;
  local: Local | null = null;
}

// ---------- declarations ----------
export const enum DK { Fn, Struct, Enum, Impl, Import, Const }

export class Decl extends Node {
  name: string = "";
  nameStart: i32 = 0;
  typeParams: string[] = [];
  source!: Source;
  constructor(public kind: DK, start: i32, end: i32) { super(start, end); }
}

export class FnDecl extends Decl {
  params: Param[] = [];
  ret: TypeExpr | null = null;
  body: BlockExpr | null = null;
  isExtern: bool = false;
  externModule: string = "";
  owner: string = "";         // impl type name for methods
}

export class FieldDecl extends Node {
  name: string = "";
  type!: TypeExpr;
}

export class StructDecl extends Decl {
  fields: FieldDecl[] = [];
}

export class VariantDecl extends Node {
  name: string = "";
  payload: TypeExpr[] = [];
}

export class EnumDecl extends Decl {
  variants: VariantDecl[] = [];
}

export class ImplDecl extends Decl {
  methods: FnDecl[] = [];
}

export class ImportDecl extends Decl {
  path: string = "";          // "std.math"
}

export class ConstDecl extends Decl {
  type: TypeExpr | null = null;
  value!: Expr;
}

export class Module {
  decls: Decl[] = [];
  constructor(public source: Source) {}
}

/** A local variable or parameter, created by the checker. */
export class Local {
  index: i32 = -1;  // assigned by the lowering
  // Parameters, loop variables and match bindings borrow their value: the
  // lowering never drops them.
  borrowed: bool = false;
  // A closure's copy of a variable of the enclosing code.
  captured: bool = false;
  constructor(public name: string, public ty: Type, public mutable: bool) {}
}

// What the checker records per module and per function. They live with the
// tree they annotate, like Local: a closure's ClosureExpr.info is a FnInfo.

/** One source module and the names it sees. */
export class ModuleInfo {
  // Module aliases visible here ("math" -> "math.").
  imports: Map<string, string> = new Map();
  constructor(public module: Module, public prefix: string) {}
}

/** A function or method with its resolved signature. */
export class FnInfo {
  params: Type[] = [];
  paramLocals: Local[] = [];
  locals: Local[] = [];
  ret: Type = tUnit;
  hasSelf: bool = false;
  mutSelf: bool = false;
  checked: bool = false;
  typeEnv: Map<string, Type> | null = null;
  // For an instance of a generic function: how many instantiations led to it
  // (a call in a generic instance creating another instance adds one).
  instanceDepth: i32 = 0;
  constructor(public name: string, public decl: FnDecl, public mod: ModuleInfo) {}
}
