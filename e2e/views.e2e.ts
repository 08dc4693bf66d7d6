// The compiler engineer's views in Chromium: the program's LLVM IR
// (highlighted), its WebAssembly text (linked to the source line by line), its linux-arm64 assembly from the
// server, and a diff between -O0 and -O2, each chosen in the Build tab as a
// user would and read off the screen.
import { mkdirSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "./browser";
import { focusEditor, openPlayground, setSource } from "./playgroundPage";
import { type RunningServer, startServer } from "./server";

const ARTIFACTS = new URL("../test-results/views/", import.meta.url).pathname;
const PROGRAM =
  'fn sum_to(n: i64) -> i64 {\n    var total = 0\n    for i in 0..n {\n        total += i * 3\n    }\n    total\n}\n\nfn main() {\n    println("{sum_to(1000)}")\n}\n';

let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  server = await startServer();
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await openPlayground(page, server.url);
  await setSource(page, PROGRAM);
  await page.getByRole("tab", { name: "Build" }).click();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Chooses a view in the Build tab and waits until it is shown (or says why not). */
async function show(p: Page, choice: { kind: string; level?: string; target?: string; against?: string }) {
  await p.getByTestId("view-kind").selectOption({ label: choice.kind });
  if (choice.target) await p.getByTestId("view-target").selectOption(choice.target);
  if (choice.level) await p.getByTestId("view-level").selectOption(choice.level);
  await p.getByTestId("view-against").selectOption(choice.against ?? "");
  await p.getByTestId("view-show").click();
  await expect
    .poll(() => p.getByTestId("view-status").textContent(), { timeout: 60_000 })
    .toMatch(/^(Shown|Comparing|Not shown)/);
  return (await p.getByTestId("view-status").textContent()) ?? "";
}

const shownText = async (p: Page) =>
  (await p.getByTestId("view-layer").locator(".view-lines").innerText()).replaceAll("\u00a0", " ");

/** The text of the lines the line links highlight, as shown: in the view, or in the source beside it. */
const linkedTexts = async (p: Page, where: "view" | "source") =>
  (
    await p
      .locator(
        where === "view"
          ? "[data-testid=view-layer] .view-line:has(.linked-text)"
          : ".split-left .view-line:has(.linked-text)",
      )
      .allInnerTexts()
  ).map((t) => t.replaceAll("\u00a0", " ").trim());

/** A loop the optimiser cannot fold away: its lines keep their own instructions at -O2. */
const LOOPS = [
  "fn steps(n: i64) -> i64 {",
  "    var x = n",
  "    var count = 0",
  "    while x != 1 {",
  "        if x % 2 == 0 {",
  "            x = x / 2",
  "        } else {",
  "            x = 3 * x + 1",
  "        }",
  "        count += 1",
  "    }",
  "    count",
  "}",
  "",
  "fn main() {",
  "    var best = 0",
  "    for i in 1..100000 {",
  "        let s = steps(i)",
  "        if s > best {",
  "            best = s",
  "        }",
  "    }",
  '    println("longest: {best}")',
  "}",
  "",
].join("\n");

describe("views of the compiled program", () => {
  it("shows the LLVM IR, highlighted", async () => {
    expect(await show(page, { kind: "LLVM IR", level: "-O2" })).toMatch(/^Shown: main\.ll -O2/);
    // The filters (on by default) leave the program's own functions and constants, without the header comments.
    await expect.poll(() => shownText(page)).toMatch(/^define /);
    expect(await shownText(page)).not.toMatch(/^; /);
    // Highlighted: the lines carry more than one token colour.
    const classes = await page
      .locator(".editor-layer:not([hidden]) .view-lines span[class^=mtk]")
      .evaluateAll((spans) => new Set(spans.map((s) => s.className)).size);
    expect(classes).toBeGreaterThan(2);
    // Linked to the source beside it: on line 4 (`total += i * 3`), the IR of that statement is highlighted.
    await focusEditor(page);
    await page.keyboard.press("ControlOrMeta+Home");
    for (let i = 1; i < 4; i++) await page.keyboard.press("ArrowDown");
    await expect
      .poll(() => linkedTexts(page, "view"), { timeout: 30_000 })
      .toContainEqual(expect.stringMatching(/= mul i64 /));
    await page.screenshot({ path: `${ARTIFACTS}ir.png` });
    // And back, by the same line links as the assembly's: a click on one of those IR lines marks `total += i * 3`.
    expect(await linkedTexts(page, "source")).toEqual([]);
    await page
      .locator("[data-testid=view-layer] .view-line:has(.linked-text)", { hasText: "= mul i64" })
      .first()
      .click();
    await expect.poll(() => linkedTexts(page, "source"), { timeout: 30_000 }).toEqual(["total += i * 3"]);
    // A click on a line of another statement moves the mark there: the loop's own line (`for i in 0..n`), whose
    // IR is above the multiplication's.
    await focusEditor(page);
    await page.keyboard.press("ControlOrMeta+Home");
    for (let i = 1; i < 3; i++) await page.keyboard.press("ArrowDown");
    await expect
      .poll(() => linkedTexts(page, "view"), { timeout: 30_000 })
      .not.toContainEqual(expect.stringMatching(/= mul i64 /));
    expect(await linkedTexts(page, "view")).not.toEqual([]);
    await page.locator("[data-testid=view-layer] .view-line:has(.linked-text)").first().click();
    await expect.poll(() => linkedTexts(page, "source"), { timeout: 30_000 }).toEqual(["for i in 0..n {"]);
  });

  it("shows the WebAssembly text of the module", async () => {
    expect(await show(page, { kind: "WebAssembly text" })).toMatch(/^Shown: main\.wat/);
    // The view opens scrolled to the instructions of the source line the cursor is on (line by line: the module's
    // line table), so what is on screen is the text of functions.
    await expect.poll(() => shownText(page)).toMatch(/\b(local\.get|local\.set|call|i64\.\w+)\b/);
    // A function's header, its locals and the instructions of no statement lead to the line defining it: on
    // `fn main() {` (line 9), main's header lights up (at -O2 main is inlined into the entry point, which the
    // filters then show as the program's code).
    await focusEditor(page);
    await page.keyboard.press("ControlOrMeta+Home");
    for (let i = 1; i < 9; i++) await page.keyboard.press("ArrowDown");
    await expect
      .poll(() => linkedTexts(page, "view"), { timeout: 30_000 })
      .toContainEqual(expect.stringMatching(/^\(func \$(main|_start)\b/));
    // And back: a click on one of them marks the line defining main.
    expect(await linkedTexts(page, "source")).toEqual([]);
    await page.locator("[data-testid=view-layer] .view-line:has(.linked-text)").last().click();
    await expect.poll(() => linkedTexts(page, "source"), { timeout: 30_000 }).toEqual(["fn main() {"]);
  });

  it("shows linux-arm64 assembly from the server", async () => {
    expect(await show(page, { kind: "Assembly", target: "linux-arm64-musl", level: "-O2" })).toMatch(
      /^Shown: main\.s linux-arm64-musl -O2/,
    );
    await expect.poll(() => shownText(page)).toMatch(/\b(ldr|str|mov|add|madd|mul|ret)\b/);
    await page.screenshot({ path: `${ARTIFACTS}asm-arm64.png` });
  });

  it("the assembly view for linux-arm64 shows instructions for a chosen line, and an instruction shows its line", async () => {
    await setSource(page, LOOPS);
    expect(await show(page, { kind: "Assembly", target: "linux-arm64-musl", level: "-O2" })).toMatch(/^Shown: /);
    await expect.poll(() => shownText(page), { timeout: 30_000 }).toMatch(/\b(cmp|add|tst)\b/);
    // The view is beside the source: the user moves the cursor to line 10 (`count += 1`) with the keyboard.
    await focusEditor(page);
    await page.keyboard.press("ControlOrMeta+Home");
    for (let i = 1; i < 10; i++) await page.keyboard.press("ArrowDown");
    await expect.poll(() => linkedTexts(page, "view"), { timeout: 30_000 }).not.toEqual([]);
    const instructions = await linkedTexts(page, "view");
    // Every highlighted line is an arm64 instruction (a mnemonic and its operands), not a label or directive.
    for (const text of instructions) expect(text).toMatch(/^[a-z][a-z0-9.]*(\s|$)/);
    expect(instructions.join("\n")).toMatch(/\b(add|sub|csinc|cinc|madd)\b/);
    await page.screenshot({ path: `${ARTIFACTS}asm-line.png` });
    // Back the other way: a click on one of those instructions marks its source line.
    expect(await linkedTexts(page, "source")).toEqual([]);
    await page.locator("[data-testid=view-layer] .view-line:has(.linked-text)").first().click();
    await expect.poll(() => linkedTexts(page, "source"), { timeout: 30_000 }).toEqual(["count += 1"]);
  });

  it("shows the difference between -O0 and -O2", async () => {
    expect(await show(page, { kind: "LLVM IR", level: "-O2", against: "level:-O0" })).toMatch(
      /^Comparing main\.ll -O0 with main\.ll -O2/,
    );
    const diff = page.getByTestId("diff-view");
    await diff.waitFor();
    await expect
      .poll(() => diff.locator(".line-insert, .line-delete, .char-insert, .char-delete").count(), { timeout: 30_000 })
      .toBeGreaterThan(0);
    await page.screenshot({ path: `${ARTIFACTS}diff.png` });
  });
});
