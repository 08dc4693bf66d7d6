// The anomaly dashboards against the real production server (server/main.ts
// serving the built pages from dist/), in Debian's Chromium: upload a CSV in
// the trainer, see the model trained in the manager, the chart with the
// anomalies marked, the injected spike in the anomalies table (and a live
// one arriving over SSE), then fine-tune and see the margins change.
// Screenshots of the four pages land in test-results/anomaly/.
import { mkdirSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { series, toCsv } from "./anomalyData";
import { launchChromium } from "./browser";
import { type RunningServer, startServer } from "./server";

const SHOTS = "test-results/anomaly";
const MODEL = "e2e_cpu";
const SPIKE = 350;
const POINTS = 400;

let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startServer();
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on("pageerror", (e) => console.error("page error:", e.message));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(path: string) {
  await page.goto(`${server.url}/${path}`);
}

describe("anomaly dashboards on the server backend", () => {
  it("the main server serves the four pages and the SPA links to them", async () => {
    for (const file of ["modelmanager.html", "modeltrainer.html", "visualize.html", "anomalies.html"]) {
      const res = await fetch(`${server.url}/${file}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain(`data-page="${file}"`);
    }
    await open("");
    await page.click('a[href="/modelmanager.html"]');
    await page.waitForSelector('h1:has-text("Models on")');
  });

  it("streams an uploaded CSV into a new model from the trainer", { timeout: 120_000 }, async () => {
    await open("modeltrainer.html?backend=server");
    await page.fill('input[name="model"]', MODEL);
    await page.setInputFiles('[data-testid="stream-file"]', {
      name: "cpu.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(toCsv(series(POINTS, SPIKE))),
    });
    await page.click('button:has-text("Start")');
    await page.waitForSelector(`[data-testid="notice"]:has-text("Streamed ${POINTS} of ${POINTS}")`, {
      timeout: 90_000,
    });
    expect(await page.textContent('[data-testid="progress-text"]')).toMatch(/400 \/ 400 · \d+ points\/s/);
    await page.screenshot({ path: `${SHOTS}/modeltrainer.png`, fullPage: true });
  });

  it("batch-scores a pasted CSV without a model and trains the autoencoder from the trainer", async () => {
    await open(`modeltrainer.html?backend=server&model=${MODEL}`);
    const rows = series(200, 150).map((p) => `${p.cpu},${p.mem}`);
    await page.fill('[data-testid="batch"] textarea', `cpu,mem\n${rows.join("\n")}\n`);
    await page.click('[data-testid="batch"] button:has-text("Score")');
    const report = page.locator('[data-testid="batch-report"]');
    await report.waitFor();
    expect(await report.textContent()).toMatch(/^200 rows, \d+ anomalies/);
    expect(await report.textContent()).toContain("150");
    await page.click('button:has-text("Train autoencoder")');
    await page.waitForSelector('[data-testid="notice"]:has-text("Autoencoder trained")', { timeout: 50_000 });
  });

  it("shows the model trained in the manager", async () => {
    await open("modelmanager.html?backend=server");
    const row = page.locator(`tr[data-model="${MODEL}"]`);
    await row.waitFor();
    expect(await row.locator('[data-testid="model-state"]').textContent()).toBe("trained");
    expect(await row.textContent()).toContain(String(POINTS));
  });

  it("draws the ring with the spike marked as an anomaly", async () => {
    await open(`visualize.html?backend=server&model=${MODEL}`);
    await page.waitForSelector('[data-testid="scores-chart"] canvas');
    const summary = await page.textContent('[data-testid="ring-summary"]');
    // "as given": the flags are the verdicts recorded at ingest, not a
    // rescoring. The stream covers 400 minutes, inside the model's two-day
    // warm-up, so the spike is flagged but no flag opened an alert.
    expect(summary).toMatch(/^400 points · ■ [1-9]\d* flagged \(0 opening an alert, as given\)/);
    // The spike is flagged (it is what the red markers are drawn from) and its pixel column is red.
    const red = await page.evaluate((spike) => {
      const chart = window.__anomalyViz?.charts[1];
      if (!chart) throw new Error("no score chart");
      const x = Math.round(chart.valToPos(chart.data[0][spike], "x", true));
      const { data } = chart.ctx.getImageData(x, chart.bbox.top, 1, chart.bbox.height);
      for (let i = 0; i < data.length; i += 4)
        if (data[i] === 0xd6 && data[i + 1] === 0x27 && data[i + 2] === 0x28) return true;
      return false;
    }, SPIKE);
    expect(red).toBe(true);
  });

  it("lists the spike in the anomalies table, linked to its place in the chart", async () => {
    await open(`anomalies.html?backend=server&model=${MODEL}`);
    const row = page.locator(`[data-testid="anomalies-table"] tr[data-index="${SPIKE}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain("2026-01-05T05:50:00Z");
    await page.screenshot({ path: `${SHOTS}/anomalies.png` });
    await row.locator("a").click();
    await page.waitForSelector('[data-testid="point-details"] .bar-row');
    expect(await page.textContent('[data-testid="point-details"] h2')).toContain(`Point ${SPIKE}`);
    // The spike is in cpu (and mem): they lead the per-feature contributions.
    const top = await page.getAttribute('[data-testid="contributions"] .bar-row', "data-feature");
    expect(["cpu", "mem"]).toContain(top);
    await page.screenshot({ path: `${SHOTS}/visualize.png`, fullPage: true });
  });

  it("adds a live row when a flagged point arrives (server-sent events)", async () => {
    await open(`anomalies.html?backend=server&model=${MODEL}`);
    await page.waitForSelector('[data-testid="anomalies-status"]:has-text("flagged points")');
    const res = await fetch(`${server.url}/detect/${MODEL}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ timestamp: "2026-01-05T10:00:00Z", cpu: 900, mem: 0 }),
    });
    expect(((await res.json()) as { anomaly: boolean }).anomaly).toBe(true);
    const live = page.locator('[data-testid="anomalies-table"] tr.live');
    await live.waitFor({ timeout: 10_000 });
    expect(await live.textContent()).toContain("2026-01-05T10:00:00Z");
  });

  it("fine-tunes from the manager and shows the new margins", async () => {
    await open(`modelmanager.html?backend=server&model=${MODEL}`);
    await page.waitForSelector('[data-testid="versions-table"]');
    const before = await page.locator('[data-testid="versions-table"] [data-testid="margin"]').allTextContents();
    await page.click('[data-testid="finetune"]');
    await page.waitForSelector('[data-testid="notice"]:has-text("fine-tuned")');
    await page.waitForFunction(
      (old) =>
        [...document.querySelectorAll('[data-testid="versions-table"] [data-testid="margin"]')]
          .map((e) => e.textContent)
          .join() !== old,
      before.join(),
    );
    const after = await page.locator('[data-testid="versions-table"] [data-testid="margin"]').allTextContents();
    expect(after).not.toEqual(before);
    await page.screenshot({ path: `${SHOTS}/modelmanager.png`, fullPage: true });
  });
});
