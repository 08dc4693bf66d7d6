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

describe("the playground page in Chromium", () => {
  it("runs compiler.wasm in a Web Worker and shows its version", async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(server.url);
    const version = page.getByTestId("compiler-version");
    await version.waitFor({ timeout: 20_000 });
    const health = (await (await fetch(`${server.url}/health`)).json()) as {
      compiler_version: string;
    };
    expect(await version.textContent()).toBe(health.compiler_version);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("is served cross-origin isolated so workers can share memory", async () => {
    const page = await browser.newPage();
    await page.goto(server.url);
    expect(await page.evaluate(() => globalThis.crossOriginIsolated)).toBe(true);
    await page.close();
  });
});
