// The anomaly service across three instances sharing PostgreSQL, against the
// real haproxy and instances of test-cluster.sh: NAB streams flooded through
// the balancer (hashed on X-Model), the owner of some models killed with
// kill -9 mid-flood while builds run through the same balancer, then an owner
// stalled with SIGSTOP past its lease.
// Prints one "ok"/"FAIL" line per check; the shell script counts them.
// Environment: LB (balancer URL), INSTANCES ("url=pgid,url=pgid,..." with
// the process group of each instance), ANOMALY_DATABASE_URL, LEASE_MS, KEEP
// (an instance URL not to kill: the shell checks it afterwards).
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import pg from "pg";
import { AnomalyService, MemoryStore, splitStored } from "../../anomaly";

const LB = process.env.LB ?? "";
const LEASE_MS = Number(process.env.LEASE_MS ?? 3000);
const instances = new Map(
  (process.env.INSTANCES ?? "").split(",").map((pair) => {
    const [url, pgid] = pair.split("=");
    return [url, Number(pgid)] as const;
  }),
);
const pool = new pg.Pool({ connectionString: process.env.ANOMALY_DATABASE_URL });
const check = (name: string, ok: boolean) => console.log(`${ok ? "ok  " : "FAIL"} ${name}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Real NAB streams, one per model.
const nab = join(import.meta.dirname, "../../../shared/data/nab/data/realAWSCloudwatch");
const files = (await readdir(nab)).filter((f) => f.endsWith(".csv")).sort();
const MODELS = 8;
const POINTS = 160;
const streams = await Promise.all(
  files.slice(0, MODELS).map(async (file) => {
    const lines = (await readFile(join(nab, file), "utf8"))
      .trim()
      .split("\n")
      .slice(1, POINTS + 1);
    return lines.map((line) => {
      const [time, value] = line.split(",");
      return { timestamp: Date.parse(`${time.replace(" ", "T")}Z`) / 1000, value: Number(value) };
    });
  }),
);
const names = streams.map((_, i) => `cluster_${process.pid}_${i}`);

interface Sent {
  acked: { point: Record<string, number>; body: Record<string, unknown> }[];
  /** Requests cut off with no answer: possibly stored, not acknowledged. */
  ambiguous: number;
}
const sent: Sent[] = names.map(() => ({ acked: [], ambiguous: 0 }));

/** Sends a model's points in order; an unanswered or refused point is retried until answered. */
async function feed(i: number, from: number, to: number, base = LB): Promise<void> {
  for (let p = from; p < to; p++) {
    const point = streams[i][p];
    for (let attempt = 0; ; attempt++) {
      let res: Response;
      try {
        res = await fetch(`${base}/detect/${names[i]}`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-model": names[i] },
          body: JSON.stringify(point),
          signal: AbortSignal.timeout(60_000),
        });
      } catch {
        sent[i].ambiguous++;
        await sleep(200);
        continue;
      }
      const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
      if (res.status === 200 || res.status === 202) {
        sent[i].acked.push({ point, body });
        break;
      }
      // A 5xx may have been cut after the write: count it as possibly stored.
      if (res.status >= 500) sent[i].ambiguous++;
      if (attempt > 100) throw new Error(`${names[i]} point ${p}: ${res.status} ${JSON.stringify(body)}`);
      await sleep(200);
    }
  }
}

/**
 * One /build_wasm through the balancer as its own client (rate limits are per
 * client): the status, the instance that answered (haproxy's X-Served-By) and
 * whether it took a second try. A connection the balancer closed without an
 * answer is tried once more, as an HTTP client does; an HTTP error is not.
 */
let buildNo = 0;
let buildRetries = 0;
async function buildThroughLb(): Promise<{ status: number; server: string }> {
  const n = ++buildNo;
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await fetch(`${LB}/build_wasm`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": `10.9.${n >> 8}.${n & 255}` },
        body: JSON.stringify({ source: `// cluster build ${process.pid} ${n}\nfn main() { println("${n}") }` }),
        signal: AbortSignal.timeout(60_000),
      });
      await res.arrayBuffer();
      return { status: res.status, server: res.headers.get("x-served-by") ?? "?" };
    } catch (e) {
      console.error(`build ${n} through the balancer: ${(e as Error).message} ${String((e as Error).cause ?? "")}`);
      if (attempt > 0) return { status: 0, server: "?" };
      buildRetries++;
    }
  }
}

async function owners(): Promise<Map<string, string>> {
  const { rows } = await pool.query("SELECT model, address FROM anomaly_leases WHERE model = ANY($1)", [names]);
  return new Map(rows.map((r) => [r.model as string, r.address as string]));
}

async function nSeen(i: number): Promise<number> {
  const res = await fetch(`${LB}/models/dynamic/${names[i]}/metadata`, { headers: { "x-model": names[i] } });
  const body = (await res.json()) as { n_seen?: number };
  return body.n_seen ?? -1;
}

// Phase 1: every model gets going; the balancer spreads the models.
await Promise.all(names.map((_, i) => feed(i, 0, 60)));
const before = await owners();
const spread = new Set(before.values());
check(`models spread over the instances (${spread.size} owners for ${MODELS} models)`, spread.size >= 2);
const spreadBuilds = [];
for (let i = 0; i < 6; i++) spreadBuilds.push(await buildThroughLb());
const buildServers = new Set(spreadBuilds.map((b) => b.server));
check(
  `builds through the balancer spread over the instances (${buildServers.size} instances answered 6 builds: ${spreadBuilds.map((b) => `${b.status}@${b.server}`).join(" ")})`,
  buildServers.size >= 2 && spreadBuilds.every((b) => b.status === 200),
);
const keep = process.env.KEEP ?? "";
const victim = [...spread].find((url) => url !== keep) ?? "";
const moved = names.filter((m) => before.get(m) === victim);

// Phase 2: the rest of every stream, with the victim killed once the flood runs.
const flood = Promise.all(names.map((_, i) => feed(i, 60, POINTS)));
await sleep(1500);
process.kill(-(instances.get(victim) ?? 0), "SIGKILL");
const killedAt = performance.now();
// Builds sent after the kill, one after another while the flood lasts: the
// balancer's redispatch and health checks must route every one to a live instance.
const afterKill: { status: number; server: string }[] = [];
let flooding = true;
const builds = (async () => {
  while (flooding || afterKill.length < 4) afterKill.push(await buildThroughLb());
})();
await flood;
flooding = false;
await builds;
const failedBuilds = afterKill.filter((b) => b.status !== 200);
check(
  `builds sent after the kill -9 all succeed through the other instances (${afterKill.length - failedBuilds.length} of ${afterKill.length}, ${buildRetries} retried after a closed connection${failedBuilds.length ? `; failed: ${failedBuilds.map((b) => `${b.status}@${b.server}`).join(" ")}` : ""})`,
  afterKill.length > 0 && failedBuilds.length === 0,
);
console.error(`flood done ${((performance.now() - killedAt) / 1000).toFixed(1)} s after kill -9 of ${victim}`);
const after = await owners();
check(
  `the killed instance's ${moved.length} models moved to the others`,
  moved.length > 0 && moved.every((m) => after.get(m) !== undefined && after.get(m) !== victim),
);
let lost = 0;
let extra = 0;
for (let i = 0; i < MODELS; i++) {
  const n = await nSeen(i);
  if (n < sent[i].acked.length) lost += sent[i].acked.length - n;
  if (n > sent[i].acked.length + sent[i].ambiguous) extra += n - sent[i].acked.length;
}
const acked = sent.reduce((sum, s) => sum + s.acked.length, 0);
check(`every acknowledged point is stored after kill -9 (${acked} acknowledged, ${lost} missing)`, lost === 0);
check(`no point is stored more often than it was sent (${extra} extra)`, extra === 0);

// A moved model's verdicts equal one instance replaying the same points in
// order. The points are read back as stored: a request cut by the kill may
// have been stored and then sent again, and both copies count in what
// followed. Each acknowledged verdict is compared with the replay's at its
// position in the log (data_points).
let compared = 0;
let differing = 0;
for (const name of moved) {
  const k = names.indexOf(name);
  const { rows } = await pool.query("SELECT record FROM anomaly_points WHERE model = $1 ORDER BY seq", [name]);
  const single = new AnomalyService(new MemoryStore());
  const replayed = new Map<number, Record<string, unknown>>();
  for (const row of rows) {
    // A stored line carries the verdict given with its point; the replay sends the point alone.
    const { record } = splitStored(JSON.parse(row.record));
    const body = (await single.detect(name, record)).body as unknown as Record<string, unknown>;
    replayed.set(Number(body.data_points), body);
  }
  await single.close();
  const key = (b: Record<string, unknown> | undefined) =>
    JSON.stringify([b?.status, b?.anomaly, typeof b?.score === "number" ? b.score.toFixed(9) : null]);
  for (const { body } of sent[k].acked) {
    compared++;
    if (key(body) !== key(replayed.get(Number(body.data_points)))) {
      differing++;
      // Which verdict, for anomalychecks.log (KEEP_LOGS keeps it).
      console.error(
        `differs: ${name} #${body.data_points}: ${key(body)} vs replay ${key(replayed.get(Number(body.data_points)))}`,
      );
    }
  }
}
check(
  `the moved models' verdicts equal a single-instance replay of their stored points (${compared - differing} of ${compared})`,
  compared > 0 && differing === 0,
);

// A stalled owner: SIGSTOP past its lease, a point goes to another instance
// (which takes the model over), then SIGCONT and a point straight to the
// stalled one: it must not write under its old lease.
const live = [...instances.keys()].filter((url) => url !== victim);
const now = await owners();
const stalled = live.find((url) => [...now.values()].includes(url)) ?? live[0];
const other = live.find((url) => url !== stalled) ?? "";
const m = names.findIndex((name) => now.get(name) === stalled);
const { rows: epochBefore } = await pool.query("SELECT epoch FROM anomaly_leases WHERE model = $1", [names[m]]);
const seenBefore = await nSeen(m);
const unansweredBefore = sent[m].ambiguous;
process.kill(-(instances.get(stalled) ?? 0), "SIGSTOP");
await sleep(LEASE_MS + 1000);
streams[m].push({ timestamp: streams[m][POINTS - 1].timestamp + 300, value: 1 });
streams[m].push({ timestamp: streams[m][POINTS - 1].timestamp + 600, value: 2 });
await feed(m, POINTS, POINTS + 1, other);
const takenBy = (await owners()).get(names[m]);
process.kill(-(instances.get(stalled) ?? 0), "SIGCONT");
await feed(m, POINTS + 1, POINTS + 2, stalled);
const { rows: epochAfter } = await pool.query("SELECT epoch, address FROM anomaly_leases WHERE model = $1", [names[m]]);
check(`a stalled owner's model is taken over after its lease (by ${takenBy})`, takenBy === other);
check(
  "the takeover raised the epoch, and the resumed owner did not take it back",
  Number(epochAfter[0].epoch) > Number(epochBefore[0].epoch) && epochAfter[0].address === other,
);
check(
  "the point sent to the resumed stale owner is stored once, by the owner",
  (await nSeen(m)) === seenBefore + 2 && sent[m].ambiguous === unansweredBefore,
);
await pool.end();
