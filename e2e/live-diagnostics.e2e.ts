// Live diagnostics as a user meets them while typing: each key is checked as
// soon as it lands (no pause needed), and the squiggles and Problems always
// end up describing the text on screen, never an older text whose check came
// back late. How fast is bench/playground-browser.bench.ts's (keystroke to
// diagnostics); this file checks only what is shown.
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { browserSuite } from "./browserSuite";
import { focusEditor, openPlayground, setSource } from "./playgroundPage";

const suite = browserSuite(new URL("../test-results/live-diagnostics/", import.meta.url).pathname);
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  page = await suite.browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.on("pageerror", (error) => pageErrors.push(error.message));
  await openPlayground(page, suite.server.url);
});

const squiggles = () => page.locator(".editor-layer:not([hidden]) .squiggly-error");
const problems = async () => {
  await page.getByTestId("tab-problems").click();
  return (await page.locator(".tab-body").textContent()) ?? "";
};

/** Puts the cursor at the end of `line` (1-based) with the keyboard. */
async function toEndOfLine(line: number) {
  await focusEditor(page);
  await page.keyboard.press("ControlOrMeta+Home");
  for (let i = 1; i < line; i++) await page.keyboard.press("ArrowDown");
  await page.keyboard.press("End");
}

describe("live diagnostics while typing", () => {
  it("typed key by key without pausing, the squiggles and Problems describe the final text", async () => {
    await setSource(page, "fn main() {\n    let n: i64 = 1\n    println(n)\n}\n");
    await expect.poll(() => problems(), { timeout: 15_000 }).toContain("No problems.");
    await page.getByTestId("tab-output").click();
    // Every prefix of this line is checked as it is typed: most are syntax errors at other places.
    await toEndOfLine(2);
    await page.keyboard.press("Enter");
    await page.keyboard.type("let s: str = n");
    // The type error at line 3, column 18 (`n`), is all that is left once the text settles.
    await expect.poll(() => problems(), { timeout: 15_000 }).toMatch(/^3:18 [^\n]*E\d{4}/);
    expect((await problems()).match(/\d+:\d+ /g)).toEqual(["3:18 "]);
    await page.getByTestId("tab-output").click();
    await expect.poll(() => squiggles().count(), { timeout: 15_000 }).toBe(1);
    const line3 = await page.locator(".editor-layer:not([hidden]) .line-numbers", { hasText: /^3$/ }).boundingBox();
    const box = await squiggles().first().boundingBox();
    expect(Math.abs((box?.y ?? 0) - (line3?.y ?? -100))).toBeLessThan(4);

    // Fixed key by key, the squiggle goes; typing on keeps none.
    await toEndOfLine(3);
    await page.keyboard.press("Backspace");
    await page.keyboard.type('"{n}"');
    await expect.poll(() => squiggles().count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => problems(), { timeout: 15_000 }).toContain("No problems.");
    await page.getByTestId("tab-output").click();
    expect(pageErrors).toEqual([]);
  });
});
