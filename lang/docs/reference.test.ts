import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PAGES_DIR, referencePages } from "./generate";
import { moduleReference, parseModuleDoc } from "./reference";

describe("standard library reference pages", () => {
  it("are committed exactly as lang/docs/generate.ts writes them", () => {
    for (const [name, text] of referencePages()) {
      expect(
        readFileSync(join(PAGES_DIR, `${name}.md`), "utf8"),
        `${name}.md is stale: run npx tsx lang/docs/generate.ts`,
      ).toBe(text);
    }
  });

  it("give every module an introduction and documented items", () => {
    for (const [name, text] of referencePages()) {
      expect(text.startsWith(`# std.${name}\n\n`), name).toBe(true);
      expect(text.split("```pith").length - 1, name).toBeGreaterThanOrEqual(2);
    }
  });

  it("list documented functions, types and methods with their signatures, and leave undocumented helpers out", () => {
    const doc = parseModuleDoc(
      "demo",
      `//! The demo module.
/// A box.
struct Box<T> {
    item: T,
}

// internal
fn helper() -> i64 { 1 }

/// Doubles.
/// Twice.
fn double(x: i64) -> i64 {
    x * 2
}

impl Box<T> {
    /// The item.
    fn get(self) -> T {
        if true { "}" } else { "{" }
        self.item
    }
}
`,
    );
    expect(doc.intro).toBe("The demo module.");
    expect(doc.items).toEqual([
      { signature: "struct Box<T>", owner: "", doc: "A box." },
      { signature: "fn double(x: i64) -> i64", owner: "", doc: "Doubles. Twice." },
      { signature: "fn get(self) -> T", owner: "Box", doc: "The item." },
    ]);
    expect(moduleReference("demo", "//! Intro.\n/// One.\nconst ONE: i64 = 1\n")).toBe(
      "# std.demo\n\nIntro.\n\n## Functions and types\n\n```pith\nconst ONE: i64 = 1\n```\n\nOne.\n",
    );
  });
});
