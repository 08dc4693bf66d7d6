// Deterministic test series for the dashboard tests: a steady two-column
// signal one minute apart with one injected spike.
export const START = Date.parse("2026-01-05T00:00:00Z") / 1000;

export interface SeriesPoint {
  timestamp: string;
  cpu: number;
  mem: number;
}

export function series(n: number, spikeAt: number | null): SeriesPoint[] {
  const out: SeriesPoint[] = [];
  for (let i = 0; i < n; i++) {
    const spike = i === spikeAt;
    out.push({
      timestamp: new Date((START + 60 * i) * 1000).toISOString(),
      cpu: spike ? 400 : Math.round((50 + 8 * Math.sin(i / 9) + ((i * 7919) % 13) / 4) * 100) / 100,
      mem: spike ? 5 : Math.round((30 + 3 * Math.cos(i / 17) + ((i * 104729) % 7) / 5) * 100) / 100,
    });
  }
  return out;
}

export function toCsv(points: SeriesPoint[]): string {
  return `timestamp,cpu,mem\n${points.map((p) => `${p.timestamp},${p.cpu},${p.mem}`).join("\n")}\n`;
}
