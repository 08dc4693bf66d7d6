// The views' filters on real compiler output: x86-64 assembly from the
// server's clang (POST /build_asm, with its line map) and the LLVM IR from
// compiler.wasm. With the filters on, the user's function comes first and
// the runtime, directives and comments are gone, the line map still
// describing the lines that remain.
import { afterAll, describe, expect, it } from "vitest";
import { runCompilerInProcess } from "../../server/compiler/compilerRun";
import { postJson, testPlayground } from "../../server/playground/testPlayground";
import { DEFAULT_FILTERS, filterView, programFunctionNames } from "./viewFilters";
import { irLineMap, type SourceLine, type ViewText } from "./views";

const playground = testPlayground();
afterAll(() => playground.close());

const SOURCE = [
  "fn steps(n: i64) -> i64 {",
  "    var x = n",
  "    var count = 0",
  "    while x != 1 {",
  "        if x % 2 == 0 {",
  "            x = x / 2",
  "        } else {",
  "            x = 3 * x + 1",
  "        }",
  "        count += 1",
  "    }",
  "    count",
  "}",
  "",
  "fn main() {",
  "    var best = 0",
  "    for i in 1..100000 {",
  "        let s = steps(i)",
  "        if s > best {",
  "            best = s",
  "        }",
  "    }",
  '    println("longest: {best}")',
  "}",
  "",
].join("\n");
const NAMES = programFunctionNames({ "main.pith": SOURCE }, "main.pith");

async function asm(opt: string): Promise<ViewText> {
  const response = await postJson(playground.app, "/build_asm", {
    source: SOURCE,
    target: "linux-x64",
    opt,
    line_map: true,
  });
  const body = (await response.json()) as { asm: string; line_map: (SourceLine | null)[] };
  return { title: "main.s", text: body.asm, language: "asm", lineMap: body.line_map };
}

/** Every kept line with its map entry, as in the unfiltered view: the map moved with its lines. */
function pairs(view: ViewText): string[] {
  return view.text.split("\n").map((t, i) => `${JSON.stringify(view.lineMap?.[i] ?? null)} ${t}`);
}

describe("the view filters", () => {
  it("show the user's function first in the assembly, without runtime, directives or comments", async () => {
    const raw = await asm("-O1");
    const filtered = filterView(raw, "asm", DEFAULT_FILTERS, NAMES);
    const lines = filtered.text.split("\n");
    expect(lines.length).toBeLessThan(raw.text.split("\n").length);
    expect(lines[0]).toMatch(/^(pith_main|steps|main\.steps):$/);
    // No directive, no comment line, no runtime function label.
    for (const line of lines) {
      expect(line).not.toMatch(/^\s+\.[a-z]/);
      expect(line).not.toMatch(/^\s*#/);
      expect(line).not.toMatch(/^pith\.rt\./);
    }
    // The map entries travel with their lines.
    const before = new Set(pairs(raw));
    for (const p of pairs(filtered)) if (!p.startsWith("null")) expect(before.has(p)).toBe(true);
    expect(filtered.lineMap?.some((at) => at?.file === "main.pith" && at.line === 10)).toBe(true);
    // Jump targets stay; labels nothing jumps to go.
    for (const target of filtered.text.matchAll(/\bj[a-z]+\s+(\.L\w+)/g)) expect(lines).toContain(`${target[1]}:`);
  });

  it("show every line with the filters off (the user.s functions still first)", async () => {
    const raw = await asm("-O1");
    const off = filterView(raw, "asm", { library: false, directives: false, comments: false }, NAMES);
    expect(off.text.split("\n").sort()).toEqual(raw.text.split("\n").sort());
    expect(off.lineMap).toHaveLength(raw.text.split("\n").length);
  });

  it("leave the program's functions of the LLVM IR and drop declarations, metadata and comments", async () => {
    const built = await runCompilerInProcess({
      args: ["build", "main.pith", "-O0", "--emit", "ll", "-o", "main.ll"],
      files: { "main.pith": SOURCE },
    });
    const text = new TextDecoder().decode(built.files.get("main.ll"));
    const raw: ViewText = { title: "main.ll", text, language: "llvm-ir", lineMap: irLineMap(text) };
    const filtered = filterView(raw, "ir", DEFAULT_FILTERS, NAMES);
    const lines = filtered.text.split("\n");
    expect(lines[0]).toMatch(/^define .*@"?(steps|pith\.main)\b/);
    expect(filtered.text).not.toMatch(/^\s*;/m);
    expect(filtered.text).not.toMatch(/^declare /m);
    expect(filtered.lineMap?.some((at) => at?.file === "main.pith" && at.line === 10)).toBe(true);
  });
});
