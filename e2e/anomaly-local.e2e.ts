// The anomaly dashboards on the local backend (the engine in a Web Worker,
// models in IndexedDB), in Debian's Chromium: the trainer → manager flow with
// the network cut off, a reload keeping the model and its points, a worker
// killed mid-ingest losing no acknowledged point, switching backends without
// a reload, and a model pushed to the server giving identical verdicts on
// 1,000 points there and in the browser.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { series, toCsv } from "./anomalyData";
import { launchChromium } from "./browser";
import { type RunningServer, startServer } from "./server";

const MODEL = "local_cpu";

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.on("pageerror", (e) => console.error("page error:", e.message));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function localModels(): Promise<Record<string, { n_seen: number; last_trained: number }>> {
  return page.evaluate(async () => (await window.__anomaly?.backendFor("local").listModels())?.models ?? {});
}

describe("anomaly dashboards on the local backend", () => {
  it("streams a CSV into a browser model with the network cut off, and the manager shows it trained", async () => {
    await page.goto(`${server.url}/modeltrainer.html?backend=local`);
    // Start the engine worker while online (its script is fetched once), then go offline.
    await page.evaluate(() => window.__anomaly?.backendFor("local").listModels());
    await context.setOffline(true);
    try {
      await page.fill('input[name="model"]', MODEL);
      await page.fill('[data-testid="stream"] textarea', toCsv(series(300, 250)));
      await page.click('button:has-text("Start")');
      await page.waitForSelector('[data-testid="notice"]:has-text("Streamed 300 of 300")', { timeout: 50_000 });
      const models = await localModels();
      expect(models[MODEL].n_seen).toBe(300);
      expect(models[MODEL].last_trained).toBeGreaterThan(0);
    } finally {
      // Loading a page needs its files from the server; the models never do.
      await context.setOffline(false);
    }
  });

  it("keeps the model and its points across a reload", async () => {
    await page.goto(`${server.url}/modelmanager.html?backend=local`);
    const row = page.locator(`tr[data-model="${MODEL}"]`);
    await row.waitFor();
    expect(await row.locator('[data-testid="model-state"]').textContent()).toBe("trained");
    await page.reload();
    await row.waitFor();
    expect(await row.textContent()).toContain("300");
    const points = await page.evaluate(
      async (m) => (await window.__anomaly?.backendFor("local").data(m, "all"))?.length,
      MODEL,
    );
    expect(points).toBe(300);
  });

  it("loses no acknowledged point when the worker is killed mid-ingest", async () => {
    await page.goto(`${server.url}/modeltrainer.html?backend=local`);
    await page.fill('input[name="model"]', "crash");
    await page.setInputFiles('[data-testid="stream-file"]', {
      name: "long.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(toCsv(series(5000, null))),
    });
    await page.click('button:has-text("Start")');
    await page.waitForFunction(() => (window.__anomaly?.ingestState.acknowledged ?? 0) >= 120, undefined, {
      timeout: 60_000,
    });
    const acknowledged = await page.evaluate(() => {
      window.__anomaly?.terminateEngine();
      return window.__anomaly?.ingestState.acknowledged ?? 0;
    });
    await page.reload();
    const models = await localModels();
    // Every acknowledged point is there; at most the one in flight was added too.
    expect(models.crash.n_seen).toBeGreaterThanOrEqual(acknowledged);
    expect(models.crash.n_seen).toBeLessThanOrEqual(acknowledged + 1);
    const stored = await page.evaluate(
      async () => (await window.__anomaly?.backendFor("local").data("crash", "all"))?.length,
    );
    expect(stored).toBe(models.crash.n_seen);
  });

  it("switches between this browser and the server without reloading", async () => {
    await page.goto(`${server.url}/modelmanager.html?backend=local`);
    await page.locator(`tr[data-model="${MODEL}"]`).waitFor();
    await page.evaluate(() => {
      (window as unknown as { marker: number }).marker = 42;
    });
    await page.check('input[name="backend"][value="server"]');
    await page.waitForSelector('h1:has-text("Models on server")');
    expect(await page.locator(`tr[data-model="${MODEL}"]`).count()).toBe(0);
    await page.check('input[name="backend"][value="local"]');
    await page.locator(`tr[data-model="${MODEL}"]`).waitFor();
    expect(await page.evaluate(() => (window as unknown as { marker: number }).marker)).toBe(42);
    expect(page.url()).toContain("backend=local");
  });

  it("pushes the model to the server, reports a name collision, and both score 1,000 points identically", async () => {
    await page.goto(`${server.url}/modelmanager.html?backend=local&model=${MODEL}`);
    await page.waitForSelector('[data-testid="share"]');
    await page.click('[data-testid="share"] button:has-text("Push")');
    await page.waitForSelector(`[data-testid="notice"]:has-text("Copied ${MODEL} from this browser to server")`);
    await page.click('[data-testid="share"] button:has-text("Push")');
    await page.waitForSelector('[data-testid="notice"]:has-text("already exists on server")');

    const probe = series(1000, null).map((p, i) => ({ ...p, cpu: p.cpu + (i % 50 === 0 ? 200 : 0) }));
    const result = await page.evaluate(
      async ({ model, points }) => {
        const api = window.__anomaly;
        if (!api) throw new Error("no dashboard API");
        const local = api.backendFor("local");
        const remote = api.backendFor("server");
        let flagged = 0;
        const differing: number[] = [];
        let first: string[] = [];
        for (let i = 0; i < points.length; i++) {
          const [a, b] = await Promise.all([local.detectOnly(model, points[i]), remote.detectOnly(model, points[i])]);
          if (JSON.stringify(a) !== JSON.stringify(b)) {
            if (differing.length === 0) first = [JSON.stringify(a), JSON.stringify(b)];
            differing.push(i);
          }
          if (a.status === "success" && a.anomaly) flagged++;
        }
        return { flagged, differing, first };
      },
      { model: MODEL, points: probe },
    );
    expect(result.first).toEqual([]);
    expect(result.differing).toEqual([]);
    expect(result.flagged).toBeGreaterThan(0);
  });
});
