// The metric chart's layout: each numeric column either min–max normalised
// onto one axis or on its own axis (alternate sides, in the column's
// colour), the legend showing real values either way, the flagged points
// marked on every series at its value, and the expected band behind them
// when the verdicts carry one. Zoom, linking and picking are the page's.
import type uPlot from "uplot";
import type { RingScores } from "../engine/ringScores";
import { anomalyMarkers } from "./anomalyMarkers";
import { type BandSeries, expectedBandPlugin } from "./expectedBand";
import { type ColumnLayout, columnRanges, normalise } from "./ringChartData";
import { seriesColor } from "./seriesColors";

export interface MetricChartInput {
  scores: RingScores;
  xs: Float64Array;
  isTime: boolean;
  layout: ColumnLayout;
  bands: BandSeries | null;
}

/** Column i's y scale: all share "y" when normalised; each its own otherwise. */
function scaleOf(layout: ColumnLayout, i: number): string {
  return layout === "own-axes" && i > 0 ? `c${i}` : "y";
}

export function metricChartOptions({
  scores,
  isTime,
  layout,
}: MetricChartInput): Omit<uPlot.Options, "width" | "height"> {
  const ownAxes = layout === "own-axes";
  const scales: uPlot.Scales = { x: { time: isTime } };
  const axes: uPlot.Axis[] = [{}];
  scores.columns.forEach((c, i) => {
    if (ownAxes) {
      if (i > 0) scales[scaleOf(layout, i)] = {};
      axes.push({
        scale: scaleOf(layout, i),
        side: i % 2 === 0 ? 3 : 1,
        stroke: seriesColor(i),
        label: c.name,
        grid: { show: i === 0 },
      });
    } else if (i === 0) {
      axes.push({ scale: "y", label: "0 = column min · 1 = max" });
    }
  });
  return {
    title: ownAxes ? "Points (each column on its own axis)" : "Points (each column scaled to its min–max)",
    scales,
    axes,
    series: [
      { label: isTime ? "time" : "point" },
      ...scores.columns.map((c, i) => ({
        label: c.name,
        stroke: seriesColor(i),
        width: 1,
        scale: scaleOf(layout, i),
        // The legend shows the real value whatever the layout.
        value: (_u: uPlot, _v: number | null, _s: number, idx: number | null) =>
          idx === null || Number.isNaN(c.values[idx]) ? "—" : String(c.values[idx]),
      })),
    ],
  };
}

/** The band (drawn first, behind the series) and one marker plugin per column. */
export function metricChartPlugins({ scores, xs, layout, bands }: MetricChartInput): uPlot.Plugin[] {
  const ranges = columnRanges(scores);
  const ownAxes = layout === "own-axes";
  const onScale = (i: number, v: number) => {
    const { min, max } = ranges[i];
    return ownAxes ? v : max > min ? (v - min) / (max - min) : 0.5;
  };
  const plugins: uPlot.Plugin[] = [];
  if (bands !== null) {
    plugins.push(
      expectedBandPlugin(
        xs,
        bands,
        scores.columns.map((c) => c.name),
        seriesColor,
        (i) => scaleOf(layout, i),
        onScale,
      ),
    );
  }
  scores.columns.forEach((c, i) => {
    const values = ownAxes ? c.values : normalise(c.values, ranges[i]);
    plugins.push(
      anomalyMarkers(
        xs,
        scores.flagged,
        Float64Array.from(scores.flagged, (k) => values[k]),
        scaleOf(layout, i),
      ),
    );
  });
  return plugins;
}
