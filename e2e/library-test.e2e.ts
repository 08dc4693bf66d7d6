// A test from the Library, as a user opens it in Chromium: it becomes an
// editable copy in a file tab of its own, Run test runs that copy and says it
// passed; edited so its output changes, Run test says it failed and shows the
// expected lines against the actual ones.
import { mkdirSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "./browser";
import { editorText, openPlayground, setSource } from "./playgroundPage";
import { type RunningServer, startServer } from "./server";

const ARTIFACTS = new URL("../test-results/library-test/", import.meta.url).pathname;
let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  server = await startServer();
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await openPlayground(page, server.url);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function runTest(p: Page): Promise<string> {
  await p.getByRole("tab", { name: "Output" }).click();
  const runs = Number(await p.getByTestId("run-summary").getAttribute("data-runs"));
  await p.getByTestId("run-test").click();
  await p
    .locator(`[data-testid=run-summary][data-runs="${runs + 1}"][data-phase=finished]`)
    .waitFor({ timeout: 60_000 });
  return (await p.getByTestId("test-verdict").textContent()) ?? "";
}

describe("a test opened from the Library", () => {
  it("opens as an editable copy that Run test checks, and shows a diff when its output changes", async () => {
    await page.getByRole("tab", { name: "Library" }).click();
    await page.getByRole("button", { name: /^basics\/constants(\.pith)?$/ }).click();
    await expect.poll(() => page.getByRole("tab", { selected: true }).first().textContent()).toBe("constants.pith");
    await expect.poll(() => editorText(page)).toContain("fn main");
    expect(await page.getByRole("tab", { name: /\.pith$/ }).allTextContents()).toEqual(["main.pith", "constants.pith"]);

    expect(await runTest(page)).toMatch(/✓ Test basics\/constants passed/);

    // Edited: the copy prints one more line, and the test fails with a diff.
    await setSource(page, 'fn main() {\n    println("not what the test expects")\n}\n');
    const verdict = await runTest(page);
    expect(verdict).toMatch(/✗ Test basics\/constants failed: the output differs/);
    const diff = (await page.getByTestId("test-diff").textContent()) ?? "";
    expect(diff).toContain("+ not what the test expects");
    expect(diff).toMatch(/^- /m);
    await page.screenshot({ path: `${ARTIFACTS}failed-test.png` });

    // Run still runs main.pith, the entry file, not the test.
    expect(await page.getByRole("button", { name: "Run test" }).count()).toBe(1);
    await page.getByRole("tab", { name: "main.pith" }).click();
    expect(await page.getByRole("button", { name: "Run test" }).count()).toBe(0);
  });
});
