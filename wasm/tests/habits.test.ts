// Habits from Rust, Swift and JavaScript that a newcomer writes on day one:
// each gets exactly one diagnostic, with its code and the Pith spelling,
// and nothing after it reports again (the rows of semantics.md §11).
import { describe, expect, it } from "vitest";
import { diagnostics, run } from "./compiler";

const one = async (source: string) =>
  (await diagnostics(source)).map((d) => `${d.code} ${d.line}:${d.col}: ${d.message}`);

describe("habits from other languages", () => {
  it("`&str` as a parameter type: one error, the function still has its body", async () => {
    expect(await one('fn show(s: &str) {\n    println(s)\n}\nfn main() {\n    show("a")\n}\n')).toEqual([
      "E0113 1:12: Pith has no references: values are copied; write the type without '&' ('str' for '&str')",
    ]);
    expect(
      await one("fn total(xs: &mut [i64]) -> i64 {\n    len(xs)\n}\nfn main() {\n    println(total([1]))\n}\n"),
    ).toEqual([
      "E0113 1:14: Pith has no references: values are copied; a function cannot change its caller's variable through '&mut': return the new value ('-> T') and assign it",
    ]);
  });

  it("`&self` and `&mut self`: one error each, the method is still a method", async () => {
    const src = [
      "struct P { x: i64 }",
      "impl P {",
      "    fn get(&self) -> i64 {",
      "        self.x",
      "    }",
      "    fn bump(&mut self) {",
      "        self.x += 1",
      "    }",
      "}",
      "fn main() {",
      "    var p = P { x: 1 }",
      "    p.bump()",
      "    println(p.get())",
      "}",
    ].join("\n");
    expect(await one(src)).toEqual([
      "E0113 3:12: Pith has no references: values are copied; write 'self' (or 'var self' for a method that changes its receiver)",
      "E0113 6:13: Pith has no references: values are copied; write 'var self' for a method that changes its receiver",
    ]);
  });

  it("`Ok(())` as a pattern matches a Result<(), E> and runs", async () => {
    const src =
      'fn f(fail: bool) -> Result<(), str> {\n    if fail { Err("no") } else { Ok(()) }\n}\nfn main() {\n    match f(false) {\n        Ok(()) => println("ok"),\n        Err(e) => println(e),\n    }\n    match f(true) {\n        Ok(()) => println("ok"),\n        Err(e) => println(e),\n    }\n}\n';
    expect(await one(src)).toEqual([]);
    expect(await run(src)).toEqual({ stdout: "ok\nno\n", stderr: "", exitCode: 0, live: 0 });
  });

  it("`o ?? 1`: one error with the match to write", async () => {
    expect(await one("fn main() {\n    let o: i64? = None\n    let x = o ?? 1\n    println(x)\n}\n")).toEqual([
      "E0124 3:15: Pith has no '??': write 'option.unwrap_or(o, fallback)' with 'import std.option' ('result.unwrap_or' for a Result)",
    ]);
  });

  it("the function the `??` error names: option.unwrap_or(_else) and result.unwrap_or(_else) run", async () => {
    const src = [
      "import std.option",
      "import std.result",
      "import std.str",
      "fn main() {",
      "    let none: i64? = None",
      "    let some: i64? = Some(4)",
      '    println("{option.unwrap_or(none, 1)} {option.unwrap_or(some, 1)}")',
      "    let a = option.unwrap_or_else(some, || 9)",
      "    let b = option.unwrap_or_else(none, || 9)",
      '    println("{a} {b}")',
      '    let bad = str.parse_int("x1")',
      '    let good = str.parse_int("12")',
      '    println("{result.unwrap_or(bad, -1)} {result.unwrap_or(good, -1)}")',
      '    let name: Result<str, str> = Err("no such user")',
      '    println(result.unwrap_or_else(name, |e: str| "<{len(e)}>"))',
      "}",
    ].join("\n");
    expect(await one(src)).toEqual([]);
    expect(await run(src)).toEqual({ stdout: "1 4\n4 9\n-1 12\n<12>\n", stderr: "", exitCode: 0, live: 0 });
  });

  it("`if let Some(x) = o {} else {}`: one error, and the body is checked with x bound", async () => {
    const src =
      'fn main() {\n    let o: i64? = Some(2)\n    if let Some(x) = o {\n        println(x + 1)\n    } else {\n        println("none")\n    }\n}\n';
    expect(await one(src)).toEqual([
      "E0123 3:5: Pith has no 'if let': match on the value, 'match o { Some(x) => { ... }, _ => {} }'",
    ]);
    // A real error in the body is still found.
    const inBody =
      'fn main() {\n    let o: i64? = Some(2)\n    if let Some(x) = o {\n        println(x + "s")\n    }\n}\n';
    expect((await one(inBody)).map((d) => d.slice(0, 5))).toEqual(["E0123", "E0301"]);
  });

  it("`vec![1, 2, 3]`: the macro message with the array to write, then the array is used as one", async () => {
    expect(await one("fn main() {\n    let v = vec![1, 2, 3]\n    println(len(v))\n}\n")).toEqual([
      "E0115 2:13: macros are not supported: an array is written '[1, 2, 3]', without 'vec!'",
    ]);
  });

  it("an array constant of constants: indexed, iterated, passed, each use the same array", async () => {
    const src = [
      'const WEEKDAYS: [str] = ["Mon", "Tue", "Wed"]',
      "const BASE: i64 = 10",
      "const STEPS: [i64] = [BASE, BASE * 2, -1]",
      "const ZEROS: [i64] = [0; 3]",
      "fn total(xs: [i64]) -> i64 {",
      "    var s = 0",
      "    for x in xs {",
      "        s += x",
      "    }",
      "    s",
      "}",
      "fn main() {",
      "    println(WEEKDAYS[1])",
      "    var days = WEEKDAYS",
      '    days[0] = "Sun"',
      '    println("{days[0]} {WEEKDAYS[0]} {len(WEEKDAYS)}")',
      '    println("{total(STEPS)} {total(ZEROS)} {len(ZEROS)}")',
      "    for d in WEEKDAYS {",
      "        print(d)",
      "    }",
      '    println("")',
      "}",
    ].join("\n");
    expect(await one(src)).toEqual([]);
    expect(await run(src)).toEqual({ stdout: "Tue\nSun Mon 3\n29 0 3\nMonTueWed\n", stderr: "", exitCode: 0, live: 0 });
  });

  it("constants that are not arrays of constants: one error saying what a constant holds", async () => {
    expect(await one("const ORIGIN: (i64, i64) = (0, 0)\nfn main() {\n    println(ORIGIN.0)\n}\n")).toEqual([
      "E0211 1:28: a constant must be a number, bool or str, or an array literal of them, not (i64, i64); return the value from a function instead: 'fn origin() -> (i64, i64) { ... }'",
    ]);
    expect(
      await one("fn two() -> i64 {\n    2\n}\nconst XS: [i64] = [1, two()]\nfn main() {\n    println(XS[0])\n}\n"),
    ).toEqual(["E0211 4:23: a constant array's elements must be computed from literals and other constants"]);
    expect(await one("const XS: [i64] = [1, 2]\nfn main() {\n    XS[0] = 5\n    println(XS[0])\n}\n")).toEqual([
      "E0702 3:5: cannot assign to 'XS'",
    ]);
  });

  it("`{{` and `}}` in a string: one error per string, read as the braces meant; `\\{` prints a brace", async () => {
    expect(await one('fn main() {\n    let a = 1\n    println("{{a}} = {a}, {{b}}")\n}\n')).toEqual([
      "E0139 3:14: a literal brace in a string is written '\\{' (and '}' needs no escape), not '{{' and '}}'",
    ]);
    const fixed = 'fn main() {\n    let a = 1\n    println("\\{a} = {a}, }")\n}\n';
    expect(await one(fixed)).toEqual([]);
    expect((await run(fixed)).stdout).toBe("{a} = 1, }\n");
  });

  it("Python's `def` with an indented body and JavaScript's untyped `function`: one error, calls check clean", async () => {
    const python =
      "def area(w, h):\n    if w > h:\n        return w * h\n    return 0\n\nfn main() {\n    println(area(2, 3) + 1)\n}\n";
    expect(await one(python)).toEqual([
      "E0129 1:1: functions are declared with 'fn', with the body in braces: 'fn area(...) { ... }'",
    ]);
    expect(await one("function add(a, b) {\n    return a + b\n}\nfn main() {\n    println(add(1, 2))\n}\n")).toEqual([
      "E0129 1:1: functions are declared with 'fn': 'fn add(...)'",
    ]);
  });

  it("`new P { ... }` reads the literal after the one error; `defer` checks what it defers", async () => {
    expect(await one("struct P { x: i64 }\nfn main() {\n    let p = new P { x: 1 }\n    println(p.x)\n}\n")).toEqual([
      "E0141 3:13: Pith has no 'new': a struct value is a literal, 'P { field: value }'",
    ]);
    expect(await one('fn main() {\n    defer println(nope)\n    println("hi")\n}\n')).toEqual([
      "E0142 2:5: Pith has no 'defer': write the clean-up where the function ends, before each 'return'",
      "E0200 2:19: unknown name 'nope'",
    ]);
  });

  it("`|x| total += x`: the closure-capture error, not a parse error", async () => {
    expect(
      await one(
        "fn main() {\n    var total = 0\n    let add = |x: i64| total += x\n    add(2)\n    println(total)\n}\n",
      ),
    ).toEqual(["E0701 3:24: cannot assign to 'total': a closure captures variables by value and cannot change them"]);
  });

  it("a u64 literal in an untyped array: the error says where the type goes", async () => {
    const found = await one("fn main() {\n    let xs = [2, 18446744073709551557]\n    println(len(xs))\n}\n");
    expect(found).toEqual([
      "E0308 2:18: integer literal 18446744073709551557 does not fit in i64; for a u64, give the type: 'let n: u64 = ...', or 'let xs: [u64] = [...]' for an array",
    ]);
    expect(await one("fn main() {\n    let xs: [u64] = [2, 18446744073709551557]\n    println(xs[1])\n}\n")).toEqual(
      [],
    );
  });

  it('a `{` before an escape in a string (`"f() {\\n"`): one error at the brace, read as text', async () => {
    const src = 'fn main() {\n    let src = "int main() {\\n  return 0;\\n}\\n"\n    println(src)\n}\n';
    expect(await one(src)).toEqual([
      "E0121 2:27: an interpolation needs an expression between '{' and '}' ('{x}'); write '\\{' for a literal '{'",
    ]);
  });

  it("open-ended slices: one error each, read as the slice with both ends", async () => {
    const src =
      "fn main() {\n    let xs = [1, 2, 3]\n    let rest = xs[1..]\n    let head = xs[..2]\n    println(len(rest) + len(head))\n}\n";
    expect(await one(src)).toEqual([
      "E0143 3:20: a slice is written with both ends: 'xs[i..len(xs)]'",
      "E0143 4:19: a slice is written with both ends: 'xs[0..j]'",
    ]);
  });

  it("a guard in parentheses still ends at its `=>` (not an arrow function)", async () => {
    const src =
      'fn main() {\n    let n = 5\n    match n {\n        x if (x > 3) => println("big"),\n        _ => println("small"),\n    }\n}\n';
    expect(await one(src)).toEqual([]);
    expect((await run(src)).stdout).toBe("big\n");
  });

  it("an array of an unknown element type: one error, no mismatch after it", async () => {
    expect(await one("fn main() {\n    let xs: [usize] = [1]\n    println(len(xs))\n}\n")).toEqual([
      "E0206 2:14: unknown type 'usize'; lengths and indices are i64",
    ]);
  });

  it("`#` lines, attributes and f-strings are read past; the program's own errors still show", async () => {
    expect(
      await one(
        '# setup\n#[derive(Debug)]\nstruct P { x: i64 }\nfn main() {\n    println(f"{P { x: 1 }.x} {nope}")\n}\n',
      ),
    ).toEqual([
      "E0146 1:1: a comment starts with '//' ('#' starts one in Python and the shell)",
      "E0147 2:1: Pith has no attributes: remove '#[derive(Debug)]'",
      "E0148 5:13: strings interpolate without a prefix: drop the 'f', \"a = {a}\"",
      "E0200 5:31: unknown name 'nope'",
    ]);
  });

  it("a std module used without its import: the error names the import", async () => {
    expect(await one("fn main() {\n    println(math.sqrt(2.0))\n}\n")).toEqual([
      "E0200 2:13: unknown name 'math'; add 'import std.math' at the top of the file",
    ]);
  });
});
