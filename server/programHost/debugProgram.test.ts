// Debug builds against normal ones: every example prints the same and exits
// the same under the debugger (with a breakpoint that stops often, so the
// hand-over of locals runs too), and the stops report the values the
// program itself computes.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCompilerInProcess } from "../compiler/compilerRun";
import { runWasiNode } from "../compiler/wasiNode";
import { debugProgram } from "./debugProgram";

const EXAMPLES = new URL("../../lang/examples", import.meta.url).pathname;
const decoder = new TextDecoder();

async function runNormally(source: string, stdin: string): Promise<{ output: string; exitCode: number }> {
  const built = await runCompilerInProcess({
    args: ["build", "main.pith", "-O0", "-o", "main.wasm"],
    files: { "main.pith": source },
  });
  const wasm = built.files.get("main.wasm");
  if (!wasm) throw new Error(decoder.decode(built.stdout));
  const run = await runWasiNode({
    module: await WebAssembly.compile(wasm as Uint8Array<ArrayBuffer>),
    args: [],
    stdin,
  });
  return { output: decoder.decode(run.stdout), exitCode: run.exitCode };
}

const LOOP = `fn main() {
    var total = 0
    for x in [3, 4, 5] {
        total += x
    }
    println(total)
}
`;

describe("debug builds", () => {
  it("stop at a breakpoint in a loop with the locals' values before the line runs", async () => {
    const r = await debugProgram({ source: LOOP, breakpoints: [{ line: 4 }] });
    if (!r.ok) throw new Error(r.diagnostics);
    expect(r.stops.map((s) => s.stack[0]?.locals)).toEqual([
      { total: "0", x: "3" },
      { total: "3", x: "4" },
      { total: "7", x: "5" },
    ]);
    expect(r.stops.every((s) => s.line === 4 && s.stack[0]?.function === "main")).toBe(true);
    expect(r.output).toBe("12\n");
    expect(r.exitCode).toBe(0);
  });

  it("show a struct's fields with the values the program prints, and a deep recursion's stack", async () => {
    const source = `struct Point {
    name: str,
    x: i64,
    ok: bool,
    w: f64,
}

fn depth(n: i64) -> i64 {
    if n == 0 {
        return 0
    }
    return depth(n - 1) + 1
}

fn main() {
    let p = Point { name: "corner", x: 7, ok: true, w: 2.5 }
    println("{p.name} {p.x} {p.ok} {depth(3)}")
}
`;
    const r = await debugProgram({ source, breakpoints: [{ line: 17 }, { line: 10, condition: "n == 0" }] });
    if (!r.ok) throw new Error(r.diagnostics);
    expect(r.output).toBe("corner 7 true 3\n");
    expect(r.stops[0]?.stack[0]?.locals).toEqual({ p: 'Point { name: "corner", x: 7, ok: true, w: 2.5 }' });
    // The stack area holds every frame of the recursion, innermost first, each at the line it calls from.
    expect(r.stops[1]?.stack.map((f) => `${f.function}:${f.line}`)).toEqual([
      "depth:10",
      "depth:12",
      "depth:12",
      "depth:12",
      "main:17",
    ]);
  });

  it("show nested structs, tuples, enums, options, maps and arrays of structs, each part as the program prints it", async () => {
    const source = `import std.map
import std.option

struct Point {
    x: i64,
    y: f64,
}

struct Line {
    name: str,
    from: Point,
    to: Point,
}

enum Shape {
    Circle(f64),
    Empty,
}

enum Light { Red, Green }

fn main() {
    let line = Line { name: "diag", from: Point { x: 1, y: 2.5 }, to: Point { x: 3, y: 4.0 } }
    let pair = (7, "seven")
    let s = Shape.Circle(1.5)
    let e = Shape.Empty
    let light = Light.Green
    let maybe: i64? = Some(3)
    let none: i64? = None
    var m: Map<str, i64> = Map.new()
    m.set("a", 1)
    m.set("b", 2)
    m.remove("a")
    m.set("c", 3)
    let pts = [Point { x: 1, y: 0.5 }, Point { x: -2, y: 1.0 }]
    println("{line.name} {line.from.x} {line.from.y} {line.to.x} {line.to.y} {pair.0} {pair.1}")
    println("{m.get_or("b", 0)} {m.get_or("c", 0)} {pts[1].x} {pts[1].y} {option.unwrap_or(maybe, 0)}")
}
`;
    const r = await debugProgram({ source, breakpoints: [{ line: 37 }] });
    if (!r.ok) throw new Error(r.diagnostics);
    expect(r.output).toBe("diag 1 2.5 3 4 7 seven\n2 3 -2 1 3\n");
    expect(r.stops[0]?.stack[0]?.locals).toEqual({
      line: 'Line { name: "diag", from: Point { x: 1, y: 2.5 }, to: Point { x: 3, y: 4 } }',
      pair: '(7, "seven")',
      s: "Shape.Circle(1.5)",
      e: "Shape.Empty",
      light: "Light.Green",
      maybe: "Some(3)",
      none: "None",
      // Insertion order, a removed key left out.
      m: 'Map { "b": 2, "c": 3 }',
      pts: "[Point { x: 1, y: 0.5 }, Point { x: -2, y: 1 }]",
    });
  });

  it("give the call stack innermost first, a condition, strings and arrays as println shows them", async () => {
    const source = `fn add(a: i64, b: i64) -> i64 {
    let s = a + b
    return s
}

fn main() {
    let name = "pith"
    let xs = [1, 2, 3]
    var i = 0
    while i < 5 {
        i = add(i, 1)
    }
    println("{name} {xs.len()} {i}")
}
`;
    const r = await debugProgram({ source, breakpoints: [{ line: 3, condition: "s >= 4" }, { line: 13 }] });
    if (!r.ok) throw new Error(r.diagnostics);
    expect(r.stops.map((s) => [s.line, s.stack.map((f) => `${f.function}:${f.line}`).join(" ")])).toEqual([
      [3, "add:3 main:11"],
      [3, "add:3 main:11"],
      [13, "main:13"],
    ]);
    expect(r.stops[0]?.stack[0]?.locals).toEqual({ a: "3", b: "1", s: "4" });
    expect(r.stops[2]?.stack[0]?.locals).toEqual({ name: "pith", xs: "[1, 2, 3]", i: "5" });
    expect(r.output).toBe("pith 3 5\n");
  });

  it("stop where a panic happens, with its stack, and keep the panic's exit status", async () => {
    const source = `fn pick(xs: [i64], i: i64) -> i64 {
    xs[i]
}

fn main() {
    println(pick([1, 2], 5))
}
`;
    const r = await debugProgram({ source, breakpoints: [] });
    if (!r.ok) throw new Error(r.diagnostics);
    expect(r.exitCode).toBe(101);
    expect(r.stops.map((s) => [s.reason, s.line, s.stack.map((f) => f.function)])).toEqual([
      ["panic", 2, ["pick", "main"]],
    ]);
    expect(r.stderr).toContain("index out of bounds");
  });

  it("refuse a condition it cannot read, saying which breakpoint", async () => {
    await expect(debugProgram({ source: LOOP, breakpoints: [{ line: 4, condition: "total +" }] })).rejects.toThrow(
      /breakpoint at line 4: cannot read the condition "total \+"/,
    );
  });

  const examples = readdirSync(EXAMPLES).filter(
    (f) => f.endsWith(".pith") && existsSync(join(EXAMPLES, f.replace(/\.pith$/, ".stdout"))),
  );
  it.each(examples)("%s prints and exits the same with and without the debugger", async (file) => {
    const source = readFileSync(join(EXAMPLES, file), "utf8");
    const stdinFile = join(EXAMPLES, file.replace(/\.pith$/, ".stdin"));
    const stdin = existsSync(stdinFile) ? readFileSync(stdinFile, "utf8") : "";
    const normal = await runNormally(source, stdin);
    // A breakpoint on every line makes each statement hand its locals over, up to the limit.
    const lines = source.split("\n").map((_, i) => ({ line: i + 1 }));
    const debugged = await debugProgram({ source, breakpoints: lines, stdin, maxStops: 300 });
    if (!debugged.ok) throw new Error(debugged.diagnostics);
    expect(debugged.stops.length).toBeGreaterThan(0);
    expect(debugged.output).toBe(normal.output);
    expect(debugged.exitCode).toBe(normal.exitCode);
  });
});
