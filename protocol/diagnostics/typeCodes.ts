// Codes of the type checker's value rules (E03xx): mismatches, operators,
// values that are not there, and types a construct does not accept.
import type { DiagnosticCodeEntry } from "./entry";

export const TYPE_CODES: DiagnosticCodeEntry[] = [
  {
    code: "E0300",
    title: "mismatched types",
    template: "expected {expected}, found {found}",
    explanation:
      "A value of one type is used where another is required: a binding's declared type, a parameter, a return value, an array element. Pith never converts implicitly, not even between number types. The message may start with what was being checked (`argument 1 of 'f': ...`, `return value: ...`).",
    example: 'fn main() {\n    let n: i64 = "3"\n    println(n)\n}\n',
    fix: "Change the value or the declared type; numbers convert only with `as` (`x as f64`), other types not at all.",
    fixed: "fn main() {\n    let n: i64 = 3\n    println(n)\n}\n",
  },
  {
    code: "E0301",
    title: "operands of different types",
    template: "'{op}' needs both sides of the same type, found {left} and {right}{hint}",
    explanation:
      "Arithmetic and comparison take two values of one type. Pith never converts numbers implicitly, and `+` joins two strings only.",
    example: "fn main() {\n    let a: i64 = 3\n    let b = 1.5\n    println(a + b)\n}\n",
    fix: 'Convert one side with `as` (`x as i64 + y`, `n as f64 / 2.0`); to put a value into text, interpolate: `"total: {n}"`.',
    fixed: "fn main() {\n    let a: i64 = 3\n    let b = 1.5\n    println(a as f64 + b)\n}\n",
  },
  {
    code: "E0302",
    title: "missing return value",
    template: "missing return value of type {type}",
    explanation: "A bare `return` in a function that declares a result type returns nothing.",
    example:
      "fn f(n: i64) -> i64 {\n    if n > 0 {\n        return\n    }\n    n\n}\nfn main() {\n    println(f(1))\n}\n",
    fix: "Return a value: `return n`.",
    fixed:
      "fn f(n: i64) -> i64 {\n    if n > 0 {\n        return n\n    }\n    n\n}\nfn main() {\n    println(f(1))\n}\n",
  },
  {
    code: "E0303",
    title: "a path without a result",
    template: "function '{name}' must return a value of type {type} on every path",
    explanation:
      "Some path through the function reaches its end without a value: the last expression is missing, or is an `if` without `else`.",
    example: "fn sign(n: i64) -> i64 {\n    let m = n\n}\nfn main() {\n    println(sign(2))\n}\n",
    fix: "Make the last expression of the body the result (no `return` needed), or add a `return` on every path.",
    fixed: "fn sign(n: i64) -> i64 {\n    let m = n\n    m\n}\nfn main() {\n    println(sign(2))\n}\n",
  },
  {
    code: "E0304",
    title: "branches of different types",
    template: "{what} have different types: {a} and {b}{hint}",
    explanation: "The branches of an `if` or the arms of a `match` used as a value must all give the same type.",
    example: 'fn main() {\n    let n = 3\n    let s = if n > 2 { "big" } else { 0 }\n    println(s)\n}\n',
    fix: "Make every branch give a value of one type; if the value is not needed, write `let _ = ...` for the expression that gives it.",
    fixed: 'fn main() {\n    let n = 3\n    let s = if n > 2 { "big" } else { "small" }\n    println(s)\n}\n',
  },
  {
    code: "E0305",
    title: "'if' without 'else' as a value",
    template: "'if' without 'else' has no value",
    explanation:
      "An `if` used as a value needs both branches: without `else` there is no value when the condition is false.",
    example: "fn main() {\n    let n = 3\n    let x = if n > 2 { 1 }\n    println(x)\n}\n",
    fix: "Add an `else { ... }` branch with a value of the same type.",
    fixed: "fn main() {\n    let n = 3\n    let x = if n > 2 { 1 } else { 0 }\n    println(x)\n}\n",
  },
  {
    code: "E0306",
    title: "expression without a value",
    template: "{what} needs a value{rest}",
    explanation:
      "The expression gives nothing (a call of a function without a result, a statement block) or never finishes (`return`, `panic`, `break`), but its value is used: stored, passed, printed or put into an array.",
    example: 'fn greet() {\n    println("hi")\n}\nfn main() {\n    let xs = [greet()]\n}\n',
    fix: "Use an expression that gives a value, or call the function as a statement of its own.",
    fixed: 'fn greet() {\n    println("hi")\n}\nfn main() {\n    greet()\n}\n',
  },
  {
    code: "E0307",
    title: "cannot destructure",
    template: "cannot destructure {type} into {count} names{hint}",
    explanation: "A `let (a, b) = ...` needs a tuple with exactly as many parts as names.",
    example: "fn main() {\n    let (a, b) = (1, 2, 3)\n    println(a + b)\n}\n",
    fix: "Name every part (`let (a, b, c) = ...`, `_` for the ones you do not need).",
    fixed: "fn main() {\n    let (a, b, _) = (1, 2, 3)\n    println(a + b)\n}\n",
  },
  {
    code: "E0308",
    title: "integer literal out of range",
    template: "integer literal {value} does not fit in {type}",
    explanation:
      "The literal is larger (or smaller) than any value of its type; u8 holds 0..=255, i32 up to 2147483647.",
    example: "fn main() {\n    let b: u8 = 300\n    println(b)\n}\n",
    fix: "Use a wider type, or a value in range.",
    fixed: "fn main() {\n    let b: i64 = 300\n    println(b)\n}\n",
  },
  {
    code: "E0309",
    title: "invalid cast",
    template: "cannot cast {from} to {to}",
    explanation:
      "`as` converts between number types (and u8 to and from the integers); it does not turn strings, booleans or structs into numbers.",
    example: 'fn main() {\n    let n = "42" as i64\n    println(n)\n}\n',
    fix: "Parse text with `str.parse_int` (std.str); compare a bool instead of casting it.",
    fixed:
      'import std.str\nfn main() {\n    match str.parse_int("42") {\n        Ok(n) => println(n),\n        Err(e) => println(e),\n    }\n}\n',
  },
  {
    code: "E0310",
    title: "operator on the wrong type",
    template: "operator '{op}' cannot be applied to {type}",
    explanation:
      "The operator does not apply to values of this type: arithmetic needs numbers, `!` a bool, `~` and shifts integers.",
    example: "fn main() {\n    println(true + false)\n}\n",
    fix: "Apply the operator to values it accepts; convert with `as` where a number is meant.",
    fixed: "fn main() {\n    println(true && false)\n}\n",
  },
  {
    code: "E0311",
    title: "an integer is needed",
    template: "{what} must be an integer, found {type}",
    explanation: "Ranges, indexes and array lengths count whole elements, so they need an integer type.",
    example: "fn main() {\n    let xs = [1, 2, 3]\n    println(xs[1.0])\n}\n",
    fix: "Use an integer, or convert a float with `as i64`.",
    fixed: "fn main() {\n    let xs = [1, 2, 3]\n    println(xs[1])\n}\n",
  },
  {
    code: "E0312",
    title: "values that cannot be compared",
    template: "cannot compare values of type {type} with '{op}'{hint}",
    explanation:
      "`<`, `>` and friends order numbers and strings only; `==` compares numbers, strings, bools, tuples of them and enums without payloads. Options and enums with payloads are taken apart with `match`.",
    example: "fn main() {\n    let a = [1]\n    let b = [2]\n    println(a < b)\n}\n",
    fix: "Compare the parts (elements, fields), or `match` an option: `match o { Some(v) => v == x, None => false }`.",
    fixed: "fn main() {\n    let a = [1]\n    let b = [2]\n    println(a[0] < b[0])\n}\n",
  },
  {
    code: "E0313",
    title: "value that cannot be printed",
    template: "cannot {print or interpolate} a value of type {type}{hint}",
    explanation:
      "print, println and string interpolation take numbers, bools and strings; arrays, structs and enums have no text form of their own.",
    example: "struct P { x: i64, y: i64 }\nfn main() {\n    let p = P { x: 1, y: 2 }\n    println(p)\n}\n",
    fix: 'Print the parts: interpolate the fields (`println("{p.x} {p.y}")`) or loop over an array.',
    fixed: 'struct P { x: i64, y: i64 }\nfn main() {\n    let p = P { x: 1, y: 2 }\n    println("{p.x} {p.y}")\n}\n',
  },
  {
    code: "E0314",
    title: "value that cannot be hashed",
    template: "a {type} key must be an integer, bool, str or a tuple of them, found {key}",
    explanation:
      "Map and Set keys, and `hash`, need a value that can be compared with `==`: an integer, bool, str or a tuple of them.",
    example: "import std.map\nfn count(m: Map<[i64], i64>) -> i64 {\n    0\n}\nfn main() {\n}\n",
    fix: "Key the map on an integer or string (e.g. a float's text, or an index).",
    fixed: "import std.map\nfn count(m: Map<str, i64>) -> i64 {\n    0\n}\nfn main() {\n}\n",
  },
  {
    code: "E0315",
    title: "len of a value without a length",
    template: "'len' needs a str or an array, found {type}",
    explanation: "`len` counts the bytes of a string or the elements of an array.",
    example: "fn main() {\n    println(len(42))\n}\n",
    fix: 'Pass a string or an array; for a number\'s digits, take the length of its text: `len("{n}")`.',
    fixed: 'fn main() {\n    println(len("42"))\n}\n',
  },
  {
    code: "E0316",
    title: "cannot iterate",
    template: "cannot iterate over {type}{hint}",
    explanation:
      "`for` loops over a range (`0..n`) or an array. A string is not a sequence of characters in Pith: its bytes are indexed.",
    example: 'fn main() {\n    for c in "abc" {\n        println(c)\n    }\n}\n',
    fix: "Loop over indexes (`for i in 0..len(s)` with `s[i]`, a u8), or over `str.split(s, sep)`.",
    fixed: 'fn main() {\n    let s = "abc"\n    for i in 0..len(s) {\n        println(s[i])\n    }\n}\n',
  },
  {
    code: "E0317",
    title: "range outside a loop or slice",
    template: "a range is only allowed in 'for' loops and slices",
    explanation: "`a..b` is not a value of its own: it appears in `for i in a..b` and in slices `xs[a..b]`.",
    example: "",
    fix: "Loop over the range directly, or slice with it.",
    internal: true,
  },
  {
    code: "E0318",
    title: "cannot index or slice",
    template: "cannot {index or slice} a value of type {type}{hint}",
    explanation:
      "`x[i]` and `x[a..b]` apply to arrays and strings. A tuple's parts are `t.0`, `t.1`, with a number known when compiling.",
    example: "fn main() {\n    let t = (1, 2)\n    println(t[0])\n}\n",
    fix: "Use `t.0` for a tuple's part, or keep the values in an array.",
    fixed: "fn main() {\n    let t = (1, 2)\n    println(t.0)\n}\n",
  },
  {
    code: "E0319",
    title: "misused '?'",
    template: "'?' on {type} needs the function to return {what}, not {ret}",
    explanation:
      "`e?` takes an option or a Result apart: the value when there is one, otherwise it returns None (or the error) from the function at once. So the function must itself return an option, or a Result with the same error type.",
    example:
      "fn first(xs: [i64]) -> i64 {\n    let x: i64? = None\n    x?\n}\nfn main() {\n    println(first([1]))\n}\n",
    fix: "Give the function an option or Result result type, or handle the missing case with `match`.",
    fixed:
      "fn first(xs: [i64]) -> i64? {\n    let x: i64? = None\n    let v = x?\n    Some(v)\n}\nfn main() {\n    match first([1]) {\n        Some(v) => println(v),\n        None => println(0),\n    }\n}\n",
  },
  {
    code: "E0320",
    title: "wrong number of type arguments",
    template: "{what} type argument{rest}",
    explanation:
      "A generic type or function takes as many type arguments as it declares type parameters; other types and functions take none.",
    example: "fn main() {\n    let n: i64<str> = 1\n    println(n)\n}\n",
    fix: "Give exactly the declared type arguments (`Map<str, i64>`), or none for a type that is not generic.",
    fixed: "fn main() {\n    let n: i64 = 1\n    println(n)\n}\n",
  },
  {
    code: "E0321",
    title: "not supported yet",
    template: "{feature} {is or are} not supported yet",
    explanation: "The grammar has this construct, but the compiler does not implement it yet.",
    example: "struct P { x: i64 }\nimpl<T> P {\n}\nfn main() {\n}\n",
    fix: "Rewrite without it (e.g. generic methods in a plain `impl`, or a free generic function); the language README's status section lists what works.",
    fixed: "struct P { x: i64 }\nimpl P {\n    fn pick<T>(self, t: T) -> T { t }\n}\nfn main() {\n}\n",
  },
  {
    code: "E0322",
    title: "impl of a generic type without its parameters",
    template: "'{name}' is generic: write 'impl {name}<{params}> { ... }' with its {count} type parameter(s)",
    explanation:
      "The methods of a generic type are written for every type argument, so the `impl` names the type parameters they use.",
    example:
      "struct Stack<T> { items: [T] }\nimpl Stack {\n    fn size(self) -> i64 { len(self.items) }\n}\nfn main() {\n}\n",
    fix: "Write `impl Stack<T> { ... }`.",
    fixed:
      "struct Stack<T> { items: [T] }\nimpl Stack<T> {\n    fn size(self) -> i64 { len(self.items) }\n}\nfn main() {\n}\n",
  },
  {
    code: "E0323",
    title: "assignment of a whole value to 'self'",
    template: "cannot assign a whole {type} to 'self'{hint}",
    explanation:
      "A `var self` method may change the fields of a struct (or replace a struct or tuple); other values are returned, not replaced in place.",
    example:
      "enum Light { On, Off }\nimpl Light {\n    fn flip(var self) {\n        self = Light.Off\n    }\n}\nfn main() {\n}\n",
    fix: "Return the new value instead (`fn flipped(self) -> Light { Light.Off }`) and assign it at the call site.",
    fixed:
      "enum Light { On, Off }\nimpl Light {\n    fn flipped(self) -> Light { Light.Off }\n}\nfn main() {\n    var l = Light.On\n    l = l.flipped()\n}\n",
  },
];
