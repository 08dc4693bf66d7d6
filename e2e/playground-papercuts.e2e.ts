// Small things a new user trips over, in Chromium: a file renamed to `util`
// becomes util.pith, and completion after `math.` offers the module's public
// names only, never its internal helpers.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "./browser";
import { focusEditor, openPlayground, setSource } from "./playgroundPage";
import { type RunningServer, startServer } from "./server";

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function freshPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await openPlayground(page, server.url);
  return { context, page };
}

const suggest = ".editor-layer:not([hidden]) .suggest-widget.visible";

/** The completion list's labels once the compiler has answered. */
async function suggestionLabels(page: Page): Promise<string[]> {
  await page.locator(`${suggest} .monaco-list-row`).first().waitFor({ timeout: 15_000 });
  return page.locator(`${suggest} .monaco-list-row .label-name`).allInnerTexts();
}

describe("papercuts", () => {
  it("renames a file to `util` as util.pith", async () => {
    const { context, page } = await freshPage();
    await page.getByRole("button", { name: "New file" }).click();
    await page.getByRole("button", { name: "Rename untitled.pith" }).click();
    const dialog = page.getByRole("dialog", { name: "Rename untitled.pith" });
    await dialog.getByRole("textbox", { name: "New name" }).fill("util");
    await page.keyboard.press("Enter");
    await expect
      .poll(() => page.getByRole("tab", { name: /\.pith$/ }).allTextContents())
      .toEqual(["main.pith", "util.pith"]);
    await context.close();
  });

  it("after `math.` offers exp and round but not the internal exp_parts or reduce", async () => {
    const { context, page } = await freshPage();
    await setSource(page, "import std.math\n\nfn main() {\n    let x = 1.0\n}\n");
    await focusEditor(page);
    await page.keyboard.press("ControlOrMeta+End");
    // Up to `let x = 1.0`, inside main.
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    await page.keyboard.type("let y = math.");
    const all = await suggestionLabels(page);
    expect(all.length).toBeGreaterThan(8);
    await page.keyboard.type("ex", { delay: 20 });
    await expect.poll(() => suggestionLabels(page), { timeout: 15_000 }).toContain("exp");
    expect(await suggestionLabels(page)).not.toContain("exp_parts");
    await page.keyboard.press("Backspace");
    await page.keyboard.press("Backspace");
    await page.keyboard.type("r", { delay: 20 });
    await expect.poll(() => suggestionLabels(page), { timeout: 15_000 }).toContain("round");
    expect(await suggestionLabels(page)).not.toContain("reduce");
    await context.close();
  });
});
