// The NAB subset in ../shared/data/nab: every series (timestamp,value CSV)
// with its labelled anomaly windows as row ranges.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const NAB_DIR = fileURLToPath(new URL("../../../shared/data/nab/", import.meta.url));

export interface Series {
  /** `category/file.csv`, as in combined_windows.json. */
  key: string;
  category: string;
  /** Unix seconds per row (the CSV's times are UTC wall times). */
  times: number[];
  /** The CSV's timestamps as written, re-sent as ISO-8601. */
  isoTimes: string[];
  values: number[];
  /** Anomaly windows as inclusive row ranges. */
  windows: [number, number][];
}

const toIso = (text: string) => `${text.trim().replace(" ", "T").slice(0, 19)}Z`;

export function loadCorpus(dir = NAB_DIR): Series[] {
  const windowsByKey = JSON.parse(readFileSync(join(dir, "combined_windows.json"), "utf8")) as Record<
    string,
    [string, string][]
  >;
  const out: Series[] = [];
  for (const category of readdirSync(join(dir, "data")).sort()) {
    for (const file of readdirSync(join(dir, "data", category)).sort()) {
      if (!file.endsWith(".csv")) continue;
      const key = `${category}/${file}`;
      const lines = readFileSync(join(dir, "data", category, file), "utf8")
        .trim()
        .split("\n")
        .slice(1);
      const isoTimes: string[] = [];
      const values: number[] = [];
      for (const line of lines) {
        const [t, v] = line.split(",");
        isoTimes.push(toIso(t));
        values.push(Number(v));
      }
      const times = isoTimes.map((t) => Date.parse(t) / 1000);
      const windows: [number, number][] = [];
      for (const [start, end] of windowsByKey[key] ?? []) {
        const s = Date.parse(toIso(start)) / 1000;
        const e = Date.parse(toIso(end)) / 1000;
        let first = -1;
        let last = -1;
        for (let i = 0; i < times.length; i++) {
          if (times[i] >= s && times[i] <= e) {
            if (first < 0) first = i;
            last = i;
          }
        }
        if (first >= 0) windows.push([first, last]);
      }
      out.push({ key, category, times, isoTimes, values, windows });
    }
  }
  return out;
}
