// The playground in Chromium against the production server on loopback:
// navigation to an editable editor with the compiler ready (cold cache, then
// warm through the service worker), Ctrl+Enter to the first output byte of
// hello world, keystroke to updated diagnostics on a 1,000-line program, and
// the JavaScript shipped before the editor chunk. Prints each figure against
// its target; ratio > 1 beats the target.
//
//   npx tsx bench/playground-browser.bench.ts [--runs 5]
//
// Needs a built dist/ (`npx vite build`). The machine may be shared: the
// load average is printed beside the figures.
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import type { Page } from "playwright-core";
import { launchChromium } from "../e2e/browser";
import { focusEditor, openPlayground, setSource } from "../e2e/playgroundPage";
import { startServer } from "../e2e/server";
import { median } from "./median";

const TARGETS = { coldMs: 1500, warmMs: 500, firstOutputMs: 100, diagnosticsMs: 150, initialJsKb: 250 };
const HELLO = 'fn main() {\n    println("hello, world")\n}\n';
const { values } = parseArgs({ options: { runs: { type: "string", default: "5" } } });
const runs = Number(values.runs);

const markAt = (page: Page, name: string) =>
  page.evaluate((n) => performance.getEntriesByName(n).at(-1)?.startTime ?? Number.NaN, name);

/** Gzipped size of the scripts index.html loads before the lazily imported editor chunk. */
function initialJsKb(): number {
  const html = readFileSync(new URL("../dist/index.html", import.meta.url), "utf8");
  // index.html preloads the editor chunk itself (modulepreload): that one is not counted.
  const urls = [...html.matchAll(/(?:src|href)="(\/[^"]+\.js)"/g)]
    .map((m) => m[1])
    .filter((url) => !url.includes("/CodeEditor-"));
  const bytes = urls.reduce(
    (sum, url) => sum + gzipSync(readFileSync(new URL(`../dist${url}`, import.meta.url))).length,
    0,
  );
  return bytes / 1024;
}

function thousandLines(): string {
  const parts: string[] = [];
  for (let i = 0; i < 249; i++) parts.push(`fn f${i}(x: i64) -> i64 {\n    let y = x * ${i + 1}\n    y + ${i}\n}\n`);
  parts.push('fn main() {\n    println("{f1(2)}")\n}\n');
  return parts.join("");
}

const server = await startServer();
const browser = await launchChromium();
const rows: [string, number, number, string][] = [];
try {
  const cold: number[] = [];
  const warm: number[] = [];
  const warmLater: number[] = [];
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await openPlayground(page, server.url);
    cold.push(await markAt(page, "pith:editor-ready"));
    await page.waitForFunction(
      async () => (await navigator.serviceWorker.ready) && navigator.serviceWorker.controller !== null,
    );
    const again = await context.newPage();
    await openPlayground(again, server.url);
    warm.push(await markAt(again, "pith:editor-ready"));
    // A later visit: the first one served by the service worker also writes
    // V8's code cache for the scripts; this one finds the browser settled.
    await page.close();
    await again.close();
    const later = await context.newPage();
    await openPlayground(later, server.url);
    warmLater.push(await markAt(later, "pith:editor-ready"));
    await context.close();
  }
  rows.push(["navigation to editable editor, cold (ms)", median(cold), TARGETS.coldMs, "lower"]);
  rows.push(["navigation to editable editor, warm SW (ms)", median(warm), TARGETS.warmMs, "lower"]);
  rows.push(["  the same, a later warm visit (ms)", median(warmLater), TARGETS.warmMs, "lower"]);

  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await openPlayground(page, server.url);
  await setSource(page, HELLO);
  const firstOutput: number[] = [];
  for (let i = 0; i < runs + 2; i++) {
    const summary = page.getByTestId("run-summary");
    const before = Number(await summary.getAttribute("data-runs"));
    await focusEditor(page);
    await page.keyboard.press("Control+Enter");
    await page.locator(`[data-testid=run-summary][data-runs="${before + 1}"][data-phase=finished]`).waitFor();
    // The first two runs warm the workers and the compiled module cache.
    if (i >= 2) firstOutput.push((await markAt(page, "pith:first-output")) - (await markAt(page, "pith:run")));
  }
  rows.push(["Ctrl+Enter to first output byte, warm (ms)", median(firstOutput), TARGETS.firstOutputMs, "lower"]);

  await setSource(page, thousandLines());
  await page
    .locator(".squiggly-error")
    .waitFor({ state: "detached" })
    .catch(() => {});
  await page.waitForTimeout(500);
  const diagnostics: number[] = [];
  for (let i = 0; i < runs; i++) {
    // Typing `@` at the end of line 2 makes an error; Backspace removes it.
    for (const key of ["@", "Backspace"]) {
      await page.evaluate(() => {
        const w = window as unknown as { keyAt?: number; changedAt?: number };
        w.keyAt = undefined;
        w.changedAt = undefined;
        window.addEventListener("keydown", () => (w.keyAt = performance.now()), { capture: true, once: true });
        const editor = document.querySelector(".editor-layer:not([hidden]) .monaco-editor") as HTMLElement;
        const seen = new MutationObserver(() => {
          const errors = editor.querySelectorAll(".squiggly-error").length;
          if (errors > 0 === (document.body.dataset.expectError === "yes") && w.keyAt !== undefined) {
            w.changedAt = performance.now();
            seen.disconnect();
          }
        });
        seen.observe(editor, { childList: true, subtree: true, attributes: true });
      });
      await page.evaluate((k) => (document.body.dataset.expectError = k === "@" ? "yes" : "no"), key);
      if (key === "@") {
        await page.locator(".editor-layer:not([hidden]) .view-line").nth(1).click();
        await page.keyboard.press("End");
      }
      if (key === "@") await page.keyboard.type("@");
      else await page.keyboard.press("Backspace");
      const ms = await page
        .waitForFunction(() => {
          const w = window as unknown as { keyAt?: number; changedAt?: number };
          return w.changedAt !== undefined && w.keyAt !== undefined ? w.changedAt - w.keyAt : false;
        })
        .then((h) => h.jsonValue() as Promise<number>);
      diagnostics.push(ms);
    }
  }
  rows.push(["keystroke to diagnostics, 1,000 lines (ms)", median(diagnostics), TARGETS.diagnosticsMs, "lower"]);
  await context.close();
  rows.push(["JS before the editor chunk (KB gzip)", initialJsKb(), TARGETS.initialJsKb, "lower"]);
} finally {
  await browser.close();
  await server.stop();
}

console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}; median of ${runs} runs`,
);
for (const [name, value, target] of rows) {
  console.log(
    `${name.padEnd(46)} ${value.toFixed(1).padStart(8)}   target ≤ ${target}   ratio ${(target / value).toFixed(2)}`,
  );
}
