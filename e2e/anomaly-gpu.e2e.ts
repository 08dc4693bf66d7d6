// WebGPU in Debian's Chromium (SwiftShader, in the engine's Web Worker, on an
// http://127.0.0.1 page) scores 10,000 rows × 300 trees with the CPU's exact
// bits. No adapter is a failure that says why, never a skip.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "./browser";
import { type RunningServer, startServer } from "./server";

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("WebGPU scoring in the browser", () => {
  it("10,000 rows × 300 trees on SwiftShader give the CPU's exact bits", { timeout: 240_000 }, async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/visualize.html?backend=local`);
    const report = (await page.evaluate(() => window.__anomaly?.gpuSelfCheck(10_000, 300))) as {
      error?: string;
      rows: number;
      trees: number;
      mismatches: number;
      first: unknown;
      backend: string;
      otherMs: number;
    };
    if (report.error !== undefined) throw new Error(`No WebGPU adapter in Chromium: ${report.error}`);
    console.log(
      `browser WebGPU (${report.backend}): ${report.rows}×${report.trees} in ${report.otherMs.toFixed(0)} ms`,
    );
    expect(report.rows).toBe(10_000);
    expect(report.trees).toBe(300);
    expect(report.first).toBeNull();
    expect(report.mismatches).toBe(0);
  });
});
