// A generator of random, well-typed, terminating Pith programs for
// differential testing (the technique of Csmith and YARPGen): every program
// it writes must compile, finish quickly, and print the same bytes however it
// is compiled. Termination comes from construction: loops count to small
// constants, and functions only call functions defined before them, apart
// from one accumulator recursion whose depth is masked to at most 63.
//
// The program folds what it computes into a checksum `h` (wrapping i64
// arithmetic) and prints it at the end; floats and strings are printed as
// they are made, so float formatting and string building are compared too.
// Division, remainder and indexing are usually guarded; a small share are
// not, so panics (and their messages and positions) are compared as well.

import { ExpressionGenerator, PARAM_TYPES, RETURN_TYPES, SCALARS, type Ty } from "./expressions";
import { PRELUDE } from "./prelude";
import { Rng } from "./rng";

export type { Ty } from "./expressions";
export { Rng } from "./rng";

/** What a generated program prints when one of its own checks fails (see copiesInLoops). */
export const SELF_CHECK_FAILED = "SELF_CHECK_FAILED: a copy changed with its original";

export class ProgramGenerator extends ExpressionGenerator {
  private readonly out: string[] = [];
  private indent = 0;
  private loopDepth = 0;
  private budget = 0;

  /** One whole program. */
  program(): string {
    for (const line of PRELUDE) this.line(line);
    const functions = 1 + this.rng.int(4);
    for (let i = 0; i < functions; i++) this.function();
    this.line("fn main() {");
    this.indent++;
    this.scopes = [[]];
    this.budget = 40 + this.rng.int(40);
    this.line("var h: i64 = 0");
    this.declare("h", "i64", true);
    const statements = 6 + this.rng.int(14);
    for (let i = 0; i < statements; i++) this.statement(0);
    this.line("println(h)");
    this.indent--;
    this.line("}");
    return `${this.out.join("\n")}\n`;
  }

  private line(text: string): void {
    this.out.push(text === "" ? "" : "    ".repeat(this.indent) + text);
  }

  private function(): void {
    const name = this.fresh("f");
    const params = Array.from({ length: this.rng.int(4) }, () => this.rng.pick(PARAM_TYPES));
    const ret = this.rng.pick(RETURN_TYPES);
    const names = params.map((_, i) => `p${i}`);
    this.line(`fn ${name}(${params.map((t, i) => `${names[i]}: ${t}`).join(", ")}) -> ${ret} {`);
    this.indent++;
    this.scopes = [params.map((ty, i) => ({ name: names[i], ty, mutable: false }))];
    this.budget = 10 + this.rng.int(10);
    this.line("var h: i64 = 1");
    this.declare("h", "i64", true);
    const statements = 1 + this.rng.int(5);
    for (let i = 0; i < statements; i++) this.statement(1);
    // The checksum flows into the result so the function's work is observable.
    this.line(`${this.resultFrom(ret)}`);
    this.indent--;
    this.line("}");
    this.line("");
    this.fns.push({ name, params, ret });
  }

  private resultFrom(ret: Ty): string {
    switch (ret) {
      case "i64":
        return `mix(h, ${this.expr("i64", 2)})`;
      case "i32":
        return `(h as i32) ^ ${this.expr("i32", 2)}`;
      case "f64":
        return `(h % 1000) as f64 + ${this.expr("f64", 2)}`;
      case "bool":
        return `h % 2 == 0 || ${this.expr("bool", 2)}`;
      case "str":
        return `"{h % 97}" + ${this.expr("str", 2)}`;
      default:
        return this.expr(ret, 2);
    }
  }

  // --- statements ---------------------------------------------------------

  private block(depth: number, body: () => void): void {
    this.indent++;
    this.scopes.push([]);
    body();
    const n = 1 + this.rng.int(3);
    for (let i = 0; i < n; i++) this.statement(depth + 1);
    this.scopes.pop();
    this.indent--;
  }

  private statement(depth: number): void {
    if (this.budget-- <= 0) return;
    const nested = depth < 3;
    const roll = this.rng.int(nested ? 16 : 11);
    switch (roll) {
      case 0:
      case 1:
        this.declaration();
        break;
      case 2:
      case 3:
        this.fold();
        break;
      case 4:
        this.assignment();
        break;
      case 5:
        this.printValue();
        break;
      case 6:
        this.arrayEdit();
        break;
      case 7:
        this.structEdit();
        break;
      case 8:
        this.closure();
        break;
      case 9:
        if (this.rng.chance(0.25)) this.copiesInLoops();
        else if (this.loopDepth > 0 && this.rng.chance(0.5)) {
          this.line(`if ${this.expr("bool", 2)} { ${this.rng.chance(0.5) ? "break" : "continue"} }`);
        } else this.fold();
        break;
      case 10:
        this.fold();
        break;
      case 11:
        this.ifStatement(depth);
        break;
      case 12:
        this.forRange(depth);
        break;
      case 13:
        this.whileLoop(depth);
        break;
      case 14:
        if (this.rng.chance(0.3)) this.nestedFor(depth);
        else this.forEach(depth);
        break;
      default:
        if (this.rng.chance(0.4)) this.tupleMatch();
        else this.matchStatement(depth);
    }
  }

  private declaration(): void {
    const ty = this.rng.pick<Ty>([...SCALARS, "[i64]", "S", "E", "i64"]);
    const mutable = this.rng.chance(0.6);
    const name = this.fresh();
    this.line(`${mutable ? "var" : "let"} ${name}: ${ty} = ${this.expr(ty, 3)}`);
    this.declare(name, ty, mutable);
  }

  /** Folds an observation of some value into the checksum. */
  private fold(): void {
    this.line(`h = mix(h, ${this.observe()})`);
  }

  private observe(): string {
    const candidates = this.vars(() => true);
    if (candidates.length === 0 || this.rng.chance(0.3)) return this.expr("i64", 3);
    const v = this.rng.pick(candidates);
    switch (v.ty) {
      case "i64":
        return v.name;
      case "i32":
      case "u8":
        return `${v.name} as i64`;
      case "f64":
        return `(${v.name} * 1000.0) as i64`;
      case "bool":
        return `if ${v.name} { 1 } else { 2 }`;
      case "str":
        return `len(${v.name}) * 7 + (if len(${v.name}) > 0 { ${v.name}[0] as i64 } else { 0 })`;
      case "[i64]":
        return `len(${v.name}) + (if len(${v.name}) > 0 { ${v.name}[len(${v.name}) - 1] } else { 0 })`;
      case "S":
        return `${v.name}.total()`;
      case "E":
        return `code(${v.name})`;
    }
  }

  private assignment(): void {
    const targets = this.vars((v) => v.mutable && v.name !== "h");
    if (targets.length === 0) {
      this.declaration();
      return;
    }
    const v = this.rng.pick(targets);
    const numeric = v.ty === "i64" || v.ty === "i32" || v.ty === "u8";
    if (numeric && this.rng.chance(0.5)) {
      const op = this.rng.pick(["+=", "-=", "*=", "^=", "|=", "&=", "<<="]);
      this.line(`${v.name} ${op} ${this.expr(v.ty, 2)}`);
    } else if (v.ty === "str" && this.rng.chance(0.5)) {
      // Capped in loops, like pushes: `s += s` under two loops of five doubles a string 2^20-fold.
      const append = `${v.name} += ${this.expr("str", 2)}`;
      this.line(this.loopDepth > 0 ? `if len(${v.name}) < 256 { ${append} }` : append);
    } else {
      this.line(`${v.name} = ${this.expr(v.ty, 3)}`);
    }
  }

  private printValue(): void {
    const ty = this.rng.pick<Ty>(["f64", "str", "i32", "u8", "bool", "f64"]);
    this.line(`println(${this.expr(ty, 3)})`);
  }

  private arrayEdit(): void {
    const arrays = this.vars((v) => v.ty === "[i64]" && v.mutable);
    if (arrays.length === 0) {
      this.declaration();
      return;
    }
    const a = this.rng.pick(arrays).name;
    switch (this.rng.int(6)) {
      case 0:
        this.line(this.push(a));
        break;
      case 5:
        this.fixedLength(a);
        break;
      case 4: {
        // Structs built from the array, changed in loop nests: the originals must not change.
        const ps = this.fresh();
        const q = this.fresh();
        const spread = this.fresh();
        const item = () => `P { x: ${this.expr("i64", 1)}, y: ${this.expr("f64", 1)} }`;
        this.line(`let ${ps} = [${item()}, ${item()}, P { x: len(${a}), y: 0.5 }]`);
        this.line(`var ${q} = Q { ps: ${ps}, n: 0 }`);
        this.line(`${q}.relax(${this.rng.int(3)})`);
        this.line(`let ${spread} = spread(${q}.ps, ${this.rng.int(3)})`);
        this.line(
          `h = mix(h, ${ps}[0].x + ${q}.ps[1].x * 3 + ${spread}[2].x * 5 + ${q}.n + ((${spread}[0].y + ${q}.ps[2].y) * 64.0) as i64)`,
        );
        break;
      }
      case 1:
        this.line(`if len(${a}) > 0 { ${a}[${this.index(a)}] = ${this.expr("i64", 2)} }`);
        break;
      case 2: {
        // A copy, then a write: the copy must not see it.
        const copy = this.fresh();
        this.line(`let ${copy} = ${a}`);
        this.line(this.push(a));
        this.line(`h = mix(h, len(${copy}) * 100 + len(${a}))`);
        this.declare(copy, "[i64]", false);
        break;
      }
      default:
        this.line(`if len(${a}) > 1 { ${a}.pop() }`);
    }
  }

  /**
   * An array whose length stays as declared unless later statements push to
   * it (lower/stable_lengths.ts reads it once), filled in a range loop and
   * reversed in a `while lo < hi` loop that bounds.ts versions; now and then
   * the top end is one past the array, and the panic must come at the same
   * access with the same message on every level.
   */
  private fixedLength(a: string): void {
    const t = this.fresh();
    const i = this.fresh();
    const lo = this.fresh();
    const hi = this.fresh();
    const x = this.fresh();
    const past = this.rng.chance(0.1) ? 1 : 0;
    this.line(`var ${t} = [${this.expr("i64", 1)}; ${this.rng.int(7)} + len(${a}) % 3]`);
    this.line(`for ${i} in 0..len(${t}) {`);
    this.indent++;
    this.line(`${t}[${i}] = ${t}[${i}] * 3 + ${i}`);
    this.indent--;
    this.line("}");
    this.line(`var ${lo} = 0`);
    this.line(`var ${hi} = len(${t}) - 1 + ${past}`);
    this.line(`while ${lo} < ${hi} {`);
    this.indent++;
    this.line(`let ${x} = ${t}[${lo}]`);
    this.line(`${t}[${lo}] = ${t}[${hi}]`);
    this.line(`${t}[${hi}] = ${x}`);
    this.line(`${lo} += 1`);
    this.line(`${hi} -= 1`);
    this.indent--;
    this.line("}");
    this.line(`h = mix(h, len(${t}) * 1000 + (if len(${t}) > 0 { ${t}[0] } else { 0 }))`);
    this.declare(t, "[i64]", true);
  }

  /**
   * A push onto array `a`. In a loop it is capped: `for x in a { a.push(x) }`
   * doubles `a`, and under loops that repeat it the doubling is exponential
   * (a program of this generator ran for minutes with a 2^18-fold array).
   */
  private push(a: string): string {
    const push = `${a}.push(${this.expr("i64", 2)})`;
    return this.loopDepth > 0 ? `if len(${a}) < 64 { ${push} }` : push;
  }

  private structEdit(): void {
    const structs = this.vars((v) => v.ty === "S" && v.mutable);
    if (structs.length === 0) {
      this.declaration();
      return;
    }
    const s = this.rng.pick(structs).name;
    switch (this.rng.int(7)) {
      case 6: {
        // A copy changed by a method, which may skip its loop: the original must not change.
        const before = this.fresh();
        const t = this.fresh();
        this.line(`let ${before} = ${s}.total()`);
        this.line(`let ${t} = ${s}.drain(${this.expr("i64", 1)})`);
        this.line(`if ${s}.total() != ${before} { println("${SELF_CHECK_FAILED}") }`);
        this.line(`h = mix(h, ${t}.total())`);
        break;
      }
      case 4:
      case 5: {
        const copy = this.fresh();
        this.line(`let ${copy} = ${s}`);
        if (this.rng.chance(0.5)) this.line(`${s}.scale(${this.expr("i64", 1)})`);
        else this.line(`${s}.shift(${this.rng.int(3)})`);
        this.line(`h = mix(h, ${copy}.total() - ${s}.total())`);
        this.declare(copy, "S", false);
        break;
      }
      case 0:
        this.line(`${s}.a += ${this.expr("i64", 2)}`);
        break;
      case 1:
        this.line(`${s}.b = ${s}.b * 0.5 + ${this.expr("f64", 2)}`);
        break;
      case 2:
        this.line(`${s}.bump(${this.expr("i64", 2)})`);
        break;
      default: {
        const copy = this.fresh();
        this.line(`let ${copy} = ${s}`);
        this.line(`${s}.c.push(${this.expr("i64", 1)})`);
        this.line(`h = mix(h, ${copy}.total() - ${s}.total())`);
        this.declare(copy, "S", false);
      }
    }
  }

  /**
   * Copies of arrays made and written inside loops of simple statements,
   * where the compiler keeps copy-on-write facts from one iteration to the
   * next (lower/simple_runs.ts, lower/unique_nests.ts). Every level computes
   * the same thing, so comparing levels cannot tell a wrong result: the
   * program checks itself and prints SELF_CHECK_FAILED, which the
   * differential judge treats as a failure.
   */
  private copiesInLoops(): void {
    const base = this.fresh();
    const sum = this.fresh();
    const i = this.fresh("i");
    const c = this.fresh();
    this.line(`let ${base} = [${this.expr("i64", 1)}, ${this.expr("i64", 1)}, ${this.expr("i64", 1)}]`);
    this.line(`var ${sum} = 0`);
    this.line(`for ${i} in 0..3 {`);
    this.line(`    var ${c} = ${base}`);
    this.line(`    ${c}[${i}] = ${c}[${i}] * 2 + 1`);
    this.line(`    ${sum} += ${c}[${i}] - ${base}[${i}]`);
    this.line("}");
    this.line(`if ${sum} != ${base}[0] + ${base}[1] + ${base}[2] + 3 { println("${SELF_CHECK_FAILED}") }`);
    // Structs in an array, written in a loop nest through a copy made before it and one made inside.
    const ps = this.fresh();
    const q = this.fresh();
    const x0 = this.fresh();
    const tot = this.fresh();
    const r = this.fresh("i");
    const j = this.fresh("i");
    const d = this.fresh();
    this.line(`let ${ps} = [P { x: ${this.expr("i64", 1)}, y: 0.5 }, P { x: ${this.expr("i64", 1)}, y: 1.5 }]`);
    this.line(`let ${x0} = ${ps}[0].x`);
    this.line(`var ${q} = ${ps}`);
    this.line(`var ${tot} = 0`);
    this.line(`for ${r} in 0..2 {`);
    this.line(`    for ${j} in 0..2 {`);
    this.line(`        ${q}[${j}].x += 1`);
    this.line(`        var ${d} = ${ps}`);
    this.line(`        ${d}[${j}].x += 7`);
    this.line(`        ${tot} += ${d}[${j}].x - ${ps}[${j}].x`);
    this.line("    }");
    this.line("}");
    this.line(`if ${ps}[0].x != ${x0} || ${q}[0].x != ${x0} + 2 || ${tot} != 28 { println("${SELF_CHECK_FAILED}") }`);
    this.line(`h = mix(h, ${sum} + ${tot} + ${q}[1].x)`);
  }

  private closure(): void {
    const name = this.fresh("c");
    const captured = this.vars((v) => v.ty === "i64");
    const k = captured.length > 0 ? this.rng.pick(captured).name : "3";
    const body = this.rng.pick([
      `x * ${k} + 1`,
      `(x ^ ${k}) >> 1`,
      `if x > ${k} { x - ${k} } else { ${k} - x }`,
      `x % 7 + ${k}`,
    ]);
    this.line(`let ${name} = |x: i64| ${body}`);
    this.line(`h = mix(h, ${name}(${this.expr("i64", 2)}))`);
    if (this.rng.chance(0.5)) {
      const f = this.rng.pick([name, "twice", `|y: i64| y - ${k}`, "|y: i64| y * 5"]);
      this.line(`h = mix(h, apply_all(${this.arrayLiteral(1)}, ${f}))`);
    }
  }

  private ifStatement(depth: number): void {
    this.line(`if ${this.expr("bool", 3)} {`);
    this.block(depth, () => {});
    if (this.rng.chance(0.5)) {
      this.line("} else {");
      this.block(depth, () => {});
    }
    this.line("}");
  }

  private loop(depth: number, header: string, declare: () => void): void {
    this.line(header);
    this.loopDepth++;
    this.block(depth, declare);
    this.loopDepth--;
    this.line("}");
  }

  private forRange(depth: number): void {
    const i = this.fresh("i");
    const n = 1 + this.rng.int(6);
    this.loop(depth, `for ${i} in 0..${this.rng.chance(0.2) ? `=${n}` : n} {`, () => {
      this.declare(i, "i64", false);
      this.line(`h = mix(h, ${i})`);
    });
  }

  private whileLoop(depth: number): void {
    const w = this.fresh("w");
    this.line(`var ${w} = 0`);
    this.loop(depth, `while ${w} < ${1 + this.rng.int(5)} {`, () => {
      this.line(`${w} += 1`);
    });
  }

  private forEach(depth: number): void {
    const arrays = this.vars((v) => v.ty === "[i64]");
    const x = this.fresh("x");
    const source = arrays.length > 0 ? this.rng.pick(arrays).name : this.arrayLiteral(1);
    this.loop(depth, `for ${x} in ${source} {`, () => {
      this.declare(x, "i64", false);
      this.line(`h = mix(h, ${x})`);
    });
  }

  /** `for ((a, b), c) in [...]` and a nested `let` pattern: each part folded into the checksum. */
  private nestedFor(depth: number): void {
    const [a, b, c] = [this.fresh("a"), this.fresh("b"), this.fresh("c")];
    const items: string[] = [];
    for (let i = 0; i < 1 + this.rng.int(3); i++) {
      items.push(`((${this.expr("i64", 1)}, ${this.expr("bool", 1)}), ${this.expr("i64", 1)})`);
    }
    this.loop(depth, `for ((${a}, ${b}), ${c}) in [${items.join(", ")}] {`, () => {
      this.declare(a, "i64", false);
      this.declare(c, "i64", false);
      this.line(`h = mix(h, if ${b} { ${a} } else { ${c} })`);
    });
    const [p, q] = [this.fresh("p"), this.fresh("q")];
    this.line(`let (${p}, (_, ${q})) = (${this.expr("i64", 2)}, (${this.expr("bool", 1)}, ${this.expr("i64", 2)}))`);
    this.line(`h = mix(h, ${p} * 3 + ${q})`);
  }

  /** A match on a tuple of a bool and an enum whose arms are exhaustive only together (no catch-all). */
  private tupleMatch(): void {
    const [v, w, x, y] = [this.fresh("v"), this.fresh("w"), this.fresh("x"), this.fresh("y")];
    this.line(`match (${this.expr("bool", 2)}, ${this.expr("E", 2)}) {`);
    this.indent++;
    const arms = [
      `(true, E.A(${v})) => { h = mix(h, ${v} * 5) }`,
      `(false, E.A(${v})) => { h = mix(h, ${v} + 1) }`,
      `(_, E.B(${w}, ${x})) => { h = mix(h, ${w} * 7 + ${x}) }`,
      `(true, E.C) | (false, E.C) => { h = mix(h, ${this.expr("i64", 1)}) }`,
    ];
    if (this.rng.chance(0.5)) arms.splice(2, 0, `(true, E.B(${y}, _)) => { h = mix(h, ${y}) }`);
    for (const arm of arms) this.line(arm);
    this.indent--;
    this.line("}");
  }

  private matchStatement(depth: number): void {
    const subject = this.expr("i64", 2);
    this.line(`match ${subject} % 5 {`);
    this.indent++;
    this.line(`0 => { h = mix(h, ${this.expr("i64", 2)}) }`);
    this.line(`1..3 => { h = mix(h, ${this.expr("i64", 2)}) }`);
    this.line(`x if x < 0 => { h = mix(h, x * 13) }`);
    this.line("_ => {");
    this.block(depth, () => {});
    this.line("}");
    this.indent--;
    this.line("}");
  }
}

/** The program for one seed: the same seed always gives the same text. */
export function generateProgram(seed: number): string {
  return new ProgramGenerator(new Rng(seed)).program();
}
