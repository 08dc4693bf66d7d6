// `import util`: the program's own files as modules, read beside the entry
// file. Modules importing modules (once each, cycles too), and every way an
// import of a file can be wrong, each with a message that says what to do.
import { describe, expect, it } from "vitest";
import { diagnostics, pith, run } from "./compiler";

const MAIN = 'import a\n\nfn main() {\n    println("{a.f()} {a.TEN}")\n}\n';

describe("modules of the program's own files", () => {
  it("loads modules that import modules, each once, cycles included", async () => {
    const modules = {
      "a.pith":
        "import b\n\nconst TEN: i64 = 10\n\nfn f() -> i64 {\n    b.g() + 1\n}\n\nfn back() -> i64 {\n    2\n}\n",
      "b.pith": "import a\n\nfn g() -> i64 {\n    a.back() * 20\n}\n",
    };
    const r = await run(MAIN, "", "-O2", modules);
    expect(r.stderr).toBe("");
    expect(r.stdout).toBe("41 10\n");
  });

  it("reports an error in a module with the module's file name, even in a function nobody calls", async () => {
    const r = await pith(["check", "main.pith"], MAIN, "main.pith", {
      "a.pith": "const TEN: i64 = 10\n\nfn f() -> i64 {\n    1\n}\n\nfn unused() -> str {\n    42\n}\n",
    });
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/^a\.pith:8:5: error: expected str, found i64/);
  });

  it("names the missing file, refuses a file named like a standard module, and the entry importing itself", async () => {
    const missing = await pith(["check", "main.pith"], MAIN);
    expect(missing.stderr).toContain(
      "main.pith:1:1: error: unknown module 'a': there is no file a.pith beside main.pith (standard modules are imported as std.name)",
    );
    const shadow = await pith(
      ["check", "main.pith"],
      'import math\n\nfn main() {\n    println("{math.sqrt(4.0)}")\n}\n',
      "main.pith",
      {
        "math.pith": "fn sqrt(x: f64) -> f64 {\n    x\n}\n",
      },
    );
    expect(shadow.stderr).toContain(
      "unknown module 'math': the standard module is imported as std.math (a file of the program cannot be named math.pith)",
    );
    const itself = await pith(["check", "main.pith"], "import main\n\nfn main() {\n}\n");
    expect(itself.stderr).toContain("unknown module 'main': a program cannot import its own entry file");
  });

  it("two files declaring one struct or enum name: one error naming both places, none at their uses", async () => {
    const main = [
      "import geo",
      "enum Color { Red, Blue(i64) }",
      "struct Point { x: i64, y: i64 }",
      "impl Point {",
      "    fn new() -> Point { Point { x: 0, y: 0 } }",
      "}",
      "fn main() {",
      "    let p = Point.new()",
      "    println(p.x + Point { x: 1, y: 2 }.y)",
      "    match Color.Blue(3) {",
      "        Color.Red => println(1),",
      "        Color.Blue(n) => println(n),",
      "    }",
      "    println(geo.origin().lat)",
      "}",
    ].join("\n");
    const geo = [
      "enum Color { Green }",
      "struct Point { lat: f64, lon: f64 }",
      "impl Point {",
      "    fn new() -> Point { Point { lat: 0.0, lon: 0.0 } }",
      "}",
      "fn origin() -> Point {",
      "    Point { lat: 0.0, lon: Color.Green }",
      "}",
    ].join("\n");
    const list = await diagnostics(main, { "geo.pith": geo });
    const shared = "every file of a program shares its struct and enum names: rename one of them";
    expect(list.map((d) => `${d.code} ${d.file}:${d.line}:${d.col}: ${d.message}`)).toEqual([
      `E0207 geo.pith:1:6: type 'Color' is already defined (first at main.pith:2:6); ${shared}`,
      `E0207 geo.pith:2:8: type 'Point' is already defined (first at main.pith:3:8); ${shared}`,
    ]);
  });
});
