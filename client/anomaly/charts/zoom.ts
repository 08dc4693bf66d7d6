// Zoom and pan on a uPlot x scale: the mouse wheel zooms around the cursor,
// dragging with Shift (or the middle button) pans; uPlot's own drag-select
// zooms to a range and a double click resets. Linked charts follow each
// other's x range.
import type uPlot from "uplot";

export function clampRange(min: number, max: number, lo: number, hi: number): [number, number] {
  const span = Math.min(max - min, hi - lo);
  let a = min;
  let b = a + span;
  if (a < lo) {
    a = lo;
    b = lo + span;
  }
  if (b > hi) {
    b = hi;
    a = hi - span;
  }
  return [a, b];
}

/** The data's full x range. */
export function fullRange(u: uPlot): [number, number] {
  const xs = u.data[0];
  return [xs[0], xs[xs.length - 1]];
}

export function zoomBy(u: uPlot, factor: number, centerFrac = 0.5): void {
  const { min, max } = u.scales.x;
  if (min === undefined || max === undefined) return;
  const [lo, hi] = fullRange(u);
  const center = min + (max - min) * centerFrac;
  const span = Math.max((max - min) * factor, (hi - lo) / 1e6);
  const [a, b] = clampRange(center - span * centerFrac, center + span * (1 - centerFrac), lo, hi);
  u.setScale("x", { min: a, max: b });
}

export function panBy(u: uPlot, fraction: number): void {
  const { min, max } = u.scales.x;
  if (min === undefined || max === undefined) return;
  const [lo, hi] = fullRange(u);
  const shift = (max - min) * fraction;
  const [a, b] = clampRange(min + shift, max + shift, lo, hi);
  u.setScale("x", { min: a, max: b });
}

/** uPlot plugin: wheel zoom and shift-drag pan. */
export function wheelZoomPlugin(): uPlot.Plugin {
  return {
    hooks: {
      ready: (u) => {
        const over = u.over;
        over.addEventListener(
          "wheel",
          (e) => {
            e.preventDefault();
            const rect = over.getBoundingClientRect();
            zoomBy(u, e.deltaY < 0 ? 0.8 : 1.25, (e.clientX - rect.left) / rect.width);
          },
          { passive: false },
        );
        over.addEventListener(
          "mousedown",
          (e) => {
            if (!(e.shiftKey || e.button === 1)) return;
            e.preventDefault();
            e.stopPropagation();
            let last = e.clientX;
            const move = (m: MouseEvent) => {
              panBy(u, -(m.clientX - last) / over.clientWidth);
              last = m.clientX;
            };
            const up = () => {
              window.removeEventListener("mousemove", move);
              window.removeEventListener("mouseup", up);
            };
            window.addEventListener("mousemove", move);
            window.addEventListener("mouseup", up);
          },
          true,
        );
      },
    },
  };
}

/** Charts whose x ranges move together. */
export interface XLink {
  charts: Set<uPlot>;
  syncing: boolean;
}

export function newXLink(): XLink {
  return { charts: new Set(), syncing: false };
}

/** Keeps the x range of every chart in `link` equal. */
export function linkX(link: XLink): uPlot.Plugin {
  return {
    hooks: {
      init: (u) => {
        link.charts.add(u);
      },
      destroy: (u) => {
        link.charts.delete(u);
      },
      setScale: (u, key) => {
        if (key !== "x" || link.syncing) return;
        link.syncing = true;
        const { min, max } = u.scales.x;
        for (const other of link.charts) {
          if (other !== u && min !== undefined && max !== undefined) other.setScale("x", { min, max });
        }
        link.syncing = false;
      },
    },
  };
}
