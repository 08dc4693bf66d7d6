import { describe, expect, it } from "vitest";
import { entryProgram, programOfShownFile } from "./program";

const MAIN = "import util\nfn main() {\n    println(util.f())\n}\n";
const UTIL = "fn f() -> i64 {\n    1\n}\n";
const SCRATCH = 'fn main() {\n    println("scratch")\n}\n';

describe("the program of a workspace", () => {
  const files = (active: string) => ({
    names: ["main.pith", "util.pith", "scratch.pith"],
    active,
    stored: Object.fromEntries(
      Object.entries({ "main.pith": MAIN, "util.pith": UTIL, "scratch.pith": SCRATCH }).filter(([n]) => n !== active),
    ),
  });

  it("runs the entry file with every other file beside it, whatever tab is shown", () => {
    expect(entryProgram({ source: UTIL, files: files("util.pith") })).toEqual({
      entry: "main.pith",
      source: MAIN,
      modules: { "util.pith": UTIL, "scratch.pith": SCRATCH },
    });
    expect(entryProgram({ source: SCRATCH })).toEqual({ entry: "main.pith", source: SCRATCH, modules: {} });
  });

  it("checks an imported module as part of the entry program, and a stray file alone", () => {
    expect(programOfShownFile({ source: UTIL, files: files("util.pith") }).entry).toBe("main.pith");
    expect(programOfShownFile({ source: MAIN, files: files("main.pith") }).entry).toBe("main.pith");
    const scratch = programOfShownFile({ source: SCRATCH, files: files("scratch.pith") });
    expect(scratch.entry).toBe("scratch.pith");
    expect(scratch.source).toBe(SCRATCH);
  });

  it("uses the first tab as the entry when there is no main.pith", () => {
    expect(entryProgram({ source: UTIL, files: { names: ["a.pith"], active: "a.pith", stored: {} } }).entry).toBe(
      "a.pith",
    );
  });
});
