// The playground's keyboard and contrast promises, in Chromium: Ctrl+G goes
// to a line (and the F1 palette lists it), axe-core finds nothing serious
// with the palette open in the dark theme, comments there are drawn in the
// theme's readable colour, the way out of the editor is on screen while it
// has the focus, and Ctrl+D ends a program's input.
import { createRequire } from "node:module";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { pithDarkTheme } from "../client/editor/darkTheme";
import { browserSuite } from "./browserSuite";
import { focusEditor, openPlayground, setSource, stdout } from "./playgroundPage";

/** Screenshots are test artifacts, never committed. */
const ARTIFACTS = new URL("../test-results/playground/", import.meta.url).pathname;
const AXE_SCRIPT = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

const suite = browserSuite(ARTIFACTS);

async function freshPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await suite.browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await openPlayground(page, suite.server.url);
  return { context, page };
}

const saved = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem("pith-playground:journal") ?? "null")?.workspace.source);

async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE_SCRIPT });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import("axe-core") }).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  });
}

describe("keyboard and contrast", () => {
  it("Ctrl+G goes to the line typed, and the F1 palette lists Go to Line", async () => {
    const { context, page } = await freshPage();
    const lines = Array.from({ length: 30 }, (_, i) => `// line ${i + 1}`);
    await setSource(page, `${lines.join("\n")}\n`);
    await expect.poll(() => saved(page)).toContain("// line 30");
    await focusEditor(page);
    await page.keyboard.press("Control+G");
    await page.keyboard.type("20");
    await page.keyboard.press("Enter");
    await page.keyboard.type("X");
    await expect.poll(async () => (await saved(page)).split("\n")[19]).toBe("X// line 20");

    await page.keyboard.press("F1");
    await page.keyboard.type("Go to Line");
    await expect
      .poll(() => page.locator(".quick-input-list .monaco-list-row").first().textContent())
      .toContain("Go to Line");
    await page.keyboard.press("Escape");
    await context.close();
  });

  it("axe-core finds no serious or critical violation with the F1 palette open in the dark theme", async () => {
    const { context, page } = await freshPage();
    await page.getByRole("button", { name: "Use the dark theme" }).click();
    await focusEditor(page);
    await page.keyboard.press("F1");
    await page.locator(".quick-input-list .monaco-list-row").first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await context.close();
  });

  it("draws comments in the dark theme's readable colour, and shows how to leave the editor while it has the focus", async () => {
    const { context, page } = await freshPage();
    await page.getByRole("button", { name: "Use the dark theme" }).click();
    await setSource(page, '// a comment, readable on the dark background\nfn main() {\n    println("dark")\n}\n');
    const comment = page.locator(".view-line span span", { hasText: "// a comment" }).first();
    await comment.waitFor();
    const expected = pithDarkTheme.rules.find((r) => r.token === "comment")?.foreground ?? "";
    const rgb = [0, 2, 4].map((i) => Number.parseInt(expected.slice(i, i + 2), 16)).join(", ");
    await expect.poll(() => comment.evaluate((e) => getComputedStyle(e).color)).toBe(`rgb(${rgb})`);

    const hint = page.getByTestId("editor-hint");
    await focusEditor(page);
    await hint.waitFor({ state: "visible" });
    expect(await hint.textContent()).toContain("Escape, then Tab");
    expect(await hint.textContent()).toContain("Ctrl+M");
    await page.screenshot({ path: `${ARTIFACTS}dark-theme.png` });
    await page.getByRole("button", { name: "Use the light theme" }).focus();
    await hint.waitFor({ state: "hidden" });
    await context.close();
  });

  it("Ctrl+D in the input field sends what is typed, then end of input", async () => {
    const { context, page } = await freshPage();
    await setSource(
      page,
      'fn main() {\n    var n = 0\n    while read_line() != "" {\n        n += 1\n    }\n    println("lines: {n}")\n}\n',
    );
    await focusEditor(page);
    await page.keyboard.press("Control+Enter");
    const field = page.getByTestId("stdin-line");
    await page.locator(".stdin-form.waiting").waitFor({ timeout: 30_000 });
    await field.fill("first");
    await field.press("Enter");
    await page.locator(".stdin-form.waiting").waitFor();
    await field.pressSequentially("last, unfinished");
    await field.press("Control+D");
    await page.locator("[data-testid=run-summary][data-phase=finished]").waitFor({ timeout: 30_000 });
    expect(await stdout(page)).toBe("lines: 2\n");
    await context.close();
  });
});
