// The early editor: the page is editable and runs programs before Monaco (the
// editor chunk) arrives, and Monaco then takes over without losing a
// keystroke. The editor chunk is held back with page.route to open that window.
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserSuite } from "./browserSuite";
import { editorText, stdout } from "./playgroundPage";

/** Screenshots are test artifacts, never committed. */
const ARTIFACTS = new URL("../test-results/playground/", import.meta.url).pathname;
const PROGRAM = 'fn main() {\n    println("early")\n}\n';

const suite = browserSuite(ARTIFACTS);

/** A fresh page whose editor chunk (Monaco) is answered only when `release` is called. */
async function pageWithMonacoHeld(): Promise<{ context: BrowserContext; page: Page; release: () => void }> {
  const context = await suite.browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/CodeEditor-[^/]*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return { context, page, release };
}

async function openEarly(page: Page) {
  await page.goto(suite.server.url);
  await page.locator('[data-testid=editor][data-ready="true"][data-editor="early"]').waitFor({ timeout: 30_000 });
}

const earlyEditor = (page: Page) =>
  page.getByTestId("early-editor").getByRole("textbox", { name: "Program source (Pith)" });

describe("the early editor, before Monaco arrives", () => {
  it("takes typing and runs it with Ctrl+Enter, then hands text, cursor and focus to Monaco, where typing goes on", async () => {
    const { context, page, release } = await pageWithMonacoHeld();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await openEarly(page);
    await expect.poll(() => page.getByTestId("editor-loading").textContent()).toBe("Loading the full editor…");
    expect(await page.locator(".monaco-editor").count()).toBe(0);

    const box = earlyEditor(page);
    await box.click();
    await page.keyboard.press("ControlOrMeta+A");
    // Typed key by key: Enter keeps the indentation, `}` takes a level off.
    await page.keyboard.type('fn main() {\nprintln("early")\n}\n');
    expect(await box.inputValue()).toBe(PROGRAM);
    await page.keyboard.press("Control+Enter");
    await page.locator("[data-testid=run-summary][data-phase=finished]").waitFor({ timeout: 30_000 });
    expect(await stdout(page)).toBe("early\n");
    expect(await page.locator(".monaco-editor").count()).toBe(0);

    // The cursor at the end of line 2; the early editor's look, for comparison with Monaco's.
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("End");
    const earlyCursor = await box.evaluate((a: HTMLTextAreaElement) => a.selectionStart);
    expect(earlyCursor).toBe(PROGRAM.indexOf(")\n") + 1);
    const earlyLine = await page.locator(".early-line .early-code").nth(1).boundingBox();
    await page.screenshot({ path: `${ARTIFACTS}early-editor-desktop.png` });

    release();
    await page.locator('[data-testid=editor][data-ready="true"][data-editor="monaco"]').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId("early-editor").count()).toBe(0);
    expect(await page.getByTestId("editor-loading").count()).toBe(0);
    expect(await page.evaluate(() => !!document.activeElement?.closest(".monaco-editor"))).toBe(true);
    expect(await editorText(page)).toBe(PROGRAM.trimEnd());
    // Monaco draws line 2 where the early editor drew it: nothing jumps.
    const monacoLine = await page.locator(".editor-layer:not([hidden]) .view-line", { hasText: "early" }).boundingBox();
    expect(Math.abs((monacoLine?.y ?? -99) - (earlyLine?.y ?? 99))).toBeLessThanOrEqual(1);
    expect(Math.abs((monacoLine?.x ?? -99) - (earlyLine?.x ?? 99))).toBeLessThanOrEqual(2);
    await page.screenshot({ path: `${ARTIFACTS}monaco-after-handover-desktop.png` });

    // Typing goes on in Monaco, at the cursor the early editor had.
    await page.keyboard.type(" // and more");
    await expect.poll(() => editorText(page)).toBe('fn main() {\n    println("early") // and more\n}');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("loses no keystroke when Monaco takes over in the middle of steady typing", async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await openEarly(page);
    // A loaded machine, as CI's can be: the page gets no idle moment between
    // keystrokes (here, a task that keeps the thread busy for 10 ms of every
    // 14), and Monaco must still come at its deadline.
    await page.evaluate(() => {
      setInterval(() => {
        const start = performance.now();
        while (performance.now() - start < 10) {}
      }, 4);
    });
    const box = earlyEditor(page);
    await box.click();
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type("// ");
    // Typing that never pauses holds Monaco back only so long: it takes over mid-sentence.
    const words = Array.from({ length: 40 }, (_, i) => `word${i}`).join(" ");
    const began = Date.now();
    let typedAt: number | undefined;
    const typing = page.keyboard.type(words, { delay: 40 }).then(() => {
      typedAt = Date.now() - began;
    });
    await page.locator('[data-testid=editor][data-editor="monaco"]').waitFor({ timeout: 30_000 });
    const swappedAt = Date.now() - began;
    const swappedMidTyping = typedAt === undefined;
    await typing;
    expect(swappedMidTyping, `Monaco took over at ${swappedAt} ms, the typing ended at ${typedAt} ms`).toBe(true);
    await expect.poll(() => editorText(page), { timeout: 5_000 }).toBe(`// ${words}`);
    await context.close();
  });

  it("keeps what was typed across a reload, and shows the compiler's problems with a jump to the line", async () => {
    const { context, page, release } = await pageWithMonacoHeld();
    await openEarly(page);
    const box = earlyEditor(page);
    await box.click();
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type("fn main() {\nlet s: str = 1\nprintln(s)\n}\n");
    await page.getByTestId("tab-problems").click();
    await expect.poll(() => page.getByTestId("problems").textContent(), { timeout: 5_000 }).toMatch(/^2:\d+ /);
    expect(await page.locator(".early-gutter.early-error").textContent()).toBe("2");
    await page.getByTestId("problems").locator("button").first().click();
    const cursor = await box.evaluate((a: HTMLTextAreaElement) => ({
      focused: document.activeElement === a,
      line: a.value.slice(0, a.selectionStart).split("\n").length,
    }));
    expect(cursor).toEqual({ focused: true, line: 2 });

    // Saved shortly after typing: wait until IndexedDB has it, then reload.
    await page.waitForTimeout(800);
    await page.reload();
    await page.locator('[data-testid=editor][data-ready="true"][data-editor="early"]').waitFor({ timeout: 30_000 });
    expect(await earlyEditor(page).inputValue()).toBe("fn main() {\n    let s: str = 1\n    println(s)\n}\n");

    // Format works before Monaco too, as one step.
    await earlyEditor(page).fill('fn main(){let s:str="1"\nprintln(s)}');
    await page.getByRole("button", { name: "Format", exact: true }).click();
    await expect
      .poll(() => earlyEditor(page).inputValue())
      .toBe('fn main() {\n    let s: str = "1"\n    println(s)\n}\n');
    release();
    await page.locator('[data-testid=editor][data-editor="monaco"]').waitFor({ timeout: 30_000 });
    await context.close();
  });
});
