// Nothing typed is ever lost: links opened one after another over the user's
// work, a reload, and every earlier program comes back from the History menu;
// typing followed at once by a reload keeps every character. Typed with the
// real keyboard, as a user does.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { HELLO_WORLD } from "../client/examples/examples";
import { shareFragment } from "../client/share/shareLink";
import { browserSuite } from "./browserSuite";
import { clearEditor, editorText, focusEditor, openPlayground, savedSource } from "./playgroundPage";

/** Screenshots are test artifacts, never committed. */
const ARTIFACTS = new URL("../test-results/playground/", import.meta.url).pathname;

const suite = browserSuite(ARTIFACTS);

const program = (what: string) => `// ${what}\nfn main() {\n    println("${what}")\n}\n`;
const link = (what: string) => `${suite.server.url}/${shareFragment({ source: program(what) })}`;

/** The program in the editor, every line of it, as the page saved it (the journal written at every change). */
const source = savedSource;

/** Opens the History menu and returns its items' first lines. */
async function historyTitles(page: Page): Promise<string[]> {
  await page.getByRole("button", { name: "History: earlier programs" }).click();
  const items = page.getByRole("menu").getByRole("menuitem");
  await items.first().waitFor();
  return (await items.locator("strong").allTextContents()).map((t) => t.trim());
}

describe("the history of earlier programs", () => {
  it("keeps the user's program through three links opened in a row and a reload, and restores each from History", async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await openPlayground(page, suite.server.url);
    await clearEditor(page);
    await page.keyboard.type('// my own program\nfn main() {\nprintln("mine")\n}\n');
    const mine = '// my own program\nfn main() {\n    println("mine")\n}\n';
    await expect.poll(() => source(page)).toBe(mine);

    // Link A pasted into this tab, link B opened in a new tab, link C pasted into that one.
    await page.goto(link("link A"));
    await expect.poll(() => source(page)).toBe(program("link A"));
    const banner = page.getByRole("status").filter({ hasText: "Opened a shared program" });
    expect(await banner.textContent()).toContain("your work is in the scratch slot and in History");
    await page.close();
    const tab = await context.newPage();
    await openPlayground(tab, link("link B"));
    await expect.poll(() => source(tab)).toBe(program("link B"));
    // The banner's Restore brings back link A (the scratch slot holds one program); the user's own is in History.
    await tab.getByRole("button", { name: "Restore it" }).click();
    await expect.poll(() => source(tab)).toBe(program("link A"));
    await tab.goto(link("link C"));
    await expect.poll(() => source(tab)).toBe(program("link C"));

    await tab.reload();
    await tab.locator('[data-testid=editor][data-ready="true"][data-editor="monaco"]').waitFor({ timeout: 30_000 });
    expect(await source(tab)).toBe(program("link C"));
    const titles = await historyTitles(tab);
    expect(titles.slice(0, 3)).toEqual(["// link A", "// link B", "// my own program"]);
    await tab.screenshot({ path: `${ARTIFACTS}history-menu.png` });
    await tab.keyboard.press("Escape");

    // Each earlier program comes back, chosen with the keyboard; what was open goes into History first.
    for (const [title, expected] of [
      ["// my own program", mine],
      ["// link B", program("link B")],
      ["// link A", program("link A")],
      ["// link C", program("link C")],
    ] as const) {
      await tab.getByRole("button", { name: "History: earlier programs" }).focus();
      await tab.keyboard.press("Enter");
      const item = tab.getByRole("menuitem").filter({ has: tab.locator("strong", { hasText: title }) });
      await item.first().waitFor();
      while (!(await item.first().evaluate((el) => el === document.activeElement)))
        await tab.keyboard.press("ArrowDown");
      await tab.keyboard.press("Enter");
      await expect.poll(() => source(tab)).toBe(expected);
      await expect.poll(() => editorText(tab)).toContain(title);
    }
    await context.close();
  });

  it("Start over brings back the welcome program and keeps the user's own in History", async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await openPlayground(page, suite.server.url);
    await clearEditor(page);
    await page.keyboard.type('// before starting over\nfn main() {\nprintln("old")\n}\n');
    const mine = '// before starting over\nfn main() {\n    println("old")\n}\n';
    await expect.poll(() => source(page)).toBe(mine);

    await page.getByTestId("examples-menu").click();
    await page.getByTestId("start-over").click();
    await expect.poll(() => source(page)).toBe(HELLO_WORLD);
    await expect
      .poll(() => page.getByRole("status").filter({ hasText: "Started over" }).textContent())
      .toContain("Your own program is kept in the scratch slot and in History");
    expect((await historyTitles(page))[0]).toBe("// before starting over");
    await page.getByRole("menuitem").first().click();
    await expect.poll(() => source(page)).toBe(mine);
    await context.close();
  });

  it("is reachable from the F1 palette", async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await openPlayground(page, suite.server.url);
    await focusEditor(page);
    await page.keyboard.press("F1");
    await page.keyboard.type("History");
    await page.keyboard.press("Enter");
    await page.getByRole("menu").waitFor();
    expect(await page.getByRole("menuitem").first().textContent()).toContain("No earlier programs yet");
    await context.close();
  });

  it("keeps every character typed right before a reload", async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await openPlayground(page, suite.server.url);
    await clearEditor(page);
    const typed = "// every last character counts: 0123456789 the end";
    await page.keyboard.type(typed);
    // No wait for the save timer: the reload follows the last keystroke at once.
    await page.reload();
    await page.locator('[data-testid=editor][data-ready="true"]').waitFor({ timeout: 30_000 });
    await expect.poll(() => source(page)).toBe(typed);
    await page.locator('[data-testid=editor][data-editor="monaco"]').waitFor({ timeout: 30_000 });
    await expect.poll(() => editorText(page)).toBe(typed);
    await context.close();
  });
});
