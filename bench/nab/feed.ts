// Feeding NAB series through a real `anomaly serve` process, point by point
// as a back-fill: each record carries the CSV's timestamp and value, one
// fresh model per series with the service's defaults.
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { Series } from "./corpus";
import { probationMinutes } from "./scoring";

const repo = fileURLToPath(new URL("../..", import.meta.url));

export interface ServerHandle {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

export function startServer(store: string, extra: string[] = []): Promise<ServerHandle> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "server/cli/anomaly.ts", "serve", "--addr", "127.0.0.1:0", "--store", store, ...extra],
    { cwd: repo, stdio: ["ignore", "pipe", "inherit"] },
  );
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (chunk) => {
      out += chunk;
      const url = /serving on (http:\/\/\S+)/.exec(out)?.[1];
      if (url) resolve({ url, child, stop });
    });
    child.once("exit", (code) => reject(new Error(`server exited with ${code} before listening`)));
  });
}

export interface SeriesVerdicts {
  /** The service's own verdict per row (false while it was collecting). */
  anomaly: boolean[];
  /** Rows that opened an alert (the verdict's `alert`: the first flag after a quiet spell). */
  alert: boolean[];
  severity: Float64Array;
  /** Per version (and per banded column, as `band:<column>`): its severity per row. */
  parts: Record<string, Float64Array>;
  /** Seconds of wall time spent waiting on /detect for this series. */
  seconds: number;
}

/** POSTs every row of `series` in order to /detect/<model>; answers the verdicts. */
/**
 * @param parts ask for each numeric column's band (`?expected=1`) as well, for `parts`.
 * @param warmupMin the model's warm-up (minutes of the series' clock), set
 * after its first point; default the series' probationary period (see
 * probationMinutes), null to keep the service's default.
 */
export async function feedSeries(
  url: string,
  model: string,
  series: Series,
  parts = false,
  warmupMin: number | null = probationMinutes(series),
): Promise<SeriesVerdicts> {
  const n = series.values.length;
  const anomaly = new Array<boolean>(n).fill(false);
  const alert = new Array<boolean>(n).fill(false);
  const severity = new Float64Array(n);
  const byPart: Record<string, Float64Array> = {};
  const part = (name: string, i: number, value: number) => {
    // NaN where the check gave nothing (not scored yet, a window version before its window is full).
    byPart[name] ??= new Float64Array(n).fill(Number.NaN);
    byPart[name][i] = value;
  };
  const started = performance.now();
  for (let i = 0; i < n; i++) {
    const res = await fetch(`${url}/detect/${model}${parts ? "?expected=1" : ""}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ timestamp: series.isoTimes[i], value: series.values[i] }),
    });
    const body = (await res.json()) as {
      status: string;
      anomaly?: boolean;
      alert?: boolean;
      severity?: number;
      message?: string;
      versions?: Record<string, { severity: number }>;
      expected?: Record<string, { severity: number }>;
    };
    if (i === 0 && warmupMin !== null) {
      const set = await fetch(`${url}/api/dynamic/${model}/alert_quiet`, {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ warmup_min: warmupMin }),
      });
      if (set.status !== 200) throw new Error(`${series.key}: setting the warm-up: ${set.status} ${await set.text()}`);
    }
    if (res.status === 202) continue;
    if (res.status !== 200 || body.status !== "success") {
      throw new Error(`${series.key} row ${i}: ${res.status} ${JSON.stringify(body)}`);
    }
    anomaly[i] = body.anomaly === true;
    alert[i] = body.alert === true;
    severity[i] = body.severity ?? 0;
    for (const [v, verdict] of Object.entries(body.versions ?? {})) part(v, i, verdict.severity);
    for (const [c, e] of Object.entries(body.expected ?? {})) part(`band:${c}`, i, e.severity);
  }
  return { anomaly, alert, severity, parts: byPart, seconds: (performance.now() - started) / 1000 };
}
