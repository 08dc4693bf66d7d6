// The language's word lists (wasm/src/syntax/lexicon.ts) against the
// compiler that reads them, and the editors' lists derived from them: every
// keyword is reserved, every listed type is accepted and no other primitive
// is, the prelude's types, variants and functions resolve, and Monaco's
// tokens and the docs' highlighter say the same (they once listed i8 i16
// u16 f32 char, which Pith lacks, and missed u32 u64).
import { describe, expect, it } from "vitest";
import {
  KEYWORDS as MONACO_KEYWORDS,
  LITERALS as MONACO_LITERALS,
  TYPES as MONACO_TYPES,
} from "../../client/editor/pithLanguage";
import { PITH_KEYWORDS } from "../../server/docs/pithLanguage";
import {
  KEYWORDS,
  LITERAL_KEYWORDS,
  PRELUDE_FUNCTIONS,
  PRELUDE_TYPES,
  PRELUDE_VARIANTS,
  PRIMITIVE_TYPES,
  STD_TYPES,
} from "../src/syntax/lexicon";
import { diagnostics, pith } from "./compiler";

const codes = async (source: string) => (await diagnostics(source)).map((d) => d.code);

describe("the lexicon against the compiler", () => {
  it("every keyword is reserved: it cannot name a variable, while a longer word can", async () => {
    for (const word of KEYWORDS.filter((w) => w !== "_")) {
      expect(await codes(`fn main() {\n    let ${word} = 1\n}\n`), word).not.toEqual([]);
      expect(await codes(`fn main() {\n    let ${word}x = 1\n}\n`), `${word}x`).toEqual([]);
    }
  });

  it("every listed type is accepted, and the primitives of other languages are unknown types", async () => {
    for (const type of PRIMITIVE_TYPES)
      expect(await codes(`fn f(x: ${type}) {\n}\nfn main() {\n}\n`), type).toEqual([]);
    for (const type of ["i8", "i16", "u16", "f32", "char", "int", "usize"]) {
      expect(await codes(`fn f(x: ${type}) {\n}\nfn main() {\n}\n`), type).toEqual(["E0206"]);
    }
  });

  it("the prelude's and std.map's generic types and the variants resolve", async () => {
    const source = [
      "import std.map",
      "fn main() {",
      "    let o: Option<i64> = Some(1)",
      "    let n: Option<i64> = None",
      "    let r: Result<i64, str> = Ok(1)",
      '    let e: Result<i64, str> = Err("no")',
      "    let m: Map<str, i64> = Map.new()",
      "    let s: Set<i64> = Set.new()",
      "}",
      "",
    ].join("\n");
    expect(await codes(source)).toEqual([]);
    expect([...PRELUDE_TYPES, ...STD_TYPES, ...PRELUDE_VARIANTS].every((w) => source.includes(w))).toBe(true);
  });

  it("every prelude function is the checker's own: a call never reports an unknown function", async () => {
    for (const [name] of PRELUDE_FUNCTIONS) {
      expect(await codes(`fn main() {\n    ${name}()\n}\n`), name).not.toContain("E0204");
    }
  });

  it("completion offers the keywords and the prelude's functions of the lexicon", async () => {
    const r = await pith(["query", "main.pith", "complete", "--at", "2:5"], "fn main() {\n    \n}\n");
    const labels = new Set((JSON.parse(r.stdout) as { items: { label: string }[] }).items.map((i) => i.label));
    for (const word of KEYWORDS.filter((w) => w !== "_")) expect(labels.has(word), word).toBe(true);
    for (const [name] of PRELUDE_FUNCTIONS) expect(labels.has(name), name).toBe(true);
  });
});

describe("the editors' lists, derived from the lexicon", () => {
  it("Monaco's tokens: the keywords (values apart), the values, and every type and variant", () => {
    expect([...MONACO_KEYWORDS, ...MONACO_LITERALS, "_"].sort()).toEqual([...KEYWORDS].sort());
    expect(MONACO_LITERALS).toEqual(LITERAL_KEYWORDS);
    expect(new Set(MONACO_TYPES)).toEqual(
      new Set([...PRIMITIVE_TYPES, ...PRELUDE_TYPES, ...STD_TYPES, ...PRELUDE_VARIANTS]),
    );
    expect(MONACO_TYPES).toEqual(expect.arrayContaining(["u32", "u64"]));
  });

  it("the docs' highlighter: the same words, and none Pith lacks", () => {
    const words = (list: string) => list.split(" ");
    expect([...words(PITH_KEYWORDS.keyword), ...words(PITH_KEYWORDS.literal), "_"].sort()).toEqual(
      [...KEYWORDS].sort(),
    );
    expect(new Set(words(PITH_KEYWORDS.type))).toEqual(new Set([...PRIMITIVE_TYPES, ...PRELUDE_TYPES, ...STD_TYPES]));
    for (const missing of ["i8", "i16", "u16", "f32", "char"]) expect(words(PITH_KEYWORDS.type)).not.toContain(missing);
    expect(words(PITH_KEYWORDS.built_in)).toEqual([...PRELUDE_FUNCTIONS.map(([n]) => n), ...PRELUDE_VARIANTS]);
  });
});
