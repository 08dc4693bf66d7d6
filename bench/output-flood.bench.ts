// A print flood in the playground, in Chromium against the production server
// on loopback: the longest gap between animation frames while a program
// prints 1,000,000 lines (the page must keep drawing), and the time from
// clicking Stop to the run's end while an endless loop prints (the flood must
// not hold the page). Medians of several runs against the targets; ratio > 1
// beats the target. Then typing, idle and while 1,000,000 lines print, side
// by side: the median time from a key to its character on screen and the
// 99th percentile gap between frames. Beside the times, two counts a busy
// machine moves little: the most elements the output pane held in any frame
// while printing (it draws only the rows on screen) and the long animation
// frames (over 50 ms) during the print, and what the main thread spent per
// 100,000 lines printed by Chromium's own counters (task and script time,
// layout passes, long tasks) with the DOM mutations in the output pane per
// frame (bench/mainThreadProbe.ts). The typing runs while an endless loop
// prints (a million lines may end before the last key on a fast machine).
// The e2e test (e2e/output-flood.e2e.ts) checks the same
// behaviour with margins a busy machine cannot break; the figures live here.
//
//   npx tsx bench/output-flood.bench.ts [--runs 5]
//
// Needs a built dist/ (`npx vite build`). The load average is printed beside the figures.
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { launchChromium } from "../e2e/browser";
import {
  focusEditor,
  openPlayground,
  runAndWait,
  setSource,
  startFrameProbe,
  startOutputRowsProbe,
} from "../e2e/playgroundPage";
import { startServer } from "../e2e/server";
import { type BatchCost, traceBatches } from "./batchTrace";
import { type MainThreadCost, startMainThreadCost } from "./mainThreadProbe";
import { median } from "./median";
import { percentile, startLongFrameCount, startTypingProbe, stopTypingProbe } from "./typingProbe";

const TARGETS = { frameGapMs: 100, stopMs: 200 };
const { values } = parseArgs({ options: { runs: { type: "string", default: "5" } } });
const runs = Number(values.runs);
const MILLION = 'fn main() {\n    for i in 0..1000000 {\n        println("line {i}")\n    }\n}\n';
const ENDLESS = 'fn main() {\n    var n = 0\n    while true {\n        println("spam {n}")\n        n += 1\n    }\n}\n';

/** Notes in window.stopTook the time from the Stop click's event time stamp to the summary's phase becoming "finished". */
const STOP_WATCH = `(() => {
  const summary = document.querySelector("[data-testid=run-summary]");
  document.querySelector("[data-testid=stop]").addEventListener("pointerdown", (event) => {
    const clickedAt = event.timeStamp;
    const seen = new MutationObserver(() => {
      if (summary.getAttribute("data-phase") === "finished") {
        window.stopTook = performance.now() - clickedAt;
        seen.disconnect();
      }
    });
    seen.observe(summary, { attributes: true });
  }, { once: true });
})()`;

const server = await startServer();
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await openPlayground(page, server.url);
  const gaps: number[] = [];
  const stops: number[] = [];
  const mostRows: number[] = [];
  const longFrames: number[] = [];
  const costs: MainThreadCost[] = [];
  for (let i = 0; i < runs; i++) {
    await setSource(page, MILLION);
    const stopProbe = await startFrameProbe(page);
    const stopRows = await startOutputRowsProbe(page);
    const stopLongFrames = await startLongFrameCount(page);
    await runAndWait(page, 120_000);
    gaps.push(await stopProbe());
    mostRows.push((await stopRows()).mostRows);
    longFrames.push(await stopLongFrames());

    await setSource(page, ENDLESS);
    await focusEditor(page);
    await page.keyboard.press("Control+Enter");
    await page.getByTestId("output-cut").waitFor({ timeout: 60_000 });
    // Timed in the page: from the click's own time stamp to the summary saying the run ended.
    await page.evaluate(STOP_WATCH);
    await page.getByTestId("stop").click();
    await page.locator("[data-testid=run-summary][data-phase=finished]").waitFor({ timeout: 30_000 });
    stops.push(Number(await page.evaluate("window.stopTook")));
  }
  // The main thread's cost of the same print, measured alone: the probes above run script every frame.
  for (let i = 0; i < runs; i++) {
    await setSource(page, MILLION);
    const stopCost = await startMainThreadCost(page, "[data-testid=output]");
    await runAndWait(page, 120_000);
    costs.push(await stopCost());
  }
  // One batch's cost on the main thread, from Chromium's trace of an endless print (bench/batchTrace.ts).
  const batches: BatchCost[] = [];
  for (let i = 0; i < runs; i++) {
    await setSource(page, ENDLESS);
    await focusEditor(page);
    await page.keyboard.press("Control+Enter");
    await page.getByTestId("output-cut").waitFor({ timeout: 60_000 });
    batches.push(await traceBatches(browser, page, 3000));
    await page.getByTestId("stop").click();
    await page.locator("[data-testid=run-summary][data-phase=finished]").waitFor({ timeout: 30_000 });
  }
  // Typing into a comment at the end of the program, a key every 50 ms, idle and then while the million lines print.
  const KEYS = 40;
  const typing = async (printing: boolean) => {
    await setSource(page, `${ENDLESS}// `);
    await focusEditor(page);
    await page.keyboard.press("ControlOrMeta+End");
    if (printing) {
      await page.keyboard.press("Control+Enter");
      await page.locator("[data-testid=output] .stream-stdout").first().waitFor({ timeout: 60_000 });
    }
    await startTypingProbe(page);
    for (let k = 0; k < KEYS; k++) {
      await page.keyboard.type("x");
      await page.waitForTimeout(50);
    }
    const phase = await page.getByTestId("run-summary").getAttribute("data-phase");
    const probe = await stopTypingProbe(page);
    if (printing) {
      await page.getByTestId("stop").click();
      await page.locator("[data-testid=run-summary][data-phase=finished]").waitFor({ timeout: 30_000 });
    }
    return { ...probe, stillPrinting: phase === "running" };
  };
  const idle = await typing(false);
  const busy = await typing(true);

  const load = loadavg()[0].toFixed(2);
  const row = (name: string, value: number, target: number) =>
    console.log(
      `${name.padEnd(44)} ${value.toFixed(0).padStart(6)} ms   target ≤ ${target} ms   ratio ${(target / value).toFixed(2)}`,
    );
  console.log(`output flood, median of ${runs} runs (load average ${load})`);
  row("longest frame gap, 1,000,000 lines printed", median(gaps), TARGETS.frameGapMs);
  row("Stop to run ended, endless print loop", median(stops), TARGETS.stopMs);
  console.log(`${"elements in the output pane, most in a frame".padEnd(44)} ${String(median(mostRows)).padStart(6)}`);
  console.log(
    `${"long animation frames (> 50 ms) while printing".padEnd(44)} ${String(median(longFrames)).padStart(6)}`,
  );
  const per100k = (pick: (c: MainThreadCost) => number) => median(costs.map(pick)) / 10;
  console.log("main thread per 100,000 lines printed (Chromium's counters, median of the runs):");
  const cost = (name: string, value: number, unit: string) =>
    console.log(`  ${name.padEnd(42)} ${value.toFixed(1).padStart(8)} ${unit}`);
  cost(
    "task time",
    per100k((c) => c.taskMs),
    "ms",
  );
  cost(
    "script time",
    per100k((c) => c.scriptMs),
    "ms",
  );
  cost(
    "layout passes",
    per100k((c) => c.layouts),
    "",
  );
  cost(
    "style recalculations",
    per100k((c) => c.styleRecalcs),
    "",
  );
  cost(
    "long tasks (> 50 ms)",
    per100k((c) => c.longTasks),
    "",
  );
  cost("DOM mutations in the output pane, most in a frame", median(costs.map((c) => c.mostMutationsPerFrame)), "");
  cost(
    "DOM mutations in the output pane per frame, mean",
    median(costs.map((c) => c.mutations / Math.max(1, c.frames))),
    "",
  );
  const perBatch = (pick: (b: BatchCost) => number) => median(batches.map(pick));
  console.log("main thread per output batch, endless print (Chromium's trace, median of the runs):");
  cost(
    "batches in 3 s",
    perBatch((b) => b.batches),
    "",
  );
  cost(
    "message task, median",
    perBatch((b) => b.taskMs.median),
    "ms",
  );
  cost(
    "message task, 90th percentile",
    perBatch((b) => b.taskMs.p90),
    "ms",
  );
  cost(
    "  script in it, median",
    perBatch((b) => b.scriptMs),
    "ms",
  );
  cost(
    "  style and layout it forced, median",
    perBatch((b) => b.forcedLayoutMs),
    "ms",
  );
  cost(
    "objects a layout found dirty, median",
    perBatch((b) => b.dirtyObjects),
    "",
  );
  console.log("  costliest functions on the main thread over the last trace (self time):");
  for (const [name, ms] of batches.at(-1)?.hottest ?? []) console.log(`    ${ms.toFixed(1).padStart(8)} ms  ${name}`);
  console.log(
    `typing, ${KEYS} keys while an endless loop prints ${busy.stillPrinting ? "(all while printing)" : "(the print ended before the last key)"}`,
  );
  console.log(`${"".padEnd(44)}   idle    printing  ratio`);
  const side = (name: string, a: number, b: number) =>
    console.log(
      `${name.padEnd(44)} ${a.toFixed(0).padStart(6)} ms ${b.toFixed(0).padStart(6)} ms  ${(b / a).toFixed(2)}`,
    );
  side("key to character, median", median(idle.keys), median(busy.keys));
  side("frame gap, 99th percentile", percentile(idle.gaps, 0.99), percentile(busy.gaps, 0.99));
} finally {
  await browser.close();
  await server.stop();
}
