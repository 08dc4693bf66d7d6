// `npm run bench -- cluster`: the scale-out modes measured through a real
// haproxy on loopback (hash on X-Model, as the README says to run it):
//   - anomaly ingest (POST /detect over 12 models): the file store on one
//     instance, PostgreSQL (group commit) on one and on three instances;
//   - POST /build_wasm (compile cache off, so every request compiles) on one
//     and on three instances;
//   - how long a killed instance's models take to answer again elsewhere.
// Each figure is the median of three rounds; the load average is printed
// with each, and the server processes' CPU time per request, which says what
// more machines would give where a 2-core machine cannot run three
// instances side by side.
//
//   npx tsx bench/cluster.bench.ts [--seconds 4] [--connections 16]
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import pg from "pg";
import { median } from "./median";

interface CannonResult {
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  "2xx": number;
  latency: { p50: number; p99: number };
}
const autocannon = createRequire(import.meta.url)("autocannon") as (options: object) => Promise<CannonResult>;

const { values } = parseArgs({
  options: { seconds: { type: "string", default: "4" }, connections: { type: "string", default: "16" } },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const repo = fileURLToPath(new URL("..", import.meta.url));
const tsx = join(repo, "node_modules/.bin/tsx");
const LEASE_MS = 3000;
const MODELS = Array.from({ length: 12 }, (_, i) => `bench_cluster_${i}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const load = () => loadavg()[0].toFixed(2);

const dir = await mkdtemp(join(tmpdir(), "pith-cluster-bench-"));
execFileSync("chmod", ["755", dir]);
const base = 40000 + Math.floor(Math.random() * 10000);
const pgPort = base;
const lbPort = base + 1;
const database = `postgres://postgres@127.0.0.1:${pgPort}/postgres`;
execFileSync("bash", [join(repo, "scripts/cluster/postgres.sh"), join(dir, "pg"), String(pgPort)], {
  stdio: "inherit",
});

interface Instance {
  child: ChildProcess;
  url: string;
}
let haproxy: ChildProcess | null = null;

async function startInstances(n: number, store: "file" | "postgres", round: number): Promise<Instance[]> {
  const started: Instance[] = [];
  for (let i = 0; i < n; i++) {
    const port = base + 10 + round * 10 + i;
    const url = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      ANOMALY_HOME: join(dir, `home-${round}-${i}`),
      ARTIFACT_DIR: join(dir, `artifacts-${round}-${i}`),
      RATE_LIMIT_WASM_PER_MINUTE: "0",
      COMPILE_CACHE_BYTES: "0",
      // Throughput from one address: no per-client share of the compile queue.
      COMPILE_CLIENT_RUNNING: "64",
      COMPILE_CLIENT_QUEUE: "1000",
      ANOMALY_GPU: "0",
      ANOMALY_LOG_LEVEL: "error",
    };
    if (store === "postgres") {
      Object.assign(env, {
        ANOMALY_DATABASE_URL: database,
        ANOMALY_ADVERTISE_URL: url,
        ANOMALY_LEASE_MS: `${LEASE_MS}`,
      });
    }
    const child = spawn(tsx, ["server/main.ts"], { cwd: repo, env, detached: true, stdio: "ignore" });
    started.push({ child, url });
  }
  for (const { url } of started) {
    for (let t = 0; ; t++) {
      if (
        await fetch(`${url}/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (t > 240) throw new Error(`${url} did not start`);
      await sleep(500);
    }
  }
  const cfg = `global
  pidfile ${dir}/haproxy.pid
defaults
  mode http
  timeout connect 5s
  timeout client 60s
  timeout server 60s
  retries 2
  option redispatch
backend servers
  balance hdr(X-Model)
  hash-type consistent
  option httpchk GET /health
${started.map((s, i) => `  server s${i} ${new URL(s.url).host} check inter 1s`).join("\n")}
frontend web
  bind 127.0.0.1:${lbPort}
  default_backend servers
`;
  await writeFile(join(dir, "haproxy.cfg"), cfg);
  haproxy = spawn("haproxy", ["-f", join(dir, "haproxy.cfg")], { stdio: "ignore" });
  for (
    let t = 0;
    !(await fetch(`http://127.0.0.1:${lbPort}/health`).then(
      (r) => r.ok,
      () => false,
    ));
    t++
  ) {
    if (t > 60) throw new Error("haproxy did not start");
    await sleep(250);
  }
  return started;
}

async function stopAll(instances: Instance[]): Promise<void> {
  haproxy?.kill();
  haproxy = null;
  for (const { child } of instances) {
    try {
      process.kill(-(child.pid ?? 0), "SIGKILL");
    } catch {
      // Already gone (the failover measurement kills one).
    }
  }
  await sleep(1000);
}

/** CPU seconds used so far by the processes `pick` selects (by pid, parent pid and process group). */
async function cpuOf(pick: (pid: number, ppid: number, pgrp: number) => boolean): Promise<number> {
  let ticks = 0;
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await readFile(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // After the name: state, ppid, pgrp, ...; utime is the 12th, stime the 13th.
      if (pick(Number(entry), Number(fields[1]), Number(fields[2]))) ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended meanwhile.
    }
  }
  return ticks / 100;
}

/** An instance is a process group (tsx and its node). */
const groupCpu = (groups: number[]) => cpuOf((_pid, _ppid, pgrp) => groups.includes(pgrp));

/** The postmaster and its backends, ended ones included (the postmaster's cutime/cstime), so it never goes down. */
async function postgresCpu(): Promise<number> {
  const postmaster = Number((await readFile(join(dir, "pg/data/postmaster.pid"), "utf8")).split("\n")[0]);
  const stat = await readFile(`/proc/${postmaster}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // cutime and cstime (the 14th and 15th after the name): CPU of children already waited for.
  const reaped = (Number(fields[13]) + Number(fields[14])) / 100;
  return reaped + (await cpuOf((pid, ppid) => pid === postmaster || ppid === postmaster));
}

let counter = 0;
const record = () => {
  counter++;
  return JSON.stringify({
    timestamp: 1_700_000_000 + counter,
    value: 50 + 10 * Math.sin(counter / 20) + (counter % 7),
  });
};

function hammerDetect(): Promise<CannonResult> {
  return autocannon({
    url: `http://127.0.0.1:${lbPort}`,
    connections,
    duration: seconds,
    timeout: 20,
    requests: [
      {
        method: "POST",
        setupRequest: (req: Record<string, unknown>) => {
          const model = MODELS[counter % MODELS.length];
          return {
            ...req,
            path: `/detect/${model}`,
            headers: { "content-type": "application/json", "x-model": model },
            body: record(),
          };
        },
      },
    ],
  });
}

function hammerBuild(): Promise<CannonResult> {
  return autocannon({
    url: `http://127.0.0.1:${lbPort}/build_wasm`,
    connections,
    duration: seconds,
    timeout: 30,
    requests: [
      {
        method: "POST",
        setupRequest: (req: Record<string, unknown>) => ({
          ...req,
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ source: `// build ${counter++}\nfn main() {}\n` }),
        }),
      },
    ],
  });
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  cpuMs: number;
  pgCpuMs: number;
  errors: number;
  load: string;
}

async function rounds(instances: Instance[], hammer: () => Promise<CannonResult>): Promise<Figures> {
  const groups = instances.map((i) => i.child.pid ?? 0);
  await hammer(); // warm-up: JIT, connections, worker threads
  const all: Figures[] = [];
  for (let r = 0; r < 3; r++) {
    const cpuBefore = await groupCpu(groups);
    const pgBefore = await postgresCpu();
    const result = await hammer();
    const cpu = (await groupCpu(groups)) - cpuBefore;
    const pgCpu = (await postgresCpu()) - pgBefore;
    all.push({
      rps: result["2xx"] / result.duration,
      p50: result.latency.p50,
      p99: result.latency.p99,
      cpuMs: (1000 * cpu) / Math.max(1, result["2xx"]),
      pgCpuMs: (1000 * pgCpu) / Math.max(1, result["2xx"]),
      errors: result.errors + result.timeouts + result.non2xx,
      load: load(),
    });
  }
  return {
    rps: median(all.map((f) => f.rps)),
    p50: median(all.map((f) => f.p50)),
    p99: median(all.map((f) => f.p99)),
    cpuMs: median(all.map((f) => f.cpuMs)),
    pgCpuMs: median(all.map((f) => f.pgCpuMs)),
    errors: all.reduce((sum, f) => sum + f.errors, 0),
    load: all.map((f) => f.load).join("/"),
  };
}

/** Models get their first points (and train) before the measured rounds, with retraining put out of reach. */
async function prepareModels(): Promise<void> {
  for (const model of MODELS) {
    const post = (path: string, body: string, method = "POST") =>
      fetch(`http://127.0.0.1:${lbPort}${path}`, {
        method,
        headers: { "content-type": "application/json", "x-model": model },
        body,
      });
    for (let i = 0; i < 60; i++) await post(`/detect/${model}`, record());
    const schedule = { below_max_retrain_frequency: 1e9, at_max_retrain_frequency: 1e9 };
    await post(`/api/dynamic/${model}/schedule`, JSON.stringify(schedule), "PUT");
  }
}

const rows: [string, Figures][] = [];
let failoverSeconds = Number.NaN;
try {
  let instances = await startInstances(1, "file", 0);
  await prepareModels();
  rows.push(["ingest, file store, 1 instance", await rounds(instances, hammerDetect)]);
  await stopAll(instances);

  instances = await startInstances(1, "postgres", 1);
  await prepareModels();
  rows.push(["ingest, PostgreSQL, 1 instance", await rounds(instances, hammerDetect)]);
  rows.push(["/build_wasm, 1 instance", await rounds(instances, hammerBuild)]);
  await stopAll(instances);

  instances = await startInstances(3, "postgres", 2);
  rows.push(["ingest, PostgreSQL, 3 instances", await rounds(instances, hammerDetect)]);
  rows.push(["/build_wasm, 3 instances", await rounds(instances, hammerBuild)]);

  // Failover: kill -9 the owner of a model, then time until the model answers through the balancer again.
  const pool = new pg.Pool({ connectionString: database });
  const { rows: lease } = await pool.query("SELECT address FROM anomaly_leases WHERE model = $1", [MODELS[0]]);
  await pool.end();
  const victim = instances.find((i) => i.url === lease[0]?.address);
  if (victim) {
    process.kill(-(victim.child.pid ?? 0), "SIGKILL");
    const killed = performance.now();
    for (;;) {
      const res = await fetch(`http://127.0.0.1:${lbPort}/detect/${MODELS[0]}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-model": MODELS[0] },
        body: record(),
      }).catch(() => null);
      if (res?.ok) break;
      if (performance.now() - killed > 60_000) break;
      await sleep(50);
    }
    failoverSeconds = (performance.now() - killed) / 1000;
  }
  await stopAll(instances);
} finally {
  try {
    execFileSync(
      "runuser",
      [
        "-u",
        "postgres",
        "--",
        "bash",
        "-c",
        `$(ls -d /usr/lib/postgresql/*/bin | tail -1)/pg_ctl -D ${dir}/pg/data stop -m immediate`,
      ],
      { stdio: "ignore" },
    );
  } catch {
    // Not running.
  }
  await rm(dir, { recursive: true, force: true });
}

console.log(
  `\n${connections} connections, ${seconds} s per round, median of 3 rounds; 2 cores shared by every process here`,
);
console.log(
  "| configuration | req/s | p50 ms | p99 ms | instances' CPU ms/request | PostgreSQL CPU ms/request | errors | load avg (rounds) |",
);
console.log("|---|---|---|---|---|---|---|---|");
for (const [name, f] of rows) {
  console.log(
    `| ${name} | ${f.rps.toFixed(0)} | ${f.p50.toFixed(1)} | ${f.p99.toFixed(1)} | ${f.cpuMs.toFixed(2)} | ${f.pgCpuMs.toFixed(2)} | ${f.errors} | ${f.load} |`,
  );
}
console.log(
  `\na killed instance's model answered again through haproxy after ${failoverSeconds.toFixed(1)} s (lease ${LEASE_MS / 1000} s, health check every 1 s)`,
);
console.log(
  "CPU per request is what one request costs the instances; on machines of their own, N instances give about N times the 1-instance req/s until PostgreSQL (one statement per batch) is the limit.",
);
