// Families of small Pith programs that ask the compiler for far more work
// than their size suggests, generated from a seed: generic calls that fan
// out, nesting of blocks, expressions and generic types, huge literals, long
// call and method chains, and many functions. The compile-budget test
// (compile_budget.test.ts) compiles a seeded sample and the compile-budget
// benchmark (bench/compile-budget.bench.ts) searches the parameters for the
// slowest compile per byte of source; both read the families from here.

/** One family: how its programs are built from a size parameter, and the range of that parameter worth trying. */
export interface ExplosiveFamily {
  name: string;
  /** Smallest and largest size parameter the search tries (inclusive). */
  min: number;
  max: number;
  /** A second parameter (arity, values per call) where the family has one; the same range rules. */
  width?: { min: number; max: number };
  build(size: number, width: number): string;
}

/** A generated program and what it was generated from. */
export interface ExplosiveProgram {
  family: string;
  size: number;
  width: number;
  source: string;
}

const TYPE_NAMES = "ABCDEFGHIJKLMNOP";
// Literals of distinct types: each one passed to a generic call makes another instance.
const TYPED_VALUES = ["1", "2.5", "true", '"s"', "[1]", "(1, 2)", "[true]", "[2.5]"];

const main = (body: string) => `fn main() {\n${body}}\n`;

/**
 * `levels` generic functions, each calling the next with `width` argument
 * types: width^(levels-1) instances at the last level, none of them deep.
 */
export function genericFanout(levels: number, width: number): string {
  const out: string[] = [];
  const values = TYPED_VALUES.slice(0, width);
  for (let k = 1; k <= levels; k++) {
    const tps = TYPE_NAMES.slice(0, k).split("");
    const params = tps.map((t) => `${t.toLowerCase()}: ${t}`).join(", ");
    const args = tps.map((t) => t.toLowerCase()).join(", ");
    const body = k < levels ? values.map((v) => `f${k + 1}(${args}, ${v})`).join(" + ") : "1";
    out.push(`fn f${k}<${tps.join(", ")}>(${params}) -> i64 { ${body} }\n`);
  }
  return `${out.join("")}${main("    println(f1(0))\n")}`;
}

/** Blocks inside blocks: `if` statements nested `depth` deep. */
export function nestedBlocks(depth: number): string {
  const open = Array.from({ length: depth }, (_, i) => `if x > ${i} { `).join("");
  return main(`    let x = 5\n    var n = 0\n    ${open}n += 1${" }".repeat(depth)}\n    println(n)\n`);
}

/** Parentheses and unary minus nested `depth` deep around one literal. */
export function nestedExpression(depth: number): string {
  return main(`    let v = ${"-(".repeat(depth)}1${")".repeat(depth)}\n    println(v)\n`);
}

/** An array literal of `count` elements. */
export function longArray(count: number): string {
  const elems = Array.from({ length: count }, (_, i) => String(i % 100)).join(", ");
  return main(`    let xs = [${elems}]\n    println(len(xs))\n`);
}

/** A string literal of `bytes` bytes, printed. */
export function longString(bytes: number): string {
  return main(`    let s = "${"ab".repeat(Math.ceil(bytes / 2)).slice(0, bytes)}"\n    println(len(s))\n`);
}

/** A method chain `c.next().next()...` of `length` calls. */
export function methodChain(length: number): string {
  const decl = "struct C {\n    v: i64,\n}\nimpl C {\n    fn next(self) -> C { C { v: self.v + 1 } }\n}\n";
  return `${decl}${main(`    let c = C { v: 0 }${".next()".repeat(length)}\n    println(c.v)\n`)}`;
}

/** Calls nested `depth` deep: `inc(inc(...inc(0)))`. */
export function callChain(depth: number): string {
  return `fn inc(x: i64) -> i64 { x + 1 }\n${main(`    println(${"inc(".repeat(depth)}0${")".repeat(depth)})\n`)}`;
}

/** `count` functions, each calling the one before. */
export function manyFunctions(count: number): string {
  const fns = ["fn g0(x: i64) -> i64 { x }\n"];
  for (let i = 1; i < count; i++) fns.push(`fn g${i}(x: i64) -> i64 { g${i - 1}(x) + ${i % 7} }\n`);
  return `${fns.join("")}${main(`    println(g${count - 1}(1))\n`)}`;
}

/** A generic wrapper applied `depth` times: the type grows one tuple per level. */
export function genericNesting(depth: number, width: number): string {
  const tuple = Array.from({ length: width }, () => "x").join(", ");
  const decl = `fn wrap<T>(x: T) -> (${Array.from({ length: width }, () => "T").join(", ")}) { (${tuple}) }\n`;
  return `${decl}${main(`    let w = ${"wrap(".repeat(depth)}1${")".repeat(depth)}\n    println(1)\n    let _ = w\n`)}`;
}

export const FAMILIES: readonly ExplosiveFamily[] = [
  { name: "generic fan-out", min: 2, max: 9, width: { min: 2, max: 6 }, build: genericFanout },
  { name: "nested blocks", min: 10, max: 3000, build: nestedBlocks },
  { name: "nested expression", min: 10, max: 3000, build: nestedExpression },
  { name: "long array literal", min: 100, max: 150_000, build: longArray },
  { name: "long string literal", min: 1000, max: 1_000_000, build: longString },
  { name: "method chain", min: 10, max: 5000, build: methodChain },
  { name: "nested calls", min: 10, max: 3000, build: callChain },
  { name: "many functions", min: 10, max: 20_000, build: manyFunctions },
  { name: "generic nesting", min: 2, max: 200, width: { min: 1, max: 4 }, build: genericNesting },
];

/** mulberry32: a small seeded generator, so a failing sample can be rebuilt from its seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A size in [min, max], drawn evenly on a log scale (small and huge sizes alike). */
export function logUniform(random: () => number, min: number, max: number): number {
  return Math.round(Math.exp(Math.log(min) + random() * (Math.log(max) - Math.log(min))));
}

/** One program of `family` with its parameters drawn from `random`. */
export function drawProgram(family: ExplosiveFamily, random: () => number): ExplosiveProgram {
  const size = logUniform(random, family.min, family.max);
  const width = family.width ? logUniform(random, family.width.min, family.width.max) : 1;
  return { family: family.name, size, width, source: family.build(size, width) };
}

/** `perFamily` programs of every family, reproducible from `seed`. */
export function explosivePrograms(seed: number, perFamily: number): ExplosiveProgram[] {
  const random = seededRandom(seed);
  return FAMILIES.flatMap((family) => Array.from({ length: perFamily }, () => drawProgram(family, random)));
}
