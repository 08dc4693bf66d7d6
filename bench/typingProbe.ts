// In-page probes for typing while the page is busy: the time from a key's
// own event time stamp to the first frame after the editor drew its
// character, and every gap between animation frames. String scripts: tsx
// would wrap named inner functions in helpers the page does not have.
import type { Page } from "playwright-core";

/** Starts recording frame gaps and key→character times in window.typingProbe. */
export async function startTypingProbe(p: Page): Promise<void> {
  await p.evaluate(`(() => {
    const probe = { last: performance.now(), gaps: [], keys: [], on: true, pending: undefined };
    window.typingProbe = probe;
    requestAnimationFrame(function tick(now) {
      probe.gaps.push(now - probe.last);
      probe.last = now;
      if (probe.on) requestAnimationFrame(tick);
    });
    window.addEventListener("keydown", (event) => { probe.pending = event.timeStamp; }, { capture: true });
    const lines = document.querySelector(".editor-layer:not([hidden]) .view-lines");
    new MutationObserver(() => {
      const at = probe.pending;
      if (at === undefined) return;
      probe.pending = undefined;
      requestAnimationFrame(() => probe.keys.push(performance.now() - at));
    }).observe(lines, { subtree: true, childList: true, characterData: true });
  })()`);
}

/** Stops the probe: key→character times and frame gaps, in ms. */
export function stopTypingProbe(p: Page): Promise<{ keys: number[]; gaps: number[] }> {
  return p.evaluate(
    "(() => { const t = window.typingProbe; t.on = false; return { keys: t.keys, gaps: t.gaps }; })()",
  ) as Promise<{ keys: number[]; gaps: number[] }>;
}

/** The value below which `q` of the sorted values lie (q = 0.99: the 99th percentile). */
export function percentile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? Number.NaN;
}

/**
 * Counts long animation frames (over 50 ms, as Chromium reports them) from
 * now on; the returned function stops counting and gives the count. A count
 * of frames the page could not draw in time, steadier than a duration on a
 * shared machine.
 */
export async function startLongFrameCount(p: Page): Promise<() => Promise<number>> {
  await p.evaluate(`(() => {
    const count = { n: 0 };
    count.observer = new PerformanceObserver((list) => { count.n += list.getEntries().length; });
    count.observer.observe({ type: "long-animation-frame" });
    window.longFrames = count;
  })()`);
  return () =>
    p.evaluate("(() => { window.longFrames.observer.disconnect(); return window.longFrames.n; })()") as Promise<number>;
}
