// Errors link to their place in any file, in Chromium: a compile error and a
// panic in util.pith are links in Output that open util.pith at the line,
// the util.pith tab carries an error mark (in its accessible name), and a
// stack overflow is reported like a panic: the function it happened in (a
// link), exit status 101 and a hint about the recursion.
import { mkdirSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "./browser";
import { editorText, openPlayground, runAndWait, setSource } from "./playgroundPage";
import { type RunningServer, startServer } from "./server";

const ARTIFACTS = new URL("../test-results/run-errors/", import.meta.url).pathname;

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

const MAIN = 'import untitled\n\nfn main() {\n    println("{untitled.half(7)}")\n}\n';
const BROKEN = 'fn half(n: i64) -> i64 {\n    let h: i64 = "3"\n    h\n}\n';
const PANICS = 'fn half(n: i64) -> i64 {\n    if n % 2 == 1 {\n        panic("odd: {n}")\n    }\n    n / 2\n}\n';

const selectedTab = (p: Page) => p.getByRole("tab", { selected: true }).first().textContent();
/** How far, in px, the editor's current-line highlight is from line `n` (Monaco moves it on its next frame). */
async function fromCursorToLine(p: Page, n: number): Promise<number> {
  const cursor = await p.locator(".editor-layer:not([hidden]) .current-line").first().boundingBox();
  const line = await p
    .locator(".editor-layer:not([hidden]) .line-numbers", { hasText: new RegExp(`^${n}$`) })
    .boundingBox();
  return Math.abs((cursor?.y ?? 0) - (line?.y ?? -100));
}

describe("errors in a second file", () => {
  it("a compile error in untitled.pith is a link that opens it at the line; its tab is marked", async () => {
    await setSource(page, MAIN);
    await page.getByRole("button", { name: "New file" }).click();
    await expect.poll(() => selectedTab(page)).toBe("untitled.pith");
    await setSource(page, BROKEN);
    await page.getByRole("tab", { name: "main.pith" }).click();
    await expect.poll(() => editorText(page)).toContain("import untitled");
    await page.getByRole("tab", { name: "Output" }).click();
    const { summary } = await runAndWait(page);
    expect(summary).toMatch(/Compile failed/);
    // The tab of the broken file says so in its accessible name; main.pith's does not.
    await expect.poll(() => page.getByRole("tab", { name: "untitled.pith, has errors" }).count()).toBe(1);
    expect(await page.getByRole("tab", { name: "main.pith, has errors" }).count()).toBe(0);
    const link = page.getByTestId("output").getByRole("button", { name: /^untitled\.pith:2:\d+$/ });
    await link.click();
    await expect.poll(() => selectedTab(page)).toBe("untitled.pith");
    await expect.poll(() => editorText(page)).toContain('let h: i64 = "3"');
    await expect.poll(() => fromCursorToLine(page, 2)).toBeLessThan(4);
    await page.screenshot({ path: `${ARTIFACTS}compile-error.png` });
  });

  it("a panic in untitled.pith is a link to its line; the mark goes once the file compiles", async () => {
    await setSource(page, PANICS);
    await expect
      .poll(() => page.getByRole("tab", { name: "untitled.pith, has errors" }).count(), {
        timeout: 15_000,
      })
      .toBe(0);
    const { summary } = await runAndWait(page);
    expect(summary).toContain("Exited with code 101");
    await page.getByRole("tab", { name: "main.pith" }).click();
    await expect.poll(() => editorText(page)).toContain("import untitled");
    const link = page.getByTestId("output").getByRole("button", { name: /^untitled\.pith:3:\d+$/ });
    await link.click();
    await expect.poll(() => selectedTab(page)).toBe("untitled.pith");
    await expect.poll(() => fromCursorToLine(page, 3)).toBeLessThan(4);
  });
});

describe("a stack overflow", () => {
  it("is reported like a panic: the function, a link to it, exit status 101 and a hint", async () => {
    await page.getByRole("tab", { name: "main.pith" }).click();
    await setSource(
      page,
      'fn main() {\n    println("{down(1)}")\n}\n\nfn down(n: i64) -> i64 {\n    down(n + 1) + 1\n}\n',
    );
    await page.getByRole("tab", { name: "Output" }).click();
    const { summary } = await runAndWait(page, 60_000);
    expect(summary).toContain("Exited with code 101");
    const output = (await page.getByTestId("output").textContent()) ?? "";
    expect(output).toMatch(/panic: stack overflow in down at main\.pith:5:4: .*recursion/);
    await page.getByTestId("output").getByRole("button", { name: "main.pith:5:4" }).click();
    await expect.poll(() => fromCursorToLine(page, 5)).toBeLessThan(4);
    await page.screenshot({ path: `${ARTIFACTS}stack-overflow.png` });
  });
});
