import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { HABITS } from "../../wasm/src/syntax/habits";
import { HABITS_PAGE, habitsPage } from "./habits";

describe("the coming-from page (lang/docs/habits.md)", () => {
  it("is committed exactly as lang/docs/habits.ts writes it from the habits table", () => {
    expect(readFileSync(HABITS_PAGE, "utf8"), "habits.md is stale: run npx tsx lang/docs/habits.ts").toBe(habitsPage());
  });

  it("shows every row of the table, each code linked to its page", () => {
    const page = habitsPage();
    for (const [, written, code] of HABITS) {
      expect(page, written).toContain(written.replaceAll("|", "\\|"));
      if (code !== "") expect(page).toContain(`[${code}](/errors/${code})`);
    }
  });
});
