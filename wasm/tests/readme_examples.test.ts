// lang/README.md promises what its examples show: every ```pith block that
// is a whole program (has `fn main`) compiles, runs without a panic and
// leaks nothing, and the standard-library tour prints what its comments say.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { run } from "./compiler";

const readme = readFileSync(new URL("../../lang/README.md", import.meta.url), "utf8");
const programs = [...readme.matchAll(/```pith\n([\s\S]*?)```/g)].map((m) => m[1]).filter((code) => /^fn main\(/m.test(code));

describe("lang/README.md", () => {
  it("has whole programs to check, the standard-library tour among them", () => {
    expect(programs.length).toBeGreaterThanOrEqual(4);
    expect(programs.some((p) => p.includes("import std.map"))).toBe(true);
  });

  for (const [i, program] of programs.entries()) {
    it(`program ${i + 1} (${program.split("\n")[0]}) runs cleanly`, async () => {
      const r = await run(program);
      expect(r.stderr).toBe("");
      expect(r.exitCode).toBe(0);
      expect(r.live).toBe(0);
      if (program.includes("import std.map")) {
        for (const shown of ["the 2\ncat 1\nsaw 1\ndog 1\n2\n", "1, 2, 3 sum 6", "0.667 1.23e+03 ff", "[  7]007", "is out of the i64 range", '{"a":[1,2.5,null]}']) {
          expect(r.stdout).toContain(shown);
        }
      }
    }, 60_000);
  }
});
