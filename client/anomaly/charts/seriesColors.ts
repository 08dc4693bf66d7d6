// One colour per series, stable by position, readable on white.
const PALETTE = ["#1f77b4", "#ff7f0e", "#2ca02c", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#bcbd22", "#7f7f7f"];

export function seriesColor(i: number): string {
  return PALETTE[i % PALETTE.length];
}
