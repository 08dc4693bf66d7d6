// The editor's language service in Chromium against the real server, driven
// from the keyboard as a user does: completion after `math.`, `p.` and
// `Shape.` and of locals (also in a file with a type error elsewhere),
// signature help, hover, F12 into the program and into the standard library,
// F2 rename, Shift+F12 references and Ctrl+Shift+O. Every answer comes from
// the compiler's query mode in the page's compiler worker.
import { mkdirSync, readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "./browser";
import { editorText, focusEditor, openPlayground, setSource } from "./playgroundPage";
import { type RunningServer, startServer } from "./server";

/** Screenshots are test artifacts, never committed. */
const ARTIFACTS = new URL("../test-results/language-service/", import.meta.url).pathname;

const PROGRAM = `import std.math

/// A point in the plane.
struct Point { x: f64, y: f64 }

impl Point {
    /// Distance from the origin.
    fn norm(self) -> f64 { math.sqrt(self.x * self.x + self.y * self.y) }
    fn scale(self, k: f64) -> Point { Point { x: self.x * k, y: self.y * k } }
}

enum Shape { Circle(f64), Square(f64), Empty }

/// Area of a shape.
fn area(s: Shape) -> f64 {
    match s {
        Shape.Circle(r) => math.PI * r * r,
        Shape.Square(a) => a * a,
        Shape.Empty => 0.0,
    }
}

fn main() {
    let p = Point { x: 3.0, y: 4.0 }
    let total = area(Shape.Circle(1.0)) + p.norm()
    println("{total} {area(Shape.Empty)}")
}
`;
const MAIN_LAST_LINE = 26;

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

const editorLayer = ".editor-layer:not([hidden])";
const suggest = `${editorLayer} .suggest-widget.visible`;

/** Moves the cursor with the keyboard to `line` (1-based), before character `column`, or to the line's end. */
async function cursorTo(line: number, column?: number): Promise<void> {
  // Ctrl+Home goes to line 1, column 1; ArrowDown keeps that column.
  await page.keyboard.press("ControlOrMeta+Home");
  for (let i = 1; i < line; i++) await page.keyboard.press("ArrowDown");
  if (column === undefined) await page.keyboard.press("End");
  else for (let i = 1; i < column; i++) await page.keyboard.press("ArrowRight");
}

/** A fresh program, then a new line typed after `afterLine` with `text`. */
async function typeOnNewLine(source: string, afterLine: number, text: string): Promise<void> {
  await setSource(page, source);
  await focusEditor(page);
  await cursorTo(afterLine);
  await page.keyboard.press("Enter");
  await page.keyboard.type(text, { delay: 20 });
}

async function suggestionLabels(): Promise<string[]> {
  await page.locator(suggest).waitFor({ timeout: 15_000 });
  // The list fills in after the compiler answers; wait until it holds rows.
  await page.locator(`${suggest} .monaco-list-row`).first().waitFor({ timeout: 15_000 });
  return page.locator(`${suggest} .monaco-list-row .label-name`).allInnerTexts();
}

async function closeWidgets(): Promise<void> {
  await page.keyboard.press("Escape");
  await page.keyboard.press("Escape");
}

/** The editor's current line, as its gutter highlights it. */
async function activeLine(layer = editorLayer): Promise<number> {
  const text = await page.locator(`${layer} .line-numbers.active-line-number`).first().textContent();
  return Number(text);
}

describe("completion from the compiler", () => {
  it("Ctrl+Space opens the suggest widget (the contribution is registered)", async () => {
    await typeOnNewLine(PROGRAM, MAIN_LAST_LINE - 1, "    ");
    await page.keyboard.press("Control+Space");
    const labels = await suggestionLabels();
    expect(labels.length).toBeGreaterThan(3);
    await closeWidgets();
  });

  it("after `math.` the list holds sqrt with its signature", async () => {
    await typeOnNewLine(PROGRAM, MAIN_LAST_LINE - 1, "    let r = math.");
    // The list is long (and only its visible rows are in the page): narrow it as a user does.
    expect((await suggestionLabels()).length).toBeGreaterThan(8);
    await page.keyboard.type("sqr", { delay: 20 });
    expect(await suggestionLabels()).toContain("sqrt");
    const focused = page.locator(`${suggest} .monaco-list-row.focused`);
    await expect.poll(() => focused.textContent(), { timeout: 15_000 }).toContain("sqrt");
    // The focused row's details: the signature from std.math's own declaration.
    await page.keyboard.press("Control+Space");
    const details = page.locator(`${editorLayer} .suggest-details`);
    await expect.poll(() => details.textContent(), { timeout: 15_000 }).toContain("fn sqrt(x: f64) -> f64");
    await page.screenshot({ path: `${ARTIFACTS}completion-math.png` });
    await closeWidgets();
  });

  it("after `p.` (a local of a struct declared in the program) exactly its fields and methods", async () => {
    await typeOnNewLine(PROGRAM, MAIN_LAST_LINE - 1, "    let q = p.");
    await expect
      .poll(async () => (await suggestionLabels()).sort(), { timeout: 15_000 })
      .toEqual(["norm", "scale", "x", "y"]);
    await page.screenshot({ path: `${ARTIFACTS}completion-members.png` });
    await closeWidgets();
  });

  it("after `Shape.` its variants", async () => {
    await typeOnNewLine(PROGRAM, MAIN_LAST_LINE - 1, "    let s = Shape.");
    await expect
      .poll(async () => (await suggestionLabels()).sort(), { timeout: 15_000 })
      .toEqual(["Circle", "Empty", "Square"]);
    await closeWidgets();
  });

  it("inside a function, its locals", async () => {
    await typeOnNewLine(PROGRAM, MAIN_LAST_LINE - 1, "    let z = to");
    await page.keyboard.press("Control+Space");
    expect(await suggestionLabels()).toContain("total");
    await closeWidgets();
    await typeOnNewLine(PROGRAM, 15, "    ");
    await page.keyboard.press("Control+Space");
    const inArea = await suggestionLabels();
    expect(inArea[0]).toBe("s");
    expect(inArea).not.toContain("total");
    await closeWidgets();
  });

  it("still completes in a file with a type error elsewhere", async () => {
    const broken = PROGRAM.replace("    let total", '    let wrong: i64 = "text"\n    let total');
    await typeOnNewLine(broken, MAIN_LAST_LINE, "    let q = p.");
    await expect
      .poll(async () => (await suggestionLabels()).sort(), { timeout: 15_000 })
      .toEqual(["norm", "scale", "x", "y"]);
    await closeWidgets();
  });
});

describe("signature help, hover and navigation", () => {
  it("signature help shows the parameter being typed", async () => {
    await typeOnNewLine(PROGRAM, MAIN_LAST_LINE - 1, "    let h = math.hypot(");
    const hints = page.locator(`${editorLayer} .parameter-hints-widget.visible`);
    await hints.waitFor({ timeout: 15_000 });
    await expect.poll(() => hints.locator(".parameter.active").textContent(), { timeout: 15_000 }).toBe("a: f64");
    await page.keyboard.type("3.0, ", { delay: 20 });
    await expect.poll(() => hints.locator(".parameter.active").textContent(), { timeout: 15_000 }).toBe("b: f64");
    expect(await hints.textContent()).toContain("fn hypot(a: f64, b: f64) -> f64");
    await page.screenshot({ path: `${ARTIFACTS}signature-help.png` });
    // Escape closes it; Ctrl+Shift+Space brings it back where the cursor is.
    await page.keyboard.press("Escape");
    await hints.waitFor({ state: "hidden", timeout: 15_000 });
    await page.keyboard.press("Control+Shift+Space");
    await hints.waitFor({ timeout: 15_000 });
    await expect.poll(() => hints.locator(".parameter.active").textContent(), { timeout: 15_000 }).toBe("b: f64");
    await closeWidgets();
  });

  it("hover over a local shows its inferred type", async () => {
    await setSource(page, PROGRAM);
    await focusEditor(page);
    // On `total` in `let total = ...` (line 25): the keyboard's hover is Ctrl+K Ctrl+I.
    await cursorTo(MAIN_LAST_LINE - 1, 11);
    await page.keyboard.press("Control+K");
    await page.keyboard.press("Control+I");
    const hover = page.locator(`${editorLayer} .monaco-hover:not(.hidden)`);
    await expect.poll(() => hover.textContent(), { timeout: 15_000 }).toContain("let total: f64");
    await closeWidgets();
  });

  it("F12 on a call jumps to the function", async () => {
    await setSource(page, PROGRAM);
    await focusEditor(page);
    await cursorTo(MAIN_LAST_LINE - 1, 19);
    await page.keyboard.press("F12");
    await expect.poll(() => activeLine(), { timeout: 15_000 }).toBe(15);
  });

  it("F12 on a standard-library call opens the module read-only at its declaration", async () => {
    await setSource(page, PROGRAM);
    await focusEditor(page);
    // `math.sqrt` on line 8.
    await cursorTo(8, 36);
    await page.keyboard.press("F12");
    try {
      await expect
        .poll(() => page.locator("[role=tab][aria-selected=true]").allInnerTexts(), { timeout: 15_000 })
        .toEqual(expect.arrayContaining([expect.stringContaining("std/math.pith")]));
      await expect.poll(() => editorText(page), { timeout: 15_000 }).toContain("fn sqrt(x: f64) -> f64");
      // The line of `fn sqrt` in lang/stdlib/math.pith, below its doc comment.
      const sqrtLine =
        readFileSync(new URL("../lang/stdlib/math.pith", import.meta.url), "utf8")
          .split("\n")
          .findIndex((l) => l.startsWith("fn sqrt(")) + 1;
      await expect.poll(() => activeLine(), { timeout: 15_000 }).toBe(sqrtLine);
      // Read-only: typing changes nothing.
      const before = await editorText(page);
      await page.keyboard.type("xyz");
      expect(await editorText(page)).toBe(before);
    } finally {
      await page.getByRole("button", { name: "Close std/math.pith" }).click();
    }
  });

  it("F2 renames a function and every call", async () => {
    await setSource(page, PROGRAM);
    await focusEditor(page);
    await cursorTo(15, 6);
    await page.keyboard.press("F2");
    // The rename box takes the focus once the compiler has said what the name there is.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.className ?? ""), { timeout: 15_000 })
      .toContain("rename-input");
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type("surface");
    await page.keyboard.press("Enter");
    await expect.poll(() => editorText(page), { timeout: 15_000 }).toContain("fn surface(s: Shape)");
    const text = await editorText(page);
    expect(text).toContain("let total = surface(Shape.Circle(1.0))");
    expect(text).toContain("{surface(Shape.Empty)}");
    expect(text).not.toMatch(/\barea\(/);
  });

  it("Shift+F12 lists every use", async () => {
    await setSource(page, PROGRAM);
    await focusEditor(page);
    // `Point` in `struct Point` (line 4).
    await cursorTo(4, 10);
    await page.keyboard.press("Shift+F12");
    const peek = page.locator(`${editorLayer} .peekview-widget`);
    await peek.waitFor({ timeout: 15_000 });
    await expect.poll(() => peek.textContent(), { timeout: 15_000 }).toMatch(/References \(5\)|5 references/);
    await closeWidgets();
  });

  it("Ctrl+Shift+O shows the outline", async () => {
    await setSource(page, PROGRAM);
    await focusEditor(page);
    await page.keyboard.press("Control+Shift+O");
    const picker = page.locator(".quick-input-widget");
    await expect.poll(() => picker.textContent(), { timeout: 15_000 }).toMatch(/area[\s\S]*main|main[\s\S]*area/);
    await closeWidgets();
    expect(pageErrors).toEqual([]);
  });
});
