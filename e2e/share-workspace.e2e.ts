// Sharing a workspace as people do it in Chromium: a two-file program at -O3
// shared through the Share menu, opened in a fresh browser (both files, the
// level, the output), opened over someone's own work (a banner says where it
// went and Restore brings it back), and a link pasted into an open tab.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "./browser";
import { editorText, openPlayground, runAndWait, setSource } from "./playgroundPage";
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

const MAIN = 'fn main() {\n    println("from main at the chosen level")\n}\n';
const HELPER = "fn helper() -> i64 {\n    42\n}\n";
const OWN = 'fn main() {\n    println("my own unsaved idea")\n}\n';

const fileTabs = (page: Page) => page.getByRole("tab", { name: /\.pith$/ }).allTextContents();
const level = (page: Page) => page.getByLabel("Optimisation level").inputValue();

async function openBuildPanel(page: Page): Promise<void> {
  await page.getByRole("tab", { name: "Build" }).click();
}

/** Makes the two-file workspace at -O3 in a fresh context and returns its share link. */
async function shareTwoFiles(): Promise<string> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await openPlayground(page, server.url);
  await setSource(page, MAIN);
  await page.getByRole("button", { name: "New file" }).click();
  await setSource(page, HELPER);
  await page.getByRole("tab", { name: "main.pith" }).click();
  await openBuildPanel(page);
  await page.getByLabel("Optimisation level").selectOption("-O3");
  await page.getByRole("button", { name: "Share" }).click();
  await page.getByRole("menuitem", { name: /^Copy link/ }).click();
  await page.waitForFunction(() =>
    (document.querySelector("[data-testid=share-link]") as HTMLInputElement | null)?.value.includes("#w="),
  );
  const link = await page.getByTestId("share-link").inputValue();
  await context.close();
  return link;
}

/** A context whose saved work is the user's own program, typed and saved. */
async function contextWithOwnWork(): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await openPlayground(page, server.url);
  await setSource(page, OWN);
  await expect.poll(() => editorText(page)).toContain("my own unsaved idea");
  // Saved to IndexedDB shortly after the change.
  await page.waitForTimeout(800);
  return { page, close: () => context.close() };
}

describe("sharing a workspace", () => {
  let link: string;

  beforeAll(async () => {
    link = await shareTwoFiles();
  });

  it("opens in a fresh browser with both files, the level and the same output", async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await openPlayground(page, link);
    await expect.poll(() => editorText(page)).toContain("from main at the chosen level");
    expect(await fileTabs(page)).toEqual(["main.pith", "untitled.pith"]);
    expect((await runAndWait(page)).stdout).toBe("from main at the chosen level\n");
    await openBuildPanel(page);
    expect(await level(page)).toBe("-O3");
    await page.getByRole("tab", { name: "untitled.pith" }).click();
    await expect.poll(() => editorText(page)).toContain("fn helper() -> i64");
    // Nothing of a fresh visitor's was put aside, so the page only says what opened.
    expect(await page.getByRole("status").filter({ hasText: "Opened a shared program" }).textContent()).not.toContain(
      "scratch slot",
    );
    await context.close();
  });

  it("opened over someone's work, says where that work went, and Restore brings it back", async () => {
    const { page, close } = await contextWithOwnWork();
    const other = await page.context().newPage();
    await openPlayground(other, link);
    await expect.poll(() => editorText(other)).toContain("from main at the chosen level");
    const banner = other.getByRole("status").filter({ hasText: "Opened a shared program" });
    expect(await banner.textContent()).toContain("your work is in the scratch slot");
    // The link left the address bar: a reload keeps what is open instead of opening the link again.
    expect(new URL(other.url()).hash).toBe("");
    await other.getByRole("button", { name: "Restore it" }).click();
    await expect.poll(() => editorText(other)).toContain("my own unsaved idea");
    expect(await fileTabs(other)).toEqual(["main.pith"]);
    await close();
  });

  it("pasted into the open tab, opens the same way without a reload", async () => {
    const { page, close } = await contextWithOwnWork();
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    // What pasting a link to the same page into the address bar does: only the fragment changes.
    await page.goto(`${server.url}/${new URL(link).hash}`);
    await expect.poll(() => editorText(page)).toContain("from main at the chosen level");
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    expect(await fileTabs(page)).toEqual(["main.pith", "untitled.pith"]);
    const banner = page.getByRole("status").filter({ hasText: "Opened a shared program" });
    expect(await banner.textContent()).toContain("your work is in the scratch slot");
    await page.getByRole("button", { name: "Restore it" }).click();
    await expect.poll(() => editorText(page)).toContain("my own unsaved idea");
    await close();
  });

  it("stores a short link for the whole workspace and opens it elsewhere", async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await openPlayground(page, link);
    await expect.poll(() => editorText(page)).toContain("from main at the chosen level");
    await page.getByRole("button", { name: "Share" }).click();
    await page.getByRole("menuitem", { name: /^Short link/ }).click();
    await expect.poll(() => page.getByTestId("short-link").inputValue()).toMatch(/\/#s=[0-9a-f]{32}$/);
    const short = await page.getByTestId("short-link").inputValue();
    const fresh = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const other = await fresh.newPage();
    await openPlayground(other, short.replace(/^https?:\/\/[^/]+/, server.url));
    await expect.poll(() => editorText(other)).toContain("from main at the chosen level");
    expect(await fileTabs(other)).toEqual(["main.pith", "untitled.pith"]);
    await openBuildPanel(other);
    expect(await level(other)).toBe("-O3");
    await fresh.close();
    await context.close();
  });
});
