// The step debugger as a user drives it, in Debian's Chromium against the
// real server: a breakpoint set by clicking the gutter, F5 to debug, the
// Variables panel read, F10 through loop iterations, F11 into a function and
// Shift+F11 out, a value on hover, F9 from the keyboard, a panic stop, Stop; the output of a
// debugged run is the same as a normal run's. Until there is a breakpoint the
// debugger is one button (a phone's Output tab included); a condition typed
// in the form the gutter's right-click (or Shift+F9) opens; breakpoints kept
// over a reload and opened from a share link. Screenshots are saved.
import { compressToEncodedURIComponent } from "lz-string";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserSuite } from "./browserSuite";
import { pausedAt, stack, value } from "./debuggerPage";
import { focusEditor, openPlayground, runAndWait, setSource, stdout } from "./playgroundPage";

/** Screenshots are test artifacts, never committed. */
const ARTIFACTS = new URL("../test-results/debugger/", import.meta.url).pathname;

const suite = browserSuite(ARTIFACTS);

const PROGRAM = `fn square(n: i64) -> i64 {
    let r = n * n
    return r
}

fn main() {
    var total = 0
    for x in [3, 4, 5] {
        total += square(x)
    }
    println("total {total}")
}
`;

const PANICS = `fn pick(xs: [i64], i: i64) -> i64 {
    xs[i]
}

fn main() {
    println("before")
    println(pick([1, 2], 5))
}
`;

const STRUCTS = `struct Point {
    name: str,
    x: i64,
}

fn main() {
    let p = Point { name: "corner", x: 7 }
    println("{p.name} {p.x}")
}
`;

const NESTED = `import std.map

struct Point {
    x: i64,
    y: i64,
}

struct Line {
    from: Point,
    to: Point,
}

enum Shape {
    Circle(f64),
    Empty,
}

fn main() {
    let line = Line { from: Point { x: 1, y: 2 }, to: Point { x: 3, y: 4 } }
    let s = Shape.Circle(1.5)
    var m: Map<str, i64> = Map.new()
    m.set("a", 1)
    println("{line.to.y} {m.len()}")
}
`;

/** Clicks the line number of `line` in the editor's gutter, as a mouse user sets a breakpoint. */
async function clickGutter(page: Page, line: number): Promise<void> {
  await page.locator(".editor-layer:not([hidden]) .margin .line-numbers", { hasText: new RegExp(`^${line}$`) }).click();
}

describe("the step debugger", () => {
  it("stops at a breakpoint, shows locals and the stack, steps over, into and out, and prints as a normal run", async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await openPlayground(page, suite.server.url);
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
    await setSource(page, PROGRAM);
    const normal = await runAndWait(page);
    expect(normal.stdout).toBe("total 50\n");

    await clickGutter(page, 9);
    await expect.poll(() => page.getByTestId("debug-status").textContent()).toContain("1 breakpoint");
    await focusEditor(page);
    await page.keyboard.press("F5");
    await pausedAt(page, 9);
    expect(await value(page, "total")).toBe("0");
    expect(await value(page, "x")).toBe("3");
    expect(await stack(page)).toEqual(["main line 9"]);
    await page.screenshot({ path: `${ARTIFACTS}paused.png` });
    // Hovering a name while paused shows its value.
    // Monaco draws "        total += square" as one span: hover over the middle of "total".
    const span = page
      .locator(".editor-layer:not([hidden]) .view-line span[class^=mtk]", { hasText: /total\s*\+=\s*square/ })
      .first();
    const box = await span.boundingBox();
    if (!box) throw new Error("the line with the breakpoint is not on screen");
    await span.hover({ position: { x: (box.width * 10.5) / 23, y: box.height / 2 } });
    await page.locator(".monaco-hover", { hasText: "total: i64 = 0" }).waitFor({ timeout: 10_000 });
    await focusEditor(page);

    // Step Over runs the whole line, call included: the next stop is the next iteration.
    await page.keyboard.press("F10");
    await pausedAt(page, 9);
    expect([await value(page, "total"), await value(page, "x")]).toEqual(["9", "4"]);
    await page.keyboard.press("F10");
    await pausedAt(page, 9);
    expect([await value(page, "total"), await value(page, "x")]).toEqual(["25", "5"]);

    await page.keyboard.press("F11");
    await pausedAt(page, 2);
    expect(await value(page, "n")).toBe("5");
    expect(await stack(page)).toEqual(["square line 2", "main line 9"]);
    await page.screenshot({ path: `${ARTIFACTS}stepped-into.png` });

    await page.keyboard.press("Shift+F11");
    await pausedAt(page, 11);
    expect(await value(page, "total")).toBe("50");

    await page.keyboard.press("F5");
    await page.locator("[data-testid=run-summary][data-phase=finished]").waitFor({ timeout: 30_000 });
    expect(await stdout(page)).toBe(normal.stdout);
    await context.close();
  });

  it("sets a breakpoint with F9, and stops at a panic with the stack until Stop", async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await openPlayground(page, suite.server.url);
    await setSource(page, PANICS);
    await focusEditor(page);
    // The cursor is on line 1 after the click; down to line 6, F9 there.
    for (let i = 0; i < 5; i++) await page.keyboard.press("ArrowDown");
    await page.keyboard.press("F9");
    await expect.poll(() => page.getByTestId("debug-status").textContent()).toContain("1 breakpoint");
    await page.keyboard.press("F5");
    await pausedAt(page, 6);
    await page.getByTestId("debug-continue").click();
    await pausedAt(page, 2);
    expect(await page.getByTestId("debug-status").textContent()).toBe("Panicked at line 2");
    expect(await stack(page)).toEqual(["pick line 2", "main line 7"]);
    await page.screenshot({ path: `${ARTIFACTS}panic.png` });
    await page.getByTestId("debug-stop").click();
    await page.locator("[data-testid=run-summary][data-phase=finished]").waitFor({ timeout: 30_000 });
    expect(await page.getByTestId("debug-start").isVisible()).toBe(true);
    await context.close();
  });

  it("is one button until a breakpoint exists, on a phone too", async () => {
    const context = await suite.browser.newContext({
      viewport: { width: 375, height: 740 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await openPlayground(page, suite.server.url);
    await setSource(page, PROGRAM);
    await page.getByTestId("tab-output").click();
    const panel = page.getByTestId("debug-panel");
    await panel.waitFor();
    expect(await panel.getByRole("button").count()).toBe(1);
    expect(await page.getByTestId("debug-step-over").count()).toBe(0);
    expect(await page.getByTestId("debug-start").textContent()).toBe("Debug");
    await page.screenshot({ path: `${ARTIFACTS}phone-idle.png` });
    await context.close();
  });

  it("takes a condition from the gutter's form, keeps breakpoints over a reload, and opens them from a share link", async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await openPlayground(page, suite.server.url);
    await setSource(page, PROGRAM);
    // Right-click on line 9's number: the form; a condition it cannot read is refused with the reason.
    await page
      .locator(".editor-layer:not([hidden]) .margin .line-numbers", { hasText: /^9$/ })
      .click({ button: "right" });
    const form = page.getByTestId("breakpoint-editor");
    await form.waitFor();
    await page.getByRole("textbox", { name: "Stop only when" }).and(page.locator(":focus")).waitFor();
    await page.keyboard.type("x is 4");
    await page.keyboard.press("Enter");
    await form.getByRole("alert").waitFor();
    expect(await form.getByRole("alert").textContent()).toContain("cannot read the condition");
    await page.getByRole("textbox", { name: "Stop only when" }).fill("x == 4");
    await page.keyboard.press("Enter");
    await form.waitFor({ state: "detached" });
    await expect.poll(() => page.getByTestId("debug-status").textContent()).toContain("1 breakpoint");

    await page.reload();
    await page.locator(".editor-layer:not([hidden]) .debug-breakpoint").waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId("debug-status").textContent()).toContain("1 breakpoint");
    await focusEditor(page);
    await page.keyboard.press("F5");
    await pausedAt(page, 9);
    // The condition held only on the second iteration.
    expect([await value(page, "total"), await value(page, "x")]).toEqual(["9", "4"]);
    await page.screenshot({ path: `${ARTIFACTS}conditional.png` });
    await page.keyboard.press("F5");
    await page.locator("[data-testid=run-summary][data-phase=finished]").waitFor({ timeout: 30_000 });
    expect(await stdout(page)).toBe("total 50\n");

    // A link carrying a logpoint: it prints instead of stopping, and the output says so.
    const shared = { source: PROGRAM, breakpoints: { "main.pith": [{ line: 9, log: "adding {x}" }] } };
    const link = `${suite.server.url}/#w=${compressToEncodedURIComponent(JSON.stringify(shared))}`;
    const other = await context.newPage();
    await other.goto(link);
    await other.locator(".editor-layer:not([hidden]) .debug-logpoint").waitFor({ timeout: 30_000 });
    await other.getByTestId("debug-start").click();
    await other.locator("[data-testid=run-summary][data-phase=finished]").waitFor({ timeout: 30_000 });
    expect(await stdout(other)).toBe("adding 3\nadding 4\nadding 5\ntotal 50\n");
    await context.close();
  });

  it("opens a struct's fields in Variables from the keyboard", async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await openPlayground(page, suite.server.url);
    await setSource(page, STRUCTS);
    await clickGutter(page, 8);
    await focusEditor(page);
    await page.keyboard.press("F5");
    await pausedAt(page, 8);
    const summary = page.getByTestId("debug-var-p").locator("summary");
    expect(await summary.textContent()).toBe('Point { name: "corner", x: 7 }');
    expect(await page.getByTestId("debug-var-p.x").isVisible()).toBe(false);
    await summary.focus();
    await page.keyboard.press("Enter");
    await page.getByTestId("debug-var-p.x").waitFor();
    expect(await page.getByTestId("debug-var-p.name").locator(".debug-value").textContent()).toBe("corner");
    expect(await page.getByTestId("debug-var-p.x").locator(".debug-value").textContent()).toBe("7");
    await page.screenshot({ path: `${ARTIFACTS}struct-fields.png` });
    await page.getByTestId("debug-continue").click();
    await page.locator("[data-testid=run-summary][data-phase=finished]").waitFor({ timeout: 30_000 });
    expect(await stdout(page)).toBe("corner 7\n");
    await context.close();
  });

  it("opens nested values in Variables: a struct in a struct, an enum's payload, a map's entries", async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await openPlayground(page, suite.server.url);
    await setSource(page, NESTED);
    await clickGutter(page, 23);
    await focusEditor(page);
    await page.keyboard.press("F5");
    await pausedAt(page, 23);
    const summary = (path: string) => page.getByTestId(`debug-var-${path}`).locator("summary").first();
    expect(await summary("line").textContent()).toBe("Line { from: Point { x: 1, y: 2 }, to: Point { x: 3, y: 4 } }");
    expect(await summary("s").textContent()).toBe("Shape.Circle(1.5)");
    expect(await summary("m").textContent()).toBe('Map { "a": 1 }');
    // Two levels down from the keyboard: line, then its field `to`.
    await summary("line").focus();
    await page.keyboard.press("Enter");
    await summary("line.to").waitFor();
    expect(await page.getByTestId("debug-var-line.to.y").isVisible()).toBe(false);
    await summary("line.to").focus();
    await page.keyboard.press("Enter");
    await page.getByTestId("debug-var-line.to.y").waitFor();
    expect(await page.getByTestId("debug-var-line.to.y").locator(".debug-value").textContent()).toBe("4");
    await summary("s").click();
    expect(await page.getByTestId("debug-var-s.0").locator(".debug-value").textContent()).toBe("1.5");
    await summary("m").click();
    expect(await page.getByTestId('debug-var-m."a"').locator(".debug-value").textContent()).toBe("1");
    await page.screenshot({ path: `${ARTIFACTS}nested-values.png` });
    await page.getByTestId("debug-continue").click();
    await page.locator("[data-testid=run-summary][data-phase=finished]").waitFor({ timeout: 30_000 });
    expect(await stdout(page)).toBe("4 1\n");
    await context.close();
  });

  it("moves a breakpoint with its line when lines are typed above it, and keeps it there over a reload", async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await openPlayground(page, suite.server.url);
    await setSource(page, PROGRAM);
    await clickGutter(page, 9);
    await expect.poll(() => page.getByTestId("debug-status").textContent()).toContain("1 breakpoint");
    // Two lines typed after line 7 (`var total = 0`), from the keyboard.
    await focusEditor(page);
    await page.keyboard.press("Control+Home");
    for (let i = 1; i < 7; i++) await page.keyboard.press("ArrowDown");
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    await page.keyboard.type("let a = 1");
    await page.keyboard.press("Enter");
    await page.keyboard.type("let b = 2");
    // Closes a completion list the typing may have opened.
    await page.keyboard.press("Escape");
    await expect
      .poll(
        () => page.evaluate(() => JSON.parse(localStorage.getItem("pith-playground:journal") ?? "null")?.workspace),
        {
          timeout: 30_000,
        },
      )
      .toMatchObject({ breakpoints: { "main.pith": [{ line: 11 }] } });
    await page.keyboard.press("F5");
    await pausedAt(page, 11);
    expect([await value(page, "total"), await value(page, "x")]).toEqual(["0", "3"]);
    await page.getByTestId("debug-stop").click();
    await page.locator("[data-testid=run-summary][data-phase=finished]").waitFor({ timeout: 30_000 });

    await page.reload();
    await page.locator(".editor-layer:not([hidden]) .debug-breakpoint").waitFor({ timeout: 30_000 });
    await focusEditor(page);
    await page.keyboard.press("F5");
    await pausedAt(page, 11);
    await context.close();
  });
});
