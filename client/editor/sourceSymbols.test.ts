import { describe, expect, it } from "vitest";
import { sourceSymbols } from "./sourceSymbols";

const PROGRAM = `// Money as cents.
// Never negative.
fn money(cents: i64) -> str {
    "{cents}"
}

struct Account {
    cents: i64
}

const LIMIT: i64 = 100
fn main() {
    let x = money(LIMIT)
}
`;

describe("the program's own declarations for hover", () => {
  it("gives each function its signature and the comment lines above it", () => {
    const money = sourceSymbols(PROGRAM).find((s) => s.name === "money");
    expect(money).toEqual({
      name: "money",
      signature: "fn money(cents: i64) -> str",
      doc: "Money as cents.\nNever negative.",
      line: 3,
    });
  });

  it("finds structs, enums and constants, without doc when no comment is above", () => {
    const symbols = sourceSymbols(PROGRAM);
    expect(symbols.map((s) => s.name)).toEqual(["money", "Account", "LIMIT", "main"]);
    expect(symbols.find((s) => s.name === "LIMIT")).toMatchObject({ signature: "const LIMIT: i64 = 100", doc: "" });
    expect(symbols.find((s) => s.name === "Account")?.signature).toBe("struct Account");
  });
});
