// The habits table: what programmers bring from Rust, Go, TypeScript,
// Python, Swift and Kotlin, and what Pith does with each, in the one place
// both sides read. It holds plain string lists only, valid in AssemblyScript
// and TypeScript alike (as lexicon.ts does), so:
//   - wasm/tests/habits_table.test.ts compiles every row's example with
//     compiler.wasm and fails unless a refused habit gets exactly one
//     diagnostic, of the row's code, whose message shows the row's Pith
//     spelling, and an accepted one compiles clean;
//   - lang/docs/habits.ts writes lang/docs/habits.md ("Coming from Rust, Go,
//     TypeScript or Python") from it, and a test fails when the committed
//     page differs.
// A new habit is one row here (and its code in protocol/diagnostics).

/**
 * One row per habit: [languages, what is written, code, how Pith writes it,
 * example]. The code is "" for a habit Pith accepts as written (the Pith
 * column then says what it means). The example is a whole program with the
 * habit in it; the Pith spelling is a fragment of the diagnostic's message.
 */
export const HABITS: string[][] = [
  // Rust
  ["Rust", "let mut x = 1", "E0116", "var", "fn main() {\n    let mut n = 1\n    n += 1\n    println(n)\n}\n"],
  ["Rust", "fn show(s: &str)", "E0113", "str", "fn show(s: &str) {\n    println(s)\n}\nfn main() {\n    show(\"a\")\n}\n"],
  ["Rust", "fn get(&self)", "E0113", "self", "struct P { x: i64 }\nimpl P {\n    fn get(&self) -> i64 {\n        self.x\n    }\n}\nfn main() {\n    println(P { x: 1 }.get())\n}\n"],
  ["Rust", "vec![1, 2, 3]", "E0115", "[1, 2, 3]", "fn main() {\n    let v = vec![1, 2, 3]\n    println(len(v))\n}\n"],
  ["Rust", "println!(\"hi\")", "E0115", "println(...)", "fn main() {\n    println!(\"hi\")\n}\n"],
  ["Rust", "println!(\"{} {}\", a, b)", "E0115", "println(\"{a} and {b}\")", "fn main() {\n    let a = 1\n    let b = 2\n    println!(\"{} {}\", a, b)\n}\n"],
  ["Rust", "format!(\"x = {}\", x)", "E0115", "\"text {a} {b}\"", "fn main() {\n    let x = 1\n    let s = format!(\"x = {}\", x)\n    println(s)\n}\n"],
  ["Rust", "if let Some(x) = o { ... }", "E0123", "match o { Some(x) => { ... }, _ => {} }", "fn main() {\n    let o: i64? = Some(2)\n    if let Some(x) = o {\n        println(x)\n    }\n}\n"],
  ["Rust", "while let Some(x) = next() { ... }", "E0125", "loop { match o { Some(x) => { ... }, _ => break } }", "fn next(n: i64) -> i64? {\n    if n < 3 { Some(n + 1) } else { None }\n}\nfn main() {\n    var n = 0\n    while let Some(x) = next(n) {\n        n = x\n    }\n    println(n)\n}\n"],
  ["Rust", "Ok(()) => ...", "", "accepted: `()` is a pattern, so `Ok(())` matches a `Result<(), E>`", "fn f() -> Result<(), str> {\n    Ok(())\n}\nfn main() {\n    match f() {\n        Ok(()) => println(\"ok\"),\n        Err(e) => println(e),\n    }\n}\n"],
  ["Rust", "fn f() -> ()", "", "accepted: `-> ()` may also be left out", "fn f() -> () {\n    println(1)\n}\nfn main() {\n    f()\n}\n"],
  ["Rust", "(A, Some(x)) | (B, Some(x)) => ...", "", "accepted: alternatives may bind the same names with the same types", "enum K { A, B }\nfn main() {\n    let t = (K.B, Some(3))\n    match t {\n        (K.A, Some(x)) | (K.B, Some(x)) => println(x),\n        _ => println(0),\n    }\n}\n"],
  ["Rust", "o.unwrap()", "E0405", "match o { Some(v) => v, None => panic(\"...\") }", "fn main() {\n    let o: i64? = Some(1)\n    println(o.unwrap())\n}\n"],
  ["Rust", "String::from(\"a\")", "E0127", "\"a\"", "fn main() {\n    let s: String = String::from(\"a\")\n    println(s)\n}\n"],
  ["Rust", "Vec::new()", "E0127", "let xs: [i64] = []", "fn main() {\n    let xs: Vec<i64> = Vec::new()\n    println(len(xs))\n}\n"],
  ["Rust", "HashMap::new()", "E0127", "Map.new()", "import std.map\n\nfn main() {\n    var m: HashMap<str, i64> = HashMap::new()\n    m.set(\"a\", 1)\n    println(m.len())\n}\n"],
  ["Rust", "HashSet::new()", "E0127", "Set.new()", "import std.map\n\nfn main() {\n    var s = HashSet::new()\n    s.add(1)\n    println(s.len())\n}\n"],
  ["Rust", "let xs: Vec<i64>", "E0206", "[T]", "fn main() {\n    let xs: Vec<i64> = []\n    println(len(xs))\n}\n"],
  ["Rust", "fn bump(x: &mut i64) { *x += 1 }", "E0113", "return the new value", "fn bump(x: &mut i64) {\n    *x += 1\n}\nfn main() {\n    var n = 1\n    bump(&mut n)\n    println(n)\n}\n"],
  ["Rust, C", "*x", "E0113", "'*x' is 'x'", "fn main() {\n    let x = 1\n    let y = *x + 1\n    println(y)\n}\n"],
  ["Rust", "impl Display for P", "E0128", "impl P { ... }", "struct P { x: i64 }\nimpl Display for P {\n    fn show(self) -> str {\n        \"p\"\n    }\n}\nfn main() {\n    println(P { x: 1 }.show())\n}\n"],
  ["Rust", "trait Shape { ... }", "E0128", "impl Point { ... }", "trait Shape {\n    fn area(self) -> f64\n}\nfn main() {\n    println(1)\n}\n"],
  ["Rust", "Color::Red", "E0114", "'.' instead of '::'", "enum Color { Red, Green }\nfn main() {\n    let c = Color::Red\n    println(c == Color.Green)\n}\n"],
  ["Rust", "i as usize", "E0206", "i64", "fn main() {\n    let i = 1\n    println(i as usize)\n}\n"],
  ["Rust", "fn f(mut x: i64)", "E0140", "var x = x", "fn bump(mut x: i64) -> i64 {\n    x += 1\n    x\n}\nfn main() {\n    println(bump(2))\n}\n"],
  ["Rust, Python", "\"{{x}}\" for a literal brace", "E0139", "\\{", "fn main() {\n    let x = 1\n    println(\"{{x}} is {x}\")\n}\n"],
  ["Rust, TypeScript", "const DAYS: [str] = [...]", "", "accepted: a constant may be an array literal of constants", "const DAYS: [str] = [\"Mon\", \"Tue\"]\nfn main() {\n    println(DAYS[1])\n}\n"],
  ["Rust", "xs[1..], xs[..2]", "E0143", "xs[i..len(xs)]", "fn main() {\n    let xs = [1, 2, 3]\n    let rest = xs[1..]\n    println(len(rest))\n}\n"],
  ["Rust", "#[derive(Debug)]", "E0147", "remove '#[derive(Debug, Clone)]'", "#[derive(Debug, Clone)]\nstruct P { x: i64 }\nfn main() {\n    println(P { x: 1 }.x)\n}\n"],
  ["Rust", "use std::collections::HashMap;", "E0149", "import std.map", "use std::collections::HashMap;\nfn main() {\n    println(1)\n}\n"],
  ["Rust", "xs.clone()", "E0405", "'let b = a' is a copy", "fn main() {\n    let xs = [1, 2]\n    let ys = xs.clone()\n    println(len(ys))\n}\n"],
  ["Rust", "xs.iter().map(...)", "E0405", "array.map(xs, |x: i64| ...)", "fn main() {\n    let xs = [1, 2]\n    for x in xs.iter() {\n        println(x)\n    }\n}\n"],
  ["Rust", "let x = 1;", "", "accepted: a `;` may end a statement; a new line does too", "fn main() {\n    let x = 1;\n    println(x);\n}\n"],
  // Go
  ["Go", "fmt.Println(x)", "E0200", "println(\"text {value}\")", "fn main() {\n    fmt.Println(\"hi\")\n}\n"],
  ["Go", "n := 3", "E0117", "let n = ...", "fn main() {\n    n := 3\n    println(n)\n}\n"],
  ["Go", "func double(x int) int", "E0129", "fn", "func double(x i64) i64 {\n    return x * 2\n}\nfn main() {\n    println(double(2))\n}\n"],
  ["Go", "fn double(x i64) i64", "E0134", "x: i64", "fn double(x i64) -> i64 {\n    x * 2\n}\nfn main() {\n    println(double(2))\n}\n"],
  ["Go, C", "x++", "E0112", "x += 1", "fn main() {\n    var x = 5\n    x++\n    println(x)\n}\n"],
  ["Go, C", "x--", "E0112", "x -= 1", "fn main() {\n    var x = 5\n    x--\n    println(x)\n}\n"],
  ["Go", "for i, x := range xs", "E0119", "for i in 0..len(xs)", "fn main() {\n    let xs = [10, 20]\n    for i, x in xs {\n        println(i)\n    }\n}\n"],
  ["Go, Swift", "x == nil", "E0200", "None", "fn main() {\n    let o: i64? = nil\n    println(1)\n}\n"],
  ["Go, Swift", "defer f.close()", "E0142", "before each 'return'", "fn main() {\n    defer println(\"bye\")\n    println(\"hi\")\n}\n"],
  ["C, Go", "for (i = 0; i < n; i++)", "E0118", "for i in 0..n", "fn main() {\n    for (i = 0; i < 3; i += 1) {\n        println(i)\n    }\n}\n"],
  // TypeScript and JavaScript
  ["TypeScript", "a === b", "E0126", "==", "fn main() {\n    let x = 1\n    if x === 1 {\n        println(x)\n    }\n}\n"],
  ["TypeScript", "a !== b", "E0126", "!=", "fn main() {\n    let x = 1\n    if x !== 2 {\n        println(x)\n    }\n}\n"],
  ["TypeScript, C", "c ? a : b", "E0133", "if c { a } else { b }", "fn main() {\n    let x = 1\n    let y = x > 0 ? 1 : 2\n    println(y)\n}\n"],
  ["TypeScript", "null, undefined", "E0200", "None", "fn main() {\n    let o: i64? = null\n    println(1)\n}\n"],
  ["TypeScript, Swift", "o ?? 1", "E0124", "option.unwrap_or(o, fallback)", "fn main() {\n    let o: i64? = None\n    let x = o ?? 1\n    println(x)\n}\n"],
  ["TypeScript", "(x: number) => x * 2", "E0145", "|x| x * 2", "import std.array\n\nfn main() {\n    let ys = array.map([1, 2], (x: i64): i64 => x * 2)\n    println(len(ys))\n}\n"],
  ["TypeScript", "function f(x: number): number", "E0129", "fn", "function twice(x: i64): i64 {\n    x * 2\n}\nfn main() {\n    println(twice(2))\n}\n"],
  ["TypeScript", "const x = 1 (in a function)", "E0131", "let x = ...", "fn main() {\n    const x = 1\n    println(x)\n}\n"],
  ["TypeScript, Java, C#", "new P(1)", "E0141", "P { field: value }", "struct P { x: i64 }\nfn main() {\n    let p = new P(1)\n    println(p.x)\n}\n"],
  ["TypeScript", "for (const x of xs)", "E0144", "for x in xs", "fn main() {\n    let xs = [1, 2]\n    for (const x of xs) {\n        println(x)\n    }\n}\n"],
  ["TypeScript", "(x) => x * 2", "E0145", "|x| x * 2", "import std.array\n\nfn main() {\n    let ys = array.map([1, 2], (x) => x * 2)\n    println(len(ys))\n}\n"],
  ["TypeScript, Java", "console.log(x), System.out.println(x)", "E0200", "println(\"text {value}\")", "fn main() {\n    console.log(\"hi\")\n}\n"],
  ["TypeScript", "s.length", "E0400", "len(s)", "fn main() {\n    let s = \"abc\"\n    println(s.length)\n}\n"],
  ["TypeScript", "let n: number", "E0206", "i64", "fn main() {\n    let n: number = 1\n    println(n)\n}\n"],
  ["TypeScript", "this.x", "E0200", "self", "struct P { x: i64 }\nimpl P {\n    fn get(self) -> i64 {\n        this.x\n    }\n}\nfn main() {\n    println(P { x: 1 }.get())\n}\n"],
  ["TypeScript", "interface Shape { ... }, class P { ... }", "E0128", "struct P { ... }", "class P {\n    x: i64\n}\nfn main() {\n    println(1)\n}\n"],
  ["TypeScript, Python", "\"n = \" + n", "E0301", "\"text {value}\"", "fn main() {\n    let n = 3\n    println(\"n = \" + n)\n}\n"],
  ["TypeScript, C, Go", "switch x { case 1: ... }", "E0136", "match x { 1 => ..., _ => ... }", "fn main() {\n    let x = 1\n    switch x {\n        case 1:\n            println(1)\n    }\n}\n"],
  ["TypeScript, Python, Kotlin, Swift", "try { ... } catch (e) { ... }", "E0137", "Result<T, E>", "fn main() {\n    try {\n        println(1)\n    } catch (e) {\n        println(\"failed\")\n    }\n}\n"],
  ["TypeScript, Kotlin", "throw new Error(\"...\")", "E0137", "Err(e)", "fn main() {\n    throw new Error(\"bad\")\n    println(1)\n}\n"],
  ["TypeScript, Python", "x ** 2", "E0135", "math.pow(x, y)", "fn main() {\n    let x = 3.0\n    println(x ** 2.0)\n}\n"],
  ["TypeScript", "`a = ${a}`", "E0148", "\"a = {a}\"", "fn main() {\n    let a = 1\n    println(`a = ${a}`)\n}\n"],
  // Python
  ["Python", "a and b, not a", "E0111", "&&", "fn main() {\n    let a = true\n    let b = false\n    println(a and b)\n}\n"],
  ["Python", "True, False", "E0200", "true", "fn main() {\n    let a = True\n    println(a)\n}\n"],
  ["Python", "def f(x):", "E0129", "fn twice(...) { ... }", "def twice(x):\n    return x * 2\n\nfn main() {\n    println(twice(2))\n}\n"],
  ["Python", "lambda x: x * 2", "E0145", "|x| x * 2", "import std.array\n\nfn main() {\n    let ys = array.map([1, 2], lambda x: x * 2)\n    println(len(ys))\n}\n"],
  ["Python", "# comment", "E0146", "//", "# the answer\nfn main() {\n    println(42)\n}\n"],
  ["Python", "f\"a = {a}\"", "E0148", "\"a = {a}\"", "fn main() {\n    let a = 1\n    println(f\"a = {a}\")\n}\n"],
  ["Python", "elif", "E0132", "else if", "fn main() {\n    let x = 1\n    if x > 1 {\n        println(1)\n    } elif x > 0 {\n        println(2)\n    }\n}\n"],
  ["Python", "for i in range(n)", "E0204", "for i in 0..n", "fn main() {\n    for i in range(3) {\n        println(i)\n    }\n}\n"],
  ["Python, Rust", "o == None, o is None", "E0312", "option.is_none(o)", "fn main() {\n    let o: i64? = None\n    if o == None {\n        println(1)\n    }\n}\n"],
  ["Python", "for x in xs: (an indented body)", "E0155", "'{ ... }'", "fn main() {\n    let xs = [1, 2]\n    for x in xs:\n        println(x)\n    if len(xs) > 1:\n        println(\"many\")\n    else:\n        println(\"few\")\n}\n"],
  ["Python", "if x in xs", "E0156", "array.contains(xs, x)", "fn main() {\n    let xs = [1, 2]\n    if 1 in xs {\n        println(1)\n    }\n}\n"],
  ["Python", "len(xs)", "", "accepted: `len` is a prelude function", "fn main() {\n    let xs = [1, 2]\n    println(len(xs))\n}\n"],
  // Swift and Kotlin
  ["Kotlin", "val x = 1", "E0131", "let x = ...", "fn main() {\n    val x = 1\n    println(x)\n}\n"],
  ["Kotlin", "when (x) { 1 -> ... else -> ... }", "E0136", "match x { 1 => ..., _ => ... }", "fn main() {\n    let x = 2\n    let name = when (x) {\n        1 -> \"one\"\n        else -> \"many\"\n    }\n    println(name)\n}\n"],
  ["Kotlin", "1 -> a, else -> b (arms)", "E0154", "'pattern => value'", "fn main() {\n    let x = 1\n    match x {\n        1 -> println(\"one\")\n        else -> println(\"other\")\n    }\n}\n"],
  ["Kotlin", "for (x in xs)", "E0144", "for x in xs", "fn main() {\n    let xs = [1, 2]\n    for (x in xs) {\n        println(x)\n    }\n}\n"],
  ["Kotlin", "for (i in 0 until n)", "E0144", "for i in 0..n", "fn main() {\n    for (i in 0 until 3) {\n        println(i)\n    }\n}\n"],
  ["Kotlin", "0 until n", "E0153", "0..n", "fn main() {\n    let n = 3\n    for i in 0 until n {\n        println(i)\n    }\n}\n"],
  ["Swift", "0..<n", "E0153", "0..n", "fn main() {\n    for i in 0..<3 {\n        println(i)\n    }\n}\n"],
  ["Swift", "\"a = \\(a)\"", "E0148", "\"a = {a}\"", "fn main() {\n    let a = 1\n    println(\"a = \\(a)\")\n}\n"],
  ["Kotlin", "fun f(x: Int): Int", "E0129", "fn", "fun twice(x: i64): i64 {\n    return x * 2\n}\nfn main() {\n    println(twice(2))\n}\n"],
  ["Swift", "o!", "E0138", "match o { Some(v) => v, None => panic(\"...\") }", "fn main() {\n    let o: i64? = Some(1)\n    let x = o!\n    println(x)\n}\n"],
  ["Kotlin", "o!!", "E0138", "match o { Some(v) => v, None => panic(\"...\") }", "fn main() {\n    let o: i64? = Some(1)\n    println(o!! + 1)\n}\n"],
  ["Swift", "fn f(var xs: [i64]), inout", "E0140", "return the new one", "fn fill(var xs: [i64]) {\n    xs.push(1)\n}\nfn main() {\n    var xs: [i64] = []\n    fill(xs)\n    println(len(xs))\n}\n"],
  ["Swift", "guard let x = o else { return 0 }", "E0152", "None => return", "fn first(o: i64?) -> i64 {\n    guard let x = o else { return 0 }\n    x + 1\n}\nfn main() {\n    println(first(Some(1)))\n}\n"],
  ["Swift", "func f(x: Int) -> Int", "E0129", "fn", "func twice(x: i64) -> i64 {\n    return x * 2\n}\nfn main() {\n    println(twice(2))\n}\n"],
  ["Kotlin, Swift", "fn f(x: i64): i64", "E0130", "-> T", "fn twice(x: i64): i64 {\n    x * 2\n}\nfn main() {\n    println(twice(2))\n}\n"],
  ["Swift, Kotlin", "let s: String", "E0206", "str", "fn main() {\n    let s: String = \"a\"\n    println(s)\n}\n"],
];
