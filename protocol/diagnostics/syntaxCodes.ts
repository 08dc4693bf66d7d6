// Codes of the lexer (E00xx), the parser (E01xx) and the formatter (E015x).
import type { DiagnosticCodeEntry } from "./entry";

export const SYNTAX_CODES: DiagnosticCodeEntry[] = [
  {
    code: "E0001",
    title: "unexpected character",
    template: "unexpected character '{char}'",
    explanation:
      "The byte is not part of any Pith token: Pith has no `$`, `@`, `#` or backtick, and letters outside ASCII appear only inside strings and comments.",
    example: "fn main() {\n    let price = 5$\n    println(price)\n}\n",
    fix: "Delete the character, or put the text inside a string.",
    fixed: "fn main() {\n    let price = 5\n    println(price)\n}\n",
  },
  {
    code: "E0002",
    title: "unterminated string literal",
    template: "unterminated string literal",
    explanation: 'A string literal must end on the line it starts on; the closing `"` is missing.',
    example: 'fn main() {\n    let s = "hello\n    println(s)\n}\n',
    fix: 'Close the string with `"` on the same line; write `\\n` for a line break inside it.',
    fixed: 'fn main() {\n    let s = "hello"\n    println(s)\n}\n',
  },
  {
    code: "E0003",
    title: "unterminated string interpolation",
    template: "unterminated string interpolation",
    explanation:
      "The file ends inside a `{...}` interpolation of a string: the `}` that closes it, and the string's closing quote, are missing.",
    example: 'fn main() {\n    let x = 1\n    println("x is {x',
    fix: 'Close the interpolation with `}` and the string with `"`.',
    fixed: 'fn main() {\n    let x = 1\n    println("x is {x}")\n}\n',
  },
  {
    code: "E0004",
    title: "unterminated block comment",
    template: "unterminated block comment",
    explanation:
      "A `/*` comment runs to the end of the file. Block comments nest, so every `/*` inside one needs its own `*/`.",
    example: "fn main() {\n    println(1)\n}\n/* the end\n",
    fix: "Close the comment with `*/` (one for every `/*` it contains).",
    fixed: "fn main() {\n    println(1)\n}\n/* the end */\n",
  },
  {
    code: "E0005",
    title: "unknown escape sequence",
    template: "unknown escape sequence",
    explanation:
      "A backslash in a string starts an escape; Pith has `\\n \\t \\r \\0 \\\" \\\\ \\{ \\} \\'` and `\\u{hex}`, and no others.",
    example: 'fn main() {\n    println("a\\qb")\n}\n',
    fix: "Use one of the escapes above, or write `\\\\` for a backslash itself.",
    fixed: 'fn main() {\n    println("a\\\\qb")\n}\n',
  },
  {
    code: "E0006",
    title: "invalid unicode escape",
    template: "invalid unicode escape",
    explanation:
      "`\\u{...}` needs one to six hexadecimal digits naming a Unicode scalar value (at most 10FFFF, not a surrogate) and a closing `}`.",
    example: 'fn main() {\n    println("\\u{zz}")\n}\n',
    fix: "Write the code point in hexadecimal, e.g. `\\u{e9}` for é.",
    fixed: 'fn main() {\n    println("\\u{e9}")\n}\n',
  },
  {
    code: "E0007",
    title: "invalid number literal",
    template: "invalid number literal '{text}'",
    explanation:
      "A number runs straight into letters. Pith has no literal suffixes (`10u8`, `1.5f`) and names cannot start with a digit.",
    example: "fn main() {\n    let n = 10u8\n    println(n)\n}\n",
    fix: "Give the type to the binding (`let n: u8 = 10`) or convert with `as`; rename a name that starts with a digit.",
    fixed: "fn main() {\n    let n: u8 = 10\n    println(n)\n}\n",
  },
  {
    code: "E0008",
    title: "character literal of one byte",
    template:
      'Pith has no character literals: a string\'s bytes are u8 values, so write {literal} as {value} (or use the string "{text}")',
    explanation:
      "Pith has no `char` type and no `'c'` literals. Indexing a string gives one of its bytes, a `u8`, so a one-byte character is written as its number.",
    example: "fn main() {\n    let s = \"abc\"\n    println(s[0] == 'a')\n}\n",
    fix: "Compare the byte with its value (`s[0] == 97` for 'a'), or compare one-letter strings with `==` (`\"a\"`).",
    fixed: 'fn main() {\n    let s = "abc"\n    println(s[0] == 97)\n}\n',
  },
  {
    code: "E0009",
    title: "character literal of several bytes",
    template: 'Pith has no character literals: use a string, "{text}"',
    explanation: "Pith has no `'c'` literals; text of any length is a string in double quotes.",
    example: "fn main() {\n    println('ab')\n}\n",
    fix: 'Use double quotes: `"ab"`.',
    fixed: 'fn main() {\n    println("ab")\n}\n',
  },
  {
    code: "E0100",
    title: "unexpected token",
    template: "expected {what}",
    explanation:
      "The parser needed one kind of token (a name, a type, a bracket, an expression) and found another. The message names both.",
    example: "fn main() {\n    let x: = 5\n}\n",
    fix: "Add what the message expects before the token it found, or remove the token; brackets must pair up.",
    fixed: "fn main() {\n    let x: i64 = 5\n}\n",
  },
  {
    code: "E0101",
    title: "two statements on one line",
    template: "expected a new line or ';' after the statement, found {found}",
    explanation:
      "Statements end at the end of a line (or at `;`). A second statement on the same line, or an expression broken before an operator, leaves a token where the statement should have ended.",
    example: "fn main() {\n    println(1) println(2)\n}\n",
    fix: "Put each statement on its own line. To continue an expression on the next line, end the line with the operator (`a +` then `b`).",
    fixed: "fn main() {\n    println(1)\n    println(2)\n}\n",
  },
  {
    code: "E0102",
    title: "expression nested too deeply",
    template: "expression nested too deeply",
    explanation:
      "The compiler parses nested brackets by recursion and stops at a fixed depth rather than running out of stack.",
    example: `fn main() {\n    ${"{ ".repeat(205)}1${" }".repeat(205)}\n}\n`,
    fix: "Split the expression into several `let` bindings.",
    fixed: "fn main() {\n    { 1 }\n}\n",
  },
  {
    code: "E0103",
    title: "expression too long",
    template: "expression too long: more than {limit} operators in one expression; split it into parts with 'let'",
    explanation:
      "One path of an expression may have at most 2,000 operators (binary operators, and the fields, calls, indexes and `?` of a chain such as `c.next().next()`), so that compiling it stays fast.",
    example: `fn main() {\n    println(${Array(2002).fill("1").join(" + ")})\n}\n`,
    fix: "Split the expression into parts bound with `let` and combine them.",
  },
  {
    code: "E0104",
    title: "declaration as a match arm",
    template: "a declaration cannot be a match arm by itself; put statements in a block: '=> { {first} ... }'",
    explanation: "An arm's body is one expression; a `let` or `var` is a statement and needs a block around it.",
    example:
      'fn main() {\n    let c = 3\n    match c {\n        1 => let x = 2\n        _ => println("other"),\n    }\n}\n',
    fix: "Wrap the arm's statements in braces: `1 => { let x = 2 println(x) }` on separate lines.",
    fixed:
      'fn main() {\n    let c = 3\n    match c {\n        1 => {\n            let x = 2\n            println(x)\n        }\n        _ => println("other"),\n    }\n}\n',
  },
  {
    code: "E0105",
    title: "declaration inside a function",
    template: "declarations are only allowed at the top level of a file",
    explanation:
      "Functions, structs, enums, impls and imports are declared at the top level of a file, not inside a function body. A closure is the local form of a function.",
    example: "fn main() {\n    fn helper() -> i64 { 1 }\n}\n",
    fix: "Move the declaration out of the function, or write a closure: `let helper = || 1`.",
    fixed: "fn helper() -> i64 { 1 }\nfn main() {\n    println(helper())\n}\n",
  },
  {
    code: "E0106",
    title: "top-level variable",
    template: "top-level variables are not allowed; use 'const' or move this into a function",
    explanation:
      "Pith has no global variables: a file's top level holds declarations and `const` values computed from literals.",
    example: "let limit = 10\nfn main() {\n}\n",
    fix: "Write `const LIMIT: i64 = 10`, or move the binding into the function that uses it.",
    fixed: "const LIMIT: i64 = 10\nfn main() {\n    println(LIMIT)\n}\n",
  },
  {
    code: "E0110",
    title: "'=' in a condition",
    template: "'=' assigns a value; use '==' to compare",
    explanation: "A condition used `=`, which is assignment; comparison is `==`.",
    example: "fn main() {\n    let x = 5\n    if x = 5 {\n        println(x)\n    }\n}\n",
    fix: "Compare with `==`: `if x == 5 { ... }`.",
    fixed: "fn main() {\n    let x = 5\n    if x == 5 {\n        println(x)\n    }\n}\n",
  },
  {
    code: "E0111",
    title: "word operator",
    template: "write '{op}' for '{word}'",
    explanation: "Pith spells the boolean operators as symbols: `&&`, `||` and `!`.",
    example: "fn main() {\n    let a = true\n    let b = false\n    println(a and b)\n}\n",
    fix: "Write `a && b`, `a || b` and `!a`.",
    fixed: "fn main() {\n    let a = true\n    let b = false\n    println(a && b)\n}\n",
  },
  {
    code: "E0112",
    title: "increment operator",
    template: "Pith has no '{op}': write 'x {assign} 1'",
    explanation: "There are no `++` or `--` operators.",
    example: "fn main() {\n    var x = 5\n    x++\n    println(x)\n}\n",
    fix: "Write `x += 1` (or `x -= 1`) as a statement of its own.",
    fixed: "fn main() {\n    var x = 5\n    x += 1\n    println(x)\n}\n",
  },
  {
    code: "E0113",
    title: "reference",
    template: "Pith has no references: values are copied{hint}",
    explanation: "Every value is copied; there is no `&` or `&mut`.",
    example: "fn show(n: i64) {\n    println(n)\n}\nfn main() {\n    let n = 5\n    show(&n)\n}\n",
    fix: "Pass the value itself. To change a caller's value, return the new value, or call a `var self` method on a `var`.",
    fixed: "fn show(n: i64) {\n    println(n)\n}\nfn main() {\n    let n = 5\n    show(n)\n}\n",
  },
  {
    code: "E0114",
    title: "'::' path",
    template: "use '.' instead of '::'",
    explanation: "Paths use a dot in Pith: `Enum.Variant`, `Type.function(...)`, `module.function(...)`.",
    example: "enum Color { Red, Green }\nfn main() {\n    let c = Color::Red\n}\n",
    fix: "Write `Enum.Variant` and `Type.method(...)`, e.g. `Color.Red` and `Point.origin()`.",
    fixed: "enum Color { Red, Green }\nfn main() {\n    let c = Color.Red\n}\n",
  },
  {
    code: "E0115",
    title: "macro call",
    template: "macros are not supported: {fix}",
    explanation: "`println!`, `vec!` and other macros do not exist; the printing functions are ordinary functions.",
    example: 'fn main() {\n    println!("hi")\n}\n',
    fix: 'Call the function: `println("hi")`; write arrays as `[1, 2, 3]` (`vec![1, 2, 3]` gets that advice).',
    fixed: 'fn main() {\n    println("hi")\n}\n',
  },
  {
    code: "E0116",
    title: "let mut",
    template: "use 'var' for a mutable binding",
    explanation: "Pith has no `let mut`: a binding that changes is declared with `var`.",
    example: "fn main() {\n    let mut n = 1\n    n += 1\n    println(n)\n}\n",
    fix: "Write `var x = ...` for a binding that changes, `let x = ...` for one that does not.",
    fixed: "fn main() {\n    var n = 1\n    n += 1\n    println(n)\n}\n",
  },
  {
    code: "E0117",
    title: "':=' declaration",
    template: "Pith has no ':=': declare with 'let {name} = ...' (or 'var {name} = ...' to change it later)",
    explanation: "Bindings are declared with `let` (never changes) or `var` (may change); there is no `:=`.",
    example: "fn main() {\n    n := 3\n    println(n)\n}\n",
    fix: "Write `let n = 3`, or `var n = 3` when it changes later.",
    fixed: "fn main() {\n    let n = 3\n    println(n)\n}\n",
  },
  {
    code: "E0118",
    title: "C-style for loop",
    template: "C-style 'for' loops are not supported: write 'for i in 0..n' (or a 'while' loop)",
    explanation: "`for` iterates over a range or an array only.",
    example: "fn main() {\n    for (i = 0; i < 3; i += 1) {\n        println(i)\n    }\n}\n",
    fix: "Write `for i in 0..n { ... }` (`0..=n` includes n), or a `while` loop with a `var` counter.",
    fixed: "fn main() {\n    for i in 0..3 {\n        println(i)\n    }\n}\n",
  },
  {
    code: "E0119",
    title: "two loop variables",
    template: "a loop has one pattern: {hint}",
    explanation:
      "A `for` loop binds one pattern per element. There is no separate index variable: loop over indexes, or destructure tuples with one pattern in parentheses.",
    example: "fn main() {\n    let xs = [10, 20]\n    for i, x in xs {\n        println(i)\n    }\n}\n",
    fix: "Write `for i in 0..len(xs)` and use `xs[i]`, or `for (a, b) in pairs` for an array of tuples.",
    fixed: "fn main() {\n    let xs = [10, 20]\n    for i in 0..len(xs) {\n        println(xs[i])\n    }\n}\n",
  },
  {
    code: "E0120",
    title: "variant with named fields",
    template: "a variant's payload is written as a tuple, without field names: {variant}",
    explanation: "Enum variants carry positional payloads, not named fields.",
    example: "enum Shape { Circle(f64), Tri { a: f64, b: f64 } }\nfn main() {\n}\n",
    fix: "Declare `Tri(f64, f64)`, build `Shape.Tri(3.0, 4.0)` and match `Shape.Tri(a, b) => ...`; put a struct inside the variant for named fields.",
    fixed: "enum Shape { Circle(f64), Tri(f64, f64) }\nfn main() {\n}\n",
  },
  {
    code: "E0121",
    title: "empty interpolation",
    template: "an interpolation needs an expression between '{' and '}' ('{x}'); write '\\{' for a literal '{'",
    explanation:
      '`{}` in a string is an interpolation with nothing in it; Pith has no format placeholders. A `{` followed by an escape (`"int f() {\\n"`) cannot start an interpolation either: it was meant as text, and is read as text.',
    example: 'fn main() {\n    let x = 3\n    println("x is {}")\n}\n',
    fix: 'Put the expression between the braces: `println("x is {x}")`; write `\\{` for a literal brace.',
    fixed: 'fn main() {\n    let x = 3\n    println("x is {x}")\n}\n',
  },
  {
    code: "E0122",
    title: "type inside a destructuring pattern",
    template: "a type goes after the whole pattern: 'let (a, b): (T, U) = ...'",
    explanation: "A destructuring `let` takes one type for the whole pattern, after the closing parenthesis.",
    example: "fn main() {\n    let (a: i64, b) = (1, 2)\n    println(a + b)\n}\n",
    fix: "Write `let (a, b): (i64, i64) = (1, 2)`, or leave the type out.",
    fixed: "fn main() {\n    let (a, b): (i64, i64) = (1, 2)\n    println(a + b)\n}\n",
  },
  {
    code: "E0123",
    title: "if let",
    template: "Pith has no 'if let': match on the value, 'match o { Some(x) => { ... }, _ => {} }'",
    explanation: "Rust's `if let` does not exist; a `match` with a `_` arm does the same.",
    example: "fn main() {\n    let o: i64? = Some(2)\n    if let Some(x) = o {\n        println(x)\n    }\n}\n",
    fix: "Write `match o { Some(x) => { ... }, _ => {} }`; the `_` arm is the `else`.",
    fixed:
      "fn main() {\n    let o: i64? = Some(2)\n    match o {\n        Some(x) => println(x),\n        _ => {}\n    }\n}\n",
  },
  {
    code: "E0124",
    title: "'??' fallback",
    template:
      "Pith has no '??': write 'option.unwrap_or(o, fallback)' with 'import std.option' ('result.unwrap_or' for a Result)",
    explanation:
      "There is no null-coalescing operator; `std.option` has `unwrap_or` (and `unwrap_or_else` for a fallback computed only when needed), and `std.result` the same for a `Result`.",
    example: "fn main() {\n    let o: i64? = None\n    let x = o ?? 1\n    println(x)\n}\n",
    fix: "Add `import std.option` and write `let x = option.unwrap_or(o, 1)`.",
    fixed:
      "import std.option\n\nfn main() {\n    let o: i64? = None\n    let x = option.unwrap_or(o, 1)\n    println(x)\n}\n",
  },
  {
    code: "E0125",
    title: "while let",
    template: "Pith has no 'while let': loop and match, 'loop { match o { Some(x) => { ... }, _ => break } }'",
    explanation:
      "Rust's `while let` does not exist; a `loop` around a `match` whose `_` arm breaks does the same. The loop is still checked as that `loop`, with the pattern's names bound in the body.",
    example:
      "fn next(n: i64) -> i64? {\n    if n < 3 { Some(n + 1) } else { None }\n}\nfn main() {\n    var n = 0\n    while let Some(x) = next(n) {\n        n = x\n    }\n    println(n)\n}\n",
    fix: "Write `loop { match next(n) { Some(x) => { ... }, _ => break } }`.",
    fixed:
      "fn next(n: i64) -> i64? {\n    if n < 3 { Some(n + 1) } else { None }\n}\nfn main() {\n    var n = 0\n    loop {\n        match next(n) {\n            Some(x) => n = x,\n            _ => break,\n        }\n    }\n    println(n)\n}\n",
  },
  {
    code: "E0126",
    title: "'===' or '!=='",
    template: "Pith has no '{op}': write '{fix}' (both sides have one type, compared by value)",
    explanation:
      "JavaScript's strict comparison exists because `==` converts between types. Pith's `==` never converts: both sides must have one type, and numbers, strings, booleans and plain enums compare by value.",
    example: "fn main() {\n    let x = 1\n    if x === 1 {\n        println(x)\n    }\n}\n",
    fix: "Write `==` (and `!=` for `!==`).",
    fixed: "fn main() {\n    let x = 1\n    if x == 1 {\n        println(x)\n    }\n}\n",
  },
  {
    code: "E0127",
    title: "Rust's String, Vec or HashMap constructor, or i64::MAX",
    template: "Pith has no '{call}': {fix}",
    explanation:
      "Pith has one string type, `str`, and a string literal is already one; arrays are written as literals. `String::from`, `String::new` and `Vec::new` have nothing to convert. A hash map or set is std.map's `Map` or `Set`, made with `Map.new()` or `Set.new()`. Numeric limits such as `i64::MAX` and `f64::EPSILON` are written as their values.",
    example: 'fn main() {\n    let s = String::from("hi")\n    println(s)\n}\n',
    fix: 'Write the literal itself: `"hi"` for `String::from("hi")`, `""` for `String::new()`, `[]` with the array\'s type (`let xs: [i64] = []`) for `Vec::new()`, `Map.new()` with the map\'s types (`var m: Map<str, i64> = Map.new()`, after `import std.map`) for `HashMap::new()`.',
    fixed: 'fn main() {\n    let s = "hi"\n    println(s)\n}\n',
  },
  {
    code: "E0128",
    title: "trait, interface or class",
    template: "Pith has no {what}: {fix}",
    explanation:
      "Pith has structs, enums and `impl` blocks of methods, and no traits, interfaces or classes: each type has its own methods, and a function that works for several types is generic (`fn f<T>(x: T)`) or takes a function parameter.",
    example:
      'struct P { x: i64 }\nimpl Display for P {\n    fn show(self) -> str {\n        "p{self.x}"\n    }\n}\nfn main() {\n    println(P { x: 1 }.show())\n}\n',
    fix: "Write the methods in the type's own block, `impl P { ... }`; declare a class's fields with `struct` and its methods with `impl`.",
    fixed:
      'struct P { x: i64 }\nimpl P {\n    fn show(self) -> str {\n        "p{self.x}"\n    }\n}\nfn main() {\n    println(P { x: 1 }.show())\n}\n',
  },
  {
    code: "E0129",
    title: "another language's function keyword",
    template: "functions are declared with 'fn'{how}: 'fn {name}(...){body}'",
    explanation:
      "`func` (Go, Swift), `function` (JavaScript), `fun` (Kotlin) and `def` (Python) are all `fn` in Pith. The declaration is read as a function, so its calls do not report again; parameters written without a type are of no type. Python's indented body (`def f(x):`) is passed over: a Pith body goes in braces.",
    example: "func double(x: i64) -> i64 {\n    x * 2\n}\nfn main() {\n    println(double(2))\n}\n",
    fix: "Write `fn`.",
    fixed: "fn double(x: i64) -> i64 {\n    x * 2\n}\nfn main() {\n    println(double(2))\n}\n",
  },
  {
    code: "E0130",
    title: "return type after ':' or without '->'",
    template: "the return type follows '->': 'fn {name}(...) -> T'",
    explanation:
      "TypeScript and Kotlin write a function's return type after a colon, Go after the parameters alone; Pith writes it after `->`. The type is still read as the return type.",
    example: "fn double(x: i64): i64 {\n    x * 2\n}\nfn main() {\n    println(double(2))\n}\n",
    fix: "Write `-> T` after the parameters.",
    fixed: "fn double(x: i64) -> i64 {\n    x * 2\n}\nfn main() {\n    println(double(2))\n}\n",
  },
  {
    code: "E0131",
    title: "val or const for a local",
    template: "a local binding that never changes is declared with 'let': 'let {name} = ...'",
    explanation:
      "Kotlin's `val` and JavaScript's `const` are Pith's `let`: a binding that never changes (`var` for one that does). `const` is for constants at the top of a file.",
    example: "fn main() {\n    val x = 1\n    println(x)\n}\n",
    fix: "Write `let` (or `var` if it changes later).",
    fixed: "fn main() {\n    let x = 1\n    println(x)\n}\n",
  },
  {
    code: "E0132",
    title: "elif",
    template: "write 'else if' for '{word}'",
    explanation: "Python's `elif` (Ruby's `elsif`, PHP's `elseif`) is written `else if` in Pith.",
    example:
      "fn main() {\n    let x = 1\n    if x > 1 {\n        println(1)\n    } elif x > 0 {\n        println(2)\n    }\n}\n",
    fix: "Write `else if`.",
    fixed:
      "fn main() {\n    let x = 1\n    if x > 1 {\n        println(1)\n    } else if x > 0 {\n        println(2)\n    }\n}\n",
  },
  {
    code: "E0133",
    title: "conditional operator '? :'",
    template: "Pith has no '? :': 'if' is an expression, 'if c { a } else { b }'",
    explanation:
      "C's, Java's and JavaScript's `c ? a : b` is an `if` in Pith: `if` with `else` has a value. (`x?` alone is the try operator, which passes an error or a None on to the caller.)",
    example: "fn main() {\n    let x = 1\n    let y = x > 0 ? 1 : 2\n    println(y)\n}\n",
    fix: "Write `if c { a } else { b }`.",
    fixed: "fn main() {\n    let x = 1\n    let y = if x > 0 { 1 } else { 2 }\n    println(y)\n}\n",
  },
  {
    code: "E0134",
    title: "parameter or variable type without ':'",
    template: "a {what} type follows ':': '{param}'",
    explanation:
      "Go writes a parameter's type after its name with no colon (`x int`); Pith writes `x: i64`. The type is still read as the parameter's.",
    example: "fn double(x i64) -> i64 {\n    x * 2\n}\nfn main() {\n    println(double(2))\n}\n",
    fix: "Write `name: Type`.",
    fixed: "fn double(x: i64) -> i64 {\n    x * 2\n}\nfn main() {\n    println(double(2))\n}\n",
  },
  {
    code: "E0135",
    title: "'**' power operator",
    template: "Pith has no '**': write 'math.pow(x, y)' with 'import std.math' (for an integer power, multiply)",
    explanation:
      "Python's and JavaScript's `**` is a function in Pith: `math.pow` for floats. An integer power is a product (or a loop), which says how overflow is handled.",
    example: "fn main() {\n    let x = 3.0\n    println(x ** 2.0)\n}\n",
    fix: "Add `import std.math` and write `math.pow(x, 2.0)`, or `x * x`.",
    fixed: "import std.math\n\nfn main() {\n    let x = 3.0\n    println(math.pow(x, 2.0))\n}\n",
  },
  {
    code: "E0136",
    title: "switch, when",
    template: "Pith has no '{keyword}': write 'match x { 1 => ..., _ => ... }'",
    explanation:
      "A `match` does what C's, Go's and TypeScript's `switch` and Kotlin's `when` do, with no fall-through: each arm is a pattern, `=>` and one expression or block, and `_` is the default (Kotlin's `else`). The whole `switch` statement or `when` expression is passed over.",
    example: "fn main() {\n    let x = 1\n    switch x {\n        case 1:\n            println(1)\n    }\n}\n",
    fix: "Write `match x { 1 => println(1), _ => {} }`.",
    fixed: "fn main() {\n    let x = 1\n    match x {\n        1 => println(1),\n        _ => {}\n    }\n}\n",
  },
  {
    code: "E0137",
    title: "exceptions (try, catch, throw)",
    template: "Pith has no exceptions: return a 'Result<T, E>', 'Err(e)' for 'throw', and pass it on with '?'",
    explanation:
      "A function that can fail returns `Result<T, E>`: `Ok(value)` or `Err(error)`. The caller matches on it, or writes `r?` to return the error to its own caller. A bug that must stop the program is a `panic(...)`. The whole `try` or `throw` statement is passed over.",
    example: 'fn main() {\n    try {\n        println(1)\n    } catch (e) {\n        println("failed")\n    }\n}\n',
    fix: "Return `Result<T, E>` from the function that fails and `match` on it where the `catch` was.",
    fixed: "fn main() {\n    println(1)\n}\n",
  },
  {
    code: "E0138",
    title: "force unwrap '!' or '!!'",
    template: "Pith has no '{op}' to force an option open: 'match o { Some(v) => v, None => panic(\"...\") }'",
    explanation:
      "Swift's `o!` and Kotlin's `o!!` take the value out of an optional and crash when there is none. Pith says both halves: a `match` whose `None` arm panics (with a message saying why it cannot happen), or `option.unwrap_or(o, fallback)` from std.option.",
    example: "fn main() {\n    let o: i64? = Some(1)\n    let x = o!\n    println(x)\n}\n",
    fix: 'Write `match o { Some(v) => v, None => panic("no value") }`, or `option.unwrap_or(o, 0)` with `import std.option`.',
    fixed:
      'fn main() {\n    let o: i64? = Some(1)\n    let x = match o {\n        Some(v) => v,\n        None => panic("no value"),\n    }\n    println(x)\n}\n',
  },
  {
    code: "E0139",
    title: "'{{' and '}}' in a string",
    template: "a literal brace in a string is written '\\{' (and '}' needs no escape), not '{{' and '}}'",
    explanation:
      "Rust's `format!` and Python's f-strings write a literal brace as `{{`. In Pith `{` starts an interpolation and a literal one is escaped, `\\{`; a `}` outside an interpolation is plain text. The string is read as its writer meant it (`{{` as one `{`, and then `}}` as one `}`).",
    example: 'fn main() {\n    let x = 1\n    println("{{x}} is {x}")\n}\n',
    fix: "Write `\\{` for a literal `{` and a plain `}`.",
    fixed: 'fn main() {\n    let x = 1\n    println("\\{x} is {x}")\n}\n',
  },
  {
    code: "E0140",
    title: "'mut' on a parameter",
    template: "parameters cannot be changed: drop '{word}' and copy it into a variable, 'var {name} = {same}'{caller}",
    explanation:
      "Rust's `fn f(mut x: i64)` lets the body change its copy of the argument. A Pith parameter never changes; a `var` of the same name, made from it at the start of the body, does what `mut` did. `var x: T` on a parameter (only `self` may be `var`) gets the same error: arguments are copies, so a function that should change its caller's value returns the new value instead.",
    example: "fn bump(mut x: i64) -> i64 {\n    x += 1\n    x\n}\nfn main() {\n    println(bump(2))\n}\n",
    fix: "Drop `mut` and start the body with `var x = x`.",
    fixed: "fn bump(x: i64) -> i64 {\n    var x = x\n    x += 1\n    x\n}\nfn main() {\n    println(bump(2))\n}\n",
  },
  {
    code: "E0141",
    title: "new",
    template: "Pith has no 'new': a struct value is a literal, '{name} { field: value }'",
    explanation:
      "Java's, C#'s, TypeScript's and C++'s `new P(...)` calls a constructor. A Pith struct has no constructor: its value is written with its fields, `P { x: 1 }`, and a function (`fn make_p(x: i64) -> P`) builds one where there is more to do.",
    example: "struct P { x: i64 }\nfn main() {\n    let p = new P(1)\n    println(p.x)\n}\n",
    fix: "Write `P { x: 1 }`.",
    fixed: "struct P { x: i64 }\nfn main() {\n    let p = P { x: 1 }\n    println(p.x)\n}\n",
  },
  {
    code: "E0142",
    title: "defer",
    template: "Pith has no 'defer': write the clean-up where the function ends, before each 'return'",
    explanation:
      "Go's, Swift's and Zig's `defer` runs a statement when the function returns. Pith runs statements in the order written, so the clean-up goes at the end of the function (and before each early `return`). What followed `defer` is still checked where it stands.",
    example: 'fn main() {\n    defer println("bye")\n    println("hi")\n}\n',
    fix: "Move the deferred statement to the end of the function.",
    fixed: 'fn main() {\n    println("hi")\n    println("bye")\n}\n',
  },
  {
    code: "E0143",
    title: "slice without an end",
    template: "a slice is written with both ends: '{slice}'",
    explanation:
      "Rust's `xs[i..]` and `xs[..j]` (Python's `xs[i:]`) leave an end out. A Pith slice names both: `xs[i..len(xs)]`, `xs[0..j]`. The slice is read as that, so the rest checks as usual.",
    example: "fn main() {\n    let xs = [1, 2, 3]\n    let rest = xs[1..]\n    println(len(rest))\n}\n",
    fix: "Write the missing end: `xs[1..len(xs)]`.",
    fixed: "fn main() {\n    let xs = [1, 2, 3]\n    let rest = xs[1..len(xs)]\n    println(len(rest))\n}\n",
  },
  {
    code: "E0144",
    title: "for (const x of xs), for (x in xs)",
    template: "a loop {over} is written 'for {name} in {iter} { ... }', without parentheses",
    explanation:
      "JavaScript's `for (const x of xs)` (and `let`, `var`) and Kotlin's `for (x in xs)` are `for x in xs` in Pith: no parentheses, `in` for `of`; Kotlin's `for (i in 0 until n)` is `for i in 0..n`. The loop is read as that, so its body checks as usual.",
    example: "fn main() {\n    let xs = [1, 2]\n    for (const x of xs) {\n        println(x)\n    }\n}\n",
    fix: "Write `for x in xs { ... }`.",
    fixed: "fn main() {\n    let xs = [1, 2]\n    for x in xs {\n        println(x)\n    }\n}\n",
  },
  {
    code: "E0145",
    title: "arrow function or lambda",
    template: "a closure is written with bars: '|x| x * 2' (with a type where it cannot be inferred, '|x: i64| ...')",
    explanation:
      "JavaScript's `(x) => x * 2` and Python's `lambda x: x * 2` are closures; Pith writes their parameters between bars, as Rust does. The closure is read past, of no type, so nothing after it reports again.",
    example: "import std.array\n\nfn main() {\n    let ys = array.map([1, 2], (x) => x * 2)\n    println(len(ys))\n}\n",
    fix: "Write `|x: i64| x * 2`.",
    fixed: "import std.array\n\nfn main() {\n    let ys = array.map([1, 2], |x: i64| x * 2)\n    println(len(ys))\n}\n",
  },
  {
    code: "E0146",
    title: "'#' comment",
    template: "a comment starts with '//' ('#' starts one in Python and the shell)",
    explanation:
      "Pith comments are `// to the end of the line` and `/* ... */`. The `#` line is passed over as the comment it was meant to be.",
    example: "# the answer\nfn main() {\n    println(42)\n}\n",
    fix: "Write `//` instead of `#`.",
    fixed: "// the answer\nfn main() {\n    println(42)\n}\n",
  },
  {
    code: "E0147",
    title: "attribute",
    template: "Pith has no attributes: remove '{attribute}'",
    explanation:
      "Rust's `#[derive(Debug, Clone)]`, `#[test]` and the like have no Pith counterpart: values copy and compare without a derive, and tests are programs with expected output. The attribute is passed over.",
    example: "#[derive(Debug, Clone)]\nstruct P { x: i64 }\nfn main() {\n    println(P { x: 1 }.x)\n}\n",
    fix: "Remove the attribute.",
    fixed: "struct P { x: i64 }\nfn main() {\n    println(P { x: 1 }.x)\n}\n",
  },
  {
    code: "E0148",
    title: "f-string, template literal or \\(x)",
    template: 'strings interpolate {how}, "a = {a}"',
    explanation:
      'Python\'s `f"..."` marks a string that interpolates; in Pith every string does, so the `f` is dropped (and a literal brace is `\\{`). JavaScript\'s template literal (in backquotes, a `$` before each brace) and Swift\'s `"a = \\(a)"` are the same string: double quotes, the value between braces. A template literal is read as one plain string, so the rest checks as usual.',
    example: 'fn main() {\n    let a = 1\n    println(f"a = {a}")\n}\n',
    fix: "Remove the `f`; for a template literal or `\\(a)`, write the string in double quotes with `{a}`.",
    fixed: 'fn main() {\n    let a = 1\n    println("a = {a}")\n}\n',
  },
  {
    code: "E0149",
    title: "use",
    template: "modules are imported with 'import': 'import std.map' (then 'map.' or the type, 'Map.new()')",
    explanation:
      "Rust's `use std::collections::HashMap;` is `import std.map` in Pith: the module's functions are then `map.name(...)` and its types (`Map`, `Set`) are used by name. The `use` line is passed over.",
    example: "use std::collections::HashMap;\nfn main() {\n    println(1)\n}\n",
    fix: "Write `import std.map` (or the module you need) and drop the `use` line.",
    fixed:
      'import std.map\n\nfn main() {\n    var m: Map<str, i64> = Map.new()\n    m.set("a", 1)\n    println(m.len())\n}\n',
  },
  {
    code: "E0150",
    title: "closing bracket without an opening one",
    template: "cannot format: '{bracket}' does not close an open bracket",
    explanation:
      "The formatter lays out code by its brackets; a closing bracket with no open bracket before it leaves it nothing to align.",
    example: "fn main() {\n    println(1)\n}\n}\n",
    fix: "Remove the extra closing bracket, or add the opening one it belongs to.",
    fixed: "fn main() {\n    println(1)\n}\n",
    command: "fmt",
  },
  {
    code: "E0151",
    title: "bracket never closed",
    template: "cannot format: '{bracket}' is never closed",
    explanation: "The file ends with a bracket still open, so the formatter cannot tell where its contents end.",
    example: "fn main() {\n    println(1)\n",
    fix: "Add the closing bracket.",
    fixed: "fn main() {\n    println(1)\n}\n",
    command: "fmt",
  },
  {
    code: "E0152",
    title: "guard let",
    template: "Pith has no 'guard let': 'let {name} = match o { Some(v) => v, None => return ... }'",
    explanation:
      "Swift's `guard let x = o else { return ... }` takes the value out of an optional or leaves the function. In Pith that is a `let` of a `match` whose `None` arm returns. The statement is read as that, so `x` has the option's value type below it.",
    example:
      "fn first(o: i64?) -> i64 {\n    guard let x = o else { return 0 }\n    x + 1\n}\nfn main() {\n    println(first(Some(1)))\n}\n",
    fix: "Write `let x = match o { Some(v) => v, None => return 0 }`.",
    fixed:
      "fn first(o: i64?) -> i64 {\n    let x = match o {\n        Some(v) => v,\n        None => return 0,\n    }\n    x + 1\n}\nfn main() {\n    println(first(Some(1)))\n}\n",
  },
  {
    code: "E0153",
    title: "0..<n, 0 until n",
    template: "a range is written 'lo..hi' (the end left out) or 'lo..=hi' (the end in): '0..n' for '{written}'",
    explanation:
      "Swift's half-open `0..<n` and Kotlin's `0 until n` are Pith's `0..n`, which already leaves `n` out; `0..=n` takes it in. The range is read as `0..n`, so the rest checks as usual.",
    example: "fn main() {\n    for i in 0..<3 {\n        println(i)\n    }\n}\n",
    fix: "Write `0..3`.",
    fixed: "fn main() {\n    for i in 0..3 {\n        println(i)\n    }\n}\n",
  },
  {
    code: "E0154",
    title: "Kotlin's match arms (1 -> a, else -> b)",
    template: "a match arm is written 'pattern => value', with '=>' for '->' and '_' for 'else'",
    explanation:
      "Kotlin's `when` arms, `1 -> a` and `else -> b`, are Pith's `1 => a` and `_ => b`. One error for the whole match, and each arm is read as the Pith one, so the rest checks as usual.",
    example:
      'fn main() {\n    let x = 1\n    match x {\n        1 -> println("one")\n        else -> println("other")\n    }\n}\n',
    fix: "Write `=>` after each pattern and `_` for `else`.",
    fixed:
      'fn main() {\n    let x = 1\n    match x {\n        1 => println("one"),\n        _ => println("other"),\n    }\n}\n',
  },
  {
    code: "E0155",
    title: "Python's indented block",
    template: "a block is written in braces, '{ ... }', not after ':' and an indent",
    explanation:
      "Python's `for x in xs:`, `if c:` and `else:` open a block by indenting; in Pith a block is between `{` and `}`, and indentation means nothing. The indented lines are read as the block, so they check as usual.",
    example: "fn main() {\n    for x in [1, 2]:\n        println(x)\n}\n",
    fix: "Write `for x in [1, 2] {`, and `}` after the body.",
    fixed: "fn main() {\n    for x in [1, 2] {\n        println(x)\n    }\n}\n",
  },
  {
    code: "E0156",
    title: "Python's in operator",
    template:
      "Pith has no 'in' operator: 'array.contains(xs, x)' (for a map 'm.has(k)', for a string 'str.contains(s, sub)')",
    explanation:
      "Python's `x in xs` asks whether a collection holds a value. Pith asks the collection: `array.contains(xs, x)` (std.array), `m.has(k)` for a std.map `Map` or `Set`, `str.contains(s, sub)` (std.str). `in` belongs to `for x in xs` only. The test is read as a value of no type, so the `if` around it checks as usual.",
    example: "fn main() {\n    let xs = [1, 2]\n    if 1 in xs {\n        println(1)\n    }\n}\n",
    fix: "Write `array.contains(xs, 1)` after `import std.array`.",
    fixed:
      "import std.array\n\nfn main() {\n    let xs = [1, 2]\n    if array.contains(xs, 1) {\n        println(1)\n    }\n}\n",
  },
  {
    code: "E0157",
    title: "Go's slice literal or make",
    template: "an array is written {how}",
    explanation:
      "Go's `[]int{1, 2}` is Pith's array literal `[1, 2]`, its element type inferred or written on the variable (`let xs: [i64] = [...]`); `make([]int, n)` is `[0; n]`, n copies of a value. The literal's elements are read as Pith's, so they check as usual.",
    example: "fn main() {\n    let xs = []int{1, 2}\n    println(len(xs))\n}\n",
    fix: "Write `[1, 2]`.",
    fixed: "fn main() {\n    let xs = [1, 2]\n    println(len(xs))\n}\n",
  },
  {
    code: "E0158",
    title: "Swift's .variant",
    template: "a variant is written with its enum's name: 'Color.{variant}', not '.{variant}'",
    explanation:
      "Swift lets a pattern leave the enum's name out (`.red`); Pith names it, `Color.Red`, in patterns and values alike. Reported once a file; the arm is read as matching anything, so the rest of the match reports nothing more.",
    example:
      "enum Color { Red, Green }\nfn main() {\n    let c = Color.Red\n    match c {\n        .Red => println(1),\n        _ => println(2),\n    }\n}\n",
    fix: "Write `Color.Red`.",
    fixed:
      "enum Color { Red, Green }\nfn main() {\n    let c = Color.Red\n    match c {\n        Color.Red => println(1),\n        _ => println(2),\n    }\n}\n",
  },
];
