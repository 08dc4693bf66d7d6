// The playground for a keyboard user, in Debian's Chromium against the real
// server: every key a program contains reaches the editor, the keyboard can
// leave the editor and reach every control, the menus and tabs follow the
// WAI-ARIA patterns, settings survive a reload, Vim keys work, and axe-core
// finds no serious or critical violation. Keys are typed with page.keyboard,
// as a user types them.
import { createRequire } from "node:module";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserSuite } from "./browserSuite";
import { editorText, focusEditor, openPlayground, setSource } from "./playgroundPage";

/** Screenshots are test artifacts, never committed. */
const ARTIFACTS = new URL("../test-results/keyboard/", import.meta.url).pathname;
const AXE_SCRIPT = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

const suite = browserSuite(ARTIFACTS);

/** A fresh browser profile (its own storage) with the playground open and Monaco up. */
async function freshPage(): Promise<{ context: BrowserContext; page: Page; dialogs: string[] }> {
  const context = await suite.browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const dialogs: string[] = [];
  // A window.prompt/confirm/alert would show here; the tests say when one is expected.
  page.on("dialog", (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await openPlayground(page, suite.server.url);
  return { context, page, dialogs };
}

/** What has the keyboard focus, described for assertions. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const e = document.activeElement;
    if (!e || e === document.body) return "body";
    if (e.closest(".monaco-editor")) return "editor";
    return e.getAttribute("data-testid") ?? e.getAttribute("aria-label") ?? e.textContent?.trim() ?? e.tagName;
  });
}

/** Presses `key` until the focus is on `target` (at most `max` times); returns the stops on the way. */
async function tabTo(page: Page, key: "Tab" | "Shift+Tab", target: string, max = 40): Promise<string[]> {
  const stops: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    const now = await focused(page);
    stops.push(now);
    if (now === target) return stops;
  }
  throw new Error(`${key} never reached ${target}: ${stops.join(" → ")}`);
}

async function clearEditor(page: Page): Promise<void> {
  await focusEditor(page);
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.press("Delete");
  await expect.poll(() => editorText(page)).toBe("");
}

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

describe("every key a program contains types into the editor", () => {
  it("types `let r = parse(s)?` and a string with ? / # { } exactly, and opens no dialog", async () => {
    const { context, page, dialogs } = await freshPage();
    await clearEditor(page);
    // Typed key by key; Monaco closes `(` and `"` itself and types over the closers, as for a user.
    await page.keyboard.type("let r = parse(s)?");
    await page.keyboard.press("Enter");
    await page.keyboard.type('let t = "a?b/c#d{e}f // #x"');
    await expect.poll(() => editorText(page)).toBe('let r = parse(s)?\nlet t = "a?b/c#d{e}f // #x"');
    expect(await page.locator("dialog[open]").count()).toBe(0);
    expect(dialogs).toEqual([]);
    expect(await focused(page)).toBe("editor");
    await page.screenshot({ path: `${ARTIFACTS}typed-keys.png` });
    await context.close();
  });

  it("closes no quote typed in a comment, so the next line starts clean", async () => {
    const { context, page } = await freshPage();
    await clearEditor(page);
    await page.keyboard.type("// a lone \" quote, and 's");
    await page.keyboard.press("Enter");
    await page.keyboard.type('let s = "x"');
    await expect.poll(() => editorText(page)).toBe('// a lone " quote, and \'s\nlet s = "x"');
    await context.close();
  });

  it("keeps F1 in the editor for Monaco's command palette; Shift+F1 opens the help, which lists the way out", async () => {
    const { context, page } = await freshPage();
    await focusEditor(page);
    await page.keyboard.press("F1");
    await page.locator(".quick-input-widget").first().waitFor({ state: "visible" });
    expect(await page.locator("dialog[open]").count()).toBe(0);
    await page.keyboard.press("Escape");
    await page.keyboard.press("Shift+F1");
    const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await help.waitFor();
    expect(await help.textContent()).toContain("Ctrl+M");
    expect(await help.textContent()).toContain("Escape, then Tab");
    await page.screenshot({ path: `${ARTIFACTS}help.png` });
    await page.keyboard.press("Escape");
    await expect.poll(() => page.locator("dialog[open]").count()).toBe(0);
    await context.close();
  });
});

describe("keyboard only", () => {
  it("from page load, Tab reaches the editor; Ctrl+M then Tab reaches the output tabs, and Shift+Tab the Build menu and Run", async () => {
    const { context, page } = await freshPage();
    await page.locator("body").click({ position: { x: 1, y: 1 } });
    const toEditor = await tabTo(page, "Tab", "editor");
    // Every control of the toolbar comes before the editor, in reading order.
    expect(toEditor.indexOf("run")).toBeGreaterThanOrEqual(0);
    expect(toEditor.indexOf("run")).toBeLessThan(toEditor.indexOf("build-menu"));
    // Tab alone indents: the editor keeps it.
    await page.keyboard.press("Tab");
    expect(await focused(page)).toBe("editor");
    await page.keyboard.press("Control+m");
    await tabTo(page, "Tab", "tab-output", 10);
    // The tab list is one stop: the next Tab leaves it for the panel.
    await page.keyboard.press("Tab");
    expect(await focused(page)).not.toMatch(/^tab-/);
    await tabTo(page, "Shift+Tab", "editor", 10);
    await tabTo(page, "Shift+Tab", "build-menu", 20);
    await tabTo(page, "Shift+Tab", "run", 10);
    await context.close();
  });

  it("Escape, then Tab leaves the editor once without Ctrl+M", async () => {
    const { context, page } = await freshPage();
    await setSource(page, "fn main() {}\n");
    await focusEditor(page);
    await page.keyboard.press("Escape");
    await page.keyboard.press("Tab");
    expect(await focused(page)).not.toBe("editor");
    await tabTo(page, "Shift+Tab", "editor", 10);
    await page.keyboard.press("Escape");
    await page.keyboard.press("Shift+Tab");
    expect(await focused(page)).not.toBe("editor");
    // Neither Tab indented the line.
    expect(await editorText(page)).toBe("fn main() {}");
    await context.close();
  });

  it("moves through the output tabs with the arrow keys, Home and End", async () => {
    const { context, page } = await freshPage();
    await page.getByTestId("tab-output").focus();
    await page.keyboard.press("ArrowRight");
    expect(await focused(page)).toBe("tab-problems");
    expect(await page.getByTestId("tab-problems").getAttribute("aria-selected")).toBe("true");
    await page.keyboard.press("End");
    expect(await focused(page)).toBe("tab-library");
    await page.keyboard.press("ArrowRight");
    expect(await focused(page)).toBe("tab-output");
    await page.keyboard.press("ArrowLeft");
    expect(await focused(page)).toBe("tab-library");
    await page.keyboard.press("Home");
    expect(await focused(page)).toBe("tab-output");
    expect(await page.getByRole("tabpanel").getAttribute("aria-labelledby")).toBe("tab-output");
    await context.close();
  });
});

describe("menus", () => {
  it("opens with the keyboard on its first item, moves with arrows, Home and End, and Escape returns to the button", async () => {
    const { context, page } = await freshPage();
    const button = page.getByTestId("build-menu");
    await button.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu", { name: "Build" });
    await menu.waitFor();
    expect(await button.getAttribute("aria-expanded")).toBe("true");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/^Download \.wasm/);
    await page.keyboard.press("ArrowDown");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/^Show LLVM IR/);
    await page.keyboard.press("End");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/^Native executables/);
    await page.keyboard.press("ArrowDown");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/^Download \.wasm/);
    await page.keyboard.press("Home");
    await page.keyboard.press("ArrowUp");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/^Native executables/);
    await page.screenshot({ path: `${ARTIFACTS}build-menu.png` });
    await page.keyboard.press("Escape");
    await expect.poll(() => menu.count()).toBe(0);
    expect(await focused(page)).toBe("build-menu");
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    // ArrowUp opens on the last item; Enter chooses it: the Build panel, with the focus on its tab.
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("Enter");
    await expect.poll(() => focused(page)).toBe("tab-build");
    expect(await page.getByTestId("tab-build").getAttribute("aria-selected")).toBe("true");
    // A local build from the menu: the LLVM IR opens read-only beside the files.
    await button.focus();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await page.getByRole("tab", { name: /^main\.ll/ }).waitFor({ timeout: 30_000 });
    expect(await page.getByRole("tab", { name: /^main\.ll/ }).getAttribute("aria-selected")).toBe("true");
    await context.close();
  });

  it("shows one menu at a time and closes on a click elsewhere", async () => {
    const { context, page } = await freshPage();
    await page.getByRole("button", { name: "Examples" }).click();
    await page.getByRole("menu", { name: "Examples" }).waitFor();
    await page.getByRole("button", { name: "Share" }).click();
    await page.getByRole("menu", { name: "Share" }).waitFor();
    expect(await page.getByRole("menu").count()).toBe(1);
    await page.getByRole("button", { name: "Build" }).click();
    await page.getByRole("menu", { name: "Build" }).waitFor();
    expect(await page.getByRole("menu").count()).toBe(1);
    // The page's heading, which no menu covers (the Build menu drops over the panel tabs).
    await page.getByRole("heading", { name: "Pith playground" }).click();
    await expect.poll(() => page.getByRole("menu").count()).toBe(0);
    // A click into the editor closes one too.
    await page.getByRole("button", { name: "Examples" }).click();
    await page.getByRole("menu", { name: "Examples" }).waitFor();
    await focusEditor(page);
    await expect.poll(() => page.getByRole("menu").count()).toBe(0);
    await context.close();
  });
});

describe("files", () => {
  it("renames a file in an in-page dialog that explains a bad name, never with window.prompt", async () => {
    const { context, page, dialogs } = await freshPage();
    await page.getByRole("button", { name: "New file" }).click();
    await page.getByRole("button", { name: "Rename untitled.pith" }).click();
    const dialog = page.getByRole("dialog", { name: "Rename untitled.pith" });
    await dialog.waitFor();
    const field = dialog.getByRole("textbox", { name: "New name" });
    // A taken name is refused with its reason, and nothing is renamed.
    await field.fill("main.pith");
    await page.keyboard.press("Enter");
    await dialog.getByRole("alert").waitFor();
    expect(await page.getByRole("tab", { name: /\.pith$/ }).allTextContents()).toEqual(["main.pith", "untitled.pith"]);
    await page.screenshot({ path: `${ARTIFACTS}rename-refused.png` });
    // Escape leaves the file as it was.
    await page.keyboard.press("Escape");
    await expect.poll(() => page.locator("dialog[open]").count()).toBe(0);
    expect(await page.getByRole("tab", { name: /\.pith$/ }).allTextContents()).toEqual(["main.pith", "untitled.pith"]);
    await page.getByRole("button", { name: "Rename untitled.pith" }).click();
    await field.fill("parse.pith");
    await page.keyboard.press("Enter");
    await expect
      .poll(() => page.getByRole("tab", { name: /\.pith$/ }).allTextContents())
      .toEqual(["main.pith", "parse.pith"]);
    expect(dialogs).toEqual([]);
    await context.close();
  });
});

describe("settings", () => {
  it("keeps the theme, font size and word wrap across a reload, and the toolbar toggles the theme", async () => {
    const { context, page } = await freshPage();
    await page.getByTestId("settings").click();
    const dialog = page.getByRole("dialog", { name: "Settings" });
    await dialog.getByRole("radio", { name: "Dark" }).check();
    await dialog.getByRole("spinbutton", { name: "Editor font size" }).fill("18");
    await dialog.getByRole("checkbox", { name: "Wrap long lines" }).check();
    await page.screenshot({ path: `${ARTIFACTS}settings-dark.png` });
    await page.keyboard.press("Escape");
    const fontSize = () =>
      page
        .locator(".editor-layer:not([hidden]) .view-lines")
        .first()
        .evaluate((e) => getComputedStyle(e).fontSize);
    await expect.poll(fontSize).toBe("18px");
    await page.reload();
    await page.locator('[data-testid=editor][data-ready="true"][data-editor="monaco"]').waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(30, 30, 30)");
    await expect.poll(fontSize).toBe("18px");
    await page.getByTestId("settings").click();
    expect(await dialog.getByRole("checkbox", { name: "Wrap long lines" }).isChecked()).toBe(true);
    expect(await dialog.getByRole("radio", { name: "Dark" }).isChecked()).toBe(true);
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Use the light theme" }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("light");
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(255, 255, 255)");
    await context.close();
  });

  it("types with Vim keys when turned on: i, text, Escape, dd", async () => {
    const { context, page } = await freshPage();
    await setSource(page, "one\ntwo\nthree");
    // Vim's chunk is fetched only once the setting is on.
    const vimFetched = () =>
      page.evaluate(() => performance.getEntriesByType("resource").some((r) => r.name.includes("/vimMode-")));
    expect(await vimFetched()).toBe(false);
    await page.getByTestId("settings").click();
    await page.getByRole("dialog", { name: "Settings" }).getByRole("checkbox", { name: "Vim keybindings" }).check();
    await page.keyboard.press("Escape");
    await focusEditor(page);
    await page.keyboard.press("ControlOrMeta+Home");
    await page.getByTestId("vim-status").waitFor();
    expect(await vimFetched()).toBe(true);
    await page.keyboard.press("i");
    await expect.poll(() => page.getByTestId("vim-status").textContent()).toMatch(/insert/i);
    await page.keyboard.type("X");
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByTestId("vim-status").textContent()).toMatch(/normal/i);
    await page.keyboard.press("j");
    await page.keyboard.type("dd");
    await expect.poll(() => editorText(page)).toBe("Xone\nthree");
    await page.screenshot({ path: `${ARTIFACTS}vim.png` });
    // Off again: keys type text.
    await page.getByTestId("settings").click();
    await page.getByRole("dialog", { name: "Settings" }).getByRole("checkbox", { name: "Vim keybindings" }).uncheck();
    await page.keyboard.press("Escape");
    await focusEditor(page);
    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.type("dd");
    await expect.poll(() => editorText(page)).toBe("Xone\nthreedd");
    await context.close();
  });
});

describe("accessibility", () => {
  it("axe-core finds no serious or critical violation, in the light and the dark theme, with a menu open", async () => {
    const { context, page } = await freshPage();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Use the dark theme" }).click();
    await page.getByRole("button", { name: "Examples" }).click();
    await page.getByRole("menu").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${ARTIFACTS}axe-dark-menu.png` });
    await context.close();
  });
});
