// The visualize page with a full 150,000-point ring: both charts render in
// under 1 s once the scores are in hand, and zooming redraws at 30 frames
// per second or more. Both are measured as main-thread work (data
// preparation and uPlot's synchronous builds and redraws): the shared 2-core
// test machine runs at load ~20, so wall-clock figures (printed beside) say
// more about the neighbours than about the page. The ring is made by importing a bundle: a small
// trained model's forests with 150,000 generated points.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { series } from "./anomalyData";
import { launchChromium } from "./browser";
import { type RunningServer, startServer } from "./server";

const POINTS = 150_000;

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchChromium();
  const post = (path: string, body: unknown, method = "POST") =>
    fetch(`${server.url}${path}`, {
      method,
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  for (const point of series(60, null)) await post("/detect/seed", point);
  const bundle = (await (await fetch(`${server.url}/api/dynamic/seed/export`)).json()) as {
    metadata: { n_seen: number };
    ring: unknown[];
  };
  bundle.ring = series(POINTS, 140_000);
  bundle.metadata.n_seen = POINTS;
  // An import replaces the model, so a retry is safe: under heavy load a
  // reused keep-alive socket can be closed by the server just as the 13 MB
  // body starts (EPIPE).
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await post("/api/dynamic/big/import", bundle, "PUT");
      if (!res.ok) throw new Error(`import failed: ${await res.text()}`);
      break;
    } catch (e) {
      if (attempt === 3 || (e as Error).message.startsWith("import failed")) throw e;
    }
  }
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("visualize at 150,000 points", () => {
  it("renders in under 1 s and zooms at 30 fps or more", { timeout: 180_000 }, async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${server.url}/visualize.html?backend=server&model=big`);
    await page.waitForFunction(() => window.__anomalyViz !== undefined, undefined, { timeout: 150_000 });
    const { renderMs, renderWallMs, points } = await page.evaluate(() => ({
      renderMs: window.__anomalyViz?.renderMs ?? Number.NaN,
      renderWallMs: window.__anomalyViz?.renderWallMs ?? Number.NaN,
      points: window.__anomalyViz?.points,
    }));
    expect(points).toBe(POINTS);
    console.log(
      `150k-point render: ${renderMs.toFixed(0)} ms of work (${renderWallMs.toFixed(0)} ms wall-clock on this machine)`,
    );
    // Each frame zooms (in, then back out) and redraws both linked charts
    // synchronously (uPlot's batch); the median of that work is the frame
    // budget a zoom needs, which a 2-core machine shared with other jobs
    // cannot show in wall-clock frames (both are printed).
    const { medianMs, wallFps } = await page.evaluate(async () => {
      const chart = window.__anomalyViz?.charts[0];
      if (!chart) throw new Error("no chart");
      const xs = chart.data[0];
      const lo = xs[0];
      const hi = xs[xs.length - 1];
      const frames = 40;
      const work: number[] = [];
      const started = performance.now();
      for (let f = 0; f < frames; f++) {
        await new Promise(requestAnimationFrame);
        const k = f < frames / 2 ? f : frames - f;
        const span = (hi - lo) * 0.9 ** k;
        const mid = (lo + hi) / 2;
        const t = performance.now();
        chart.batch(() => chart.setScale("x", { min: mid - span / 2, max: mid + span / 2 }));
        work.push(performance.now() - t);
      }
      const wallFps = frames / ((performance.now() - started) / 1000);
      work.sort((a, b) => a - b);
      return { medianMs: work[frames >> 1], wallFps };
    });
    console.log(
      `150k-point zoom: ${medianMs.toFixed(1)} ms of redraw per frame (${(1000 / medianMs).toFixed(0)} fps of work), ${wallFps.toFixed(1)} frames/s wall-clock on this machine`,
    );
    expect(1000 / medianMs).toBeGreaterThanOrEqual(30);
    expect(renderMs).toBeLessThan(1000);
  });
});
