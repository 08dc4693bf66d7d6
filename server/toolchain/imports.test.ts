import { describe, expect, it } from "vitest";
import { findImports } from "./imports";

describe("finding a program's imports", () => {
  it("reports each import with its position", () => {
    const source = "import std.math\n\n  import std.canvas\nfn main() {}\n";
    expect(findImports(source)).toEqual([
      { path: "std.math", line: 1, col: 1 },
      { path: "std.canvas", line: 3, col: 3 },
    ]);
  });

  it("ignores imports inside comments and strings", () => {
    const source = [
      "// import std.canvas",
      "/* outer /* import std.audio */ still a comment",
      "import std.http */",
      'fn main() { println("import std.canvas") }',
      "import std.str",
    ].join("\n");
    expect(findImports(source)).toEqual([{ path: "std.str", line: 5, col: 1 }]);
  });

  it("does not mistake an identifier that starts with import for an import", () => {
    expect(findImports("fn main() {\n  let imported = 1\n}\n")).toEqual([]);
  });
});
