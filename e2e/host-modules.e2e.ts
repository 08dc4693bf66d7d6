// std.canvas, std.audio and std.http in the playground, in Chromium: the
// examples from lang/examples run in the program worker while the page shows
// their frames, feeds them keys and clicks, plays their audio and serves
// their fetches. Frames are checked by their pixels as the page shows them.
import { createServer, type Server } from "node:http";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROBE_SAMPLES, probeChecksum, RING_SAMPLE_RATE } from "../client/host/audioRing";
import { renderTone } from "../lang/runtime/host/audioHost";
import { launchChromium } from "./browser";
import { type RunningServer, startServer } from "./server";

let server: RunningServer;
let browser: Browser;
/** A second origin without CORS headers. */
let foreign: Server;
let foreignUrl = "";

beforeAll(async () => {
  server = await startServer();
  // Chromium's fake microphone (a beep) and an automatic yes to the permission prompt.
  browser = await launchChromium([
    "--autoplay-policy=no-user-gesture-required",
    "--use-fake-device-for-media-stream",
    "--use-fake-ui-for-media-stream",
  ]);
  foreign = createServer((_, res) => res.end('{"secret": true}'));
  await new Promise<void>((resolve) => foreign.listen(0, "127.0.0.1", resolve));
  foreignUrl = `http://127.0.0.1:${(foreign.address() as { port: number }).port}/data.json`;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((resolve) => foreign?.close(resolve));
});

/** Opens the playground, picks an example from the Examples menu (with prepared stdin) and presses Run. */
async function openWith(example: string, stdin = ""): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(server.url);
  await page.locator('[data-testid=editor][data-ready="true"]').waitFor({ timeout: 30_000 });
  await page.getByRole("button", { name: "Examples" }).click();
  await page.getByTestId(`example-${example}`).click();
  if (stdin) {
    await page.getByTestId("tab-stdin").click();
    await page.getByTestId("prepared-stdin").fill(stdin);
  }
  await page.getByTestId("run").click();
  return page;
}

/** The framebuffer pixel (x, y) as the page shows it, RGBA. */
function pixelAt(page: Page, x: number, y: number): Promise<number[]> {
  return page.getByTestId("program-canvas").evaluate(
    (canvas: HTMLCanvasElement, [px, py]) => {
      const copy = new OffscreenCanvas(canvas.width, canvas.height).getContext(
        "2d",
      ) as OffscreenCanvasRenderingContext2D;
      copy.drawImage(canvas, 0, 0);
      return [...copy.getImageData(px, py, 1, 1).data];
    },
    [x, y],
  );
}

async function waitForPixelMatching(
  page: Page,
  x: number,
  y: number,
  wanted: (rgba: number[]) => boolean,
  timeout = 5000,
): Promise<number[]> {
  const end = Date.now() + timeout;
  let seen: number[] = [];
  while (Date.now() < end) {
    seen = await pixelAt(page, x, y);
    if (wanted(seen)) return seen;
    await page.waitForTimeout(20);
  }
  return seen;
}

function waitForPixel(page: Page, x: number, y: number, rgb: number[], timeout = 5000): Promise<number[]> {
  return waitForPixelMatching(page, x, y, (seen) => rgb.every((v, i) => seen[i] === v), timeout);
}

/** Where the snake's head is, what has the focus and which editor is up: said when the snake test fails. */
async function snakeState(page: Page, head: number[]): Promise<string> {
  return page.getByTestId("program-canvas").evaluate((canvas: HTMLCanvasElement, rgb) => {
    const copy = new OffscreenCanvas(canvas.width, canvas.height).getContext("2d") as OffscreenCanvasRenderingContext2D;
    copy.drawImage(canvas, 0, 0);
    const data = copy.getImageData(0, 0, canvas.width, canvas.height).data;
    let cell = "nowhere";
    for (let i = 0; i < data.length; i += 4) {
      if (data[i] === rgb[0] && data[i + 1] === rgb[1] && data[i + 2] === rgb[2]) {
        const p = i / 4;
        cell = `(${Math.floor((p % canvas.width) / 8)}, ${Math.floor(p / canvas.width / 8)})`;
        break;
      }
    }
    const focus = document.activeElement;
    const editor = document.querySelector("[data-testid=editor]")?.getAttribute("data-editor");
    return `head at ${cell}, focus on ${focus?.tagName} ${focus?.getAttribute("data-testid") ?? focus?.className}, ${editor} editor`;
  }, head);
}

describe("host modules in the playground", () => {
  it("bouncing balls presents at least 30 distinct frames in a second", async () => {
    const page = await openWith("bouncing_balls");
    const canvas = page.getByTestId("program-canvas");
    await canvas.waitFor({ timeout: 30_000 });
    expect(
      await canvas.evaluate((c: HTMLCanvasElement) => [c.width, c.height, getComputedStyle(c).imageRendering]),
    ).toEqual([200, 150, "pixelated"]);
    await waitForPixel(page, 199, 149, [16, 18, 32], 20_000); // the first frame is up
    // Sample what the page shows on every animation frame for one second.
    const frames = await canvas.evaluate(async (c: HTMLCanvasElement) => {
      const copy = new OffscreenCanvas(c.width, c.height).getContext("2d") as OffscreenCanvasRenderingContext2D;
      const seen = new Map<string, { balls: number; background: number }>();
      const start = performance.now();
      while (performance.now() - start < 1000) {
        await new Promise(requestAnimationFrame);
        copy.drawImage(c, 0, 0);
        const data = copy.getImageData(0, 0, c.width, c.height).data;
        let hash = 0;
        let background = 0;
        for (let i = 0; i < data.length; i += 4) {
          hash = (Math.imul(hash, 31) + (data[i] | (data[i + 1] << 8) | (data[i + 2] << 16))) | 0;
          if (data[i] === 16 && data[i + 1] === 18 && data[i + 2] === 32) background++;
        }
        seen.set(String(hash), { balls: data.length / 4 - background, background });
      }
      return [...seen.values()];
    });
    console.log(`bouncing balls: ${frames.length} distinct frames shown in 1 s`);
    expect(frames.length).toBeGreaterThanOrEqual(30);
    // Each is a real picture: mostly background, with balls on it.
    for (const f of frames) {
      expect(f.background).toBeGreaterThan(200 * 150 * 0.5);
      expect(f.balls).toBeGreaterThan(200);
    }
    await page.getByTestId("stop").click();
    await page.close();
  });

  it("a key press moves the snake", async () => {
    const page = await openWith("snake");
    const canvas = page.getByTestId("program-canvas");
    await canvas.waitFor({ timeout: 30_000 });
    const head = [250, 250, 120];
    // The head waits at cell (6, 7) of 8-pixel cells until the first key.
    expect(await waitForPixel(page, 6 * 8 + 3, 7 * 8 + 3, head, 20_000), "the snake before a key").toEqual([
      ...head,
      255,
    ]);
    await page.waitForTimeout(300);
    expect((await pixelAt(page, 6 * 8 + 3, 8 * 8 + 3)).slice(0, 3)).not.toEqual(head);
    // A click gives the canvas the keyboard, as a user would do.
    await canvas.click();
    expect(await canvas.evaluate((c) => document.activeElement === c)).toBe(true);
    await page.keyboard.down("ArrowDown");
    await page.waitForTimeout(50);
    await page.keyboard.up("ArrowDown");
    // It turns down and runs until it meets the bottom wall: the head ends in the last row of
    // its column (a stable picture, whatever the frame rate), and its old cells are empty.
    const body = [60, 200, 80];
    const snake = (rgb: number[]) => [head, body].some((c) => c.every((v, i) => rgb[i] === v));
    const after = await waitForPixel(page, 6 * 8 + 3, 14 * 8 + 3, head, 20_000);
    expect(after, `the head after ArrowDown (${await snakeState(page, head)})`).toEqual([...head, 255]);
    expect(snake(await pixelAt(page, 6 * 8 + 3, 13 * 8 + 3))).toBe(true);
    expect(snake(await pixelAt(page, 4 * 8 + 3, 7 * 8 + 3))).toBe(false);
    await page.getByTestId("stop").click();
    await page.close();
  });

  it("a mouse click paints at the clicked pixel", async () => {
    const page = await openWith("paint");
    const canvas = page.getByTestId("program-canvas");
    await canvas.waitFor({ timeout: 30_000 });
    await waitForPixel(page, 0, 0, [60, 60, 60], 20_000); // the palette bar is drawn
    const box = await canvas.boundingBox();
    if (!box) throw new Error("the canvas has no box");
    const [fx, fy] = [97, 71];
    expect((await pixelAt(page, fx, fy)).slice(0, 3)).toEqual([0, 0, 0]);
    await page.mouse.move(box.x + ((fx + 0.5) / 160) * box.width, box.y + ((fy + 0.5) / 120) * box.height);
    await page.mouse.down();
    await page.waitForTimeout(100);
    await page.mouse.up();
    expect(await waitForPixel(page, fx, fy, [255, 255, 255])).toEqual([255, 255, 255, 255]);
    // Only around the click: far away stays black.
    expect((await pixelAt(page, 20, 100)).slice(0, 3)).toEqual([0, 0, 0]);
    await page.getByTestId("stop").click();
    await page.close();
  });

  it("the synthesizer's samples reach the AudioWorklet, and Stop silences it within 100 ms", async () => {
    const page = await openWith("synthesizer");
    await page.waitForFunction(() => (window.pithHostSession?.audibleSamples() ?? 0) > 4800, undefined, {
      timeout: 30_000,
    });
    expect(await page.evaluate(() => window.pithHostSession?.audioState())).toBe("running");
    // The samples themselves: the melody's first note (E4, a quarter second of sine at 0.4),
    // rendered at the ring's rate, is what the worklet read first.
    const first = renderTone(RING_SAMPLE_RATE, 440 * 2 ** (-5 / 12), 0.25, 0, 0.4);
    expect(await page.evaluate(() => window.pithHostSession?.audioProbe())).toEqual({
      samples: PROBE_SAMPLES,
      checksum: probeChecksum(first),
    });
    const stoppedIn = await page.evaluate(async () => {
      const session = window.pithHostSession;
      const button = document.querySelector("[data-testid=stop]") as HTMLButtonElement;
      const start = performance.now();
      button.click();
      while (session?.audioState() !== "closed" && performance.now() - start < 1000)
        await new Promise((r) => setTimeout(r, 1));
      return performance.now() - start;
    });
    expect(stoppedIn).toBeLessThan(100);
    const after = await page.evaluate(() => window.pithHostSession?.audibleSamples());
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => window.pithHostSession?.audibleSamples())).toBe(after);
    await page.close();
  });

  it("the mic meter hears the microphone, which is asked for only by a program that uses it, and Stop releases it", async () => {
    const synth = await openWith("synthesizer");
    await synth.waitForFunction(() => (window.pithHostSession?.audibleSamples() ?? 0) > 0, undefined, {
      timeout: 30_000,
    });
    expect(await synth.evaluate(() => window.pithHostSession?.micActive())).toBe(false);
    await synth.close();

    const page = await openWith("mic_meter");
    await page.getByTestId("program-canvas").waitFor({ timeout: 30_000 });
    await page.waitForFunction(() => window.pithHostSession?.micActive(), undefined, { timeout: 10_000 });
    // The level bar (from x = 11, y = 11) fills with green, yellow or red once the beep is heard.
    const lit = (rgb: number[]) => rgb[1] > 100 || rgb[0] > 200;
    expect(lit(await waitForPixelMatching(page, 12, 15, lit, 10_000))).toBe(true);
    await page.getByTestId("stop").click();
    expect(await page.evaluate(() => window.pithHostSession?.micActive())).toBe(false);
    await page.close();
  });

  it("std.http fetches from the playground's server, and a cross-origin fetch without CORS is an Err that says so", async () => {
    const page = await openWith("http_json", "/health\n");
    const out = page.locator("[data-testid=output] .stream-stdout");
    // (The editor shows the same words: wait on the output itself.)
    await out.filter({ hasText: "compiler_available:" }).first().waitFor({ timeout: 30_000 });
    const text = (await out.allTextContents()).join("");
    expect(text).toMatch(
      /^GET \/health: 200, \d+ bytes\ncontent-type: application\/json.*\nstatus: ok\nversion: \S+\ncompiler_available: true\n$/,
    );
    await page.close();

    const cors = await openWith("http_json", `${foreignUrl}\n`);
    await cors
      .locator("[data-testid=output] .stream-stdout", { hasText: "failed:" })
      .first()
      .waitFor({ timeout: 30_000 });
    const failure = (await cors.locator("[data-testid=output] .stream-stdout").allTextContents()).join("");
    expect(failure).toContain(`failed: request to ${foreignUrl} failed:`);
    expect(failure).toContain("CORS");
    await cors.close();
  });
});
