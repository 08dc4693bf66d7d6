// One direction of data through the compiler (issue 33): the phases after
// the checker read what it produced (the program's tables in
// check/program.ts, the types in check/types.ts) and never call into it.
// The lowering used to check library functions itself when it first reached
// them (`program.lazy.ensureChecked`); that is now a phase the build
// alternates with lowering (wasm/src/build.ts), and this keeps it so.
import { readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { tsFiles } from "./sourceFiles";

const ROOT = join(import.meta.dirname, "../..");
const SRC = join(ROOT, "wasm/src");
const LATER_PHASES = ["lower", "passes", "backend", "ir"];
const CHECKER_DATA = new Set(["check/program", "check/types"]);

describe("phase direction in the compiler", () => {
  it("the lowering, the optimiser and the backends import only the checker's data", () => {
    const reaching: string[] = [];
    let files = 0;
    for (const phase of LATER_PHASES) {
      for (const path of tsFiles(join(SRC, phase))) {
        files++;
        for (const m of readFileSync(path, "utf8").matchAll(/from\s+"(\.[^"]+)"/g)) {
          const target = relative(SRC, resolve(join(path, ".."), m[1]));
          if (target.startsWith("check/") && !CHECKER_DATA.has(target))
            reaching.push(`${relative(ROOT, path)} imports ${target}`);
        }
      }
    }
    expect(files).toBeGreaterThan(30);
    expect(reaching).toEqual([]);
  });
});
