// The compiler engineer's views in Chromium: the program's LLVM IR
// (highlighted), its WebAssembly text, its linux-arm64 assembly from the
// server, and a diff between -O0 and -O2, each chosen in the Build tab as a
// user would and read off the screen.
import { mkdirSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "./browser";
import { openPlayground, setSource } from "./playgroundPage";
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
  (await p.locator(".editor-layer:not([hidden]) .view-lines").first().innerText()).replaceAll("\u00a0", " ");

describe("views of the compiled program", () => {
  it("shows the LLVM IR, highlighted", async () => {
    expect(await show(page, { kind: "LLVM IR", level: "-O2" })).toMatch(/^Shown: main\.ll -O2/);
    await expect.poll(() => shownText(page)).toMatch(/^; Pith program main\.pith/);
    // Highlighted: the lines carry more than one token colour.
    const classes = await page
      .locator(".editor-layer:not([hidden]) .view-lines span[class^=mtk]")
      .evaluateAll((spans) => new Set(spans.map((s) => s.className)).size);
    expect(classes).toBeGreaterThan(2);
    await page.screenshot({ path: `${ARTIFACTS}ir.png` });
  });

  it("shows the WebAssembly text of the module", async () => {
    expect(await show(page, { kind: "WebAssembly text" })).toMatch(/^Shown: main\.wat/);
    await expect.poll(() => shownText(page)).toMatch(/\(module/);
  });

  it("shows linux-arm64 assembly from the server", async () => {
    expect(await show(page, { kind: "Assembly", target: "linux-arm64-musl", level: "-O2" })).toMatch(
      /^Shown: main\.s linux-arm64-musl -O2/,
    );
    await expect.poll(() => shownText(page)).toMatch(/\b(ldr|str|mov|add|madd|mul|ret)\b/);
    await page.screenshot({ path: `${ARTIFACTS}asm-arm64.png` });
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
