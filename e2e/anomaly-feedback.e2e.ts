// The model manager's feedback card against the real production server, in
// Debian's Chromium: an operator marks the injected spike as a false
// positive and declares a maintenance window by typing into the card, sees
// them listed with the margins they put in force, and removes the mark.
// Screenshot in test-results/anomaly/feedback.png.
import { mkdirSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { series } from "./anomalyData";
import { launchChromium } from "./browser";
import { type RunningServer, startServer } from "./server";

const SHOTS = "test-results/anomaly";
const MODEL = "e2e_feedback";
const SPIKE = 150;
const POINTS = 200;
const points = series(POINTS, SPIKE);

let server: RunningServer;
let browser: Browser;
let page: Page;

async function api(method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const init: RequestInit =
    body === undefined
      ? { method }
      : { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
  return (await (await fetch(`${server.url}${path}`, init)).json()) as Record<string, unknown>;
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startServer();
  for (const p of points) await api("POST", `/detect/${MODEL}`, p);
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on("pageerror", (e) => console.error("page error:", e.message));
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Types into a field of the feedback card with the keyboard, as a user would. */
async function typeInto(label: string, text: string) {
  const field = page.locator(`[data-testid="feedback"] input[aria-label="${label}"]`);
  await field.click();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.press("Backspace");
  await page.keyboard.type(text);
}

describe("feedback in the model manager", () => {
  it("marks the spike as a false positive, declares a maintenance window, then removes the mark", async () => {
    const spike = points[SPIKE]?.timestamp as string;
    expect((await api("POST", `/detect_only/${MODEL}`, points[SPIKE])).anomaly).toBe(true);

    await page.goto(`${server.url}/modelmanager.html?backend=server&model=${MODEL}`);
    await page.waitForSelector('[data-testid="feedback"] td.empty');

    await page.selectOption('[data-testid="feedback"] select', "false_positive");
    await typeInto("From", spike);
    await typeInto("Note", "load test");
    await page.click('[data-testid="feedback"] button:has-text("Add")');
    const mark = page.locator('[data-testid="feedback-table"] tr[data-kind="false_positive"]');
    await mark.waitFor();
    expect(await mark.textContent()).toContain("load test");
    // The spike is no longer flagged: the margins that flagged it rose past it.
    await page.waitForSelector('[data-testid="adapted-margins"]');
    expect((await api("POST", `/detect_only/${MODEL}`, points[SPIKE])).anomaly).toBe(false);

    await page.selectOption('[data-testid="feedback"] select', "maintenance");
    await typeInto("From", points[10]?.timestamp as string);
    await typeInto("To", points[20]?.timestamp as string);
    await typeInto("Note", "upgrade");
    await page.click('[data-testid="feedback"] button:has-text("Add")');
    await page.locator('[data-testid="feedback-table"] tr[data-kind="maintenance"]').waitFor();
    expect(await page.textContent('[data-testid="feedback"]')).toContain("12 points left out");
    await page.screenshot({ path: `${SHOTS}/feedback.png`, fullPage: true });

    await mark.locator("button").click();
    await mark.waitFor({ state: "detached" });
    await page.waitForSelector('[data-testid="adapted-margins"]', { state: "detached" });
    expect((await api("POST", `/detect_only/${MODEL}`, points[SPIKE])).anomaly).toBe(true);
    const listed = await api("GET", `/api/dynamic/${MODEL}/feedback`);
    expect(listed.marks).toEqual([]);
    expect(listed.maintenance).toHaveLength(1);
  });
});
