// The WebAssembly text's line table, end to end in Node: the real compiler
// builds a program with -g, wabt prints the module as the view does, and each
// instruction line leads to the statement it came from.

import { describe, expect, it } from "vitest";
import { functionPlaces } from "../../lang/runtime/host/functionPlaces";
import { pith } from "../../wasm/tests/compiler";
import { watOf as textOf } from "./views";
import { readLineTable, watLineTableMap } from "./watLines";

const PROGRAM = [
  "fn main() {", // 1
  "    var best = 0", // 2
  "    for i in 1..1000 {", // 3
  "        let s = i % 7", // 4
  "        if s > best {", // 5
  "            best = s", // 6
  "        }", // 7
  "    }", // 8
  '    println("{best}")', // 9
  "}", // 10
  "",
].join("\n");

async function build(flags: string[]): Promise<Uint8Array> {
  const built = await pith(["build", "main.pith", "-O0", ...flags, "-o", "out.wasm"], PROGRAM);
  if (built.exitCode !== 0 || !built.wasm) throw new Error(`build failed: ${built.stderr}`);
  return built.wasm;
}

describe("the WebAssembly text's line table", () => {
  it("links every instruction of main to its own statement, a block's end to the statement that opened it", async () => {
    const bytes = await build(["-g"]);
    const table = readLineTable(bytes);
    expect(table).toBeDefined();
    const wat = await textOf(bytes);
    const map = watLineTableMap(wat, table ?? [], functionPlaces({ "main.pith": PROGRAM }, "main.pith"));
    const lines = wat.split("\n");
    expect(map).toHaveLength(lines.length);
    const of = (line: number) => lines.filter((_, i) => map[i]?.file === "main.pith" && map[i]?.line === line);
    // `best = s` reads s and writes best, and no more (not the loop's step after it).
    const assignment = of(6).map((t) => t.trim());
    expect(assignment.length).toBeGreaterThan(0);
    expect(assignment.some((t) => t.startsWith("local.set"))).toBe(true);
    expect(assignment.some((t) => /i64\.(add|const 1\b)/.test(t))).toBe(false);
    // The comparison is `if s > best`'s, with the if and its end.
    const test = of(5).map((t) => t.trim());
    expect(test).toContain("i64.gt_s");
    expect(test.filter((t) => t.startsWith("if")).length).toBe(1);
    expect(test.filter((t) => t === "end").length).toBeGreaterThanOrEqual(1);
    // The remainder is line 4's, and printing line 9's (its call into the runtime).
    expect(of(4).some((t) => t.includes("i64.rem_s"))).toBe(true);
    expect(of(9).some((t) => t.includes("call $"))).toBe(true);
    // Lines of the runtime's functions never lead into main.pith.
    let inRuntime = false;
    lines.forEach((text, i) => {
      if (/^ {2}\(func \$rt\./.test(text)) inRuntime = true;
      else if (/^ {2}\(func /.test(text)) inRuntime = false;
      if (inRuntime) expect(map[i]?.file).not.toBe("main.pith");
    });
  });

  it("is absent from a build without -g, whose bytes the table does not change otherwise", async () => {
    const plain = await build([]);
    expect(readLineTable(plain)).toBeUndefined();
    const withTable = await build(["-g"]);
    // The table is one custom section appended at the end: the module before it is the same.
    expect(Buffer.from(withTable.subarray(0, plain.length)).equals(Buffer.from(plain))).toBe(true);
  });

  it("says where a damaged table ends, and reads nothing from it", async () => {
    const bytes = await build(["-g"]);
    // Cut the module inside the table's section (its size now claims more than there is).
    const cut = bytes.subarray(0, bytes.length - 3);
    expect(() => readLineTable(cut)).toThrow(/pith\.lines: .* at byte \d+/);
  });
});
