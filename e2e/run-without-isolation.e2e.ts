// The playground served without cross-origin isolation headers (as a static
// host that cannot set them would serve it; the server's
// CROSS_ORIGIN_ISOLATION=0): the page has no SharedArrayBuffer, so a program
// worker cannot block. A run then suspends where it must wait and is replayed
// from the start with the page's answers (client/run/replay.ts). As a user in
// Debian's Chromium: a program that reads typed stdin, and the debugger with
// F9, F5, F10, F11 and Shift+F11, the Variables panel read at each stop; the
// output appears once, as in a normal run, and a clock read before a stop
// reads the same after it.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserSuite } from "./browserSuite";
import { breakpointAt, pausedAt, value } from "./debuggerPage";
import { focusEditor, openPlayground, runAndWait, setSource, stdout } from "./playgroundPage";

/** Screenshots are test artifacts, never committed. */
const ARTIFACTS = new URL("../test-results/run-without-isolation/", import.meta.url).pathname;

const suite = browserSuite(ARTIFACTS, { CROSS_ORIGIN_ISOLATION: "0" });

const PROGRAM = `fn square(n: i64) -> i64 {
    let r = n * n
    return r
}

fn main() {
    println("start")
    var total = 0
    for x in [3, 4, 5] {
        total += square(x)
    }
    println("total {total}")
}
`;

const GREETS = `import std.str

fn main() {
    println("who?")
    let a = str.trim(read_line())
    println("and?")
    let b = str.trim(read_line())
    println("{b}, {a}!")
}
`;

const CLOCK = `import std.time

fn main() {
    let t = time.monotonic_ns()
    println("{t}")
    println("again {t}")
}
`;

async function finished(page: Page): Promise<void> {
  await page.locator("[data-testid=run-summary][data-phase=finished]").waitFor({ timeout: 30_000 });
}

describe("the playground without cross-origin isolation", () => {
  it("runs a program and hands it typed stdin lines", async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await openPlayground(page, suite.server.url);
    expect(await page.evaluate(() => [crossOriginIsolated, typeof SharedArrayBuffer])).toEqual([false, "undefined"]);
    await setSource(page, PROGRAM);
    expect((await runAndWait(page)).stdout).toBe("start\ntotal 50\n");

    await setSource(page, GREETS);
    await focusEditor(page);
    await page.keyboard.press("Control+Enter");
    const field = page.getByTestId("stdin-line");
    await page.locator(".stdin-form.waiting").waitFor({ timeout: 30_000 });
    // The output and the request for input reach the page on two channels: wait for the line.
    await expect.poll(() => stdout(page), { timeout: 30_000 }).toBe("who?\n");
    await field.fill("world");
    await field.press("Enter");
    await expect.poll(() => stdout(page), { timeout: 30_000 }).toBe("who?\nand?\n");
    await page.locator(".stdin-form.waiting").waitFor({ timeout: 30_000 });
    await field.fill("Hello");
    await field.press("Enter");
    await page.getByTestId("exit-code").waitFor({ timeout: 30_000 });
    // Each line once: the replayed attempts write only what the page did not have.
    expect(await stdout(page)).toBe("who?\nand?\nHello, world!\n");
    expect(await page.getByTestId("exit-code").textContent()).toBe("0");
    await context.close();
  });

  it("debugs from the keyboard: F9, F5, F10, F11, Shift+F11, Variables at each stop", async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await openPlayground(page, suite.server.url);
    await setSource(page, PROGRAM);
    await breakpointAt(page, 10);
    await expect.poll(() => page.getByTestId("debug-status").textContent()).toContain("1 breakpoint");
    await page.keyboard.press("F5");
    await pausedAt(page, 10);
    expect([await value(page, "total"), await value(page, "x")]).toEqual(["0", "3"]);
    await expect.poll(() => stdout(page), { timeout: 30_000 }).toBe("start\n");
    await page.screenshot({ path: `${ARTIFACTS}paused.png` });

    await page.keyboard.press("F10");
    await pausedAt(page, 10);
    expect([await value(page, "total"), await value(page, "x")]).toEqual(["9", "4"]);
    await page.keyboard.press("F10");
    await pausedAt(page, 10);
    expect([await value(page, "total"), await value(page, "x")]).toEqual(["25", "5"]);

    await page.keyboard.press("F11");
    await pausedAt(page, 2);
    expect(await value(page, "n")).toBe("5");
    expect(await page.getByTestId("debug-call-stack").locator("li").allTextContents()).toEqual([
      "square line 2",
      "main line 10",
    ]);
    await page.keyboard.press("Shift+F11");
    await pausedAt(page, 12);
    expect(await value(page, "total")).toBe("50");
    // Every replay started from the beginning, and "start" is still printed once.
    expect(await stdout(page)).toBe("start\n");

    await page.keyboard.press("F5");
    await finished(page);
    expect(await stdout(page)).toBe("start\ntotal 50\n");
    await context.close();
  });

  it("replays the clock: a reading made before a stop is the same after it", async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await openPlayground(page, suite.server.url);
    await setSource(page, CLOCK);
    await breakpointAt(page, 6);
    await page.keyboard.press("F5");
    await pausedAt(page, 6);
    // The output and the stop reach the page on two channels: wait for the line.
    await expect.poll(() => stdout(page), { timeout: 30_000 }).toMatch(/^\d+\n$/);
    const first = (await stdout(page)).trim();
    expect(await value(page, "t")).toBe(first);
    await page.getByTestId("debug-continue").click();
    await finished(page);
    expect(await stdout(page)).toBe(`${first}\nagain ${first}\n`);
    await context.close();
  });

  it("refuses a program that uses a host module, saying what the page lacks", async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await openPlayground(page, suite.server.url);
    await setSource(page, "import std.canvas\n\nfn main() {\n    canvas.open(10, 10, 1)\n}\n");
    const { summary } = await runAndWait(page);
    expect(summary).toContain("std.canvas needs SharedArrayBuffer");
    await context.close();
  });
});
