// A/B of the playground's load between built checkouts, side by side in one
// browser, interleaved run by run (the machine is shared: noise dominates).
// Each directory is a checkout with its own dist/ and wasm/build/.
//
//   npx tsx bench/playground-load-ab.ts RUNS name=DIR name=DIR ...
import { loadavg } from "node:os";
import type { Page } from "playwright-core";
import { launchChromium } from "../e2e/browser";
import { startServer } from "../e2e/server";
import { median } from "./median";

const runs = Number(process.argv[2] ?? 5);
const dirs: Record<string, string> = Object.fromEntries(process.argv.slice(3).map((arg) => arg.split("=")));
/**
 * Opens the playground and waits for the full editor: Monaco, which takes over
 * from the early editor (data-editor), or in a build from before the early
 * editor (no data-editor) the editor it starts with.
 */
async function openPlayground(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('[data-testid=editor][data-ready="true"]:not([data-editor="early"])').waitFor({ timeout: 30_000 });
}
const markAt = (page: Page, name: string) =>
  page.evaluate((n) => performance.getEntriesByName(n).at(-1)?.startTime ?? Number.NaN, name);
const servers: Record<string, Awaited<ReturnType<typeof startServer>>> = {};
for (const [k, d] of Object.entries(dirs)) {
  process.chdir(d);
  servers[k] = await startServer();
}
const browser = await launchChromium();
const res: Record<string, Record<string, number[]>> = {};
const detail: Record<string, Record<string, number[]>> = {};
async function details(k: string, page: Page) {
  detail[k] ??= {};
  const d = detail[k];
  const info = await page.evaluate(() => {
    const out: Record<string, number> = {};
    for (const m of performance.getEntriesByType("mark")) out[m.name] = m.startTime;
    for (const r of performance.getEntriesByType("resource") as PerformanceResourceTiming[]) {
      const name = r.name.split("/").pop()?.split("-")[0] ?? "";
      if (/^(monaco|CodeEditor|main|jsx|compiler)/.test(name) && !r.name.endsWith(".css"))
        out[`${name}.end`] = r.responseEnd;
    }
    return out;
  });
  for (const [n, v] of Object.entries(info)) {
    d[n] ??= [];
    d[n].push(v);
  }
}
console.log(
  `load before ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
try {
  for (let i = 0; i < runs; i++) {
    const keys = Object.keys(dirs);
    for (const k of i % 2 ? [...keys].reverse() : keys) {
      const url = servers[k].url;
      res[k] ??= { cold: [], warm: [], later: [], later2: [] };
      const r = res[k];
      const context = await browser.newContext();
      const page = await context.newPage();
      await openPlayground(page, url);
      r.cold.push(await markAt(page, "pith:editor-ready"));
      await page.waitForFunction(
        async () => (await navigator.serviceWorker.ready) && navigator.serviceWorker.controller !== null,
      );
      const again = await context.newPage();
      await openPlayground(again, url);
      r.warm.push(await markAt(again, "pith:editor-ready"));
      await details(`${k}-warm`, again);
      await page.close();
      await again.close();
      for (const list of [r.later, r.later2]) {
        const later = await context.newPage();
        await openPlayground(later, url);
        list.push(await markAt(later, "pith:editor-ready"));
        await details(`${k}-${list === r.later ? "later" : "later2"}`, later);
        await later.close();
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  for (const s of Object.values(servers)) await s.stop();
}
console.log(
  `load after ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}; median of ${runs}`,
);
for (const [k, r] of Object.entries(detail))
  console.log(
    k,
    Object.entries(r)
      .map(([n, v]) => `${n} ${median(v).toFixed(0)}`)
      .join("  "),
  );
for (const [k, r] of Object.entries(res))
  console.log(
    k.padEnd(8),
    Object.entries(r)
      .map(([n, v]) => `${n} ${median(v).toFixed(0)} [${v.map((x) => x.toFixed(0)).join(",")}]`)
      .join("  "),
  );
