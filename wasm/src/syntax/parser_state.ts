import { Diagnostics } from "../diagnostics";
import { Source } from "../source";
import { Expr, Stmt } from "./ast";
import { Tok, Token } from "./token";

/**
 * Parses the expression that starts with the current token (a literal, a
 * name, a bracket, a keyword such as `if` or `for`). The parser's entry
 * (parser.ts) fills the table of these by token kind, so the expression
 * grammar reaches blocks, loops and closures without importing them.
 */
export type PrefixRule = (p: ParserState) => Expr;

/**
 * Everything the parser knows while it reads one token list; the grammar is
 * free functions over it, grouped by concept (cursor.ts, expr_parser.ts,
 * block_parser.ts, decl_parser.ts, ...).
 */
export class ParserState {
  pos: i32 = 0;
  // Inside (...) or [...] newlines do not end anything.
  parenDepth: i32 = 0;
  // Guards against runaway recursion on hostile input (deeply nested brackets).
  depth: i32 = 0;
  lastErrorPos: i32 = -1;
  // Set by the formatter: token start offset -> ROLE_* (cursor.ts).
  roles: Map<i32, i32> | null = null;
  // In `if c {`, `while c {`, `match x {`, `for x in e {` a '{' opens the body, not a struct literal.
  noStruct: bool = false;
  // Operators on the path from the root of the expression being parsed (see tooManyOperators).
  operatorDepth: i32 = 0;
  // The further `let`s of a nested pattern parsed by parseStmt, for the block to append.
  followingStmts: Stmt[] = [];
  // Names of `trait`/`interface` declarations already reported, so an
  // `impl Show for P` of one is read without a second error for one habit.
  foreignTraits: string[] = [];
  // A function whose keyword was another language's (`function`, `fun`) and
  // already reported: its `: T` return type is read as `-> T` silently.
  foreignFn: bool = false;
  // Python's `def f(x):`: the signature ends at its ':' and the body is indented, not braced.
  indentedFn: bool = false;
  // Parsing a match arm's guard: a `=>` after `(...)` there ends the guard, not an arrow function.
  inGuard: bool = false;
  // Inside a macro call's arguments (`println!(...)`), and whether a format
  // placeholder `{}` was met there: the macro's one error covers both.
  macroArgs: bool = false;
  macroFormat: bool = false;
  /** What the last Rust constructor (`String::from("a")`, `Vec::new()`) was read as, after its error. */
  rustConstructed: Expr | null = null;
  /** Whether a `&mut` type was reported: the `&mut n` and `*x` that go with it then report nothing more. */
  mutRefReported: bool = false;
  /** Whether a Python-style `:` block was reported: a file written that way reports it once. */
  indentReported: bool = false;
  /** Whether Swift's `.variant` pattern was reported: once a file, like the blocks above. */
  swiftCaseReported: bool = false;

  constructor(
    public tokens: Token[],
    public source: Source,
    public diags: Diagnostics,
    // By token kind: how an expression starting with that token is parsed.
    // Spelt out rather than PrefixRule: AssemblyScript cannot resolve an
    // alias that refers back to the class being declared.
    public prefixRules: StaticArray<(p: ParserState) => Expr>,
  ) {}

  get tok(): Token { return this.tokens[this.pos]; }
  get kind(): Tok { return this.tokens[this.pos].kind; }
  get prevEnd(): i32 { return this.pos > 0 ? this.tokens[this.pos - 1].end : 0; }
}
