// Every public function of the standard library has an example in its
// reference page, and the example does what the page says: it compiles, and
// (outside the host modules, which need a browser) it prints the documented
// line. The format is described in examples.ts.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { diagnostics, run } from "../../wasm/tests/compiler";
import { exampleProgram, functionsOf, HOST_MODULES, type PublicFunction } from "./examples";
import { PAGES_DIR, STDLIB_DIR } from "./generate";

const modules = readdirSync(STDLIB_DIR)
  .filter((f) => f.endsWith(".pith"))
  .map((f) => f.slice(0, -".pith".length))
  .sort();
const functions: PublicFunction[] = modules.flatMap((m) =>
  functionsOf(m, readFileSync(join(STDLIB_DIR, `${m}.pith`), "utf8")),
);
const publicOnes = functions.filter((f) => f.documented);
const where = (f: PublicFunction) =>
  `lang/stdlib/${f.module}.pith:${f.line} ${f.module}.${f.owner ? `${f.owner}.` : ""}${f.name}`;

describe("standard library reference: examples", () => {
  it("finds the public functions of every module", () => {
    expect(publicOnes.length).toBeGreaterThan(150);
    for (const m of modules)
      expect(
        publicOnes.some((f) => f.module === m),
        m,
      ).toBe(true);
  });

  it("documents every function or marks it `// internal`", () => {
    expect(functions.filter((f) => !f.documented && !f.internal).map(where)).toEqual([]);
  });

  it("gives every public function an example, with its output outside the host modules", () => {
    expect(publicOnes.filter((f) => f.example === null).map(where)).toEqual([]);
    const silent = publicOnes.filter((f) => f.example && f.example.output === null && !HOST_MODULES.includes(f.module));
    expect(silent.map(where)).toEqual([]);
  });

  it("names its panics in the doc of every public function that panics or asserts", () => {
    const silent: string[] = [];
    for (const m of modules) {
      const lines = readFileSync(join(STDLIB_DIR, `${m}.pith`), "utf8").split("\n");
      const fns = functions.filter((f) => f.module === m);
      fns.forEach((f, i) => {
        const body = lines.slice(f.line, i + 1 < fns.length ? fns[i + 1].line - 1 : lines.length).join("\n");
        if (!f.documented || !/\b(panic|assert)\(/.test(body)) return;
        const doc: string[] = [];
        for (let j = f.line - 2; j >= 0 && lines[j].trim().startsWith("///"); j--) doc.push(lines[j]);
        if (!doc.join(" ").includes("Panics")) silent.push(where(f));
      });
    }
    expect(silent).toEqual([]);
  });

  it("shows every example on the reference page", () => {
    for (const f of publicOnes) {
      if (!f.example) continue;
      const page = readFileSync(join(PAGES_DIR, `${f.module}.md`), "utf8");
      expect(page.includes(`Example: \`${f.example.code}\``), where(f)).toBe(true);
    }
  });

  it("reads the example format and knows internal helpers", () => {
    const found = functionsOf(
      "demo",
      [
        "/// Twice.",
        "/// Example: `println(demo.twice(2))` prints `4`",
        "fn twice(x: i64) -> i64 {",
        "    x * 2",
        "}",
        "// internal",
        "fn helper() {}",
        "fn forgotten() {}",
        "impl Box<T> {",
        "    /// The item.",
        "    fn get(self) -> T {",
        "        self.item",
        "    }",
        "}",
      ].join("\n"),
    );
    expect(found.map((f) => [f.owner, f.name, f.documented, f.internal, f.example])).toEqual([
      ["", "twice", true, false, { code: "println(demo.twice(2))", output: "4" }],
      ["", "helper", false, true, null],
      ["", "forgotten", false, false, null],
      ["Box", "get", true, false, null],
    ]);
    expect(exampleProgram("map", "println(array.sum([1]))")).toBe(
      "import std.array\nimport std.map\n\nfn main() {\n    println(array.sum([1]))\n}\n",
    );
  });
});

for (const m of modules) {
  describe.concurrent(`std.${m} examples`, () => {
    for (const f of publicOnes.filter((x) => x.module === m && x.example)) {
      const example = f.example as { code: string; output: string | null };
      const program = exampleProgram(m, example.code);
      if (example.output === null) {
        it(`${where(f)} compiles`, async () => {
          const errors = (await diagnostics(program)).filter((d) => d.severity === "error");
          expect(errors.map((d) => d.message)).toEqual([]);
        }, 60_000);
      } else {
        it(`${where(f)} prints ${example.output}`, async () => {
          const r = await run(program);
          expect({ stdout: r.stdout, exit: r.exitCode, stderr: r.stderr }).toEqual({
            stdout: `${example.output}\n`,
            exit: 0,
            stderr: "",
          });
        }, 60_000);
      }
    }
  });
}
