// The WebAssembly text view's links: every line of one of the program's
// functions leads to the line defining it, in its own file; the runtime's
// functions and the module's other items lead nowhere.
import { describe, expect, it } from "vitest";
import { functionPlaces } from "../../lang/runtime/host/functionPlaces";
import { watLineMap } from "./views";

const FILES = {
  "main.pith": 'import util\n\nfn main() {\n    println("{util.twice(2)}")\n}\n',
  "util.pith": "// helpers\npub fn twice(x: i64) -> i64 {\n    x * 2\n}\n",
};

const WAT = [
  "(module",
  "  (type (;0;) (func (param i64) (result i64)))",
  "  (func $util.twice (type 0) (param i64) (result i64)",
  "    local.get 0",
  "    i64.const 2",
  "    i64.mul)",
  "  (func $main (type 1)",
  "    i64.const 2",
  "    call $util.twice",
  "    drop)",
  "  (func $rt.alloc (type 2) (param i32) (result i32)",
  "    local.get 0)",
  "  (func $_start (type 1)",
  "    call $main)",
  '  (export "_start" (func $main)))',
].join("\n");

describe("watLineMap", () => {
  it("maps each line of the program's functions to the line defining it (the entry point to main's), and nothing else", () => {
    const map = watLineMap(WAT, functionPlaces(FILES, "main.pith"));
    const twice = { file: "util.pith", line: 2 };
    const main = { file: "main.pith", line: 3 };
    expect(map).toEqual([null, null, twice, twice, twice, twice, main, main, main, main, null, null, main, main, null]);
  });

  it("maps nothing when no function is the program's", () => {
    expect(watLineMap(WAT, []).every((at) => at === null)).toBe(true);
  });
});
