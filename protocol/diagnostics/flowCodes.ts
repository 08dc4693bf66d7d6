// Codes of control flow and patterns (E06xx), of assignment (E07xx) and of
// the native backend (E09xx).
import type { DiagnosticCodeEntry } from "./entry";

export const FLOW_CODES: DiagnosticCodeEntry[] = [
  {
    code: "E0600",
    title: "'break' or 'continue' outside a loop",
    template: "'{keyword}' outside of a loop",
    explanation:
      "`break` and `continue` act on the innermost loop; there is none around this one (a closure's body starts outside any loop).",
    example: "fn main() {\n    break\n}\n",
    fix: "Put it inside a `for`, `while` or `loop`; leave a function with `return`.",
    fixed: "fn main() {\n    loop {\n        break\n    }\n}\n",
  },
  {
    code: "E0601",
    title: "break with a value",
    template: "only 'loop' can break with a value",
    explanation:
      "Only `loop` gives a value, the one its `break value` carries, and every such `break` of one loop carries the same type. `for` and `while` may end without a break, so they give none.",
    example: "fn main() {\n    while true {\n        break 1\n    }\n}\n",
    fix: "Use `loop { ... break value }`, or assign to a `var` declared before the loop.",
    fixed: "fn main() {\n    let x = loop {\n        break 1\n    }\n    println(x)\n}\n",
  },
  {
    code: "E0602",
    title: "unsupported expression",
    template: "unsupported expression",
    explanation:
      "The checker met an expression kind it has no rule for. This is a compiler bug: please report the program.",
    example: "",
    fix: "Rewrite the expression in a simpler form, and report the program that caused it.",
    internal: true,
  },
  {
    code: "E0610",
    title: "match without a catch-all arm",
    template: "match is not exhaustive: add a '_ =>' arm",
    explanation:
      "Integers, strings and floats can never be covered completely by literal or range arms, so their `match` needs a final `_ => ...` arm. Guarded arms never count toward exhaustiveness.",
    example:
      'fn main() {\n    let n = 3\n    match n {\n        1 => println("one"),\n        2 => println("two"),\n    }\n}\n',
    fix: "Add a final `_ => ...` arm.",
    fixed:
      'fn main() {\n    let n = 3\n    match n {\n        1 => println("one"),\n        2 => println("two"),\n        _ => println("many"),\n    }\n}\n',
  },
  {
    code: "E0611",
    title: "match with missing cases",
    template: "match is not exhaustive: missing {patterns}",
    explanation:
      "A `match` over an enum, bool, option, Result or tuple must handle every possible value; the message lists the ones no arm covers.",
    example: 'enum C { R, G }\nfn main() {\n    let c = C.R\n    match c {\n        C.R => println("red"),\n    }\n}\n',
    fix: "Add an arm for each missing case listed in the message, or a final `_ => ...` arm.",
    fixed:
      'enum C { R, G }\nfn main() {\n    let c = C.R\n    match c {\n        C.R => println("red"),\n        C.G => println("green"),\n    }\n}\n',
  },
  {
    code: "E0612",
    title: "pattern of the wrong type",
    template: "{pattern} does not match {type}",
    explanation:
      "A pattern must have the shape of the matched value: a literal of its type, a range of integers, a tuple with as many parts, a variant of its enum with as many values.",
    example:
      'fn main() {\n    let n = 3\n    match n {\n        "three" => println(3),\n        _ => println(0),\n    }\n}\n',
    fix: "Write patterns of the matched value's type.",
    fixed: "fn main() {\n    let n = 3\n    match n {\n        3 => println(3),\n        _ => println(0),\n    }\n}\n",
  },
  {
    code: "E0613",
    title: "alternatives that bind different names",
    template:
      "'{name}' is bound in the first alternative but not in alternative {n}; every alternative of a '|' pattern binds the same names with the same types",
    explanation:
      "An arm with alternatives (`a | b`) runs whichever of them matched, so each name it uses must get a value, of one type, from every alternative. The message names the first name that differs: missing from an alternative, only in a later one, or of another type there.",
    example:
      'fn main() {\n    let t = (1, 2)\n    match t {\n        (x, 0) | (0, y) => println(x),\n        _ => println("none"),\n    }\n}\n',
    fix: "Bind the same names in every alternative, or give the alternatives their own arms.",
    fixed:
      'fn main() {\n    let t = (1, 2)\n    match t {\n        (x, 0) | (0, x) => println(x),\n        _ => println("none"),\n    }\n}\n',
  },
  {
    code: "E0700",
    title: "assignment to a 'let' binding",
    template: "cannot assign to '{name}': it is not declared with 'var'{why}",
    explanation:
      "A `let` binding never changes, and neither do its fields and elements; parameters are `let` bindings too. Calling a method that changes the value (`push`, `pop`) counts as a change.",
    example: "fn main() {\n    let xs = [1]\n    xs.push(2)\n    println(len(xs))\n}\n",
    fix: "Declare it with `var`; for a parameter, copy it into a local first (`var m = n`) and change the copy.",
    fixed: "fn main() {\n    var xs = [1]\n    xs.push(2)\n    println(len(xs))\n}\n",
  },
  {
    code: "E0701",
    title: "assignment to a captured variable",
    template: "cannot assign to '{name}': a closure captures variables by value and cannot change them",
    explanation: "A closure holds copies of the variables it uses, so a change inside it could never be seen outside.",
    example: "fn main() {\n    var total = 0\n    let add = |n: i64| {\n        total += n\n    }\n    add(1)\n}\n",
    fix: "Return the new value from the closure and assign it outside: `total = add(total, 1)`.",
    fixed:
      "fn main() {\n    var total = 0\n    let add = |t: i64, n: i64| t + n\n    total = add(total, 1)\n    println(total)\n}\n",
  },
  {
    code: "E0702",
    title: "assignment to something that is not a variable",
    template: "cannot assign to '{name}'",
    explanation: "Only variables (and their fields and elements) can be assigned; constants and functions cannot.",
    example: "const N: i64 = 1\nfn main() {\n    N = 2\n}\n",
    fix: "Assign to a `var` instead: copy the value into one (`var n = N`), then change the copy.",
    fixed: "const N: i64 = 1\nfn main() {\n    var n = N\n    n = 2\n    println(n)\n}\n",
  },
  {
    code: "E0703",
    title: "change to a temporary value",
    template: "'{method}' changes the value it is called on, and this one is a temporary: {hint}",
    explanation:
      "The value being changed (a call's result, a literal) has no variable to keep the change, so the change would be lost.",
    example: "fn make() -> [i64] { [1] }\nfn main() {\n    make().push(2)\n}\n",
    fix: "Bind it first: `var xs = make()`, then change `xs`.",
    fixed: "fn make() -> [i64] { [1] }\nfn main() {\n    var xs = make()\n    xs.push(2)\n    println(len(xs))\n}\n",
  },
  {
    code: "E0900",
    title: "not available in native builds",
    template: "the native backend cannot provide '{import}'",
    explanation:
      "The native (LLVM) backend cannot build this program: it imports a host module (std.canvas, std.audio, std.http) that only the browser provides, or the backend met something it cannot translate (a compiler bug).",
    example: "import std.canvas\nfn main() {\n    canvas.clear(0)\n}\n",
    fix: "Build for wasm (run it in the playground), or remove the browser-only module from a program meant for native targets.",
    command: "build-ll",
  },
];
