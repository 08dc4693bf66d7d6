// A panic raised inside the standard library names the user's call, not the
// library's line (semantics.md §10): the position of the innermost call in
// the user's code that led into the library.
import { describe, expect, it } from "vitest";
import { run } from "./compiler";

/** The program's panic line, for a body of `main` whose last line panics. */
async function panicOf(imports: string[], body: string[], opt = "-O2"): Promise<string> {
  const src = [...imports.map((m) => `import std.${m}`), "fn main() {", ...body.map((l) => `    ${l}`), "}", ""].join(
    "\n",
  );
  const r = await run(src, "", opt);
  expect(r.exitCode).toBe(101);
  return r.stderr;
}

describe("panics in library functions name the user's call", () => {
  it("fmt.fixed and fmt.exp with negative digits", async () => {
    // Line 3 is the first line of main's body (after one import and `fn main`).
    expect(await panicOf(["fmt"], ['println("start")', "let s = fmt.fixed(1.0, -1)", "println(s)"])).toBe(
      "panic: fmt.fixed: digits must be 0 or more, got -1 at main.pith:4:17\n",
    );
    expect(await panicOf(["fmt"], ["let n = -2", "println(fmt.exp(1.0, n))"])).toBe(
      "panic: fmt.exp: digits must be 0 or more, got -2 at main.pith:4:17\n",
    );
  });

  it("random.range and range_inclusive on an empty range: the method name of the user's call", async () => {
    for (const opt of ["-O0", "-O2"]) {
      expect(await panicOf(["random"], ["var r = random.new(1)", "let x = r.range(5, 5)", "println(x)"], opt)).toBe(
        "panic: assertion failed: random range is empty at main.pith:4:15\n",
      );
    }
    // range_inclusive calls range inside the library: still the user's line.
    expect(await panicOf(["random"], ["var r = random.new(1)", "println(r.range_inclusive(3, 2))"])).toBe(
      "panic: assertion failed: random range is empty at main.pith:4:15\n",
    );
  });

  it("decimal.nearest with bad digits, and a library call inside another call's argument", async () => {
    expect(await panicOf(["decimal"], ['let d = decimal.nearest("", 0, 1.0)', "println(d)"])).toBe(
      "panic: decimal.nearest: digits must be ASCII digits, got '' at main.pith:3:21\n",
    );
    // The argument's call runs first and succeeds; the outer call is the one that panics.
    expect(await panicOf(["fmt", "str"], ['println(fmt.fixed(2.5, str.char_count("ab") - 3))'])).toBe(
      "panic: fmt.fixed: digits must be 0 or more, got -1 at main.pith:4:17\n",
    );
  });

  it("a library call from a closure the library runs: the closure's line", async () => {
    const inner = await panicOf(
      ["array", "fmt"],
      ["let xs = [1, 2]", "let ys = array.map(xs, |d: i64| fmt.fixed(1.0, d - 2))", "println(len(ys))"],
    );
    expect(inner).toBe("panic: fmt.fixed: digits must be 0 or more, got -1 at main.pith:5:41\n");
  });

  it("a user module's call into the library names the module's file", async () => {
    const util = "import std.fmt\nfn show(x: f64) -> str {\n    fmt.fixed(x, -3)\n}\n";
    const r = await run("import util\nfn main() {\n    println(util.show(1.0))\n}\n", "", "-O2", { "util.pith": util });
    expect(r.stderr).toBe("panic: fmt.fixed: digits must be 0 or more, got -3 at util.pith:3:9\n");
  });
});
