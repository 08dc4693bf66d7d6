// A histogram of values as uPlot bars (40 equal-width bins over the finite
// values), with an optional marker line (a version's −margin).
import { useMemo } from "react";
import uPlot from "uplot";
import { UPlot } from "./UPlot";

const BINS = 40;

export function binValues(values: Float64Array, bins = BINS): { centers: number[]; counts: number[] } {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const v of values) {
    if (!Number.isFinite(v)) continue;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  if (lo > hi) return { centers: [], counts: [] };
  if (lo === hi) hi = lo + 1e-9;
  const width = (hi - lo) / bins;
  const counts = new Array<number>(bins).fill(0);
  for (const v of values) {
    if (!Number.isFinite(v)) continue;
    counts[Math.min(bins - 1, Math.floor((v - lo) / width))]++;
  }
  return { centers: counts.map((_, i) => lo + (i + 0.5) * width), counts };
}

export function Histogram({
  title,
  values,
  marker,
  height = 180,
}: {
  title: string;
  values: Float64Array;
  marker?: number;
  height?: number;
}) {
  const data = useMemo(() => {
    const { centers, counts } = binValues(values);
    return [centers, counts] as uPlot.AlignedData;
  }, [values]);
  const options = useMemo(
    (): Omit<uPlot.Options, "width"> => ({
      title,
      height,
      legend: { show: false },
      scales: { x: { time: false } },
      series: [
        {},
        {
          label: "points",
          fill: "rgba(60, 120, 200, 0.5)",
          stroke: "rgb(60, 120, 200)",
          paths: uPlot.paths.bars?.({ size: [0.9, 100] }),
          points: { show: false },
        },
      ],
      hooks:
        marker === undefined
          ? {}
          : {
              draw: [
                (u: uPlot) => {
                  const x = u.valToPos(marker, "x", true);
                  const { ctx } = u;
                  ctx.save();
                  ctx.strokeStyle = "#d33";
                  ctx.setLineDash([4, 4]);
                  ctx.beginPath();
                  ctx.moveTo(x, u.bbox.top);
                  ctx.lineTo(x, u.bbox.top + u.bbox.height);
                  ctx.stroke();
                  ctx.restore();
                },
              ],
            },
    }),
    [title, height, marker],
  );
  return <UPlot options={options} data={data} />;
}
