// Codes of fields, methods and variants (E04xx) and of calls and type
// inference (E05xx).
import type { DiagnosticCodeEntry } from "./entry";

// The compile-budget examples (E0505, E0506): generic functions whose copies
// multiply, each calling the next at four types (1 + 4 + ... + 4^5 copies).
const EXAMPLE_FANOUT =
  'fn f1<A>(a: A) -> i64 { f2(a, 1) + f2(a, 2.5) + f2(a, true) + f2(a, "s") }\nfn f2<A, B>(a: A, b: B) -> i64 { f3(a, b, 1) + f3(a, b, 2.5) + f3(a, b, true) + f3(a, b, "s") }\nfn f3<A, B, C>(a: A, b: B, c: C) -> i64 { f4(a, b, c, 1) + f4(a, b, c, 2.5) + f4(a, b, c, true) + f4(a, b, c, "s") }\nfn f4<A, B, C, D>(a: A, b: B, c: C, d: D) -> i64 { f5(a, b, c, d, 1) + f5(a, b, c, d, 2.5) + f5(a, b, c, d, true) + f5(a, b, c, d, "s") }\nfn f5<A, B, C, D, E>(a: A, b: B, c: C, d: D, e: E) -> i64 { f6(a, b, c, d, e, 1) + f6(a, b, c, d, e, 2.5) + f6(a, b, c, d, e, true) + f6(a, b, c, d, e, "s") }\nfn f6<A, B, C, D, E, F>(a: A, b: B, c: C, d: D, e: E, f: F) -> i64 { 1 }\nfn main() {\n    println(f1(0))\n}\n';
const FIXED_FANOUT =
  "fn f1<A>(a: A) -> i64 { f2(a, 1) + f2(a, 2) + f2(a, 3) + f2(a, 4) }\nfn f2<A, B>(a: A, b: B) -> i64 { f3(a, b, 1) + f3(a, b, 2) + f3(a, b, 3) + f3(a, b, 4) }\nfn f3<A, B, C>(a: A, b: B, c: C) -> i64 { f4(a, b, c, 1) + f4(a, b, c, 2) + f4(a, b, c, 3) + f4(a, b, c, 4) }\nfn f4<A, B, C, D>(a: A, b: B, c: C, d: D) -> i64 { f5(a, b, c, d, 1) + f5(a, b, c, d, 2) + f5(a, b, c, d, 3) + f5(a, b, c, d, 4) }\nfn f5<A, B, C, D, E>(a: A, b: B, c: C, d: D, e: E) -> i64 { f6(a, b, c, d, e, 1) + f6(a, b, c, d, e, 2) + f6(a, b, c, d, e, 3) + f6(a, b, c, d, e, 4) }\nfn f6<A, B, C, D, E, F>(a: A, b: B, c: C, d: D, e: E, f: F) -> i64 { 1 }\nfn main() {\n    println(f1(0))\n}\n";
// 625 copies (five types through four levels) of a body of 300 additions.
function heavyProgram(types: readonly string[]): string {
  const sum = Array(300).fill("1").join(" + ");
  const levels = [1, 2, 3, 4].map((k) => {
    const tps = "ABCD".slice(0, k).split("");
    const params = tps.map((t) => `${t.toLowerCase()}: ${t}`).join(", ");
    const args = tps.map((t) => t.toLowerCase()).join(", ");
    const body = types.map((v) => `g${k + 1}(${args}, ${v})`).join(" + ");
    return `fn g${k}<${tps.join(", ")}>(${params}) -> i64 { ${body} }\n`;
  });
  return `${levels.join("")}fn g5<A, B, C, D, E>(a: A, b: B, c: C, d: D, e: E) -> i64 { ${sum} }\nfn main() {\n    println(g1(0))\n}\n`;
}
const EXAMPLE_HEAVY = heavyProgram(["1", "2.5", "true", '"s"', "[1]"]);
const FIXED_HEAVY = heavyProgram(["1", "2", "3", "4", "5"]);

export const MEMBER_CODES: DiagnosticCodeEntry[] = [
  {
    code: "E0400",
    title: "no such field",
    template: "{type} has no field '{name}'{hint}",
    explanation: "The struct declares no field of that name (names from other languages, like `.length`, get a hint).",
    example: "struct P { x: i64 }\nfn main() {\n    let p = P { x: 1 }\n    println(p.y)\n}\n",
    fix: "Use one of the struct's fields, or add the field to its declaration.",
    fixed: "struct P { x: i64 }\nfn main() {\n    let p = P { x: 1 }\n    println(p.x)\n}\n",
  },
  {
    code: "E0401",
    title: "method used as a field",
    template: "'{name}' is a method; call it with '{name}()'",
    explanation: "A method is called; naming it without parentheses does not read a value.",
    example: "fn main() {\n    let xs = [1]\n    println(xs.len)\n}\n",
    fix: "Call it: `xs.len()` (or `len(xs)`).",
    fixed: "fn main() {\n    let xs = [1]\n    println(xs.len())\n}\n",
  },
  {
    code: "E0402",
    title: "field given twice",
    template: "field '{name}' is given twice",
    explanation: "A struct literal gives each field once.",
    example: "struct P { x: i64 }\nfn main() {\n    let p = P { x: 1, x: 2 }\n    println(p.x)\n}\n",
    fix: "Remove one of the two.",
    fixed: "struct P { x: i64 }\nfn main() {\n    let p = P { x: 2 }\n    println(p.x)\n}\n",
  },
  {
    code: "E0403",
    title: "missing fields",
    template: "missing field(s) in {type}: {fields}",
    explanation: "A struct literal gives every field a value; there are no default values.",
    example: "struct P { x: i64, y: i64 }\nfn main() {\n    let p = P { x: 1 }\n    println(p.x)\n}\n",
    fix: "Give the missing fields, or write a function that builds the struct with defaults.",
    fixed: "struct P { x: i64, y: i64 }\nfn main() {\n    let p = P { x: 1, y: 0 }\n    println(p.x)\n}\n",
  },
  {
    code: "E0404",
    title: "not a struct",
    template: "unknown struct '{name}'",
    explanation: "`Name { field: value }` builds a struct, so the name must be a struct's.",
    example: "fn main() {\n    let p = Point { x: 1 }\n}\n",
    fix: "Declare the struct (`struct Point { x: i64 }`), or correct the name.",
    fixed: "struct Point { x: i64 }\nfn main() {\n    let p = Point { x: 1 }\n    println(p.x)\n}\n",
  },
  {
    code: "E0405",
    title: "no such method",
    template: "type {type} has no method '{name}'{hint}",
    explanation:
      "No `impl` of the type declares a method of that name. Methods from other languages (`.length()`, `.append()`) get a hint with Pith's spelling.",
    example: "fn main() {\n    let xs = [1, 2]\n    println(xs.length())\n}\n",
    fix: "Use the method or function the hint names (`len(xs)`), or declare the method in an `impl` block.",
    fixed: "fn main() {\n    let xs = [1, 2]\n    println(len(xs))\n}\n",
  },
  {
    code: "E0406",
    title: "no such associated function",
    template: "type {type} has no {variant or }function '{name}'",
    explanation:
      "`Type.name(...)` calls a function declared in one of the type's `impl` blocks (or builds an enum's variant); there is none of that name.",
    example: "struct P { x: i64 }\nfn main() {\n    let p = P.new()\n}\n",
    fix: "Declare the function in an `impl` block, or build the value with a struct literal.",
    fixed:
      "struct P { x: i64 }\nimpl P {\n    fn new() -> P { P { x: 0 } }\n}\nfn main() {\n    let p = P.new()\n    println(p.x)\n}\n",
  },
  {
    code: "E0407",
    title: "method called as a function",
    template: "'{name}' is a method; call it on a value",
    explanation: "The function takes `self`, so it is called on a value (`p.area()`), not on the type.",
    example:
      "struct P { x: i64 }\nimpl P {\n    fn get(self) -> i64 { self.x }\n}\nfn main() {\n    println(P.get())\n}\n",
    fix: "Call it on a value: `p.get()`.",
    fixed:
      "struct P { x: i64 }\nimpl P {\n    fn get(self) -> i64 { self.x }\n}\nfn main() {\n    let p = P { x: 1 }\n    println(p.get())\n}\n",
  },
  {
    code: "E0408",
    title: "function called as a method",
    template: "'{name}' has no 'self' parameter; call it as '{type}.{name}(...)'",
    explanation: "A function in an `impl` block without `self` belongs to the type, not to a value.",
    example:
      "struct P { x: i64 }\nimpl P {\n    fn zero() -> P { P { x: 0 } }\n}\nfn main() {\n    let p = P { x: 1 }\n    let q = p.zero()\n}\n",
    fix: "Call it on the type: `P.zero()`, or give it a `self` parameter.",
    fixed:
      "struct P { x: i64 }\nimpl P {\n    fn zero() -> P { P { x: 0 } }\n}\nfn main() {\n    let q = P.zero()\n    println(q.x)\n}\n",
  },
  {
    code: "E0409",
    title: "no such variant",
    template: "enum {type} has no variant '{name}'",
    explanation: "The enum declares no variant of that name.",
    example: "enum Color { Red, Green }\nfn main() {\n    let c = Color.Blue\n}\n",
    fix: "Use one of the enum's variants, or add the variant to its declaration.",
    fixed: "enum Color { Red, Green, Blue }\nfn main() {\n    let c = Color.Blue\n}\n",
  },
  {
    code: "E0410",
    title: "variant with the wrong number of values",
    template: "variant {type}.{name} {rest}",
    explanation: "A variant is built, and matched, with exactly the values its declaration lists.",
    example: "enum Shape { Circle(f64), Dot }\nfn main() {\n    let s = Shape.Circle\n}\n",
    fix: "Give the variant its values in parentheses (`Shape.Circle(1.0)`), as many as it declares.",
    fixed: "enum Shape { Circle(f64), Dot }\nfn main() {\n    let s = Shape.Circle(1.0)\n}\n",
  },
  {
    code: "E0500",
    title: "wrong number of arguments",
    template: "'{name}' takes {count}{rest}",
    explanation:
      "A call passes a different number of arguments than the function declares. print and println take exactly one value.",
    example: "fn add(a: i64, b: i64) -> i64 { a + b }\nfn main() {\n    println(add(1))\n}\n",
    fix: 'Pass the declared arguments; to print several values use interpolation: `println("{a} {b}")`.',
    fixed: "fn add(a: i64, b: i64) -> i64 { a + b }\nfn main() {\n    println(add(1, 2))\n}\n",
  },
  {
    code: "E0501",
    title: "argument does not fit a generic parameter",
    template: "argument {index} of '{name}' does not fit its generic parameter type (found {type})",
    explanation:
      "The argument's type does not have the shape of the parameter's generic type (an array where `[T]` is declared, a function where `fn(T) -> U` is).",
    example: "fn first<T>(xs: [T]) -> T { xs[0] }\nfn main() {\n    println(first(5))\n}\n",
    fix: "Pass a value of the declared shape (`first([5])`).",
    fixed: "fn first<T>(xs: [T]) -> T { xs[0] }\nfn main() {\n    println(first([5]))\n}\n",
  },
  {
    code: "E0502",
    title: "cannot infer a type",
    template: "cannot infer the {what}",
    explanation:
      "Nothing around the expression fixes a type the compiler needs: an empty array, `None`, `Ok(...)` alone, a generic call whose type parameters appear only in its result, or a closure parameter without a type.",
    example: "fn main() {\n    let xs = []\n}\n",
    fix: "Write the type: `let xs: [i64] = []`, `let x: i64? = None`, `f<i64>(...)`, `|x: i64| x + 1`.",
    fixed: "fn main() {\n    let xs: [i64] = []\n    println(len(xs))\n}\n",
  },
  {
    code: "E0503",
    title: "closure with the wrong number of parameters",
    template: "expected {type}, found a closure with {count} parameter{s}",
    explanation:
      "The closure is passed where a function type is expected, and it declares a different number of parameters.",
    example: "fn apply(f: fn(i64) -> i64) -> i64 { f(1) }\nfn main() {\n    println(apply(|a, b| a + b))\n}\n",
    fix: "Give the closure as many parameters as the function type has.",
    fixed: "fn apply(f: fn(i64) -> i64) -> i64 { f(1) }\nfn main() {\n    println(apply(|a| a + 1))\n}\n",
  },
  {
    code: "E0504",
    title: "generic instantiation too deep",
    template: "generic instantiation too deep: '{name}' would be instantiated for {type}{rest}",
    explanation:
      "A generic function that calls itself with ever larger type arguments (`f<[T]>` inside `f<T>`) would need infinitely many copies; the compiler stops at a fixed depth.",
    example:
      "fn grow<T>(x: T, n: i64) -> i64 {\n    if n == 0 { return 0 }\n    grow([x], n - 1)\n}\nfn main() {\n    println(grow(1, 3))\n}\n",
    fix: "Give the recursive call the same type arguments (e.g. keep the values in one array).",
    fixed:
      "fn grow<T>(x: T, n: i64) -> i64 {\n    if n == 0 { return 0 }\n    grow(x, n - 1)\n}\nfn main() {\n    println(grow(1, 3))\n}\n",
  },
  {
    code: "E0505",
    title: "too many generic instances",
    template: "generic instantiations exceeded {limit}: {instance} instantiated from here (in '{function}'); {rest}",
    explanation:
      "Each distinct list of type arguments makes a new copy of a generic function, and a copy that calls another generic function at several types multiplies the copies: eight generic functions that each call the next with four argument types ask for 4^8 copies from a kilobyte of source. One compile may create at most 1,000 generic instances (the compile budget, the same in the playground, the `pith` CLI and the build server), so such a program fails at once instead of compiling for minutes; the call that would create the copy past the limit gets the error.",
    example: EXAMPLE_FANOUT,
    fix: "Pass fewer distinct types through the chain (convert the values to one type first), or give the parameters that need not be generic a concrete type.",
    fixed: FIXED_FANOUT,
  },
  {
    code: "E0506",
    title: "compile budget exceeded",
    template:
      "compile budget exceeded: checking needed more than {limit} units of work ({count} generic instances so far), reached here in '{function}'; {rest}",
    explanation:
      "One compile may spend at most 250,000 units of checking work: one per expression checked, each generic instance's body counted again, and one per 8 bytes of a generic declaration parsed again to copy it. About a megabyte of ordinary code fits; a program whose generic copies or generated code would take far longer to compile fails at the expression where the work ran out, the same way in the playground, the `pith` CLI and the build server.",
    example: EXAMPLE_HEAVY,
    fix: "Make the program smaller, move large repeated expressions out of generic functions, or call generic functions at fewer distinct types.",
    fixed: FIXED_HEAVY,
  },
];
