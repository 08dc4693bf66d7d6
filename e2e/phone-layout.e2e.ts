// On a phone (390×844 CSS pixels, the width of most current phones) every
// page fits the screen's width: nothing makes the whole page scroll
// sideways, every link of the navigation is on screen and big enough to
// tap, wide tables scroll inside their own box, and the IDE still links to
// the dashboards. Screenshots land in test-results/phone-layout/.
import { mkdirSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { series } from "./anomalyData";
import { launchChromium } from "./browser";
import { openPlaygroundEarly } from "./playgroundPage";
import { type RunningServer, startServer } from "./server";

const SHOTS = "test-results/phone-layout";
const WIDTH = 390;
const MODEL = "phone";

let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startServer();
  for (const point of series(300, 250)) {
    const res = await fetch(`${server.url}/detect/${MODEL}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(point),
    });
    expect([200, 202]).toContain(res.status);
  }
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: WIDTH, height: 844 }, isMobile: true, hasTouch: true });
  page.on("pageerror", (e) => console.error("page error:", e.message));
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** What sticks out past the right edge of the screen: the page's own scroll width and the visible elements beyond it. */
async function overflow(): Promise<{ scrollWidth: number; outside: string[] }> {
  return page.evaluate((width) => {
    const outside: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>("header a, header button, nav a, h1, main button")) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || getComputedStyle(el).visibility === "hidden") continue;
      // Inside a box that scrolls sideways on its own, being past the edge is fine.
      let scroller = el.parentElement;
      while (scroller && !["auto", "scroll"].includes(getComputedStyle(scroller).overflowX))
        scroller = scroller.parentElement;
      if (scroller === null && (box.right > width + 1 || box.left < -1))
        outside.push(el.textContent?.trim() || el.tagName);
    }
    return { scrollWidth: document.documentElement.scrollWidth, outside };
  }, WIDTH);
}

describe("a phone", () => {
  const dashboards = ["modelmanager", "modeltrainer", "visualize", "anomalies"];
  for (const name of dashboards) {
    it(`shows the ${name} dashboard within the screen's width`, async () => {
      await page.goto(`${server.url}/${name}.html?backend=server&model=${MODEL}`);
      await page.locator("header nav a").first().waitFor();
      await page.waitForLoadState("networkidle");
      // The charts are drawn at the width they get: they must fit it too.
      if (name === "visualize") await page.waitForSelector('[data-testid="scores-chart"] canvas');
      if (name === "anomalies") await page.getByText("Loading…").waitFor({ state: "hidden" });
      await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
      expect(await overflow()).toEqual({ scrollWidth: WIDTH, outside: [] });
      // Every page of the navigation can be reached with a thumb.
      const links = await page
        .locator("header nav a")
        .evaluateAll((all) => all.map((a) => ({ text: a.textContent, box: a.getBoundingClientRect() })));
      for (const { text, box } of links) {
        expect({ text, tall: box.height >= 40, onScreen: box.left >= 0 && box.right <= WIDTH }).toEqual({
          text,
          tall: true,
          onScreen: true,
        });
      }
    }, 60_000);
  }

  it("scrolls a table wider than the screen inside its own box", async () => {
    // The model manager's versions table: eight columns with inputs and buttons.
    await page.goto(`${server.url}/modelmanager.html?backend=server&model=${MODEL}`);
    const table = page.locator("table.grid", { hasText: "Contamination" });
    await table.waitFor();
    const box = await table.evaluate((t) => ({
      overflowX: getComputedStyle(t).overflowX,
      width: t.getBoundingClientRect().width,
      content: t.scrollWidth,
    }));
    expect(box.overflowX).toBe("auto");
    expect(box.width).toBeLessThanOrEqual(WIDTH);
    expect(box.content).toBeGreaterThan(box.width);
  }, 60_000);

  it("opens the IDE within the screen's width and links to the dashboards from it", async () => {
    await openPlaygroundEarly(page, server.url);
    await page.screenshot({ path: `${SHOTS}/ide.png` });
    expect((await overflow()).scrollWidth).toBe(WIDTH);
    const link = page.getByRole("link", { name: "Anomaly dashboards" });
    expect(await link.isVisible()).toBe(true);
    await link.tap();
    await page.waitForURL(/modelmanager\.html/);
  }, 60_000);
});
