// The fix hints lang_check attaches, against the real compiler: the mistakes
// models coming from Rust, Swift or TypeScript make most often each get a
// diagnostic whose hint says what to write instead.
import { describe, expect, it } from "vitest";
import { runCompilerInProcess } from "../compiler/compilerRun";
import { checkSource } from "./check";
import { explainCode, hintFor } from "./hints";

const MISTAKES: { what: string; source: string; hint: RegExp }[] = [
  { what: "let mut", source: "fn main() {\n    let mut x = 1\n    x += 1\n}\n", hint: /var x/ },
  {
    what: "Enum::Variant",
    source: "enum C { R, G }\nfn main() {\n    let c = C::R\n}\n",
    hint: /Enum\.Variant/,
  },
  {
    what: "a reference",
    source: "fn f(x: i64) -> i64 { x }\nfn main() {\n    let a = 1\n    f(&a)\n}\n",
    hint: /copied|Pass the value/,
  },
  { what: "a macro", source: 'fn main() {\n    println!("hi")\n}\n', hint: /println\("/ },
  {
    what: "mixed integer types",
    source: "fn main() {\n    let a: i32 = 1\n    let b: i64 = 2\n    let c = a + b\n}\n",
    hint: /as i64/,
  },
  { what: "if without else as a value", source: "fn main() {\n    let x = if true { 1 }\n}\n", hint: /else/ },
  {
    what: "a non-exhaustive match",
    source: "enum C { R, G }\nfn main() {\n    let c = C.R\n    let n = match c {\n        C.R => 1,\n    }\n}\n",
    hint: /missing variant|each missing/,
  },
  {
    what: "assigning a let",
    source: "fn main() {\n    let x = 1\n    x = 2\n}\n",
    hint: /Declare it with `var`/,
  },
  { what: "a missing function", source: "fn main() {\n    let r = sqrt(2.0)\n}\n", hint: /math\.sqrt/ },
  {
    what: "string + number",
    source: 'fn main() {\n    let n = 3\n    println("n = " + n)\n}\n',
    hint: /"total: \{n\}"/,
  },
  { what: "a {} placeholder", source: 'fn main() {\n    let x = 1\n    println("x is {}")\n}\n', hint: /x is \{x\}/ },
  { what: "a character literal", source: "fn main() {\n    let c = 'a'\n}\n", hint: /s\[0\] == 97/ },
  { what: "and / or / not", source: "fn main() {\n    let a = true and not false\n}\n", hint: /a && b/ },
  { what: "x++", source: "fn main() {\n    var x = 1\n    x++\n}\n", hint: /x \+= 1/ },
  { what: "= in a condition", source: "fn main() {\n    let x = 1\n    if x = 1 { println(x) }\n}\n", hint: /x == 5/ },
  {
    what: "a C-style for",
    source: "fn main() {\n    var t = 0\n    for (i = 0; i < 3; i += 1) { t += i }\n}\n",
    hint: /for i in 0\.\.n/,
  },
  { what: "a variant with named fields", source: "enum S { T { a: f64 } }\nfn main() {}\n", hint: /Shape\.Tri\(3\.0/ },
];

describe("lang_check's fix hints", () => {
  for (const mistake of MISTAKES) {
    it(`${mistake.what} gets a diagnostic with a hint saying what to write`, async () => {
      const result = await checkSource(runCompilerInProcess, mistake.source);
      expect(result.ok).toBe(false);
      const hinted = result.diagnostics.filter((d) => d.hint !== null);
      expect(hinted.length, JSON.stringify(result.diagnostics)).toBeGreaterThan(0);
      expect(hinted.map((d) => d.hint).join("\n")).toMatch(mistake.hint);
    });
  }

  it("a correct program has no diagnostics", async () => {
    expect(await checkSource(runCompilerInProcess, 'fn main() { println("ok") }\n')).toMatchObject({
      ok: true,
      diagnostics: [],
    });
  });

  it("hints key on the diagnostic's code: each diagnostic's hint is its code's entry, and an unknown code has none", async () => {
    const result = await checkSource(
      runCompilerInProcess,
      "fn main() {\n    let mut x = 1\n}\n",
      "main.pith",
      "http://h",
    );
    expect(result.diagnostics).toMatchObject([{ code: "E0116", help_url: "http://h/errors/E0116" }]);
    expect(result.diagnostics[0].hint).toBe(hintFor("E0116"));
    expect(explainCode("E0116")?.title).toBe("let mut");
    expect(hintFor("E9999")).toBeNull();
    expect(hintFor(undefined)).toBeNull();
  });
});
