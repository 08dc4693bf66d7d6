// What an on-call engineer sees after the fact: a stream ingested through the
// real HTTP API of the production server, with an alert rule posting to a
// receiver on loopback, one spike while the model is still learning (its
// warm-up) and one after it. After a reload the Anomalies page marks the
// warm-up flags "learning" (they paged no one) and the rows that opened an
// alert "alert", which are exactly the onsets the receiver got; the
// Visualize summary counts the points given while learning. All read from
// the verdict records stored with the points, not a rescoring. Desktop
// screenshots land in test-results/anomaly-learning/.
import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { series } from "./anomalyData";
import { browserSuite } from "./browserSuite";

const SHOTS = "test-results/anomaly-learning";
const MODEL = "learning_e2e";
/** One-minute points; the model learns the first WARMUP minutes of its stream's clock. */
const POINTS = 420;
const WARMUP_MIN = 300;
const SPIKE_LEARNING = 250;
const SPIKE_WARM = 400;

// The receiver listens on loopback, which webhook targets may reach only when allowed.
const suite = browserSuite(SHOTS, { ANOMALY_WEBHOOK_ALLOW: "127.0.0.1/32" });

interface Live {
  index: number;
  learning: boolean;
  alert: boolean;
  timestamp: string;
}

const live: Live[] = [];
const pages: { event: string; at: string }[] = [];
const receiver = createServer((req, res) => {
  let text = "";
  req.on("data", (chunk) => {
    text += chunk;
  });
  req.on("end", () => {
    pages.push(JSON.parse(text));
    res.end("ok");
  });
});
let page: Page;

async function api(path: string, method: string, body: unknown): Promise<Response> {
  return fetch(`${suite.server.url}${path}`, {
    method,
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

beforeAll(async () => {
  receiver.listen(0, "127.0.0.1");
  await once(receiver, "listening");
  const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const points = series(POINTS, SPIKE_WARM);
  points[SPIKE_LEARNING] = { ...points[SPIKE_LEARNING], cpu: 400, mem: 5 };
  for (const [i, point] of points.entries()) {
    const res = await api(`/detect/${MODEL}`, "POST", point);
    expect([200, 202]).toContain(res.status);
    const body = (await res.json()) as { anomaly?: boolean; learning?: boolean; alert?: boolean; data_points: number };
    if (i === 0) {
      // A shorter warm-up than the default two days, so the stream spans it; the rule pages what opens alerts.
      expect((await api(`/api/dynamic/${MODEL}/alert_quiet`, "PUT", { warmup_min: WARMUP_MIN })).status).toBe(200);
      expect((await api(`/api/dynamic/${MODEL}/alerts`, "PUT", { rules: [{ id: "pager", url: hook }] })).status).toBe(
        200,
      );
    }
    if (body.anomaly === true) {
      live.push({
        index: body.data_points - 1,
        learning: body.learning === true,
        alert: body.alert === true,
        timestamp: point.timestamp,
      });
    }
  }
  // Deliveries go out beside ingest: wait until the log has the onset's final attempt.
  for (let tries = 0; tries < 200; tries++) {
    const log = (await (await fetch(`${suite.server.url}/api/dynamic/${MODEL}/alert_log`)).json()) as {
      deliveries: { event: string; final: boolean }[];
    };
    if (log.deliveries.some((d) => d.event === "onset" && d.final)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  page = await suite.browser.newPage({ viewport: { width: 1400, height: 1000 } });
  page.on("pageerror", (e) => console.error("page error:", e.message));
}, 300_000);

afterAll(() => {
  receiver.close();
});

/** Every row of the Anomalies table: ring index and its marks. */
function tableRows() {
  return page.$$eval('[data-testid="anomalies-table"] tbody tr[data-index]', (trs) =>
    trs.map((tr) => ({
      index: Number(tr.getAttribute("data-index")),
      learning: tr.querySelector('[data-testid="learning-badge"]') !== null,
      alert: tr.querySelector('[data-testid="alert-badge"]') !== null,
    })),
  );
}

describe("the warm-up and what paged, as the dashboards show them after a reload", { timeout: 120_000 }, () => {
  it("live: the warm-up spike was flagged learning and paged no one; what opened an alert paged", () => {
    console.log(`live flags: ${JSON.stringify(live)}; pages: ${JSON.stringify(pages.map((p) => [p.event, p.at]))}`);
    expect(live.find((f) => f.index === SPIKE_LEARNING)).toMatchObject({ learning: true, alert: false });
    expect(live.find((f) => f.index === SPIKE_WARM)).toMatchObject({ learning: false });
    expect(live.some((f) => f.learning && f.alert)).toBe(false);
    // The rule (1 of 1) pages the first flag after a calm spell: the verdicts that opened an alert.
    const alerts = live.filter((f) => f.alert).map((f) => new Date(f.timestamp).toISOString());
    expect(alerts.length).toBeGreaterThan(0);
    expect(pages.filter((p) => p.event === "onset").map((p) => p.at)).toEqual(alerts);
  });

  it("the Anomalies page marks learning rows and the row that paged, exactly as given", async () => {
    await page.goto(`${suite.server.url}/anomalies.html?backend=server&model=${MODEL}`);
    await page.reload();
    await page.waitForFunction(() =>
      /flagged points in 1 model/.test(document.querySelector('[data-testid="anomalies-status"]')?.textContent ?? ""),
    );
    const rows = (await tableRows()).sort((a, b) => a.index - b.index);
    expect(rows).toEqual(live.map(({ index, learning, alert }) => ({ index, learning, alert })));
    const status = await page.textContent('[data-testid="anomalies-status"]');
    const learningFlags = live.filter((f) => f.learning).length;
    expect(status).toContain(`${learningFlags} of them while learning (warm-up: no alert)`);
    await page.screenshot({ path: `${SHOTS}/anomalies.png`, fullPage: true });
  });

  it("the Visualize summary counts the points given while learning", async () => {
    await page.goto(`${suite.server.url}/visualize.html?backend=server&model=${MODEL}`);
    await page.reload();
    await page.waitForFunction(() => (window.__anomalyViz?.charts.length ?? 0) === 2);
    const summary = await page.textContent('[data-testid="learning-summary"]');
    // Every point from the model's first scored one up to the warm-up's end (a minute each) was given while learning.
    const learningPoints = Number(/^([\d,]+) given while learning/.exec(summary ?? "")?.[1].replace(/,/g, ""));
    expect(learningPoints).toBeGreaterThan(0);
    expect(learningPoints).toBeLessThanOrEqual(WARMUP_MIN);
    expect(summary).toContain(`(${live.filter((f) => f.learning).length} flagged, no alert)`);
    expect(await page.textContent('[data-testid="ring-summary"]')).toContain(
      `${live.length} flagged (${live.filter((f) => f.alert).length} opening an alert, as given)`,
    );
    await page.screenshot({ path: `${SHOTS}/visualize.png`, fullPage: true });
  });
});
