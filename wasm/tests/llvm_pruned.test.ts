// Native builds emit only what the program uses: the lowering starts from
// `main` and requests the runtime functions the reachable code calls, so the
// LLVM IR of hello world holds no allocator, number formatting or standard
// library it does not call, and in any program every function the IR
// defines is reachable from the entry point (clang's time follows the IR).
import { describe, expect, it } from "vitest";
import { pith } from "./compiler";

async function llOf(source: string): Promise<string> {
  // The output goes to out.wasm, the file name the helper collects.
  const r = await pith(["build", "main.pith", "-O2", "--emit", "ll", "-o", "out.wasm"], source);
  if (r.exitCode !== 0 || !r.wasm) throw new Error(`build failed (${r.exitCode}): ${r.stderr}`);
  return new TextDecoder().decode(r.wasm);
}

/** The functions the IR defines, each with the functions and globals its body names. */
function callGraph(ll: string): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  let current: Set<string> | null = null;
  for (const line of ll.split("\n")) {
    const def = /^define [^@]*@("[^"]+"|[\w.$]+)\(/.exec(line);
    if (def) {
      current = new Set();
      graph.set(def[1], current);
    } else if (line === "}") current = null;
    if (current) for (const m of line.matchAll(/@("[^"]+"|[\w.$]+)/g)) if (m[1] !== def?.[1]) current.add(m[1]);
  }
  // Globals (function tables, closures' code pointers) name functions too.
  for (const line of ll.split("\n")) {
    const g = /^@("[^"]+"|[\w.$]+) = .*$/.exec(line);
    if (g)
      graph.set(g[1], new Set([...line.slice(g[0].indexOf("=")).matchAll(/@("[^"]+"|[\w.$]+)/g)].map((m) => m[1])));
  }
  return graph;
}

function unreachable(ll: string, roots: string[]): string[] {
  const graph = callGraph(ll);
  const seen = new Set<string>();
  const work = roots.filter((r) => graph.has(r));
  while (work.length > 0) {
    const f = work.pop() as string;
    if (seen.has(f)) continue;
    seen.add(f);
    for (const g of graph.get(f) ?? []) if (graph.has(g)) work.push(g);
  }
  const defined = ll.split("\n").flatMap((l) => /^define [^@]*@("[^"]+"|[\w.$]+)\(/.exec(l)?.[1] ?? []);
  return defined.filter((f) => !seen.has(f));
}

describe("native IR holds only what the program uses", () => {
  it("hello world: a handful of functions, no unused runtime", async () => {
    const ll = await llOf('fn main() {\n    println("hello")\n}\n');
    const defined = ll.split("\n").filter((l) => l.startsWith("define "));
    expect(defined.length).toBeLessThanOrEqual(8);
    // Runtime a constant string's println never calls.
    for (const name of ["fmt_f64", "parse", "rt.alloc", "rt.free", "hash", "json"]) {
      expect(
        defined.filter((d) => d.includes(name)),
        name,
      ).toEqual([]);
    }
    expect(unreachable(ll, ["pith_main"])).toEqual([]);
    expect(ll.length).toBeLessThan(20_000);
  }, 60_000);

  it("a program using several modules: every defined function is reachable from the entry", async () => {
    const ll = await llOf(`import std.json
import std.map
import std.math

fn main() {
    var m: Map<str, f64> = Map.new()
    m.set("r", math.sqrt(2.0))
    match json.parse("[1, 2]") {
        Ok(v) => println(json.stringify(v)),
        Err(e) => println(e),
    }
    println(m.get_or("r", 0.0))
}
`);
    expect(unreachable(ll, ["pith_main"])).toEqual([]);
    // A module's functions the program does not call stay out (json.pretty, math.sin).
    expect(ll).not.toMatch(/^define .*pretty/m);
    expect(ll).not.toMatch(/^define .*math\.sin/m);
  }, 60_000);
});
