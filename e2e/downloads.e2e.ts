// Native downloads are named after the program, as a user finds them in
// the Downloads folder: the entry file snake.pith builds `snake` for x86-64
// Linux, `snake-arm64` for arm64 Linux and `snake.exe` for Windows. Built
// from the Build panel in Chromium, downloaded through the link, and the
// file checked to be the executable it claims.
import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "./browser";
import { openPlayground, setSource } from "./playgroundPage";
import { type RunningServer, startServer } from "./server";

const SNAKE = 'fn main() {\n    println("hiss")\n}\n';

let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  page = await context.newPage();
  await openPlayground(page, server.url);
  await setSource(page, SNAKE);
  // The program's file is renamed as a user would: its name is the program's name.
  await page.getByRole("button", { name: "Rename main.pith" }).click();
  await page.getByRole("textbox", { name: "New name" }).fill("snake.pith");
  await page.getByRole("button", { name: "Rename", exact: true }).click();
  await page.getByTestId("file-snake.pith").waitFor();
  await page.getByTestId("tab-build").click();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Builds for `target` from the Build panel and downloads the executable through its link. */
async function buildAndDownload(target: string): Promise<{ name: string; bytes: Buffer }> {
  const previous = await page
    .getByTestId("download-link")
    .getAttribute("href", { timeout: 1 })
    .catch(() => null);
  await page.getByTestId(`build-${target}`).click();
  const link = page.getByTestId("download-link");
  await expect
    .poll(() => link.getAttribute("href", { timeout: 1_000 }).catch(() => null), { timeout: 180_000 })
    .not.toBe(previous);
  const [download] = await Promise.all([page.waitForEvent("download", { timeout: 60_000 }), link.click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), bytes: readFileSync(path) };
}

describe("native downloads", () => {
  it("are named after the program, with the target where it differs", async () => {
    const x64 = await buildAndDownload("linux-x64");
    expect(x64.name).toBe("snake");
    expect(x64.bytes.subarray(0, 4).toString("latin1")).toBe("\x7fELF");
    expect(x64.bytes.readUInt16LE(18)).toBe(62); // EM_X86_64

    const arm = await buildAndDownload("linux-arm64-musl");
    expect(arm.name).toBe("snake-arm64");
    expect(arm.bytes.readUInt16LE(18)).toBe(183); // EM_AARCH64
    expect(await page.getByTestId("download-link").textContent()).toBe("Download snake-arm64");

    const windows = await buildAndDownload("windows-x64");
    expect(windows.name).toBe("snake.exe");
    expect(windows.bytes.subarray(0, 2).toString("latin1")).toBe("MZ");
  });
});
