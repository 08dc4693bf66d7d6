// Every function of the standard library that can panic (each `panic(` and
// `assert(` in lang/stdlib/*.pith) names the user's call when it does, at
// -O0 and -O2, as wasm and as a linux-x64 executable (semantics.md §10).
// The list below is checked against the library's source, so a new
// panicking function without a case here fails the first test.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { missingToolsFor } from "../../server/toolchain/detect";
import { run } from "./compiler";
import { builtReference, nativeDifferences, reference } from "./llvm_support";

const STDLIB = new URL("../../lang/stdlib/", import.meta.url);

/** `module.function` for each library function whose body panics or asserts. */
function panickingFunctions(): string[] {
  const found = new Set<string>();
  for (const file of readdirSync(STDLIB).filter((f) => f.endsWith(".pith"))) {
    const module = file.replace(/\.pith$/, "");
    let current = "";
    for (const line of readFileSync(new URL(file, STDLIB), "utf8").split("\n")) {
      const code = line.replace(/\/\/.*$/, "");
      const fn = /^\s*fn (\w+)/.exec(code);
      if (fn) current = fn[1];
      if (/\b(panic|assert)\(/.test(code)) found.add(`${module}.${current}`);
    }
  }
  return [...found].sort();
}

interface Case {
  /** Lines of `main`'s body; the last one makes the call that panics. */
  body: string[];
  /** The called name as written in the last line (`.fixed(`): the panic's column is where it starts. */
  callee: string;
}

const CASES: Record<string, Case> = {
  "decimal.exact_digits": { body: ["let (d, k) = decimal.exact_digits(1.0 / 0.0)"], callee: ".exact_digits(" },
  "decimal.nearest": { body: ['let d = decimal.nearest("1x", 0, 1.0)'], callee: ".nearest(" },
  "fmt.exp": { body: ["let s = fmt.exp(1.0, -2)"], callee: ".exp(" },
  "fmt.fixed": { body: ["let s = fmt.fixed(1.0, -1)"], callee: ".fixed(" },
  "random.range": { body: ["var r = random.new(1)", "let x = r.range(5, 5)"], callee: ".range(" },
  "random.range_inclusive": {
    body: ["var r = random.new(1)", "let x = r.range_inclusive(3, 2)"],
    callee: ".range_inclusive(",
  },
  "time.days_from_date": { body: ["let d = time.days_from_date(2023, 2, 29)"], callee: ".days_from_date(" },
  "time.days_in_month": { body: ["let d = time.days_in_month(2024, 13)"], callee: ".days_in_month(" },
};

function program(name: string, c: Case): { source: string; at: string } {
  const module = name.split(".")[0];
  const lines = [
    `import std.${module}`,
    "fn main() {",
    ...c.body.map((l) => `    ${l}`),
    '    println("unreached")',
    "}",
    "",
  ];
  const callLine = 2 + c.body.length;
  const column = lines[callLine - 1].indexOf(c.callee) + 2;
  return { source: lines.join("\n"), at: `at main.pith:${callLine}:${column}\n` };
}

describe("every panicking library function names the user's call", () => {
  it("has a case for each function of lang/stdlib that panics or asserts", () => {
    expect(Object.keys(CASES).sort()).toEqual(panickingFunctions());
  });

  for (const [name, c] of Object.entries(CASES)) {
    it(`${name}, at -O0 and -O2`, async () => {
      const { source, at } = program(name, c);
      for (const opt of ["-O0", "-O2"]) {
        const r = await run(source, "", opt);
        expect(r.exitCode, opt).toBe(101);
        expect(r.stdout, opt).toBe("");
        expect(r.stderr, opt).toMatch(/^panic: /);
        expect(r.stderr.endsWith(at), `${opt}: ${r.stderr}`).toBe(true);
      }
    });
  }
});

const TARGET = "linux-x64";
const missing = missingToolsFor(TARGET);

describe(`every panicking library function names the user's call as a ${TARGET} executable`, () => {
  if (missing.length > 0) {
    it.skip(`cannot build ${TARGET} here: missing ${missing.join(", ")}`, () => {});
    return;
  }
  it("prints what the wasm build prints, panic position included, at -O0 and -O2", { timeout: 300_000 }, async () => {
    for (const [name, c] of Object.entries(CASES)) {
      const { source, at } = program(name, c);
      const { ll, wasm } = builtReference(await reference(source, "main.pith", ""));
      expect(wasm.stderr.endsWith(at), `${name}: ${wasm.stderr}`).toBe(true);
      for (const opt of ["-O0", "-O2"]) {
        expect(await nativeDifferences(ll, wasm, TARGET, opt, "main.pith", ""), `${name} ${opt}`).toEqual([]);
      }
    }
  });
});
