// `npm run bench -- paging`: what an alert rule with the defaults pages on
// the NAB back-fills (bench/nab/corpus.ts). Every series goes point by
// point into a fresh model with the service's defaults (two-day warm-up
// included), and every verdict, with its bands, to the alert engine the
// server runs, whose rule posts to a webhook receiver on loopback. The
// table counts the onsets the receiver got inside and outside the labelled
// windows, the most onsets any one window got (an incident paged twice
// shows as 2), re-opens (flags back soon after a recovery: the same
// incident, not a page), recoveries sent while a window was still going on,
// and onsets during the warm-up. Targets: 0 pages in the warm-up, at most
// one incident per labelled window.
//
// The default reopen_s was chosen on the "tune" half of the series (every
// other one in key order, starting with the first); `--half check` reports
// the other half, which played no part in the choice.
//
//   npx tsx bench/alert-paging.bench.ts [--only SUBSTRING,...] [--half tune|check] [--reopen-s SECONDS]
import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { parseArgs } from "node:util";
import { AnomalyService, completeRules, MemoryStore } from "../anomaly";
import { MemoryAlertStore } from "../server/anomaly/alertStore";
import { AlertCenter } from "../server/anomaly/alerts";
import { loadCorpus, type Series } from "./nab/corpus";

const { values: args } = parseArgs({
  options: { only: { type: "string" }, half: { type: "string" }, "reopen-s": { type: "string" } },
});
const only = args.only?.split(",").filter((x) => x !== "");
if (args.half !== undefined && args.half !== "tune" && args.half !== "check") {
  throw new Error(`--half must be "tune" or "check", not ${JSON.stringify(args.half)}`);
}
const reopenS = args["reopen-s"] === undefined ? undefined : Number(args["reopen-s"]);
if (reopenS !== undefined && !(Number.isInteger(reopenS) && reopenS >= 0)) {
  throw new Error(`--reopen-s must be a whole number of seconds, not ${JSON.stringify(args["reopen-s"])}`);
}
const keys = loadCorpus()
  .map((s) => s.key)
  .sort();
const inHalf = (key: string) => args.half === undefined || (keys.indexOf(key) % 2 === 0) === (args.half === "tune");
const corpus = loadCorpus().filter((s) => inHalf(s.key) && (only === undefined || only.some((o) => s.key.includes(o))));

interface Page {
  model: string;
  event: string;
  at: string;
}

const pages: Page[] = [];
// A pager acts once per notification: a retry of one it already got (same
// Idempotency-Key, after an answer lost to a timeout on a busy host) is
// counted here, not paged.
const seenDeliveries = new Set<string>();
let retriesSeen = 0;
const receiver = createServer((req, res) => {
  let text = "";
  req.on("data", (chunk) => {
    text += chunk;
  });
  req.on("end", () => {
    const key = String(req.headers["idempotency-key"]);
    if (seenDeliveries.has(key)) retriesSeen++;
    else {
      seenDeliveries.add(key);
      pages.push(JSON.parse(text) as Page);
    }
    res.end("ok");
  });
});
receiver.listen(0, "127.0.0.1");
await once(receiver, "listening");
const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

const service = new AnomalyService(new MemoryStore());
// The receiver is on loopback: allowed here as ANOMALY_WEBHOOK_ALLOW would allow it.
const center = new AlertCenter(new MemoryAlertStore(), { log: () => {}, checkTarget: async () => null });
const rules = completeRules([{ id: "pager", url, ...(reopenS === undefined ? {} : { reopen_s: reopenS }) }]);

const pad = (x: string | number, n: number) => String(x).padStart(n);
const line = (cells: (string | number)[]) =>
  `${String(cells[0]).padEnd(46)}${[6, 8, 8, 5, 5, 6, 5, 7, 7, 8].map((w, i) => pad(cells[i + 1], w)).join("")}`;
console.log(
  `alert paging on the NAB back-fills${args.half === undefined ? "" : ` (${args.half} half)`}: default rule (k 1 of 1, recovery after 4 h back in band, re-open within ${rules[0].reopen_s} s)`,
);
console.log(line(["series", "rows", "warm-up", "windows", "in", "out", "max/w", "hit", "reopen", "rec in", "warm pg"]));

const total = {
  rows: 0,
  windows: 0,
  inside: 0,
  outside: 0,
  hit: 0,
  reopens: 0,
  recoveriesInside: 0,
  warmPages: 0,
  maxPerWindow: 0,
};
let seriesOverOne = 0;
const started = performance.now();
// Series with labelled windows first: the anomaly-free ones only add pages outside windows.
const ordered = [...corpus].sort((a, b) => Number(a.windows.length === 0) - Number(b.windows.length === 0));
for (const series of ordered) {
  const model = `nab_${series.key.replace(/[^A-Za-z0-9_]/g, "_")}`.slice(0, 64);
  await center.setRules(model, rules);
  let warm = series.values.length;
  for (let i = 0; i < series.values.length; i++) {
    const answer = await service.detect(model, { timestamp: series.isoTimes[i], value: series.values[i] }, undefined, {
      expected: true,
    });
    if (answer.httpStatus === 200 && !answer.body.learning && warm === series.values.length) warm = i;
    center.observe(model, answer.httpStatus, answer.body);
  }
  // Every verdict stepped (the model's chain), then every queued delivery answered.
  await center.rules(model);
  // A delivery queued this very millisecond shows an age of 0: wait one beat first.
  await new Promise((resolve) => setTimeout(resolve, 20));
  while (center.stats().oldestWaitingMs > 0) await new Promise((resolve) => setTimeout(resolve, 20));
  report(series, model, warm);
}
await center.close(120_000);
await service.close();
receiver.close();
const seconds = (performance.now() - started) / 1000;

function report(series: Series, model: string, warm: number): void {
  const row = new Map(series.isoTimes.map((t, i) => [Date.parse(t), i]));
  const windowOf = (r: number) => series.windows.findIndex(([a, b]) => r >= a && r <= b);
  const perWindow = new Array<number>(series.windows.length).fill(0);
  let inside = 0;
  let outside = 0;
  let recoveriesInside = 0;
  let reopens = 0;
  let warmPages = 0;
  for (const p of pages) {
    if (p.model !== model) continue;
    const r = row.get(Date.parse(p.at)) ?? -1;
    const w = windowOf(r);
    if (p.event === "onset") {
      if (r < warm) warmPages++;
      if (w >= 0) {
        inside++;
        perWindow[w]++;
      } else outside++;
    } else if (p.event === "reopen") reopens++;
    else if (p.event === "recovery" && w >= 0) recoveriesInside++;
  }
  const maxPerWindow = Math.max(0, ...perWindow);
  const hit = perWindow.filter((n) => n > 0).length;
  if (maxPerWindow > 1) seriesOverOne++;
  console.log(
    line([
      series.key,
      series.values.length,
      warm,
      series.windows.length,
      inside,
      outside,
      maxPerWindow,
      hit,
      reopens,
      recoveriesInside,
      warmPages,
    ]),
  );
  total.rows += series.values.length;
  total.windows += series.windows.length;
  total.inside += inside;
  total.outside += outside;
  total.hit += hit;
  total.reopens += reopens;
  total.recoveriesInside += recoveriesInside;
  total.warmPages += warmPages;
  total.maxPerWindow = Math.max(total.maxPerWindow, maxPerWindow);
}

console.log(
  line([
    "total",
    total.rows,
    "",
    total.windows,
    total.inside,
    total.outside,
    total.maxPerWindow,
    total.hit,
    total.reopens,
    total.recoveriesInside,
    total.warmPages,
  ]),
);
console.log(
  "columns: in/out = onsets inside/outside labelled windows; max/w = most onsets in one window; hit = windows with an onset; reopen = incidents re-opened (flags back within reopen_s of their recovery: no new page); rec in = recoveries sent inside a window; warm pg = onsets during the warm-up (warm-up = its first row past it)",
);
console.log(
  `targets: pages during warm-up ${total.warmPages} (target 0); series with a window paged more than once ${seriesOverOne} of ${ordered.length} (target 0); ${total.rows} points in ${seconds.toFixed(0)} s`,
);
console.log(
  `retried deliveries the receiver had already got (same Idempotency-Key, not counted as pages): ${retriesSeen}`,
);
