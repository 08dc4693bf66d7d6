// Flagged points drawn as red markers (on the score chart, and on each
// metric series at its own value so the eye lands on the metric that
// moved), at most one per pixel column: a ring with tens of thousands of flagged points still draws
// about as many markers as the chart is wide, so zooming stays smooth.
import type uPlot from "uplot";
import { lowerBound } from "./ringChartData";

export const MARKER_COLOR = "#d62728";

/** `ys[k]` is the marker's height for `flagged[k]`, on the y scale named `scale` (NaN: no marker). */
export function anomalyMarkers(xs: Float64Array, flagged: number[], ys: Float64Array, scale = "y"): uPlot.Plugin {
  return {
    hooks: {
      draw: [
        (u: uPlot) => {
          const { min, max } = u.scales.x;
          if (min === undefined || max === undefined || flagged.length === 0) return;
          const first = lowerBound(flagged.length, (k) => xs[flagged[k]], min);
          const { ctx, bbox } = u;
          const size = Math.round(6 * devicePixelRatio);
          ctx.save();
          ctx.beginPath();
          ctx.rect(bbox.left, bbox.top, bbox.width, bbox.height);
          ctx.clip();
          ctx.fillStyle = MARKER_COLOR;
          let lastPx = Number.NEGATIVE_INFINITY;
          for (let k = first; k < flagged.length; k++) {
            const x = xs[flagged[k]];
            if (x > max) break;
            const px = Math.round(u.valToPos(x, "x", true));
            if (px === lastPx) continue;
            lastPx = px;
            if (Number.isNaN(ys[k])) continue;
            const py = u.valToPos(ys[k], scale, true);
            ctx.fillRect(px - size / 2, py - size / 2, size, size);
          }
          ctx.restore();
        },
      ],
    },
  };
}
