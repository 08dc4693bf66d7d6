// Diagnostic codes in the IDE, in Debian's Chromium against the real server:
// a typed error shows its code in the editor's hover and in Problems, and the
// code's link opens its page (/errors/CODE: why, an example, the fix).
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "./browser";
import { focusEditor, openPlayground, setSource } from "./playgroundPage";
import { type RunningServer, startServer } from "./server";

let server: RunningServer;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.on("pageerror", (error) => pageErrors.push(error.message));
  await openPlayground(page, server.url);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("diagnostic codes in the IDE", () => {
  it("a typed error shows its code in the hover, and the code's link opens its page", async () => {
    await setSource(page, "fn main() {\n    let total = 1\n    println(tota)\n}\n");
    // The last keystrokes are typed, as a user would: the misspelt name stays.
    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.type("\n");
    const squiggle = page.locator(".editor-layer:not([hidden]) .squiggly-error").first();
    await squiggle.waitFor({ timeout: 10_000 });
    await focusEditor(page);
    await page.keyboard.press("F8"); // to the problem: Monaco shows the marker with its code
    const marker = page.locator(".marker-widget, .monaco-hover").filter({ hasText: "unknown name 'tota'" }).first();
    await marker.waitFor({ timeout: 10_000 });
    const code = marker.locator("a", { hasText: "E0200" }).first();
    await code.waitFor({ timeout: 5_000 });
    const opened = page.context().waitForEvent("page", { timeout: 15_000 });
    await code.click();
    const help = await opened;
    await help.waitForLoadState("domcontentloaded");
    expect(new URL(help.url()).pathname).toBe("/errors/E0200");
    expect(await help.locator("h1").textContent()).toBe("E0200: unknown name");
    await expect.poll(() => help.locator("main").textContent()).toContain("How to fix it");
    await help.close();
    await page.keyboard.press("Escape");
  });

  it("Problems lists the code beside the message as a link to the same page", async () => {
    await setSource(page, "fn main() {\n    let mut n = 1\n    n += 1\n}\n");
    await page.getByTestId("tab-problems").click();
    const link = page.getByTestId("problems").getByRole("link", { name: "E0116" });
    await link.waitFor({ timeout: 10_000 });
    expect(await link.getAttribute("href")).toBe("/errors/E0116");
    const opened = page.context().waitForEvent("page", { timeout: 15_000 });
    await link.click();
    const help = await opened;
    await help.waitForLoadState("domcontentloaded");
    expect(await help.locator("h1").textContent()).toBe("E0116: let mut");
    expect(await help.locator("main").textContent()).toContain("use 'var' for a mutable binding");
    await help.close();
    await page.getByTestId("tab-output").click();
    expect(pageErrors).toEqual([]);
  });
});
