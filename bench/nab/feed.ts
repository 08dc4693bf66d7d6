// Feeding NAB series through a real `anomaly serve` process, point by point
// as a back-fill: each record carries the CSV's timestamp and value, one
// fresh model per series with the service's defaults.
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { Series } from "./corpus";

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
  severity: Float64Array;
  /** Seconds of wall time spent waiting on /detect for this series. */
  seconds: number;
}

/** POSTs every row of `series` in order to /detect/<model>; answers the verdicts. */
export async function feedSeries(url: string, model: string, series: Series): Promise<SeriesVerdicts> {
  const n = series.values.length;
  const anomaly = new Array<boolean>(n).fill(false);
  const severity = new Float64Array(n);
  const started = performance.now();
  for (let i = 0; i < n; i++) {
    const res = await fetch(`${url}/detect/${model}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ timestamp: series.isoTimes[i], value: series.values[i] }),
    });
    const body = (await res.json()) as { status: string; anomaly?: boolean; severity?: number; message?: string };
    if (res.status === 202) continue;
    if (res.status !== 200 || body.status !== "success") {
      throw new Error(`${series.key} row ${i}: ${res.status} ${JSON.stringify(body)}`);
    }
    anomaly[i] = body.anomaly === true;
    severity[i] = body.severity ?? 0;
  }
  return { anomaly, severity, seconds: (performance.now() - started) / 1000 };
}
