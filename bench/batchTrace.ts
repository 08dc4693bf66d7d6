// What one batch of output costs the page's main thread, from a Chromium
// trace: each view the output worker sends arrives as one message task
// (HandlePostMessage on CrRendererMain), inside which React draws the rows
// and the pane scrolls to follow the end. Per task: its length, the script in
// it, and the style and layout it forced; beside them the functions that took
// the most sampled time on the main thread over the whole trace (the page's
// own script, minified names with their place, and Chromium's "(program)"),
// which is how a cost per batch is found (a formatter built at each call was
// one). Counts and shares move less with a busy machine than the times do.
import type { Browser, Page } from "playwright-core";
import { median } from "./median";

export interface BatchCost {
  batches: number;
  taskMs: { median: number; p90: number };
  scriptMs: number;
  forcedLayoutMs: number;
  /** Objects each layout found dirty (median): what a batch makes the browser lay out again. */
  dirtyObjects: number;
  /** The main thread's costliest functions by self time over the trace, in ms. */
  hottest: [string, number][];
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  id?: string;
  args?: Record<string, unknown> & { name?: string; data?: ProfileData; beginData?: { dirtyObjects?: number } };
}

interface ProfileData {
  cpuProfile?: {
    nodes?: {
      id: number;
      callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
    }[];
    samples?: number[];
  };
  timeDeltas?: number[];
}

// "blink" holds Document::UpdateStyleAndLayout, the style and layout a script forced.
const CATEGORIES = [
  "blink",
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "v8",
  "disabled-by-default-v8.cpu_profiler",
];

/** Traces `page` for `ms` while output is flowing and gives the cost per batch. */
export async function traceBatches(browser: Browser, page: Page, ms: number): Promise<BatchCost> {
  await browser.startTracing(page, { categories: CATEGORIES });
  await page.waitForTimeout(ms);
  const buffer = await browser.stopTracing();
  return batchCost((JSON.parse(buffer.toString("utf8")) as { traceEvents: TraceEvent[] }).traceEvents);
}

export function batchCost(events: TraceEvent[]): BatchCost {
  const main = new Set(
    events.filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain").map((e) => `${e.pid}:${e.tid}`),
  );
  const onMain = events.filter((e) => main.has(`${e.pid}:${e.tid}`) && e.ph === "X" && e.dur !== undefined);
  const tasks = onMain.filter((e) => e.name === "HandlePostMessage");
  const inside = (task: TraceEvent, name: string) =>
    onMain
      .filter((e) => e.name === name && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + (task.dur ?? 0))
      .reduce((sum, e) => sum + (e.dur ?? 0) / 1000, 0);
  const lengths = tasks.map((t) => (t.dur ?? 0) / 1000).sort((a, b) => a - b);
  const dirty = onMain
    .filter((e) => e.name === "Layout" && e.args?.beginData?.dirtyObjects !== undefined)
    .map((e) => e.args?.beginData?.dirtyObjects ?? 0);
  return {
    batches: tasks.length,
    taskMs: { median: median(lengths), p90: lengths[Math.floor(lengths.length * 0.9)] ?? Number.NaN },
    scriptMs: median(tasks.map((t) => inside(t, "FunctionCall"))),
    forcedLayoutMs: median(tasks.map((t) => inside(t, "Document::UpdateStyleAndLayout"))),
    dirtyObjects: median(dirty),
    hottest: hottest(events, main),
  };
}

/** Self time per function on the main thread, from the trace's CPU profile samples. */
function hottest(events: TraceEvent[], main: Set<string>): [string, number][] {
  const profiles = new Set(
    events.filter((e) => e.name === "Profile" && main.has(`${e.pid}:${e.tid}`)).map((e) => e.id),
  );
  const names = new Map<number, string>();
  const self = new Map<string, number>();
  for (const e of events) {
    if (e.name !== "ProfileChunk" || !profiles.has(e.id)) continue;
    const data = e.args?.data;
    for (const node of data?.cpuProfile?.nodes ?? []) {
      const { functionName, url, lineNumber, columnNumber } = node.callFrame;
      const file = url?.split("/").pop();
      names.set(
        node.id,
        file ? `${functionName || "(anonymous)"} ${file}:${lineNumber}:${columnNumber}` : functionName,
      );
    }
    const samples = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    samples.forEach((id, i) => {
      const name = names.get(id) ?? "?";
      self.set(name, (self.get(name) ?? 0) + (deltas[i + 1] ?? 0) / 1000);
    });
  }
  self.delete("(idle)");
  return [...self].sort((a, b) => b[1] - a[1]).slice(0, 5);
}
