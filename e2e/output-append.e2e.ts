// A short output grows by appending: each batch a program prints adds the
// rows of its lines to the pane and leaves the rows already drawn alone (no
// element of theirs rebuilt or rewritten). Counted with a MutationObserver on
// the pane, so the check is the same on a quiet laptop and a busy CI machine;
// what the batches cost in time is bench/output-flood.bench.ts's.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "./browser";
import { focusEditor, openPlayground, setSource, stdout } from "./playgroundPage";
import { type RunningServer, startServer } from "./server";

/** Prints 200 lines, then two for every line typed into its input, until end of input. */
const ECHO = [
  "fn main() {",
  "    for i in 0..200 {",
  '        println("before {i}")',
  "    }",
  "    var line = read_line()",
  // The line read keeps its newline.
  '    while line != "" {',
  '        print("got {line}")',
  '        print("and again {line}")',
  "        line = read_line()",
  "    }",
  "}",
  "",
].join("\n");

let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await openPlayground(page, server.url);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** What changed in the output pane since watchOutput: its rows added and removed, and changes inside rows it had. */
interface PaneChanges {
  rowsAdded: number;
  rowsRemoved: number;
  /** Mutations (text, attributes, children) inside a row that was there when watching began. */
  oldRowsTouched: number;
  /** Rows there when watching began that are no longer the same element with the same text. */
  oldRowsReplaced: number;
}

/** Marks the pane's rows as they are now and counts every DOM mutation in the pane from here on. */
async function watchOutput(p: Page): Promise<void> {
  await p.evaluate(`(() => {
    const pre = document.querySelector("[data-testid=output]");
    const old = [...pre.children].map((row) => ({ row, text: row.textContent }));
    const marked = new Set(old.map((o) => o.row));
    const changes = { rowsAdded: 0, rowsRemoved: 0, oldRowsTouched: 0 };
    const inOldRow = (node) => {
      for (let n = node; n && n !== pre; n = n.parentNode) if (marked.has(n)) return true;
      return false;
    };
    const seen = new MutationObserver((records) => {
      for (const r of records) {
        if (r.target === pre) {
          changes.rowsAdded += r.addedNodes.length;
          changes.rowsRemoved += r.removedNodes.length;
        } else if (inOldRow(r.target)) changes.oldRowsTouched++;
      }
    });
    seen.observe(pre, { childList: true, subtree: true, characterData: true, attributes: true });
    window.paneChanges = () => {
      seen.takeRecords();
      const replaced = old.filter((o) => !o.row.isConnected || o.row.textContent !== o.text).length;
      return { ...changes, oldRowsReplaced: replaced };
    };
  })()`);
}

const paneChanges = (p: Page) => p.evaluate("window.paneChanges()") as Promise<PaneChanges>;

describe("a short output", () => {
  it("draws each batch's new rows only, leaving the rows already drawn untouched", async () => {
    await setSource(page, ECHO);
    await focusEditor(page);
    await page.keyboard.press("Control+Enter");
    const field = page.getByTestId("stdin-line");
    await page.locator(".stdin-form.waiting").waitFor({ timeout: 60_000 });
    await expect.poll(() => stdout(page), { timeout: 30_000 }).toContain("before 199\n");
    expect(await page.getByTestId("output").evaluate((pre) => pre.classList.contains("virtual"))).toBe(false);
    const rowsBefore = await page.getByTestId("output").evaluate((pre) => pre.children.length);
    expect(rowsBefore).toBeGreaterThanOrEqual(200);

    // Three batches, typed as a user types them: each is the typed line, then the program's two lines.
    for (const word of ["alpha", "beta", "gamma"]) {
      await watchOutput(page);
      await field.pressSequentially(word);
      await field.press("Enter");
      await expect.poll(() => stdout(page), { timeout: 30_000 }).toContain(`and again ${word}\n`);
      const changes = await paneChanges(page);
      // The typed line's row and the program's two: nothing else was built, and nothing drawn before was touched.
      expect(changes).toEqual({ rowsAdded: 3, rowsRemoved: 0, oldRowsTouched: 0, oldRowsReplaced: 0 });
      await page.locator(".stdin-form.waiting").waitFor({ timeout: 30_000 });
    }
    const text = await stdout(page);
    expect(text.startsWith("before 0\nbefore 1\n")).toBe(true);
    expect(text.endsWith("got gamma\nand again gamma\n")).toBe(true);
    expect(await page.getByTestId("output").evaluate((pre) => pre.children.length)).toBe(rowsBefore + 9);
    await page.getByTestId("end-input").click();
    await page.locator("[data-testid=run-summary][data-phase=finished]").waitFor({ timeout: 30_000 });
  });
});
