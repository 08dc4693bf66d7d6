// The programs of lang/tests/docs_corpus have independent references in
// Python: each <name>.py must print the <name>.stdout that the conformance
// and native differential suites hold the Pith program to.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const dir = fileURLToPath(new URL("./docs_corpus/", import.meta.url));
const programs = readdirSync(dir)
  .filter((f) => f.endsWith(".pith"))
  .map((f) => f.slice(0, -".pith".length))
  .sort();

describe("docs corpus: Python references", () => {
  it("has programs, each with a Python reference and expected output", () => {
    expect(programs.length).toBeGreaterThanOrEqual(22);
    for (const name of programs) {
      expect(readdirSync(dir)).toContain(`${name}.py`);
      expect(readdirSync(dir)).toContain(`${name}.stdout`);
    }
  });

  for (const name of programs) {
    it(`${name}.py prints ${name}.stdout`, () => {
      // A program with a <name>.stdin reads it, like the Pith program in the corpus.
      const stdin = join(dir, `${name}.stdin`);
      const input = existsSync(stdin) ? readFileSync(stdin, "utf8") : "";
      const out = execFileSync("python3", [join(dir, `${name}.py`)], { encoding: "utf8", timeout: 60_000, input });
      expect(out).toBe(readFileSync(join(dir, `${name}.stdout`), "utf8"));
    });
  }
});
