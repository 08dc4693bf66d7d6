// The views as Compiler Explorer users expect them, in Chromium with the
// real mouse and keyboard: the filters (on by default, accessible
// checkboxes) leave the user's own code first; a click on a source line
// scrolls the assembly to that line's instructions and highlights them, and a
// click on an instruction marks its source line; the WebAssembly text is
// linked instruction by instruction (the module's line table).
import { mkdirSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "./browser";
import { openPlayground, setSource } from "./playgroundPage";
import { type RunningServer, startServer } from "./server";

const ARTIFACTS = new URL("../test-results/views-filters/", import.meta.url).pathname;

/** Two functions that stay functions at -O0 (nothing is inlined), the recursion keeping `steps` its own. */
const PROGRAM = [
  "fn steps(n: i64) -> i64 {",
  "    if n == 1 {",
  "        return 0",
  "    }",
  "    if n % 2 == 0 {",
  "        return 1 + steps(n / 2)",
  "    }",
  "    1 + steps(3 * n + 1)",
  "}",
  "",
  "fn main() {",
  "    var best = 0",
  "    for i in 1..1000 {",
  "        let s = steps(i)",
  "        if s > best {",
  "            best = s",
  "        }",
  "    }",
  '    println("longest: {best}")',
  "}",
  "",
].join("\n");

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

const VIEW_LINES = "[data-testid=view-layer] .view-line";

/** The view's lines on screen, top to bottom (Monaco keeps its line elements in no particular order). */
async function visibleViewLines(p: Page): Promise<{ text: string; linked: boolean }[]> {
  const layer = await p.getByTestId("view-layer").boundingBox();
  if (!layer) return [];
  const lines = await p.locator(VIEW_LINES).evaluateAll((els) =>
    els.map((el) => {
      const box = el.getBoundingClientRect();
      return {
        top: box.top,
        bottom: box.bottom,
        text: (el.textContent ?? "").replaceAll("\u00a0", " "),
        linked: el.querySelector(".linked-text") !== null,
      };
    }),
  );
  return lines
    .filter((l) => l.top >= layer.y - 1 && l.bottom <= layer.y + layer.height + 1)
    .sort((a, b) => a.top - b.top)
    .map(({ text, linked }) => ({ text, linked }));
}

async function showAssembly(p: Page) {
  await p.getByTestId("view-kind").selectOption({ label: "Assembly" });
  await p.getByTestId("view-target").selectOption("linux-x64");
  await p.getByTestId("view-level").selectOption("-O0");
  await p.getByTestId("view-against").selectOption("");
  await p.getByTestId("view-show").click();
  await expect.poll(() => p.getByTestId("view-status").textContent(), { timeout: 60_000 }).toMatch(/^Shown: main\.s/);
}

describe("the views' filters and line links", () => {
  it("start the assembly at the user's own function, with the filters on by default", async () => {
    for (const name of ["Hide runtime and library functions", "Hide directives", "Hide comments"])
      expect(await page.getByRole("checkbox", { name }).isChecked()).toBe(true);
    await showAssembly(page);
    await expect
      .poll(async () => (await visibleViewLines(page))[0]?.text, { timeout: 30_000 })
      .toMatch(/^(steps|pith[._]main|main):/);
    const shown = (await visibleViewLines(page)).map((l) => l.text);
    // No directive and no comment line among them.
    for (const text of shown) expect(text).not.toMatch(/^\s+\.(cfi|p2align|type|size|globl)|^\s*#/);
  });

  it("scroll the assembly to a clicked source line's instructions and highlight them, and back", async () => {
    // A source line far down the program: `println` in main, whose instructions lie below the first screen.
    await page.locator(".split-left .view-line", { hasText: "println(" }).click();
    await expect
      .poll(async () => (await visibleViewLines(page)).filter((l) => l.linked).length, { timeout: 30_000 })
      .toBeGreaterThan(0);
    const linked = (await visibleViewLines(page)).filter((l) => l.linked).map((l) => l.text.trim());
    for (const text of linked) expect(text).toMatch(/^[a-z][a-z0-9.]*(\s|$)/);
    await page.screenshot({ path: `${ARTIFACTS}asm-linked.png` });
    console.log(`screenshot: ${ARTIFACTS}asm-linked.png`);

    // The other way: a click on an instruction of `steps` marks its source line.
    await page.locator(".split-left .view-line", { hasText: "1 + steps(3 * n + 1)" }).click();
    await expect
      .poll(async () => (await visibleViewLines(page)).filter((l) => l.linked).length, { timeout: 30_000 })
      .toBeGreaterThan(0);
    await page.locator(`${VIEW_LINES}:has(.linked-text)`).first().click();
    await expect
      .poll(
        async () =>
          (await page.locator(".split-left .view-line:has(.linked-text)").allInnerTexts()).map((t) =>
            t.replaceAll("\u00a0", " ").trim(),
          ),
        { timeout: 30_000 },
      )
      .toEqual(["1 + steps(3 * n + 1)"]);
  });

  it("show the directives again when that filter is turned off with the keyboard", async () => {
    const box = page.getByRole("checkbox", { name: "Hide directives" });
    await box.focus();
    await page.keyboard.press("Space");
    expect(await box.isChecked()).toBe(false);
    await page.locator(VIEW_LINES).first().waitFor();
    await expect
      .poll(async () => (await visibleViewLines(page)).some((l) => /^\s+\.[a-z]/.test(l.text)), { timeout: 30_000 })
      .toBe(true);
    await page.keyboard.press("Space");
    expect(await box.isChecked()).toBe(true);
  });

  it("link each WebAssembly instruction to its own statement: a clicked source line highlights only its instructions", async () => {
    await page.getByTestId("view-kind").selectOption({ label: "WebAssembly text" });
    await page.getByTestId("view-level").selectOption("-O0");
    await page.getByTestId("view-show").click();
    await expect
      .poll(() => page.getByTestId("view-status").textContent(), { timeout: 60_000 })
      .toMatch(/^Shown: main\.wat/);
    // `best = s`, inside main's loop: its instructions read `s` and write `best`, and nothing else of main lights up.
    await page.locator(".split-left .view-line", { hasText: "best = s" }).click();
    await expect
      .poll(async () => (await visibleViewLines(page)).filter((l) => l.linked).length, { timeout: 30_000 })
      .toBeGreaterThan(0);
    const shot = `${ARTIFACTS}wat-linked.png`;
    await page.screenshot({ path: shot });
    console.log(`screenshot: ${shot}`);
    const linked = (await visibleViewLines(page)).filter((l) => l.linked).map((l) => l.text.trim());
    // Instructions only (no function header, no locals), among them the write of `best`.
    for (const text of linked) expect(text).toMatch(/^[a-z][a-z0-9._]*(\s|$)/);
    expect(linked.some((t) => t.startsWith("local.set"))).toBe(true);
    // Main's other statements' instructions are on screen around them, not highlighted: the links are per line.
    expect((await visibleViewLines(page)).filter((l) => !l.linked && /^\s+i64\./.test(l.text)).length).toBeGreaterThan(
      0,
    );

    // The other way: a click on one of those instructions marks `best = s` alone.
    await page.locator(`${VIEW_LINES}:has(.linked-text)`).first().click();
    await expect
      .poll(
        async () =>
          (await page.locator(".split-left .view-line:has(.linked-text)").allInnerTexts()).map((t) =>
            t.replaceAll("\u00a0", " ").trim(),
          ),
        { timeout: 30_000 },
      )
      .toEqual(["best = s"]);
  });
});
