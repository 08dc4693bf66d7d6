// Codes of name resolution and declarations (E02xx) and of modules (E025x).
import type { DiagnosticCodeEntry } from "./entry";

export const NAME_CODES: DiagnosticCodeEntry[] = [
  {
    code: "E0200",
    title: "unknown name",
    template: "unknown name '{name}'{hint}",
    explanation:
      "No variable, parameter or constant of that name is visible here. Names from other languages (`null`, `True`) get a hint saying how Pith writes them.",
    example: "fn main() {\n    println(count)\n}\n",
    fix: "Declare it with `let`/`var` before its use (constants are `const N: i64 = 3` at the top level), or correct the spelling.",
    fixed: "fn main() {\n    let count = 3\n    println(count)\n}\n",
  },
  {
    code: "E0201",
    title: "'self' outside a method",
    template: "'self' is only available inside methods",
    explanation: "`self` is the value a method is called on; a free function has none.",
    example: "fn main() {\n    println(self)\n}\n",
    fix: "Move the function into an `impl` block with `self` as its first parameter, or pass the value as an ordinary parameter.",
    fixed: "fn main() {\n    let value = 1\n    println(value)\n}\n",
  },
  {
    code: "E0202",
    title: "type used as a value",
    template: "'{name}' is a type{rest}",
    explanation: "A struct or enum name stands for the type, not for a value of it.",
    example: "struct Point { x: i64 }\nfn main() {\n    let p = Point\n}\n",
    fix: "Build a value (`Point { x: 1 }`), name a variant (`Color.Red`), or call a function of the type (`Point.origin()`).",
    fixed: "struct Point { x: i64 }\nfn main() {\n    let p = Point { x: 1 }\n    println(p.x)\n}\n",
  },
  {
    code: "E0203",
    title: "generic function as a value",
    template: "the generic function '{name}' cannot be used as a value; wrap the call in a closure",
    explanation: "A generic function is a family of functions, one per type argument; a value must be one of them.",
    example:
      "fn id<T>(x: T) -> T { x }\nfn apply(f: fn(i64) -> i64, x: i64) -> i64 { f(x) }\nfn main() {\n    println(apply(id, 1))\n}\n",
    fix: "Wrap the call in a closure of the concrete type: `|x: i64| id(x)`.",
    fixed:
      "fn id<T>(x: T) -> T { x }\nfn apply(f: fn(i64) -> i64, x: i64) -> i64 { f(x) }\nfn main() {\n    println(apply(|x: i64| id(x), 1))\n}\n",
  },
  {
    code: "E0204",
    title: "unknown function",
    template: "unknown function '{name}'{hint}",
    explanation:
      "No function of that name is declared. Functions of a module are called with its name after `import std.name` (`math.sqrt(x)`); names from other languages (`range`, `printf`) get a hint.",
    example: "fn main() {\n    prnt(1)\n}\n",
    fix: "Correct the spelling or declare the function. The prelude has print, println, eprint, eprintln, len, chr, read_line, read_all, panic and assert.",
    fixed: "fn main() {\n    println(1)\n}\n",
  },
  {
    code: "E0205",
    title: "not a function",
    template: "'{name}' is a {what}",
    explanation:
      "The expression before `(...)` is a variable that does not hold a function, a type, or another value that cannot be called.",
    example: "fn main() {\n    let n = 3\n    println(n(1))\n}\n",
    fix: "Call a function or a closure; build a struct with `Name { field: value }`.",
    fixed: "fn main() {\n    let n = 3\n    println(n)\n}\n",
  },
  {
    code: "E0206",
    title: "unknown type",
    template: "unknown type '{name}'{hint}",
    explanation:
      "No type of that name exists. Pith's types are i64, i32, u8, u32, u64, f64, bool, str, arrays `[T]`, tuples, options `T?`, `Result<T, E>`, functions and the structs and enums a program declares; names from other languages get a hint (`String` is `str`).",
    example: 'fn main() {\n    let s: String = "a"\n    println(s)\n}\n',
    fix: "Use the Pith name of the type, declare the struct or enum, or import the module that declares it.",
    fixed: 'fn main() {\n    let s: str = "a"\n    println(s)\n}\n',
  },
  {
    code: "E0207",
    title: "declared twice",
    template: "{what} '{name}' is {already defined or declared twice}",
    explanation:
      "Two declarations share one name in the same place: two types, functions or constants of a file, two fields of a struct, two variants of an enum, or two parameters of a function.",
    example: "fn f() -> i64 { 1 }\nfn f() -> i64 { 2 }\nfn main() {\n    println(f())\n}\n",
    fix: "Rename or remove one of them.",
    fixed: "fn f() -> i64 { 1 }\nfn g() -> i64 { 2 }\nfn main() {\n    println(f() + g())\n}\n",
  },
  {
    code: "E0208",
    title: "enum without variants",
    template: "an enum needs at least one variant",
    explanation: "A value of an enum is one of its variants, so an enum without any could have no values.",
    example: "enum Empty {}\nfn main() {\n}\n",
    fix: "Add a variant, or remove the enum.",
    fixed: "enum Empty { Nothing }\nfn main() {\n}\n",
  },
  {
    code: "E0209",
    title: "function without a body",
    template: "function '{name}' has no body",
    explanation: "Only `extern fn` declarations (functions the host provides) may leave out the body.",
    example: "fn twice(n: i64) -> i64\nfn main() {\n    println(twice(2))\n}\n",
    fix: "Give the function a body in braces.",
    fixed: "fn twice(n: i64) -> i64 { n * 2 }\nfn main() {\n    println(twice(2))\n}\n",
  },
  {
    code: "E0210",
    title: "misplaced 'self' parameter",
    template: "'self' is only allowed as the first parameter of a method",
    explanation:
      "`self` names the value a method is called on, so it comes first, and only in functions inside `impl`.",
    example: "struct P { x: i64 }\nimpl P {\n    fn get(n: i64, self) -> i64 { self.x + n }\n}\nfn main() {\n}\n",
    fix: "Move `self` to the front of the parameter list (`fn get(self, n: i64)`), or drop it from a free function.",
    fixed: "struct P { x: i64 }\nimpl P {\n    fn get(self, n: i64) -> i64 { self.x + n }\n}\nfn main() {\n}\n",
  },
  {
    code: "E0211",
    title: "constant from a run-time value",
    template: "a constant must be {rule}",
    explanation:
      "A `const` is computed while compiling, so it may use literals, other constants and operators, but no function calls, and it holds a number, a bool or a str, or an array literal of them (not a tuple, struct, enum or nested array).",
    example: "fn ten() -> i64 { 10 }\nconst N: i64 = ten()\nfn main() {\n    println(N)\n}\n",
    fix: "Compute the value from literals, or make it a `let` inside a function; for a tuple or struct, write a function that returns it (`fn origin() -> (i64, i64) { (0, 0) }`).",
    fixed: "const N: i64 = 2 * 5\nfn main() {\n    println(N)\n}\n",
  },
  {
    code: "E0212",
    title: "no main function",
    template: "no 'main' function",
    explanation: "A program starts at `fn main()`; a file without one can be checked as a module but not run.",
    example: "fn helper() -> i64 { 1 }\n",
    fix: "Add `fn main() { ... }`.",
    fixed: "fn helper() -> i64 { 1 }\nfn main() {\n    println(helper())\n}\n",
  },
  {
    code: "E0213",
    title: "main with parameters or a result",
    template: "'main' must be 'fn main()' or 'fn main() -> i32'",
    explanation:
      "`main` takes no parameters (the arguments come from `std.env`) and returns nothing or an exit status of type i32.",
    example: "fn main(args: [str]) {\n}\n",
    fix: "Declare `fn main()` (or `fn main() -> i32` to choose the exit status) and read arguments with `env.args()`.",
    fixed: "fn main() {\n}\n",
  },
  {
    code: "E0250",
    title: "unknown module",
    template: "unknown module '{path}'{problem}",
    explanation:
      "The import names neither a standard module (std.math, std.str, std.array, std.map, std.random, std.time, std.env, std.fmt, std.json, ...) nor a file of the program beside the importing one (`import util` reads util.pith). The message says what was looked for.",
    example: "import std.maths\nfn main() {\n}\n",
    fix: "Correct the module's name; for a file of your program, put util.pith beside main.pith and write `import util`.",
    fixed: "import std.math\nfn main() {\n    println(math.sqrt(4.0))\n}\n",
  },
  {
    code: "E0251",
    title: "module used without import",
    template: "import the module first, e.g. 'import std.{name}'",
    explanation: "A standard module's functions are visible only in a file that imports it.",
    example: "fn main() {\n    let r = std.math(4.0)\n}\n",
    fix: "Add `import std.math` at the top of the file, and call its functions by the module's name: `math.sqrt(4.0)`.",
    fixed: "import std.math\nfn main() {\n    println(math.sqrt(4.0))\n}\n",
  },
  {
    code: "E0252",
    title: "not in the module",
    template: "module '{module}' has no {kind} '{name}'{hint}",
    explanation:
      "The module is imported but declares no function or constant of that name (or does not make it public).",
    example: "import std.math\nfn main() {\n    println(math.squareroot(4.0))\n}\n",
    fix: "Correct the name; lang_list_stdlib (or the stdlib reference) lists each module's functions.",
    fixed: "import std.math\nfn main() {\n    println(math.sqrt(4.0))\n}\n",
  },
];
