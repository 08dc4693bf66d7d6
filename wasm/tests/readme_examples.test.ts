// lang/README.md promises what its examples show: every ```pith block that
// is a whole program (has `fn main`) compiles, runs without a panic and
// leaks nothing (beside the blocks that are other files of a program, named
// by a first line `// util.pith`), and the standard-library tour prints what
// its comments say.
// A program that uses a host module (canvas, audio, http) needs a browser or
// `pith run`'s host, so here it is only type-checked.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { namedFiles } from "../../lang/docs/docFiles";
import { importsHostModule } from "../../lang/tests/corpus";
import { pith, run } from "./compiler";

const readme = readFileSync(new URL("../../lang/README.md", import.meta.url), "utf8");
const blocks = [...readme.matchAll(/```pith\n([\s\S]*?)```/g)].map((m) => m[1]);
const programs = blocks.filter((code) => /^fn main\(/m.test(code));
// A block that starts with `// util.pith` is a file of a program of several files: every program gets them beside it.
const modules = namedFiles(blocks);

describe("lang/README.md", () => {
  it("has whole programs to check, the standard-library tour among them", () => {
    expect(programs.length).toBeGreaterThanOrEqual(4);
    expect(programs.some((p) => p.includes("import std.map"))).toBe(true);
    expect(Object.keys(modules)).toContain("util.pith");
  });

  for (const [i, program] of programs.entries()) {
    if (importsHostModule(program)) {
      it(`program ${i + 1} (${program.split("\n")[0]}) type-checks`, async () => {
        const r = await pith(["check", "main.pith"], program);
        expect(r.stderr).toBe("");
        expect(r.exitCode).toBe(0);
      });
      continue;
    }
    it(`program ${i + 1} (${program.split("\n")[0]}) runs cleanly`, async () => {
      const r = await run(program, "", "-O2", modules);
      expect(r.stderr).toBe("");
      expect(r.exitCode).toBe(0);
      expect(r.live).toBe(0);
      if (/^import util$/m.test(program)) expect(r.stdout).toBe("42\n");
      if (program.includes("import std.map")) {
        for (const shown of [
          "the 2\ncat 1\nsaw 1\ndog 1\n2\n",
          "1, 2, 3 sum 6",
          "0.667 1.23e+03 ff",
          "[  7]007",
          "is out of the i64 range",
          '{"a":[1,2.5,null]}',
        ]) {
          expect(r.stdout).toContain(shown);
        }
      }
    }, 60_000);
  }
});
