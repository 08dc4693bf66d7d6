// The playground as a user meets it, in Debian's Chromium against the real
// server: typing, live diagnostics, running with input, Stop, panics,
// every example, share links and the layout on a phone and a desktop.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importsHostModule } from "../lang/tests/corpus";
import { launchChromium } from "./browser";
import { editorText, focusEditor, openPlayground, runAndWait, setSource, stdout } from "./playgroundPage";
import { type RunningServer, startServer } from "./server";

const EXAMPLES_DIR = new URL("../lang/examples/", import.meta.url).pathname;
/** Screenshots are test artifacts, never committed. */
const ARTIFACTS = new URL("../test-results/playground/", import.meta.url).pathname;

let server: RunningServer;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
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

describe("the playground IDE in Chromium", () => {
  it("runs a typed program with Ctrl+Enter and shows its output, exit code and times", async () => {
    await setSource(page, 'fn main() {\n    let n = 6 * 7\n    println("answer {n}")\n    eprintln("to stderr")\n}\n');
    const { stdout: out, summary } = await runAndWait(page);
    expect(out).toBe("answer 42\n");
    expect(await page.locator("[data-testid=output] .stream-stderr").textContent()).toBe("to stderr\n");
    expect(summary).toMatch(/Exited with code 0 · compiled in \d+ ms · ran in [\d.]+ ms/);
    expect(pageErrors).toEqual([]);
  });

  it("shows a type error as a squiggle on its line and in Problems within a second, and clears it when fixed", async () => {
    await setSource(page, "fn main() {\n    let n: i64 = 1\n    let s: str = n\n    println(s)\n}\n");
    const typed = Date.now();
    const squiggle = page.locator(".editor-layer:not([hidden]) .squiggly-error").first();
    await squiggle.waitFor({ timeout: 1000 });
    expect(Date.now() - typed).toBeLessThan(1000);
    // The squiggle sits on line 3, starting under `n` (column 18).
    const line3 = await page.locator(".editor-layer:not([hidden]) .line-numbers", { hasText: /^3$/ }).boundingBox();
    const box = await squiggle.boundingBox();
    expect(Math.abs((box?.y ?? 0) - (line3?.y ?? -100))).toBeLessThan(4);
    await page.getByTestId("tab-problems").click();
    await expect.poll(() => page.getByTestId("problems").textContent()).toMatch(/^3:18 /);
    await page.keyboard.press("Escape");
    await setSource(page, 'fn main() {\n    let n: i64 = 1\n    let s: str = "{n}"\n    println(s)\n}\n');
    await squiggle.waitFor({ state: "detached", timeout: 1000 });
    await expect.poll(() => page.locator(".tab-body").textContent()).toContain("No problems.");
    await page.getByTestId("tab-output").click();
  });

  it("offers a quick fix (Ctrl+.) for a problem that names its repair, and applying it clears the problem", async () => {
    await setSource(page, 'fn main() {\n    let x = 5\n    if x = 5 and true { println("five") }\n}\n');
    const squiggles = page.locator(".editor-layer:not([hidden]) .squiggly-error");
    await expect.poll(() => squiggles.count(), { timeout: 5_000 }).toBe(2);
    for (const left of [1, 0]) {
      await focusEditor(page);
      await page.keyboard.press("F8"); // to the next problem, as a user would
      await page.keyboard.press("Escape");
      await page.keyboard.press("Control+.");
      await page
        .getByRole("option", { name: /Quick Fix$/ })
        .first()
        .waitFor({ timeout: 5_000 });
      await page.keyboard.press("Enter");
      await expect.poll(() => squiggles.count(), { timeout: 5_000 }).toBe(left);
    }
    expect(await editorText(page)).toContain('if x == 5 && true { println("five") }');
    const { stdout } = await runAndWait(page);
    expect(stdout).toBe("five\n");
    // The same repair from the Problems list's Fix button, for touch and mouse.
    await setSource(page, "fn main() {\n    let mut n = 1\n    n += 1\n    println(n)\n}\n");
    await page.getByTestId("tab-problems").click();
    await page.getByRole("button", { name: "Fix 2:9: Write 'var'" }).click();
    await expect.poll(() => page.locator(".tab-body").textContent(), { timeout: 5_000 }).toContain("No problems.");
    expect(await editorText(page)).toContain("    var n = 1");
    await page.getByTestId("tab-output").click();
  });

  it("formats with the button and Shift+Alt+F as one undoable edit, and says why a broken program can't be", async () => {
    const messy = 'fn main( ) {\nlet x=1+2\n      println("{x}")\n}\n';
    const tidy = 'fn main() {\n    let x = 1 + 2\n    println("{x}")\n}\n';
    // Monaco renders the empty line after the final newline as nothing.
    const model = async () => `${await editorText(page)}\n`;
    await setSource(page, messy);
    await expect.poll(model).toBe(messy);
    await page.getByRole("button", { name: "Format", exact: true }).click();
    await expect.poll(model).toBe(tidy);
    // One Ctrl+Z brings the whole messy program back.
    await focusEditor(page);
    await page.keyboard.press("ControlOrMeta+Z");
    await expect.poll(model).toBe(messy);
    // Shift+Alt+F with the cursor inside `1+2`: the text is formatted and the cursor stays right after `1`.
    await page.locator(".editor-layer:not([hidden]) .view-line").nth(1).click();
    await page.keyboard.press("Home");
    for (let i = 0; i < "let x=1".length; i++) await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Shift+Alt+F");
    await expect.poll(model).toBe(tidy);
    await page.keyboard.type("0");
    await expect.poll(model).toBe(tidy.replace("1 + 2", "10 + 2"));
    await setSource(page, "fn main( {\n");
    await page.getByRole("button", { name: "Format", exact: true }).click();
    await expect
      .poll(() => page.getByRole("status").filter({ hasText: "Can't format" }).textContent())
      .toMatch(/^Can't format this program until it parses: line 1, column 10: '\{' is never closed\./);
    expect(await model()).toBe("fn main( {\n");
    await page.getByRole("button", { name: "Dismiss" }).click();
  });

  it("hovering a name the program declares shows its signature and the comment above it", async () => {
    await setSource(
      page,
      '// Twice the input.\nfn double(x: i64) -> i64 {\n    x * 2\n}\n\nfn main() {\n    println("{double(4)}")\n}\n',
    );
    // The call in main's line, found by its text: Monaco reuses line nodes,
    // so their order in the DOM need not be the order on screen.
    await page
      .locator(".editor-layer:not([hidden]) .view-line", { hasText: "println" })
      .locator("span", { hasText: "double" })
      .last()
      .hover({ timeout: 10_000 });
    const hover = page.locator(".monaco-hover:not(.hidden)").first();
    await expect.poll(() => hover.textContent(), { timeout: 5000 }).toContain("fn double(x: i64) -> i64");
    expect(await hover.textContent()).toContain("Twice the input.");
    await page.mouse.move(0, 0);
  });

  it("hands two typed lines to a program that reads stdin and prints its result", async () => {
    await setSource(
      page,
      'import std.str\n\nfn main() {\n    let a = str.trim(read_line())\n    let b = str.trim(read_line())\n    println("{b}, {a}!")\n}\n',
    );
    await focusEditor(page);
    await page.keyboard.press("Control+Enter");
    const field = page.getByTestId("stdin-line");
    await page.locator(".stdin-form.waiting").waitFor();
    await field.fill("world");
    await field.press("Enter");
    await page.locator(".stdin-form.waiting").waitFor();
    await field.fill("Hello");
    await field.press("Enter");
    await page.getByTestId("exit-code").waitFor();
    expect(await stdout(page)).toBe("Hello, world!\n");
  });

  it("stops `loop {}` within 200 ms, and the next Run works", async () => {
    await setSource(page, "fn main() {\n    loop {}\n}\n");
    await focusEditor(page);
    await page.keyboard.press("Control+Enter");
    await page.locator("[data-testid=run-summary][data-phase=running]").waitFor();
    await page.waitForTimeout(300);
    const stopMs = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const summary = document.querySelector("[data-testid=run-summary]") as HTMLElement;
          const started = performance.now();
          const seen = new MutationObserver(() => {
            if (summary.dataset.phase === "finished") resolve(performance.now() - started);
          });
          seen.observe(summary, { attributes: true, childList: true, subtree: true });
          (document.querySelector("[data-testid=stop]") as HTMLButtonElement).click();
        }),
    );
    expect(stopMs).toBeLessThan(200);
    expect(await page.getByTestId("run-summary").textContent()).toMatch(/^Stopped after/);
    await setSource(page, 'fn main() {\n    println("after stop")\n}\n');
    expect((await runAndWait(page)).stdout).toBe("after stop\n");
  });

  it("shows a panic's message with a link that jumps to its line", async () => {
    await setSource(page, 'fn main() {\n    let xs = [1, 2, 3]\n    let i = len(xs) + 2\n    println("{xs[i]}")\n}\n');
    const { summary } = await runAndWait(page);
    expect(summary).toContain("Exited with code 101");
    const stderr = await page.locator("[data-testid=output] .stream-stderr").textContent();
    expect(stderr).toMatch(/^panic: index out of bounds: index 5, length 3 at main\.pith:4:\d+/);
    const link = page.locator("[data-testid=output] button.link", { hasText: /^main\.pith:4:\d+$/ });
    await link.click();
    // Monaco moves its current-line highlight on its next animation frame: a
    // loaded machine can take a while, so the highlight is awaited on line 4.
    const cursorLine = page.locator(".editor-layer:not([hidden]) .current-line").first();
    const line4 = page.locator(".editor-layer:not([hidden]) .line-numbers", { hasText: /^4$/ });
    await expect
      .poll(
        async () => Math.abs(((await cursorLine.boundingBox())?.y ?? 0) - ((await line4.boundingBox())?.y ?? -100)),
        {
          timeout: 5_000,
          message: "the cursor's line after following the panic link, in px from line 4",
        },
      )
      .toBeLessThan(4);
  });

  it("runs every example from the menu and prints its expected output, keeping the previous program", async () => {
    await setSource(page, "// my unsaved work\nfn main() {}\n");
    // Programs using std.canvas/audio/http have their own checks (host-modules.e2e.ts).
    const names = readdirSync(EXAMPLES_DIR)
      .filter((f) => f.endsWith(".pith") && !importsHostModule(readFileSync(join(EXAMPLES_DIR, f), "utf8")))
      .map((f) => f.replace(/\.pith$/, ""));
    expect(names.length).toBeGreaterThan(5);
    for (const name of names) {
      await page.getByRole("button", { name: "Examples" }).click();
      await page.getByTestId(`example-${name}`).click();
      const { stdout: out, summary } = await runAndWait(page, 60_000);
      expect(summary, name).toContain("Exited with code 0");
      expect(out, name).toBe(readFileSync(join(EXAMPLES_DIR, `${name}.stdout`), "utf8"));
    }
    await page.getByRole("button", { name: "Restore it" }).click();
    await expect.poll(() => editorText(page)).toContain("// my unsaved work");
  });

  it("opens a share link (and a short link) in a fresh browser context with the same program and output", async () => {
    const program = 'fn main() {\n    for i in 1..4 {\n        print("{i * i} ")\n    }\n    println("shared")\n}\n';
    await setSource(page, program);
    const { stdout: expected } = await runAndWait(page);
    await page.getByRole("button", { name: "Share" }).click();
    await page.getByRole("menuitem", { name: /^Copy link/ }).click();
    const link = await page.getByTestId("share-link").inputValue();
    expect(link).toMatch(/#code=/);
    await page.getByRole("button", { name: "Share" }).click();
    await page.getByRole("menuitem", { name: /^Short link/ }).click();
    // The short link comes from the server: wait for its answer.
    await expect.poll(() => page.getByTestId("short-link").inputValue()).toMatch(/\/#s=[0-9a-f]{32}$/);
    const short = await page.getByTestId("short-link").inputValue();
    const fresh = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const other = await fresh.newPage();
    await openPlayground(other, link);
    await expect.poll(() => editorText(other)).toContain('println("shared")');
    expect((await runAndWait(other)).stdout).toBe(expected);
    expect(expected).toBe("1 4 9 shared\n");
    const viaShort = await fresh.newPage();
    await openPlayground(viaShort, short.replace(/^https?:\/\/[^/]+/, server.url));
    await expect.poll(() => editorText(viaShort)).toContain('println("shared")');
    await fresh.close();
  });

  it("keeps several named files in tabs: new, switch, rename, share the current one, survive a reload, close", async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const view = await context.newPage();
    await openPlayground(view, server.url);
    const mainProgram = 'fn main() {\n    println("from main")\n}\n';
    const second = 'fn main() {\n    println("from the second file")\n}\n';
    await setSource(view, mainProgram);
    await view.getByRole("button", { name: "New file" }).click();
    await expect.poll(() => view.getByRole("tab", { selected: true }).first().textContent()).toBe("untitled.pith");
    await setSource(view, second);
    // Run runs the entry file (main.pith), whichever tab is shown.
    expect((await runAndWait(view)).stdout).toBe("from main\n");
    await view.getByRole("button", { name: "Rename untitled.pith" }).click();
    await view.getByRole("textbox", { name: "New name" }).fill("second.pith");
    await view.getByRole("button", { name: "Rename", exact: true }).click();
    await view.getByTestId("file-second.pith").waitFor();
    await view.getByRole("tab", { name: "main.pith" }).click();
    await expect.poll(() => editorText(view)).toContain('println("from main")');
    expect((await runAndWait(view)).stdout).toBe("from main\n");
    await view.getByRole("tab", { name: "second.pith" }).click();
    await expect.poll(() => editorText(view)).toContain("from the second file");
    // The share link carries every file; opened elsewhere, the entry file (main.pith) is in the editor.
    await view.getByRole("button", { name: "Share" }).click();
    await view.getByRole("menuitem", { name: /^Copy link/ }).click();
    await expect.poll(() => view.getByTestId("share-link").inputValue()).toMatch(/#w=/);
    const link = await view.getByTestId("share-link").inputValue();
    const fresh = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const other = await fresh.newPage();
    await openPlayground(other, link);
    await expect.poll(() => editorText(other)).toContain("from main");
    expect(await other.getByRole("tab", { name: /\.pith$/ }).allTextContents()).toEqual(["main.pith", "second.pith"]);
    await other.getByRole("tab", { name: "second.pith" }).click();
    await expect.poll(() => editorText(other)).toContain("from the second file");
    await fresh.close();
    // Names, texts and the file in the editor survive a reload (IndexedDB).
    await view.waitForTimeout(500);
    await view.reload();
    // Monaco (from the service worker's cache) takes over; the health check waits for it.
    await view.locator('[data-testid=editor][data-ready="true"][data-editor="monaco"]').waitFor({ timeout: 30_000 });
    expect(await view.getByRole("tab", { name: /\.pith$/ }).allTextContents()).toEqual(["main.pith", "second.pith"]);
    await expect.poll(() => editorText(view)).toContain("from the second file");
    view.once("dialog", (dialog) => void dialog.accept());
    await view.getByRole("button", { name: "Close second.pith" }).click();
    await expect.poll(() => view.getByRole("tab", { name: /\.pith$/ }).allTextContents()).toEqual(["main.pith"]);
    await expect.poll(() => editorText(view)).toContain('println("from main")');
    expect(await view.getByRole("button", { name: /^Close / }).count()).toBe(0);
    await context.close();
  });

  it("Run and the problem count read at 4.5:1 contrast or better in the light and the dark theme", async () => {
    for (const colorScheme of ["light", "dark"] as const) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, colorScheme });
      const view = await context.newPage();
      await openPlayground(view, server.url);
      await setSource(view, 'fn main() {\n    let x: i64 = "a"\n}\n');
      await view.locator(".badge").waitFor();
      expect(await contrast(view, "[data-testid=run]"), colorScheme).toBeGreaterThanOrEqual(4.5);
      expect(await contrast(view, ".badge"), colorScheme).toBeGreaterThanOrEqual(4.5);
      await context.close();
    }
  });

  it("lays out without horizontal scrolling and with Run reachable at 375×812 and 1440×900; on the phone every panel tab is whole and every control touch-sized", async () => {
    for (const [width, height, name] of [
      [375, 812, "phone"],
      [1440, 900, "desktop"],
    ] as const) {
      const context = await browser.newContext({ viewport: { width, height }, hasTouch: name === "phone" });
      const view = await context.newPage();
      await openPlayground(view, server.url);
      const overflow = await view.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, name).toBeLessThanOrEqual(0);
      const run = await view.getByTestId("run").boundingBox();
      expect(run && run.x >= 0 && run.x + run.width <= width && run.y + run.height <= height, name).toBe(true);
      const unnamed = await view.evaluate(() =>
        [...document.querySelectorAll("button, summary, input, select, textarea")]
          .filter((el) => el.getAttribute("aria-hidden") !== "true")
          .filter((el) => !(el.getAttribute("aria-label") || el.textContent?.trim() || el.id))
          .map((el) => el.outerHTML.slice(0, 80)),
      );
      expect(unnamed, name).toEqual([]);
      if (name === "phone") await expectPhoneTouchTargets(view, width);
      await view.screenshot({ path: join(ARTIFACTS, `playground-${name}.png`) });
      await context.close();
    }
  });
});

/**
 * On a phone: each panel tab lies whole inside the screen, without scrolling
 * the tab row, and a tap selects it; every visible control of the page (not
 * Monaco's own) is at least 44 px each way; the editor wraps long lines; the
 * Examples and Share menus open inside the screen.
 */
async function expectPhoneTouchTargets(view: Page, width: number): Promise<void> {
  const row = view.getByRole("tablist", { name: "Panels" });
  expect(await row.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  const tabs = row.getByRole("tab");
  expect(await tabs.count()).toBe(5);
  for (const tab of await tabs.all()) {
    const label = (await tab.textContent()) ?? "";
    const box = await tab.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= width && box.height >= 44, label).toBe(true);
    await tab.tap();
    expect(await tab.getAttribute("aria-selected"), label).toBe("true");
  }
  await view.getByTestId("tab-output").tap();
  const small = await view.evaluate(() =>
    [...document.querySelectorAll("button, summary, select, a")]
      .filter((el) => el.checkVisibility() && !el.closest(".monaco-editor"))
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.width < 44 || box.height < 44)
      .map(({ el, box }) => `${el.getAttribute("aria-label") ?? el.textContent?.trim()} ${box.width}×${box.height}`),
  );
  expect(small).toEqual([]);
  // The editor wraps long lines instead of hiding their ends off the screen's edge.
  const lines = view.locator(".editor-layer:not([hidden])");
  expect(await lines.locator(".view-line").count()).toBeGreaterThan(await lines.locator(".line-numbers").count());
  for (const menu of ["Examples", "Share", "Build"]) {
    const button = view.getByRole("button", { name: menu, exact: true });
    await button.tap();
    const list = await view.getByRole("menu").boundingBox();
    expect(list && list.x >= 0 && list.x + list.width <= width, menu).toBe(true);
    await button.tap();
    await expect.poll(() => view.getByRole("menu").count(), { message: menu }).toBe(0);
  }
}

/** The contrast ratio (WCAG) of an element's text colour against its background colour. */
async function contrast(view: Page, selector: string): Promise<number> {
  return view.locator(selector).evaluate((el) => {
    const luminance = (css: string) => {
      const [r, g, b] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
        const c = Number(v) / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const style = getComputedStyle(el);
    const [a, b] = [luminance(style.color), luminance(style.backgroundColor)].sort((x, y) => y - x);
    return (a + 0.05) / (b + 0.05);
  });
}

describe("native builds from the Build panel", () => {
  it("builds the current program for linux-x64 and gives a download link to a working executable", async () => {
    await setSource(page, 'fn main() {\n    println("native {6 * 7}")\n}\n');
    await page.getByTestId("tab-build").click();
    await page.getByTestId("build-linux-x64").click();
    const link = page.getByTestId("download-link");
    await link.waitFor({ timeout: 120_000 });
    expect(await page.getByTestId("build-result").textContent()).toMatch(/available until \d{2}:\d{2}/);
    const href = await link.getAttribute("href");
    const response = await fetch(new URL(href ?? "", server.url));
    expect(response.status).toBe(200);
    const folder = mkdtempSync(join(tmpdir(), "e2e-native-"));
    const binary = join(folder, "main");
    writeFileSync(binary, Buffer.from(await response.arrayBuffer()), { mode: 0o755 });
    expect(execFileSync(binary, { encoding: "utf8" })).toBe("native 42\n");
    rmSync(folder, { recursive: true, force: true });
  }, 180_000);
});

describe("offline", () => {
  it("after one visit, reloads with the network off and compiles and runs an example", async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const view = await context.newPage();
    await openPlayground(view, server.url);
    await view.waitForFunction(async () => {
      await navigator.serviceWorker.ready;
      return navigator.serviceWorker.controller !== null;
    });
    // With the service worker in control, server pages still come from the server, not the app's shell.
    const readme = await context.newPage();
    await readme.goto(`${server.url}/readme`);
    expect(await readme.locator("#root").count()).toBe(0);
    expect(await readme.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await readme.close();
    await context.setOffline(true);
    await view.reload();
    // Monaco (from the service worker's cache) takes over; the health check waits for it.
    await view.locator('[data-testid=editor][data-ready="true"][data-editor="monaco"]').waitFor({ timeout: 30_000 });
    expect(await view.evaluate(() => globalThis.crossOriginIsolated)).toBe(true);
    await expect.poll(() => view.getByTestId("server-status").textContent()).toMatch(/unreachable/);
    await view.getByRole("button", { name: "Examples" }).click();
    await view.getByTestId("example-primes").click();
    const { stdout: out } = await runAndWait(view);
    expect(out).toBe(readFileSync(join(EXAMPLES_DIR, "primes.stdout"), "utf8"));
    await context.close();
  });
});
