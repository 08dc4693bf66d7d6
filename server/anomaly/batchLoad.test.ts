// A 50 MB CSV batch must not stall the service (issue 9): a real `anomaly
// serve` process on loopback, the batch posted as text/csv by a child
// process, and small /detect requests measured from this process meanwhile,
// four concurrent sequential streams, first all on one model, then each on
// a model of its own. The batch is parsed, trained, scored and serialised
// on a worker thread of lower priority (anomaly/node/engineThread.ts), the
// upload is read without a big copy on the event loop, and scheduled
// retrains run on a thread of their own, so the event loop keeps answering.
//
// The batch client is a child process so that sending 50 MB and parsing the
// 17 MB answer do not run on the event loop that times the small requests.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI, REPO_ROOT } from "./testing";

let dir: string;
let child: ChildProcess;
let port: number;
let csvFile: string;
let csvRows: number;
let csvBytes: number;

function send(path: string, body: string, method = "POST"): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        method,
        path,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
      },
    );
    req.on("error", (e) => reject(new Error(`${path}: ${e.message} (${(e as NodeJS.ErrnoException).code})`)));
    req.end(body);
  });
}

const record = (i: number) => JSON.stringify({ temp: 20 + (i % 7), load: 40 + (i % 5), site: i % 2 ? "a" : "b" });

/** ~50 MB of 8-column numeric CSV with a header. */
function bigCsv(): { csv: string; rows: number } {
  const lines = ["a,b,c,d,e,f,g,h"];
  let bytes = lines[0].length + 1;
  let rows = 0;
  while (bytes < 50 * 1024 * 1024) {
    const line = Array.from({ length: 8 }, (_, j) => (((rows * (31 + j)) % 997) / 97).toFixed(4)).join(",");
    lines.push(line);
    bytes += line.length + 1;
    rows++;
  }
  return { csv: `${lines.join("\n")}\n`, rows };
}

/** Posts the CSV file from a child process; answers what it read of the response. */
const BATCH_CLIENT = `
const { request } = require("node:http");
const { readFileSync } = require("node:fs");
const [port, file] = process.argv.slice(1);
const body = readFileSync(file);
const req = request({ host: "127.0.0.1", port: Number(port), method: "POST", path: "/detect_anomalies",
  headers: { "content-type": "text/csv", "content-length": body.length } }, (res) => {
  const chunks = [];
  res.on("data", (c) => chunks.push(c));
  res.on("end", () => {
    const text = Buffer.concat(chunks).toString("utf8");
    let summary = { status: res.statusCode, text: text.slice(0, 300) };
    if (res.statusCode === 200) {
      const { result } = JSON.parse(text);
      summary = { status: 200, totalRows: result.total_rows, scores: result.scores.length };
    }
    process.stdout.write(JSON.stringify(summary));
  });
});
req.on("error", (e) => { process.stdout.write(JSON.stringify({ status: 0, text: e.message })); });
req.end(body);
`;

interface BatchSummary {
  status: number;
  totalRows?: number;
  scores?: number;
  text?: string;
}

function postBatch(): Promise<BatchSummary> {
  return new Promise((resolve, reject) => {
    const client = spawn(process.execPath, ["-e", BATCH_CLIENT, String(port), csvFile], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    client.stdout.on("data", (c) => {
      out += c;
    });
    client.once("error", reject);
    client.once("exit", (code) => {
      try {
        resolve(JSON.parse(out) as BatchSummary);
      } catch {
        reject(new Error(`batch client exited ${code} with ${JSON.stringify(out.slice(0, 300))}`));
      }
    });
  });
}

const p99 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(0.99 * (sorted.length - 1))];
};

/**
 * Latencies of sequential /detect requests on 4 concurrent streams (stream
 * s on model `models[s % models.length]`) until `until` settles, and at
 * least `minimum` of them.
 */
async function detectLatencies(until: Promise<unknown>, models: string[], minimum: number): Promise<number[]> {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const out: number[] = [];
  let i = 0;
  await Promise.all(
    Array.from({ length: 4 }, async (_, s) => {
      const path = `/detect/${models[s % models.length]}`;
      while (!done || out.length < minimum) {
        const start = performance.now();
        const body = record(i++);
        // On a heavily overloaded machine the kernel occasionally resets a
        // fresh loopback connection; the retry's time counts in the latency.
        const res = await send(path, body).catch(() => send(path, body));
        out.push(performance.now() - start);
        expect(res.status, res.text).toBe(200);
      }
    }),
  );
  return out;
}

/** A trained model whose schedule never retrains during the measurement (the batch is what is measured). */
async function trainedModel(name: string) {
  expect((await send(`/detect/${name}`, record(0))).status).toBe(202);
  const schedule = await send(
    `/api/dynamic/${name}/schedule`,
    JSON.stringify({ below_max_retrain_frequency: 1_000_000 }),
    "PUT",
  );
  expect(schedule.status, schedule.text).toBe(200);
  for (let i = 1; i < 60; i++) await send(`/detect/${name}`, record(i));
}

async function measure(models: string[]) {
  const idle = await detectLatencies(Promise.resolve(), models, 200);
  const started = performance.now();
  const batch = postBatch();
  const busy = await detectLatencies(batch, models, 100);
  const answer = await batch;
  const batchMs = performance.now() - started;
  expect(answer).toEqual({ status: 200, totalRows: csvRows, scores: csvRows });
  console.log(
    `${models.length} model(s): batch of ${(csvBytes / 1048576).toFixed(1)} MB (${csvRows} rows) took ${(batchMs / 1000).toFixed(1)} s; ` +
      `/detect p99 ${p99(busy).toFixed(1)} ms during it (${busy.length} requests, max ${Math.max(...busy).toFixed(1)} ms), ` +
      `${p99(idle).toFixed(1)} ms idle; load average ${loadavg()
        .map((x) => x.toFixed(2))
        .join(" ")}`,
  );
  return { idle, busy };
}

/**
 * The 50 ms bar is asserted by `npm run bench` (TIMING_STRICT=1). In `npm
 * test` a neighbour holding the CPU must not fail the suite: only requests
 * starved by the batch itself (seconds, many times the idle p99 measured
 * just before) do.
 */
function expectResponsive(idle: number[], busy: number[]): void {
  if (process.env.TIMING_STRICT === "1") expect(p99(busy)).toBeLessThan(50);
  else expect(p99(busy)).toBeLessThan(Math.max(2000, 20 * p99(idle)));
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "anomaly-batchload-"));
  const { csv, rows } = bigCsv();
  csvFile = join(dir, "big.csv");
  csvRows = rows;
  csvBytes = Buffer.byteLength(csv);
  await writeFile(csvFile, csv);
  const store = join(dir, "store");
  child = spawn(process.execPath, [...CLI, "serve", "--addr", "127.0.0.1:0", "--store", store, "--no-fsync"], {
    cwd: REPO_ROOT,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stderr?.on("data", (chunk) => process.stderr.write(`[server] ${chunk}`));
  child.once("exit", (code, signal) => process.stderr.write(`[server] exited ${code ?? signal}\n`));
  port = await new Promise<number>((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (chunk) => {
      out += chunk;
      const match = /serving on http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.once("exit", (code) => reject(new Error(`server exited (${code}) before listening`)));
  });
  for (const name of ["live", "m0", "m1", "m2", "m3"]) await trainedModel(name);
}, 120_000);

afterAll(async () => {
  child?.kill("SIGTERM");
  await new Promise((resolve) => child?.once("exit", resolve));
  await rm(dir, { recursive: true, force: true });
});

describe("a 50 MB batch beside live traffic", () => {
  it("p99 of 4 concurrent streams of small /detect requests on one model keeps answering during the batch (p99 < 50 ms in bench)", async () => {
    const { idle, busy } = await measure(["live"]);
    expectResponsive(idle, busy);
  }, 180_000);

  it("p99 of 4 concurrent streams of small /detect requests over 4 models keeps answering during the batch (p99 < 50 ms in bench)", async () => {
    const { idle, busy } = await measure(["m0", "m1", "m2", "m3"]);
    expectResponsive(idle, busy);
  }, 180_000);
});
