// The expected band of each numeric column, drawn behind the metric series
// when the server's verdicts carry one (`?expected=1`, from the detection
// work): a shaded area from the lower to the upper bound and a dashed line
// at the expected value, in the column's colour. Verdicts without the field
// draw nothing, so the chart is unchanged on servers that lack it.
import type uPlot from "uplot";
import { lowerBound } from "./ringChartData";

export interface Expectation {
  value?: number;
  lower: number;
  upper: number;
}

/** Column → band at ring points `index[k]`, aligned with `index`. */
export interface BandSeries {
  index: number[];
  columns: Record<string, (Expectation | null)[]>;
}

const finite = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

/**
 * A verdict's `expected` field as column → band, or null when it has none.
 * Reads `{col: {value?, lower, upper}}` (also `low`/`high` or `band: [lo, hi]`).
 */
export function expectations(body: unknown): Record<string, Expectation> | null {
  const expected = (body as { expected?: unknown } | null)?.expected;
  if (expected === null || typeof expected !== "object") return null;
  const out: Record<string, Expectation> = {};
  for (const [column, raw] of Object.entries(expected)) {
    if (raw === null || typeof raw !== "object") continue;
    const e = raw as Record<string, unknown>;
    const band = Array.isArray(e.band) ? e.band : [];
    const lower = e.lower ?? e.low ?? band[0];
    const upper = e.upper ?? e.high ?? band[1];
    if (!finite(lower) || !finite(upper)) continue;
    out[column] = { lower, upper, ...(finite(e.value) ? { value: e.value } : {}) };
  }
  return Object.keys(out).length > 0 ? out : null;
}

/** `scaleOf(i)` names column i's scale; `toScale(i, v)` maps a value onto it (normalisation). */
export function expectedBandPlugin(
  xs: Float64Array,
  bands: BandSeries,
  columns: string[],
  colorOf: (i: number) => string,
  scaleOf: (i: number) => string,
  toScale: (i: number, v: number) => number,
): uPlot.Plugin {
  return {
    hooks: {
      drawClear: [
        (u: uPlot) => {
          const { min, max } = u.scales.x;
          if (min === undefined || max === undefined || bands.index.length === 0) return;
          const { ctx, bbox } = u;
          ctx.save();
          ctx.beginPath();
          ctx.rect(bbox.left, bbox.top, bbox.width, bbox.height);
          ctx.clip();
          columns.forEach((name, i) => {
            const series = bands.columns[name];
            if (series === undefined) return;
            const first = Math.max(0, lowerBound(bands.index.length, (k) => xs[bands.index[k]], min) - 1);
            const top: [number, number][] = [];
            const bottom: [number, number][] = [];
            const middle: [number, number][] = [];
            for (let k = first; k < bands.index.length; k++) {
              const e = series[k];
              const x = xs[bands.index[k]];
              if (e === null) continue;
              const px = u.valToPos(x, "x", true);
              top.push([px, u.valToPos(toScale(i, e.upper), scaleOf(i), true)]);
              bottom.push([px, u.valToPos(toScale(i, e.lower), scaleOf(i), true)]);
              if (e.value !== undefined) middle.push([px, u.valToPos(toScale(i, e.value), scaleOf(i), true)]);
              if (x > max) break;
            }
            if (top.length === 0) return;
            ctx.fillStyle = `${colorOf(i)}22`;
            ctx.beginPath();
            tracePath(ctx, top);
            for (let k = bottom.length - 1; k >= 0; k--) ctx.lineTo(bottom[k][0], bottom[k][1]);
            ctx.closePath();
            ctx.fill();
            if (middle.length > 1) {
              ctx.strokeStyle = colorOf(i);
              ctx.setLineDash([4, 4]);
              ctx.beginPath();
              tracePath(ctx, middle);
              ctx.stroke();
            }
          });
          ctx.restore();
        },
      ],
    },
  };
}

function tracePath(ctx: CanvasRenderingContext2D, points: [number, number][]): void {
  ctx.moveTo(points[0][0], points[0][1]);
  for (let k = 1; k < points.length; k++) ctx.lineTo(points[k][0], points[k][1]);
}
