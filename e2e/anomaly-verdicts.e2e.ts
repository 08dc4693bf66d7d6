// The Anomalies page shows what paged: a NAB AWS series is ingested live
// through POST /detect on a real `anomaly serve`, then the page, reloaded
// in Debian's Chromium, must list exactly the points that were flagged live,
// with the alerts that were raised, each with its voters and top column as
// answered, and never a rescoring with the model as it stands afterwards
// (that is the explicit "what would it say now" view). Screenshots land in
// test-results/anomaly-verdicts/.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCorpus } from "../bench/nab/corpus";
import { launchChromium } from "./browser";

const SHOTS = "test-results/anomaly-verdicts";
const MODEL = "ec2_cpu";
// 4,032 points of EC2 CPU utilisation: 42 flagged points and 5 alerts when sent 8 at a time.
const SERIES = "realAWSCloudwatch/ec2_cpu_utilization_825cc2.csv";
/** Requests in flight at once: the server's group commit takes them in arrival order. */
const IN_FLIGHT = 8;

interface LiveFlag {
  index: number;
  alert: boolean;
  voters: string[];
  top: string | undefined;
}

let child: ChildProcess;
let url: string;
let store: string;
let browser: Browser;
let page: Page;
const live: LiveFlag[] = [];
let points = 0;

async function startCliServer(): Promise<void> {
  store = mkdtempSync(join(tmpdir(), "e2e-anomaly-verdicts-"));
  child = spawn(
    process.execPath,
    ["--import", "tsx", "server/cli/anomaly.ts", "serve", "--addr", "127.0.0.1:0", "--store", store],
    { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ANOMALY_WEBROOT: "dist" } },
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

/** Every row of the table, page by page: ring index, voters, top column, alert badge. */
async function tableRows(): Promise<LiveFlag[]> {
  const rows: LiveFlag[] = [];
  for (;;) {
    rows.push(
      ...(await page.$$eval('[data-testid="anomalies-table"] tbody tr[data-index]', (trs) =>
        trs.map((tr) => ({
          index: Number(tr.getAttribute("data-index")),
          alert: tr.querySelector('[data-testid="alert-badge"]') !== null,
          voters: (tr.querySelector('[data-testid="voters"]')?.textContent ?? "").split(", ").filter((v) => v !== ""),
          top: tr.querySelector('[data-testid="top-feature"]')?.firstChild?.textContent ?? undefined,
        })),
      )),
    );
    const next = page.locator('[data-testid="pager"] button:has-text("Next")');
    if (await next.isDisabled()) return rows;
    const status = await page.textContent('[data-testid="page-status"]');
    await next.click();
    await page.waitForFunction(
      (before) => document.querySelector('[data-testid="page-status"]')?.textContent !== before,
      status,
    );
  }
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  await startCliServer();
  const series = loadCorpus().find((s) => s.key === SERIES);
  if (series === undefined) throw new Error(`${SERIES} is not in the NAB data`);
  points = series.values.length;
  const send = async (i: number) => {
    const res = await fetch(`${url}/detect/${MODEL}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ timestamp: series.isoTimes[i], value: series.values[i] }),
    });
    expect([200, 202]).toContain(res.status);
    const body = (await res.json()) as {
      anomaly?: boolean;
      alert?: boolean;
      data_points: number;
      voters?: string[];
      top_columns?: { column: string }[];
    };
    // Its place in the ring is its arrival order, which data_points counts.
    if (body.anomaly === true) {
      live.push({
        index: body.data_points - 1,
        alert: body.alert === true,
        voters: body.voters ?? [],
        top: body.top_columns?.[0]?.column,
      });
    }
  };
  for (let i = 0; i < points; i += IN_FLIGHT) {
    await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, points - i) }, (_, k) => send(i + k)));
  }
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  page.on("pageerror", (e) => console.error("page error:", e.message));
}, 600_000);

afterAll(async () => {
  await browser?.close();
  child?.kill("SIGTERM");
  if (child && child.exitCode === null) await new Promise((r) => child.once("exit", r));
  if (store) rmSync(store, { recursive: true, force: true });
});

describe("the Anomalies page shows the verdicts that were given", { timeout: 180_000 }, () => {
  it("lists exactly the live flags and alerts, with their voters and top column", async () => {
    const alerts = live.filter((f) => f.alert);
    console.log(`${SERIES}: ${points} points, ${live.length} flagged live, ${alerts.length} alerts`);
    expect(live.length).toBeGreaterThan(0);
    expect(alerts.length).toBeGreaterThan(0);
    // Every flag names the rule that raised it, and the series' one column.
    for (const f of live) {
      expect(f.voters.length).toBeGreaterThan(0);
      expect(f.top).toBe("value");
    }

    await page.goto(`${url}/anomalies.html?backend=server&model=${MODEL}`);
    await page.reload();
    await page.waitForFunction(() =>
      /flagged points in 1 model/.test(document.querySelector('[data-testid="anomalies-status"]')?.textContent ?? ""),
    );
    await page.screenshot({ path: `${SHOTS}/anomalies-given.png`, fullPage: true });
    const rows = await tableRows();
    const byIndex = (a: LiveFlag, b: LiveFlag) => a.index - b.index;
    expect(rows.sort(byIndex)).toEqual([...live].sort(byIndex));
    expect(rows.filter((r) => r.alert).map((r) => r.index)).toEqual(alerts.map((a) => a.index).sort((a, b) => a - b));

    // Rescoring with today's model is a separate view, asked for explicitly.
    await page.check('[data-testid="now-toggle"]');
    await page.waitForFunction(() =>
      /today's model would flag/.test(document.querySelector('[data-testid="anomalies-status"]')?.textContent ?? ""),
    );
    await page.screenshot({ path: `${SHOTS}/anomalies-now.png`, fullPage: true });
    await page.uncheck('[data-testid="now-toggle"]');
    await page.waitForFunction(() =>
      /flagged points in 1 model/.test(document.querySelector('[data-testid="anomalies-status"]')?.textContent ?? ""),
    );
  });

  it("marks the given flags on the Visualize charts by default", async () => {
    await page.goto(`${url}/visualize.html?backend=server&model=${MODEL}`);
    await page.waitForSelector('[data-testid="ring-summary"]');
    const summary = (await page.textContent('[data-testid="ring-summary"]')) ?? "";
    const alerts = live.filter((f) => f.alert).length;
    expect(summary).toContain(`${live.length} flagged (${alerts} opening an alert, as given)`);
    await page.screenshot({ path: `${SHOTS}/visualize-given.png`, fullPage: true });
  });
});
