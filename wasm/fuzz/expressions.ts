// Expressions for the differential generator (wasm/fuzz/generator.ts):
// random, well-typed Pith expressions of each type over the variables and
// functions in scope. Integer expressions mix edge-case literals, wrapping
// arithmetic, shifts and guarded division; a small share are unguarded so
// panics are compared too.
import type { Rng } from "./rng";

export type Ty = "i64" | "i32" | "u8" | "f64" | "bool" | "str" | "[i64]" | "S" | "E";

export const SCALARS: Ty[] = ["i64", "i32", "u8", "f64", "bool", "str"];
export const PARAM_TYPES: Ty[] = ["i64", "i64", "i32", "u8", "f64", "bool", "str", "[i64]", "S", "E"];
export const RETURN_TYPES: Ty[] = ["i64", "i64", "i32", "f64", "bool", "str"];

export interface Var {
  name: string;
  ty: Ty;
  mutable: boolean;
}

export interface Fn {
  name: string;
  params: Ty[];
  ret: Ty;
}

const INT_EDGES = [
  "0",
  "1",
  "2",
  "7",
  "-1",
  "255",
  "65536",
  "2147483647",
  "-2147483648",
  "9223372036854775807",
  "(-9223372036854775807 - 1)",
];
const FLOAT_LITERALS = ["0.0", "1.0", "-1.5", "0.1", "2.5", "1e10", "1e-7", "3.14159", "-0.0", "100.25", "1e300"];
const WORDS = ["a", "bc", "pith", "", "héllo", "x y", "42", "{", "}"];

/** Pith source for `s` as a string literal (escapes quotes, braces and backslashes). */
export function strLiteral(s: string): string {
  return `"${s.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\{/g, "\\{").replace(/\}/g, "\\}")}"`;
}

/** The state a program is generated in, and its expressions. */
export abstract class ExpressionGenerator {
  protected scopes: Var[][] = [];
  protected fns: Fn[] = [];
  protected counter = 0;

  constructor(protected readonly rng: Rng) {}

  protected fresh(prefix = "v"): string {
    return `${prefix}${this.counter++}`;
  }

  protected declare(name: string, ty: Ty, mutable: boolean): void {
    this.scopes[this.scopes.length - 1].push({ name, ty, mutable });
  }

  protected vars(filter: (v: Var) => boolean): Var[] {
    return this.scopes.flat().filter(filter);
  }

  protected index(array: string): string {
    return `(${this.expr("i64", 1)} & 1023) % len(${array})`;
  }

  protected arrayLiteral(depth: number): string {
    if (this.rng.chance(0.2)) return `[${this.expr("i64", depth)}; ${1 + this.rng.int(4)}]`;
    const n = 1 + this.rng.int(4);
    return `[${Array.from({ length: n }, () => this.expr("i64", depth)).join(", ")}]`;
  }

  private variable(ty: Ty): string | null {
    const candidates = this.vars((v) => v.ty === ty);
    return candidates.length > 0 ? this.rng.pick(candidates).name : null;
  }

  private call(ret: Ty, depth: number): string | null {
    const fns = this.fns.filter((f) => f.ret === ret);
    if (fns.length === 0) return null;
    const f = this.rng.pick(fns);
    return `${f.name}(${f.params.map((t) => this.expr(t, depth - 1)).join(", ")})`;
  }

  expr(ty: Ty, depth: number): string {
    const leaf = depth <= 0 || this.rng.chance(0.3);
    if (!leaf && this.rng.chance(0.12)) {
      const called = this.call(ty, depth);
      if (called) return called;
    }
    if (!leaf && this.rng.chance(0.08)) {
      return `if ${this.expr("bool", depth - 1)} { ${this.expr(ty, depth - 1)} } else { ${this.expr(ty, depth - 1)} }`;
    }
    if (this.rng.chance(leaf ? 0.55 : 0.25)) {
      const v = this.variable(ty);
      if (v) return v;
    }
    switch (ty) {
      case "i64":
        return this.intExpr("i64", depth, leaf);
      case "i32":
        return this.intExpr("i32", depth, leaf);
      case "u8":
        return this.intExpr("u8", depth, leaf);
      case "f64":
        return this.floatExpr(depth, leaf);
      case "bool":
        return this.boolExpr(depth, leaf);
      case "str":
        return this.strExpr(depth, leaf);
      case "[i64]":
        return this.arrayLiteral(depth - 1);
      case "S":
        return `mk(${this.expr("i64", depth - 1)}, ${this.expr("f64", depth - 1)}, ${this.arrayLiteral(depth - 1)})`;
      case "E":
        switch (this.rng.int(3)) {
          case 0:
            return `E.A(${this.expr("i64", depth - 1)})`;
          case 1:
            return `E.B(${this.expr("i64", depth - 1)}, ${this.expr("i64", depth - 1)})`;
          default:
            return "E.C";
        }
    }
  }

  // An i32 or u8 literal carries its type: an expression made only of
  // literals would otherwise be an i64.
  private intLiteral(ty: "i64" | "i32" | "u8"): string {
    if (ty === "u8")
      return `(${this.rng.chance(0.3) ? this.rng.pick([0, 1, 127, 128, 255]) : this.rng.int(256)} as u8)`;
    if (ty === "i32") {
      if (this.rng.chance(0.2)) return `(${this.rng.pick(["2147483647", "-2147483648", "-1", "65535"])} as i32)`;
      return `(${this.rng.int(2000) - 1000} as i32)`;
    }
    if (this.rng.chance(0.25)) return this.rng.pick(INT_EDGES);
    return String(this.rng.int(2000) - 1000);
  }

  private intExpr(ty: "i64" | "i32" | "u8", depth: number, leaf: boolean): string {
    if (leaf) return this.intLiteral(ty);
    const a = () => this.expr(ty, depth - 1);
    switch (this.rng.int(12)) {
      case 0:
      case 1:
        return `(${a()} + ${a()})`;
      case 2:
        return `(${a()} - ${a()})`;
      case 3:
        return `(${a()} * ${a()})`;
      case 4:
        // Usually a divisor that cannot be zero; sometimes one that can (a panic to compare).
        return this.rng.chance(0.9) ? `(${a()} / (${a()} | 1))` : `(${a()} / ${a()})`;
      case 5:
        return this.rng.chance(0.9) ? `(${a()} % (${a()} | 1))` : `(${a()} % ${a()})`;
      case 6:
        return `(${a()} ${this.rng.pick(["&", "|", "^"])} ${a()})`;
      case 7:
        return `(${a()} ${this.rng.pick(["<<", ">>"])} ${a()})`;
      case 8:
        return ty === "u8" ? `(255 - ${a()})` : `(-${a()})`;
      case 9: {
        const from = this.rng.pick<Ty>(["i64", "i32", "u8", "f64"].filter((t) => t !== ty) as Ty[]);
        return `(${this.expr(from, depth - 1)} as ${ty})`;
      }
      case 10: {
        if (ty !== "i64") return `(${a()} + ${a()})`;
        const arrays = this.vars((v) => v.ty === "[i64]");
        if (arrays.length > 0) {
          const arr = this.rng.pick(arrays).name;
          if (this.rng.chance(0.05)) return `${arr}[${a()}]`;
          return `(if len(${arr}) > 0 { ${arr}[${this.index(arr)}] } else { len(${arr}) })`;
        }
        return `acc(${a()} & 63, ${a()})`;
      }
      default: {
        if (ty !== "i64") return `(${a()} * 3)`;
        const structs = this.vars((v) => v.ty === "S");
        const enums = this.vars((v) => v.ty === "E");
        if (structs.length > 0 && this.rng.chance(0.5)) return `${this.rng.pick(structs).name}.a`;
        if (enums.length > 0) return `code(${this.rng.pick(enums).name})`;
        return `acc(${a()} & 63, ${a()})`;
      }
    }
  }

  private floatExpr(depth: number, leaf: boolean): string {
    if (leaf) return this.rng.pick(FLOAT_LITERALS);
    const a = () => this.expr("f64", depth - 1);
    switch (this.rng.int(7)) {
      case 0:
        return `(${a()} + ${a()})`;
      case 1:
        return `(${a()} - ${a()})`;
      case 2:
        return `(${a()} * ${a()})`;
      case 3:
        return `(${a()} / ${a()})`;
      case 4:
        return `(${this.expr(this.rng.pick<Ty>(["i64", "i32", "u8"]), depth - 1)} as f64)`;
      case 5: {
        const structs = this.vars((v) => v.ty === "S");
        return structs.length > 0 ? `${this.rng.pick(structs).name}.b` : `(${a()} % ${a()})`;
      }
      default:
        return `(-${a()})`;
    }
  }

  private boolExpr(depth: number, leaf: boolean): string {
    if (leaf) return this.rng.pick(["true", "false"]);
    const cmp = this.rng.pick(["<", "<=", ">", ">=", "==", "!="]);
    switch (this.rng.int(5)) {
      case 0:
        return `(${this.expr("bool", depth - 1)} && ${this.expr("bool", depth - 1)})`;
      case 1:
        return `(${this.expr("bool", depth - 1)} || ${this.expr("bool", depth - 1)})`;
      case 2:
        return `!${this.expr("bool", depth - 1)}`;
      case 3: {
        const t = this.rng.pick<Ty>(["f64", "str", "u8", "i32"]);
        return `(${this.expr(t, depth - 1)} ${cmp} ${this.expr(t, depth - 1)})`;
      }
      default:
        return `(${this.expr("i64", depth - 1)} ${cmp} ${this.expr("i64", depth - 1)})`;
    }
  }

  private strExpr(depth: number, leaf: boolean): string {
    if (leaf) return strLiteral(this.rng.pick(WORDS));
    switch (this.rng.int(4)) {
      case 0:
        return `(${this.expr("str", depth - 1)} + ${this.expr("str", depth - 1)})`;
      case 1:
        return `"<{${this.expr(this.rng.pick<Ty>(["i64", "f64", "bool", "u8"]), depth - 1)}}>"`;
      case 2: {
        const s = this.expr("str", depth - 1);
        const name = this.variable("str");
        if (!name) return s;
        return `(if len(${name}) > 1 { ${name}[1..len(${name})] } else { ${s} })`;
      }
      default:
        return `(chr(${65 + this.rng.int(26)}) + ${this.expr("str", depth - 1)})`;
    }
  }
}
