// The SRE's dashboards as `anomaly serve` serves them (the standalone CLI
// server with the built pages from dist/), in Debian's Chromium: `/` is the
// model manager, the flagged spike is marked on the metric chart itself in
// both column layouts, the anomalies table pages with values and the top
// feature, alert rules set in the manager page a receiver on loopback and
// the delivery shows up there, and Reset asks before forgetting anything. Screenshots land in
// test-results/anomaly-dashboards/ (look at them when the layout changes).
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { series } from "./anomalyData";
import { launchChromium } from "./browser";

const SHOTS = "test-results/anomaly-dashboards";
const MODEL = "sre";
const SPIKE = 350;
const POINTS = 400;

let child: ChildProcess;
let url: string;
let store: string;
let browser: Browser;
let page: Page;

async function startCliServer(): Promise<void> {
  store = mkdtempSync(join(tmpdir(), "e2e-anomaly-serve-"));
  child = spawn(
    process.execPath,
    ["--import", "tsx", "server/cli/anomaly.ts", "serve", "--addr", "127.0.0.1:0", "--store", store],
    {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, ANOMALY_WEBROOT: "dist", ANOMALY_WEBHOOK_ALLOW: "127.0.0.1/32" },
    },
  );
  let output = "";
  child.stderr?.on("data", (chunk) => (output += chunk));
  url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on("data", (chunk) => {
      output += chunk;
      const found = /serving on (http:\/\/\S+)/.exec(output)?.[1];
      if (found) resolve(found);
    });
    child.once("exit", (code) => reject(new Error(`anomaly serve exited ${code}:\n${output}`)));
  });
}

/** Whether the chart's pixel column at ring point `index` has a red marker (chart 0: metrics, 1: scores). */
function markerAt(chartIndex: number, index: number): Promise<boolean> {
  return page.evaluate(
    ([c, i]) => {
      const chart = window.__anomalyViz?.charts[c];
      if (!chart) throw new Error(`no chart ${c}`);
      const x = Math.round(chart.valToPos(chart.data[0][i], "x", true));
      const { data } = chart.ctx.getImageData(x - 1, chart.bbox.top, 3, chart.bbox.height);
      for (let k = 0; k < data.length; k += 4)
        if (data[k] === 0xd6 && data[k + 1] === 0x27 && data[k + 2] === 0x28) return true;
      return false;
    },
    [chartIndex, index] as const,
  );
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  await startCliServer();
  for (const [i, point] of series(POINTS, SPIKE).entries()) {
    const res = await fetch(`${url}/detect/${MODEL}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(point),
    });
    expect([200, 202]).toContain(res.status);
    if (i === 0) {
      // The series is shorter than the default two-day warm-up: without one, its spike opens an alert and rules page.
      const warm = await fetch(`${url}/api/dynamic/${MODEL}/alert_quiet`, {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ warmup_min: 0 }),
      });
      expect(warm.status).toBe(200);
    }
  }
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on("pageerror", (e) => console.error("page error:", e.message));
}, 300_000);

afterAll(async () => {
  await browser?.close();
  child?.kill("SIGTERM");
  if (child && child.exitCode === null) await new Promise((r) => child.once("exit", r));
  if (store) rmSync(store, { recursive: true, force: true });
});

describe("anomaly serve dashboards", { timeout: 120_000 }, () => {
  it("opens the model manager at /, not the Pith IDE", async () => {
    const res = await fetch(`${url}/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('data-page="modelmanager.html"');
    await page.goto(`${url}/`);
    await page.waitForSelector('h1:has-text("Models on")');
    await page.locator(`tr[data-model="${MODEL}"]`).waitFor();
    expect(await page.locator(".monaco-editor").count()).toBe(0);
  });

  it("marks the flagged spike on the metric chart itself, normalised and on separate axes", async () => {
    await page.goto(`${url}/visualize.html?backend=server&model=${MODEL}`);
    await page.waitForSelector('[data-testid="columns-chart"] canvas');
    await page.waitForSelector('[data-testid="scores-chart"] canvas');
    await page.waitForFunction(() => (window.__anomalyViz?.charts.length ?? 0) === 2);
    expect(await page.inputValue('[data-testid="column-layout"]')).toBe("normalised");
    expect(await markerAt(0, SPIKE)).toBe(true);
    expect(await markerAt(1, SPIKE)).toBe(true);
    // Unflagged points (no marker on the score chart) have none on the metric chart either.
    let quiet = 0;
    for (let i = 0; i < POINTS && quiet < 5; i += 7) {
      if (await markerAt(1, i)) continue;
      quiet++;
      expect(await markerAt(0, i), `point ${i}`).toBe(false);
    }
    expect(quiet).toBeGreaterThan(0);
    await page.screenshot({ path: `${SHOTS}/visualize-normalised.png`, fullPage: true });

    await page.selectOption('[data-testid="column-layout"]', "own-axes");
    await page.waitForFunction(() => window.__anomalyViz?.charts[0]?.axes.length === 3);
    expect(await markerAt(0, SPIKE)).toBe(true);
    await page.screenshot({ path: `${SHOTS}/visualize-own-axes.png`, fullPage: true });
  });

  it("lists flagged points a page at a time with their values, top feature and the alerts they opened", async () => {
    await page.goto(`${url}/anomalies.html?backend=server&model=${MODEL}`);
    await page.waitForSelector('[data-testid="anomalies-status"]:has-text("flagged points")');
    expect(await page.textContent('[data-testid="page-status"]')).toMatch(/^Page 1 of \d+ \(\d+ rows, 50 a page\)$/);
    const row = page.locator(`[data-testid="anomalies-table"] tr[data-index="${SPIKE}"]`);
    await row.waitFor();
    expect(await row.locator('[data-testid="values"]').textContent()).toContain("cpu=400");
    // The recorded verdict's top column, with its share of the explanation.
    expect(await row.locator('[data-testid="top-feature"]').textContent()).toMatch(/^cpu \d+ %$/);
    expect(await row.locator('[data-testid="voters"]').textContent()).toMatch(/^band:cpu/);
    expect(await page.locator('[data-testid="anomalies-table"] tbody tr').count()).toBeLessThanOrEqual(50);
    await page.screenshot({ path: `${SHOTS}/anomalies.png`, fullPage: true });

    // The verdicts given stay as given; "what would it say now" follows the
    // model as it stands: with a quiet period of 0 minutes every flag pages.
    const quiet = (minutes: number) =>
      fetch(`${url}/api/dynamic/${MODEL}/alert_quiet`, {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ quiet_min: minutes }),
      });
    expect((await quiet(0)).status).toBe(200);
    try {
      await page.goto(`${url}/anomalies.html?backend=server&model=${MODEL}&view=now`);
      await page.waitForSelector('[data-testid="anomalies-status"]:has-text("today\'s model would flag")');
      await row.waitFor();
      expect(await row.locator('[data-testid="alert-badge"]').count()).toBe(1);
      const rows = await page.locator('[data-testid="anomalies-table"] tbody tr').count();
      expect(await page.locator('[data-testid="alert-badge"]').count()).toBe(rows);
    } finally {
      expect((await quiet(240)).status).toBe(200);
    }
  });

  it("says the table is loading, not empty, until the model's points are scored", async () => {
    // The model's export held back: the page has nothing to show yet.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/dynamic/*/export*", async (route) => {
      await held;
      await route.continue();
    });
    try {
      await page.goto(`${url}/anomalies.html?backend=server&model=${MODEL}`);
      const empty = page.locator('[data-testid="anomalies-table"] td.empty');
      await expect.poll(() => empty.textContent()).toBe("Loading flagged points…");
      release();
      await page.locator(`[data-testid="anomalies-table"] tr[data-index="${SPIKE}"]`).waitFor();
      expect(await empty.count()).toBe(0);
    } finally {
      release();
      await page.unroute("**/api/dynamic/*/export*");
    }
  });

  it("sets an alert rule in the manager; the onset reaches a receiver and shows in the delivery log", async () => {
    const bodies: { event: string; model: string }[] = [];
    const receiver = createServer((req, res) => {
      let text = "";
      req.on("data", (c) => {
        text += c;
      });
      req.on("end", () => {
        bodies.push(JSON.parse(text));
        res.end("ok");
      });
    });
    receiver.listen(0, "127.0.0.1");
    await once(receiver, "listening");
    const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    try {
      await page.goto(`${url}/modelmanager.html?backend=server&model=${MODEL}`);
      const rules = page.locator('[data-testid="alerts"] textarea');
      await rules.waitFor();
      await rules.fill("");
      await rules.focus();
      await page.keyboard.type(`[{"id": "pager", "url": "${hook}", "k": 1, "n": 1}]`);
      await page.click('[data-testid="alerts"] button:has-text("Save rules")');
      await page.waitForSelector('[data-testid="notice"]:has-text("1 alert rule saved")');
      await page.locator('[data-testid="alert-rules"] tr[data-rule="pager"]').waitFor();

      const res = await fetch(`${url}/detect/${MODEL}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ timestamp: "2026-01-05T10:00:00Z", cpu: 900, mem: 0 }),
      });
      expect(((await res.json()) as { anomaly: boolean }).anomaly).toBe(true);
      const end = Date.now() + 60_000;
      while (bodies.length === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
      expect(bodies[0]).toMatchObject({ event: "onset", model: MODEL });
      // The attempt is logged once the receiver has answered: wait for the line before reloading the panel.
      const logged = async () =>
        ((await (await fetch(`${url}/api/dynamic/${MODEL}/alert_log`)).json()) as { deliveries: unknown[] }).deliveries
          .length;
      while ((await logged()) === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 50));

      await page.click('[data-testid="alerts"] button:has-text("Reload")');
      const log = page.locator('[data-testid="alert-log"] tr', { hasText: "onset" });
      await log.first().waitFor();
      expect(await log.first().textContent()).toContain("delivered (200)");
      expect(await page.textContent('[data-testid="alert-rules"] tr[data-rule="pager"]')).toContain("incident open");
      await page.locator('[data-testid="alerts"]').screenshot({ path: `${SHOTS}/modelmanager-alerts.png` });
    } finally {
      receiver.closeAllConnections();
      receiver.close();
    }
  });

  it("asks before Reset: keeping the points changes nothing, confirming forgets them", async () => {
    const seen = async () =>
      ((await (await fetch(`${url}/models/dynamic/${MODEL}/metadata`)).json()) as { n_seen: number }).n_seen;
    await page.goto(`${url}/modelmanager.html?backend=server&model=${MODEL}`);
    await page.waitForSelector('[data-testid="model-details"]');
    await page.click('button:has-text("Reset…")');
    const confirm = page.locator('[data-testid="confirm-reset"]');
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain(`Reset ${MODEL}? Its ${POINTS + 1} points`);
    await page.screenshot({ path: `${SHOTS}/modelmanager-reset-confirm.png`, fullPage: true });
    await page.click('button:has-text("Keep the points")');
    await confirm.waitFor({ state: "detached" });
    expect(await seen()).toBe(POINTS + 1);

    await page.click('button:has-text("Reset…")');
    await page.click('button:has-text("Reset for good")');
    await page.waitForSelector(`[data-testid="notice"]:has-text("reset")`);
    expect(await seen()).toBe(0);
  });
});
