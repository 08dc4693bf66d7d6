// A print flood as a user meets it in Chromium: a program printing a million
// lines must not freeze the page, Stop must end an endless one at once, and
// the pane must show both ends with a marker saying what is between, while the
// download holds everything. While it prints, the pane holds a screenful of
// rows and follows the end frame after frame. Times are only printed here (a
// busy CI machine must not fail a test on them); the figures against their
// targets (frame gaps, Stop, typing while printing) are `npm run bench`'s
// (bench/output-flood.bench.ts).
import { mkdirSync, readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "./browser";
import {
  editorText,
  focusEditor,
  openPlayground,
  runAndWait,
  setSource,
  startFrameProbe,
  startOutputRowsProbe,
} from "./playgroundPage";
import { type RunningServer, startServer } from "./server";

const ARTIFACTS = new URL("../test-results/output/", import.meta.url).pathname;
const LINES = 1_000_000;

let server: RunningServer;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  server = await startServer();
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  page.on("pageerror", (error) => pageErrors.push(error.message));
  await openPlayground(page, server.url);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("output that never freezes the page", () => {
  it("prints a million lines: the page keeps drawing, the pane shows both ends and the marker, the download holds all", async () => {
    await setSource(page, `fn main() {\n    for i in 0..${LINES} {\n        println("line {i}")\n    }\n}\n`);
    const stopProbe = await startFrameProbe(page);
    const stopRows = await startOutputRowsProbe(page);
    const { summary } = await runAndWait(page, 120_000);
    const worstGap = await stopProbe();
    const rowsWhilePrinting = await stopRows();
    console.log(`longest frame gap while printing ${LINES} lines: ${Math.round(worstGap)} ms`);
    expect(summary).toMatch(/Exited with code 0/);
    // While it printed, the pane held about a screenful of rows (not a row per line), following the end,
    // and by the time the run is shown as ended its last line is on screen.
    expect(rowsWhilePrinting.frames).toBeGreaterThan(0);
    expect(rowsWhilePrinting.mostRows).toBeLessThan(400);
    expect(rowsWhilePrinting.followed, rowsWhilePrinting.broke).toBe(true);
    expect(rowsWhilePrinting.lastRow).toBe(`line ${LINES - 1}`);

    const output = page.getByTestId("output");
    const marker = page.getByTestId("output-marker");
    // Following the end, the pane says above the lines that some in the middle are not shown.
    const notice = page.getByTestId("output-cut");
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(/^[\d,]+ lines \([\d.]+ MB\) in the middle are not shown/);
    await page.screenshot({ path: `${ARTIFACTS}end.png` });
    const markerText = (await notice.textContent()) ?? "";
    const omitted = Number(/^([\d,]+) lines \(/.exec(markerText)?.[1].replaceAll(",", ""));
    const rows = Number(await output.getAttribute("data-rows"));
    // Every line is either a row or counted in the marker (the marker is a row of its own).
    expect(omitted + rows - 1).toBe(LINES);

    // The top shows the first line, the bottom the last one.
    await output.evaluate((el) => {
      el.scrollTop = 0;
    });
    await expect.poll(() => output.locator(".output-row").first().textContent()).toBe("line 0");
    await output.evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
    await expect.poll(() => output.locator(".output-row").last().textContent()).toBe(`line ${LINES - 1}`);
    // Only about a screenful of rows is in the DOM.
    expect(await output.locator(".output-row").count()).toBeLessThan(400);

    // Scroll to the marker, the row after the first lines, and look at it.
    const markerRow = Number(await output.getAttribute("data-marker-row"));
    expect(markerRow).toBeGreaterThan(1000);
    await output.evaluate((el, row) => {
      el.scrollTop = row * 18 - el.clientHeight / 2;
    }, markerRow);
    await marker.waitFor();
    expect(await marker.textContent()).toContain(`${omitted.toLocaleString("en-US")} lines`);
    await page.screenshot({ path: `${ARTIFACTS}marker.png` });
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("output-download").click()]);
    const saved = `${ARTIFACTS}output.txt`;
    await download.saveAs(saved);
    const lines = readFileSync(saved, "utf8").split("\n");
    expect(lines.at(-1)).toBe("");
    expect(lines.length - 1).toBe(LINES);
    expect(lines[0]).toBe("line 0");
    expect(lines[LINES - 1]).toBe(`line ${LINES - 1}`);
    expect(lines[123_456]).toBe("line 123456");

    // Switching tabs and back draws the pane again at once (it used to freeze for seconds).
    await page.getByRole("tab", { name: "Problems" }).click();
    await page.getByRole("tab", { name: "Output" }).click();
    await notice.waitFor();
    expect(pageErrors).toEqual([]);
  });

  it("Stop ends an endless print loop at once and the page stays responsive", async () => {
    await setSource(
      page,
      'fn main() {\n    var n = 0\n    while true {\n        println("spam {n}")\n        n += 1\n    }\n}\n',
    );
    await focusEditor(page);
    await page.keyboard.press("Control+Enter");
    const summary = page.getByTestId("run-summary");
    await page.locator("[data-testid=run-summary][data-phase=running]").waitFor({ timeout: 60_000 });
    // Let it flood for a while.
    await page.getByTestId("output-cut").waitFor({ timeout: 60_000 });
    const clicked = Date.now();
    await page.getByTestId("stop").click();
    await page.locator("[data-testid=run-summary][data-phase=finished]").waitFor({ timeout: 10_000 });
    console.log(`Stop ended the flood after ${Date.now() - clicked} ms`);
    expect(await summary.textContent()).toMatch(/Stopped after/);
    // After Stop the output stays put, in whole lines (only the very last may be cut by Stop).
    await page.getByTestId("output").evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
    const rows = await page.getByTestId("output").locator(".output-row").allTextContents();
    expect(rows.at(-2)).toMatch(/^spam \d+$/);
    await page.screenshot({ path: `${ARTIFACTS}stopped.png` });
    expect(pageErrors).toEqual([]);
  });

  it("takes every key typed while an endless loop prints, in order, and the output goes on once the keys pause", async () => {
    await setSource(
      page,
      'fn main() {\n    var n = 0\n    while true {\n        println("tick {n}")\n        n += 1\n    }\n}\n// ',
    );
    await focusEditor(page);
    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.press("Control+Enter");
    await page.getByTestId("output-cut").waitFor({ timeout: 60_000 });
    const lastRow = () => page.getByTestId("output").locator(".output-row").last().textContent();
    // Typed key by key with the real keyboard while the output floods (views wait while keys come, see outputStore.ts).
    const typed = "typed while it prints, key by key";
    await page.keyboard.type(typed, { delay: 10 });
    const afterTyping = await lastRow();
    await expect.poll(lastRow, { timeout: 30_000 }).not.toBe(afterTyping);
    expect(await editorText(page)).toContain(`// ${typed}`);
    await page.getByTestId("stop").click();
    await page.locator("[data-testid=run-summary][data-phase=finished]").waitFor({ timeout: 10_000 });
    expect(pageErrors).toEqual([]);
  });

  it("keeps stdout and stderr apart and shows no ANSI escape codes", async () => {
    await setSource(page, 'fn main() {\n    println("\\u{1b}[31mred\\u{1b}[0m plain")\n    eprintln("to stderr")\n}\n');
    const { stdout } = await runAndWait(page);
    expect(stdout).toBe("red plain\n");
    expect(await page.locator("[data-testid=output] .stream-stderr").textContent()).toBe("to stderr\n");
  });
});
