// The playground API under load: the production server (server/main.ts) on
// loopback with its rate limits off, autocannon POSTing hello world to
// /build_wasm from 8 connections, then /build (x86-64) end to end, build
// plus download of the executable, one request at a time. Prints each
// figure against its target; ratio > 1 beats the target.
//
//   npx tsx bench/playground.bench.ts [--duration 10] [--connections 8] [--builds 30]
//
// The machine may be shared: the load average is printed beside the figures.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { startServer } from "../e2e/server";
import { median } from "./median";

interface CannonResult {
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  "2xx": number;
  latency: { p50: number; p90: number; p99: number; average: number };
}
const autocannon = createRequire(import.meta.url)("autocannon") as (options: object) => Promise<CannonResult>;

const TARGETS = { wasmReqPerSec: 150, wasmP99Ms: 50, errors: 0, nativeMedianMs: 200 };
const HELLO = 'fn main() {\n  println("hello, world")\n}\n';

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "8" },
    builds: { type: "string", default: "30" },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const builds = Number(values.builds);
if (!(duration > 0) || !(connections > 0) || !(builds > 0)) {
  console.error("usage: playground.bench.ts [--duration SECONDS] [--connections N] [--builds N]");
  process.exit(2);
}

const scratch = mkdtempSync(join(tmpdir(), "playground-bench-"));
const server = await startServer({
  RATE_LIMIT_WASM_PER_MINUTE: "0",
  RATE_LIMIT_NATIVE_PER_MINUTE: "0",
  // Throughput from one address: no per-client share of the queues
  // (bench/build-fairness.bench.ts measures the shares).
  COMPILE_CLIENT_RUNNING: "64",
  COMPILE_CLIENT_QUEUE: "1000",
  NATIVE_BUILD_CLIENT_RUNNING: "64",
  NATIVE_BUILD_CLIENT_QUEUE: "1000",
  ARTIFACT_DIR: join(scratch, "artifacts"),
});

// The target's case is hello world, which after the first build is served
// from the compile cache. The "every request compiles" run makes each
// source unique, so the figure beside it is the compiler's own throughput.
let unique = 0;
function wasmLoad(length: { duration: number }, fresh = false) {
  return autocannon({
    url: `${server.url}/build_wasm`,
    connections,
    ...length,
    timeout: 10,
    requests: [
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        setupRequest: (req: Record<string, unknown>) => ({
          ...req,
          body: JSON.stringify({ source: fresh ? HELLO.replace("world", `world ${unique++}`) : HELLO }),
        }),
      },
    ],
  });
}

/** One /build plus the download of its executable, in milliseconds. */
async function nativeRoundTrip(): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${server.url}/build`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ source: HELLO }),
  });
  const result = await response.json();
  if (response.status !== 200 || result.status !== "ok") throw new Error(`/build failed: ${JSON.stringify(result)}`);
  const download = await fetch(result.binary_artifact.download_url);
  const bytes = (await download.arrayBuffer()).byteLength;
  if (download.status !== 200 || bytes !== result.binary_artifact.bytes) throw new Error("download failed");
  return performance.now() - started;
}

/** CPU seconds of a process, its threads and its reaped children (clang); null off Linux. */
function cpuSeconds(pid: number | null): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return fields.slice(11, 15).reduce((sum, f) => sum + Number(f), 0) / 100;
  } catch {
    return null;
  }
}

const perRequestMs = (before: number | null, after: number | null, count: number) =>
  before === null || after === null ? null : (1000 * (after - before)) / count;

type Row = [string, string, string, string];
let ok = true;
try {
  await wasmLoad({ duration: 3 });
  const pid = server.process.pid ?? null; // node itself (--import tsx), no launcher
  const loadBefore = loadavg()[0].toFixed(2);
  const cpuBefore = cpuSeconds(pid);
  const wasm = await wasmLoad({ duration });
  const wasmCpuMs = perRequestMs(cpuBefore, cpuSeconds(pid), wasm["2xx"]);
  const loadAfter = loadavg()[0].toFixed(2);
  const compiled = await wasmLoad({ duration }, true);
  const compiledPerSec = compiled["2xx"] / compiled.duration;
  const errors = wasm.errors + wasm.timeouts + wasm.non2xx + compiled.errors + compiled.timeouts + compiled.non2xx;
  const reqPerSec = wasm["2xx"] / wasm.duration;

  for (let i = 0; i < 3; i++) await nativeRoundTrip();
  const times: number[] = [];
  const nativeCpuBefore = cpuSeconds(pid);
  for (let i = 0; i < builds; i++) times.push(await nativeRoundTrip());
  const nativeCpuMs = perRequestMs(nativeCpuBefore, cpuSeconds(pid), builds);
  const nativeMedian = median(times);

  console.log(
    `/build_wasm: ${connections} connections, ${wasm.duration.toFixed(1)} s, ${wasm["2xx"]} builds; ` +
      `p50 ${wasm.latency.p50} ms, p90 ${wasm.latency.p90} ms; load average ${loadBefore} → ${loadAfter} (2 cores)`,
  );
  console.log(
    `/build + download: ${builds} sequential round trips, min ${Math.min(...times).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms; load average ${loadavg()[0].toFixed(2)}`,
  );
  const rows: Row[] = [
    [
      "/build_wasm req/s",
      reqPerSec.toFixed(0),
      `>= ${TARGETS.wasmReqPerSec}`,
      (reqPerSec / TARGETS.wasmReqPerSec).toFixed(2),
    ],
    [
      "/build_wasm p99 ms",
      String(wasm.latency.p99),
      `<= ${TARGETS.wasmP99Ms}`,
      (TARGETS.wasmP99Ms / Math.max(wasm.latency.p99, 0.001)).toFixed(2),
    ],
    ["/build_wasm errors", String(errors), `= ${TARGETS.errors}`, errors === 0 ? "ok" : "FAIL"],
    [
      "/build + download median ms",
      nativeMedian.toFixed(1),
      `<= ${TARGETS.nativeMedianMs}`,
      (TARGETS.nativeMedianMs / nativeMedian).toFixed(2),
    ],
    // Context that moves little with other processes' load: the server's
    // own CPU per request (clang included), and what two idle cores could
    // therefore serve at most.
    ["/build_wasm server CPU ms/req", wasmCpuMs?.toFixed(2) ?? "n/a", "(context)", ""],
    ["  = req/s bound on 2 idle cores", wasmCpuMs ? (2000 / wasmCpuMs).toFixed(0) : "n/a", "(context)", ""],
    ["/build server CPU ms/req", nativeCpuMs?.toFixed(1) ?? "n/a", "(context)", ""],
    ["/build_wasm req/s, all compiled", compiledPerSec.toFixed(0), "(context)", ""],
    ["/build_wasm p99 ms, all compiled", String(compiled.latency.p99), "(context)", ""],
    ["load average", `${loadBefore}→${loadAfter}`, "(context)", ""],
  ];
  const widths = [32, 10, 10, 6];
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 8)).join("  ");
  console.log("\nplayground API, ratio > 1 beats the target");
  console.log(line(["metric", "value", "target", "ratio"]));
  for (const row of rows) console.log(line(row));
  ok = errors === 0;
} finally {
  await server.stop();
  rmSync(scratch, { recursive: true, force: true });
}
if (!ok) process.exitCode = 1;
