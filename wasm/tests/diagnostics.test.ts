import { describe, expect, it } from "vitest";
import { diagnostics, pith } from "./compiler";

const at = (list: { line: number; col: number; message: string }[]) =>
  list.map((d) => `${d.line}:${d.col}: ${d.message}`);

describe("compiler diagnostics", () => {
  it("version answers 'pith <version>' with exit 0", async () => {
    const r = await pith(["version"]);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/^pith \d+\.\d+\.\d+\n$/);
  });

  it("usage errors exit 2", async () => {
    expect((await pith([])).exitCode).toBe(2);
    expect((await pith(["frobnicate"])).exitCode).toBe(2);
    expect((await pith(["build", "main.pith"], "fn main() {}")).exitCode).toBe(2);
  });

  it("human diagnostics show file:line:col, the source line and a caret", async () => {
    const r = await pith(["check", "main.pith"], 'fn main() {\n    let x: i64 = "no"\n}\n');
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain(
      'main.pith:2:18: error: expected i64, found str\n      let x: i64 = "no"\n                   ^~~~\n',
    );
  });

  it("JSON diagnostics carry start and end positions and the code of the table in protocol/diagnostics", async () => {
    const [d] = await diagnostics("fn main() {\n    println(nope)\n}\n");
    expect(d).toEqual({
      file: "main.pith",
      line: 2,
      col: 13,
      end_line: 2,
      end_col: 17,
      severity: "error",
      code: "E0200",
      message: "unknown name 'nope'",
    });
  });

  it("the lexer reports bad characters, escapes and unterminated strings", async () => {
    const list = at(await diagnostics('fn main() {\n    let a = 1 $ 2\n    let b = "\\q"\n    let c = "open\n}\n'));
    expect(list).toContain("2:15: unexpected character '$'");
    expect(list).toContain("3:14: unknown escape sequence");
    expect(list).toContain("4:13: unterminated string literal");
  });

  it("a statement misplaced in a match arm is reported where it is, not as a non-exhaustive match", async () => {
    const list = at(
      await diagnostics(
        'fn main() {\n    let c = 3\n    match c {\n        1 => let x = 2,\n        2 => println("two"),\n    }\n}\n',
      ),
    );
    expect(list).toContain(
      "4:14: a declaration cannot be a match arm by itself; put statements in a block: '=> { let ... }'",
    );
    expect(list.some((d) => d.includes("not exhaustive"))).toBe(false);
  });

  it("habits from other languages get one error each, with no cascade after them", async () => {
    const src = [
      "enum Shape { Circle(f64), Tri { a: f64, b: f64 } }",
      "fn twice(n) -> i64 { n * 2 }",
      "fn main() {",
      "    var x = 5",
      '    println("x is {}")',
      "    x++",
      '    if x = 6 || x == 7 { println("six") }',
      '    let s = "n = " + x',
      "    let ok: bool = 1",
      "}",
    ].join("\n");
    expect(at(await diagnostics(src))).toEqual([
      "1:31: a variant's payload is written as a tuple, without field names: Tri(f64, f64)",
      "2:11: expected ':' and the parameter type, found ')'",
      "5:19: an interpolation needs an expression between '{' and '}' ('{x}'); write '\\{' for a literal '{'",
      "6:6: Pith has no '++': write 'x += 1'",
      "7:10: '=' assigns a value; use '==' to compare",
      "8:13: '+' needs both sides of the same type, found str and i64; put the value into the string instead: \"text {value}\"",
      "9:20: expected bool, found i64",
    ]);
  });

  it("names from other languages say how Pith writes them", async () => {
    const src = [
      "fn main() {",
      "    for i in range(3) { println(i) }",
      "    let n = null",
      "    let xs = [1, 2]",
      "    println(xs.length())",
      '    let s: String = "a"',
      "    var total = 0",
      "    for (i = 0; i < 3; i += 1) { total += i }",
      "    for (k, v) in [(1, 2)] { total += k * v }",
      "    let a = \"x\"[0] == 'x' and not true or false",
      "    let not = 1",
      "    println(not)",
      "}",
    ].join("\n");
    expect(at(await diagnostics(src))).toEqual([
      "2:14: unknown function 'range'; a range is written 'for i in 0..n' (or '0..=n' to include n)",
      "3:13: unknown name 'null'; Pith has no null: a value that may be missing has type 'T?' and is None or Some(x)",
      "5:16: type [i64] has no method 'length'; the length is len(x)",
      "6:12: unknown type 'String'; the string type is str (a byte of one is u8)",
      "8:9: C-style 'for' loops are not supported: write 'for i in 0..n' (or a 'while' loop)",
      "10:23: Pith has no character literals: a string's bytes are u8 values, so write 'x' as 120 (or use the string \"x\")",
      "10:27: write '&&' for 'and'",
      "10:31: write '!' for 'not'",
      "10:40: write '||' for 'or'",
    ]);
  });

  it("the habits' recovery survives them cut short or malformed: exit 1 with diagnostics, never a crash", async () => {
    const shapes = [
      "fn main() { let c = '",
      "fn main() { let c = '' }",
      "fn main() { let c = 'ab' }",
      "fn main() { let c = 'é",
      "fn main() { for (",
      "fn main() { for (let",
      "fn main() { for (i = 0; i < 3",
      "fn main() { let x = not",
      "fn main() { let x = true and",
      'fn main() { println("{"{}"}") }',
      "fn main() { let x = 1 or }",
      "enum E { A {",
      "enum E { A { x: }",
      "enum E { A { : i64 } }",
      "fn f(x",
      "fn main() { if x = }",
      "fn main() { x+++ }",
      'fn main() { let s = "{}',
      'fn main() { let s = "{" }',
    ];
    for (const source of shapes) {
      const r = await pith(["check", "main.pith"], source);
      expect(r.exitCode, `${source}\n${r.stderr}`).toBe(1);
      expect(r.stderr).toContain("main.pith:1:");
    }
  });

  it("a string left open inside an interpolation ends there, so the lines after it are checked as code", async () => {
    const src = 'fn main() {\n    let x = 1\n    println("{x")\n    let y: bool = 2\n}\n';
    const list = at(await diagnostics(src));
    expect(list).toContain("3:16: unterminated string literal");
    expect(list).toContain("4:19: expected bool, found i64");
    expect(list.some((d) => d.startsWith("6:"))).toBe(false);
  });

  it("the parser recovers and reports several syntax errors in one run", async () => {
    const list = await diagnostics("fn main() {\n    let = 5\n    foo(1,\n}\nfn other( {\n}\nfn last() { let y = }\n");
    expect(list.length).toBeGreaterThanOrEqual(3);
    expect(new Set(list.map((d) => d.line)).size).toBeGreaterThanOrEqual(3);
  });

  it("the checker reports type errors with their positions", async () => {
    const src = [
      "struct P { x: i64 }",
      "enum C { R, G }",
      "fn f(a: i64) -> i64 { a }",
      "fn main() {",
      "    let p = P { x: 1 }",
      "    println(p.y)",
      "    println(f(1, 2))",
      "    let c = C.R",
      "    match c { C.R => println(1) }",
      "    p.x = 2",
      "    println(true + false)",
      "}",
    ].join("\n");
    const list = at(await diagnostics(src));
    expect(list).toContain("6:15: type P has no field 'y'");
    expect(list).toContain("7:13: 'f' takes 1 argument, found 2");
    expect(list).toContain("9:5: match is not exhaustive: missing C.G");
    expect(list.some((d) => d.startsWith("10:5: cannot assign to 'p'"))).toBe(true);
    expect(list).toContain("11:13: operator '+' cannot be applied to bool");
  });

  it("constructs that are not implemented yet get a clear diagnostic, not a crash", async () => {
    const list = at(
      await diagnostics(
        "struct B<T> { x: T }\nimpl B<T> {\n    fn pick<U>(self, u: U) -> U { u }\n}\nfn main() {\n    let b: B<i64> = B { x: 1 }\n    println(b.pick(2))\n}\n",
      ),
    );
    expect(list).toContain("3:8: generic methods of generic types are not supported yet");
  });

  it("a generic method of a plain type is instantiated per use", async () => {
    const src =
      'struct P { x: i64 }\nimpl P {\n    fn pick<T>(self, t: T) -> T { t }\n}\nfn main() {\n    let p = P { x: 1 }\n    println(p.pick(2))\n    println(p.pick("s"))\n}\n';
    expect(await diagnostics(src)).toEqual([]);
  });

  it("a program without main is an error", async () => {
    expect(at(await diagnostics("fn helper() {}\n"))).toContain("1:1: no 'main' function");
  });
});
