// What the page's main thread spent while something ran, from Chromium's own
// counters (the DevTools protocol's Performance metrics: task, script and
// layout time, layout and style passes), the long tasks it reported (over
// 50 ms), and the DOM mutations per animation frame under one element. The
// counts move little on a busy machine; the times are printed beside them.
import type { Page } from "playwright-core";

export interface MainThreadCost {
  taskMs: number;
  scriptMs: number;
  layoutMs: number;
  layouts: number;
  styleRecalcs: number;
  longTasks: number;
  frames: number;
  /** DOM mutation records under the watched element, the most in one frame and in all. */
  mostMutationsPerFrame: number;
  mutations: number;
}

const METRICS = ["TaskDuration", "ScriptDuration", "LayoutDuration", "LayoutCount", "RecalcStyleCount"] as const;

/** Starts counting; the returned function stops and gives the cost since. `watch`: a CSS selector. */
export async function startMainThreadCost(page: Page, watch: string): Promise<() => Promise<MainThreadCost>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Performance.enable");
  const read = async () => {
    const { metrics } = await cdp.send("Performance.getMetrics");
    const value = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
    return Object.fromEntries(METRICS.map((m) => [m, value(m)])) as Record<(typeof METRICS)[number], number>;
  };
  const before = await read();
  await page.evaluate(`(() => {
    const probe = { longTasks: 0, frames: 0, most: 0, all: 0, now: 0, on: true };
    window.mainThreadProbe = probe;
    probe.longObserver = new PerformanceObserver((list) => { probe.longTasks += list.getEntries().length; });
    probe.longObserver.observe({ type: "longtask" });
    const count = (records) => { probe.now += records.length; probe.all += records.length; };
    probe.mutations = new MutationObserver(count);
    // The element may be replaced (a short output's pane becomes a virtual one): watch its parent.
    probe.mutations.observe(document.querySelector(${JSON.stringify(watch)}).parentElement, { subtree: true, childList: true, characterData: true, attributes: true });
    requestAnimationFrame(function tick() {
      count(probe.mutations.takeRecords());
      probe.frames++;
      probe.most = Math.max(probe.most, probe.now);
      probe.now = 0;
      if (probe.on) requestAnimationFrame(tick);
    });
  })()`);
  return async () => {
    const inPage = (await page.evaluate(`(() => {
      const p = window.mainThreadProbe;
      p.on = false;
      p.longObserver.disconnect();
      p.mutations.disconnect();
      return { longTasks: p.longTasks, frames: p.frames, most: p.most, all: p.all };
    })()`)) as { longTasks: number; frames: number; most: number; all: number };
    const after = await read();
    await cdp.detach();
    return {
      taskMs: (after.TaskDuration - before.TaskDuration) * 1000,
      scriptMs: (after.ScriptDuration - before.ScriptDuration) * 1000,
      layoutMs: (after.LayoutDuration - before.LayoutDuration) * 1000,
      layouts: after.LayoutCount - before.LayoutCount,
      styleRecalcs: after.RecalcStyleCount - before.RecalcStyleCount,
      longTasks: inPage.longTasks,
      frames: inPage.frames,
      mostMutationsPerFrame: inPage.most,
      mutations: inPage.all,
    };
  };
}
