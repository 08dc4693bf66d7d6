// A program of two files in the IDE, as a user writes it in Chromium: a
// second tab holds a helper, main.pith imports it, Run prints the result
// whichever tab is shown, a type error in the helper is shown against the
// helper's own file and line (in Problems, and as a marker when it is shown),
// and completion and go to definition reach across the files.
import { mkdirSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "./browser";
import { editorText, focusEditor, openPlayground, runAndWait, setSource } from "./playgroundPage";
import { type RunningServer, startServer } from "./server";

const ARTIFACTS = new URL("../test-results/workspace/", import.meta.url).pathname;

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

const MAIN = 'import untitled\n\nfn main() {\n    println("the answer is {untitled.answer()}")\n}\n';
const HELPER = "fn answer() -> i64 {\n    6 * 7\n}\n";
const BROKEN = 'fn answer() -> i64 {\n    let half: i64 = "21"\n    half * 2\n}\n';

describe("a program of several files", () => {
  it("main.pith imports the helper in the other tab; Run runs main.pith whichever tab is shown", async () => {
    await setSource(page, MAIN);
    await page.getByRole("button", { name: "New file" }).click();
    await expect.poll(() => page.getByRole("tab", { selected: true }).first().textContent()).toBe("untitled.pith");
    await setSource(page, HELPER);
    await expect.poll(() => editorText(page)).toContain("6 * 7");
    // The helper is shown; Run still runs the entry file, main.pith.
    const { stdout, summary } = await runAndWait(page);
    expect(summary).toContain("Exited with code 0");
    expect(stdout).toBe("the answer is 42\n");
    await page.getByRole("tab", { name: "main.pith" }).click();
    await expect.poll(() => editorText(page)).toContain("import untitled");
    expect((await runAndWait(page)).stdout).toBe("the answer is 42\n");
    await page.screenshot({ path: `${ARTIFACTS}two-files.png` });
  });

  it("shows a type error in the helper against the helper's file and line", async () => {
    await page.getByRole("tab", { name: "untitled.pith" }).click();
    await setSource(page, BROKEN);
    // A marker on line 2 of the helper, in the editor that shows it.
    await page.locator(".editor-layer:not([hidden]) .squiggly-error").first().waitFor({ timeout: 15_000 });
    await page.getByRole("tab", { name: /^Problems/ }).click();
    const problem = page.getByTestId("problems").locator("button.problem").first();
    await expect.poll(() => problem.textContent()).toMatch(/^2:\d+ .*expected i64, found str/);
    // From main.pith the same problem is labelled with its file, and choosing it opens that file at the line.
    await page.getByRole("tab", { name: "main.pith" }).click();
    await expect.poll(() => problem.textContent()).toMatch(/^untitled\.pith:2:\d+ /);
    expect(await page.locator(".editor-layer:not([hidden]) .squiggly-error").count()).toBe(0);
    await problem.click();
    await expect.poll(() => page.getByRole("tab", { selected: true }).first().textContent()).toBe("untitled.pith");
    await expect.poll(() => editorText(page)).toContain('let half: i64 = "21"');
    // Run reports the compile error of the helper, labelled with its file.
    await page.getByRole("tab", { name: "Output" }).click();
    await runAndWait(page);
    expect(await page.getByTestId("output").textContent()).toContain("untitled.pith:2:");
  });

  it("completes the helper's functions after `untitled.` and F12 opens the helper's tab at the function", async () => {
    await page.getByRole("tab", { name: "untitled.pith" }).click();
    await setSource(page, HELPER);
    await page.getByRole("tab", { name: "main.pith" }).click();
    await expect.poll(() => editorText(page)).toContain("import untitled");
    await focusEditor(page);
    // At the end of line 3 (`fn main() {`), a new line typed key by key.
    await page.keyboard.press("ControlOrMeta+Home");
    for (let i = 1; i < 3; i++) await page.keyboard.press("ArrowDown");
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    await page.keyboard.type("let x = untitled.", { delay: 20 });
    const suggest = page.locator(".editor-layer:not([hidden]) .suggest-widget.visible .monaco-list-row .label-name");
    await suggest.first().waitFor({ timeout: 15_000 });
    expect(await suggest.allInnerTexts()).toContain("answer");
    await page.keyboard.press("Escape");
    await page.keyboard.type("answer()", { delay: 20 });
    // F12 with the cursor inside `answer`.
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("F12");
    await expect
      .poll(() => page.getByRole("tab", { selected: true }).first().textContent(), { timeout: 15_000 })
      .toBe("untitled.pith");
    await expect.poll(() => editorText(page)).toContain("fn answer() -> i64");
  });
});
