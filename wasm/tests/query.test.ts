// The compiler's query mode (`pith query`), driven as every host drives it:
// compiler.wasm with a source file, a question and a position, JSON out.
// Programs mark the cursor with `‸`, which is removed before the query.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { QUERY_KINDS } from "../queryJson";
import { pith } from "./compiler";

const CURSOR = "‸";

interface Range {
  file: string;
  line: number;
  col: number;
  end_line: number;
  end_col: number;
}
interface Item {
  label: string;
  kind: string;
  detail: string;
  doc: string;
}

async function query(what: string, marked: string, extra: string[] = []) {
  const at = marked.indexOf(CURSOR);
  const source = marked.replace(CURSOR, "");
  const before = source.slice(0, Math.max(at, 0)).split("\n");
  const pos = at < 0 ? [] : ["--at", `${before.length}:${[...before[before.length - 1]].length + 1}`];
  const r = await pith(["query", "main.pith", what, ...pos, ...extra], source);
  expect(r.stderr).toBe("");
  expect(r.exitCode).toBe(0);
  return { answer: JSON.parse(r.stdout), source };
}

async function labels(marked: string): Promise<string[]> {
  const { answer } = await query("complete", marked);
  return (answer.items as Item[]).map((i) => i.label);
}

/** The text each range covers in the user's file. */
function texts(source: string, ranges: Range[]): string[] {
  const lines = source.split("\n");
  return ranges.map((r) => [...lines[r.line - 1]].slice(r.col - 1, r.end_col - 1).join(""));
}

const SHAPES = `import std.math

/// A point in the plane.
struct Point { x: f64, y: f64 }

impl Point {
  /// Distance from the origin.
  fn norm(self) -> f64 { math.sqrt(self.x * self.x + self.y * self.y) }
  fn scale(self, k: f64) -> Point { Point { x: self.x * k, y: self.y * k } }
}

enum Shape { Circle(f64), Square(f64), Empty }

/// Area of a shape.
fn area(s: Shape) -> f64 {
  match s {
    Shape.Circle(r) => math.PI * r * r,
    Shape.Square(a) => a * a,
    Shape.Empty => 0.0,
  }
}

fn main() {
  let p = Point { x: 3.0, y: 4.0 }
  let total = area(Shape.Circle(1.0)) + p.norm()
  println(total)
}
`;

function at(source: string, line: number, text: string): string {
  // Inserts the cursor after the first `text` on 1-based `line`.
  const lines = source.split("\n");
  const i = lines[line - 1].indexOf(text);
  if (i < 0) throw new Error(`'${text}' not on line ${line}`);
  lines[line - 1] = lines[line - 1].slice(0, i + text.length) + CURSOR + lines[line - 1].slice(i + text.length);
  return lines.join("\n");
}

function insertLine(source: string, after: number, text: string): string {
  const lines = source.split("\n");
  lines.splice(after, 0, text);
  return lines.join("\n");
}

describe("pith query complete", () => {
  it("after `math.` lists the module's functions with signatures and docs", async () => {
    const { answer } = await query("complete", insertLine(SHAPES, 26, `  let r = math.${CURSOR}`));
    const sqrt = (answer.items as Item[]).find((i) => i.label === "sqrt");
    expect(sqrt).toMatchObject({ kind: "function", detail: "fn sqrt(x: f64) -> f64" });
    expect(sqrt?.doc).toMatch(/square root/);
    expect((answer.items as Item[]).some((i) => i.label === "PI" && i.kind === "constant")).toBe(true);
    expect((answer.items as Item[]).some((i) => i.kind === "keyword")).toBe(false);
  });

  it("after `p.` lists exactly the struct's fields and methods, even with the name missing", async () => {
    const got = await labels(insertLine(SHAPES, 26, `  let q = p.${CURSOR}`));
    expect(got.sort()).toEqual(["norm", "scale", "x", "y"]);
  });

  it("after `Shape.` lists the enum's variants", async () => {
    const got = await labels(insertLine(SHAPES, 26, `  let s = Shape.${CURSOR}`));
    expect(got.sort()).toEqual(["Circle", "Empty", "Square"]);
  });

  it("inside a function offers its locals and parameters, functions, types and keywords from the lexer", async () => {
    const { answer } = await query("complete", insertLine(SHAPES, 26, `  let z = to${CURSOR}`));
    const items = answer.items as Item[];
    const names = items.map((i) => i.label);
    expect(names).toEqual(
      expect.arrayContaining(["p", "total", "area", "main", "Point", "Shape", "math", "println", "match", "fn"]),
    );
    expect(items.find((i) => i.label === "total")).toMatchObject({ kind: "local", detail: "let total: f64" });
    // Locals of other functions are not in scope.
    expect(names).not.toContain("r");
    expect(names).not.toContain("k");
    const inArea = await labels(at(SHAPES, 16, "match "));
    expect(inArea).toContain("s");
    expect(inArea).not.toContain("p");
  });

  it("still completes in a file with a type error elsewhere", async () => {
    const broken = SHAPES.replace("let total = area", 'let wrong: i64 = "text"\n  let total = area');
    const got = await labels(insertLine(broken, 27, `  let q = p.${CURSOR}`));
    expect(got.sort()).toEqual(["norm", "scale", "x", "y"]);
  });
});

describe("pith query signature, hover, definition", () => {
  it("signature help shows the call's parameters and the one being typed", async () => {
    const { answer } = await query("signature", insertLine(SHAPES, 26, `  let w = p.scale(${CURSOR}`));
    expect(answer).toMatchObject({ label: "fn scale(self, k: f64) -> Point", params: ["k: f64"], active: 0 });
    const two = await query("signature", insertLine(SHAPES, 26, `  let w = math.pow(2.0, ${CURSOR}`));
    expect(two.answer.label).toMatch(/^fn pow\(/);
    expect(two.answer.active).toBe(1);
  });

  it("hover over a local shows its inferred type; over a call the function's signature and doc", async () => {
    const local = await query("hover", at(SHAPES, 25, "let to"));
    expect(local.answer).toMatchObject({ kind: "local", signature: "let total: f64" });
    const fn = await query("hover", at(SHAPES, 25, "ar"));
    expect(fn.answer).toMatchObject({
      kind: "function",
      signature: "fn area(s: Shape) -> f64",
      doc: "Area of a shape.",
    });
    const param = await query("hover", at(SHAPES, 18, "Shape.Square(a) => a"));
    expect(param.answer.signature).toBe("a: f64");
    const self = await query("hover", at(SHAPES, 8, "math.sqrt(se"));
    expect(self.answer).toMatchObject({ kind: "parameter", signature: "self: Point" });
    const field = await query("hover", at(SHAPES, 8, "math.sqrt(self.x"));
    expect(field.answer).toMatchObject({ kind: "field", signature: "x: f64", type: "f64" });
  });

  it("go to definition follows a call to the function, a field to its struct, a stdlib call into the module", async () => {
    const call = await query("definition", at(SHAPES, 25, "ar"));
    expect(call.answer).toEqual([{ file: "main.pith", line: 15, col: 4, end_line: 15, end_col: 8 }]);
    const field = await query("definition", at(SHAPES, 8, "self.x"));
    expect(field.answer[0]).toMatchObject({ file: "main.pith", line: 4, col: 16 });
    const std = await query("definition", at(SHAPES, 8, "math.sq"));
    // The line of `fn sqrt` in lang/stdlib/math.pith, wherever its doc comment puts it.
    const mathSource = readFileSync(new URL("../../lang/stdlib/math.pith", import.meta.url), "utf8");
    const sqrtLine = mathSource.split("\n").findIndex((l) => l.startsWith("fn sqrt(")) + 1;
    expect(std.answer[0]).toMatchObject({ file: "std/math.pith", line: sqrtLine, col: 4 });
    const variant = await query("definition", at(SHAPES, 17, "Shape.Ci"));
    expect(variant.answer[0]).toMatchObject({ file: "main.pith", line: 12, col: 14 });
  });
});

describe("pith query references and rename", () => {
  it("find references lists the declaration and every use", async () => {
    const { answer, source } = await query("references", at(SHAPES, 4, "struct Po"));
    expect(texts(source, answer)).toEqual(["Point", "Point", "Point", "Point", "Point"]);
    expect((answer as Range[]).map((r) => r.line)).toEqual([4, 6, 9, 9, 24]);
  });

  it("rename changes a function and every call, and refuses a clashing or invalid name", async () => {
    const { answer } = await query("rename", at(SHAPES, 15, "fn ar"), ["--name", "surface"]);
    expect((answer.edits as Range[]).map((r) => [r.line, r.col])).toEqual([
      [15, 4],
      [25, 15],
    ]);
    const clash = await query("rename", at(SHAPES, 15, "fn ar"), ["--name", "main"]);
    expect(clash.answer.error).toMatch(/clash with the function 'main'/);
    const keyword = await query("rename", at(SHAPES, 15, "fn ar"), ["--name", "match"]);
    expect(keyword.answer.error).toMatch(/keyword/);
    const local = await query("rename", at(SHAPES, 24, "let p"), ["--name", "total"]);
    expect(local.answer.error).toMatch(/clash/);
    const std = await query("rename", at(SHAPES, 8, "math.sq"), ["--name", "root"]);
    expect(std.answer.error).toMatch(/standard library/);
  });

  it("renames a local at its declaration and uses only", async () => {
    const { answer, source } = await query("rename", at(SHAPES, 24, "let p"), ["--name", "origin"]);
    expect(texts(source, answer.edits)).toEqual(["p", "p"]);
    expect((answer.edits as Range[]).map((r) => r.line)).toEqual([24, 25]);
  });
});

describe("pith query symbols and usage", () => {
  it("outlines the file's declarations with their members", async () => {
    const { answer } = await query("symbols", SHAPES);
    const names = answer.map((s: { name: string; kind: string; children: { name: string }[] }) => [
      s.name,
      s.kind,
      s.children.map((c) => c.name),
    ]);
    expect(names).toEqual([
      ["Point", "struct", ["x", "y"]],
      ["Point", "impl", ["norm", "scale"]],
      ["Shape", "enum", ["Circle", "Square", "Empty"]],
      ["area", "function", []],
      ["main", "function", []],
    ]);
  });

  it("rejects an unknown question or a bad position with usage and exit 2", async () => {
    const r = await pith(["query", "main.pith", "explain"], SHAPES);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(`unknown query 'explain'; one of: ${QUERY_KINDS.join(", ")}`);
    const bad = await pith(["query", "main.pith", "hover", "--at", "x"], SHAPES);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(/--at needs LINE:COL/);
  });
});
