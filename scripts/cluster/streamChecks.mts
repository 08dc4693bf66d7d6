// Points through Redis Streams give the same verdicts as through HTTP,
// against the real Redis, haproxy and instances of test-cluster.sh: one NAB
// stream is posted to one model over HTTP and produced to another model's
// partition stream; the verdicts the instances publish for the second must
// equal the HTTP answers for the first, in order, with every message
// acknowledged. Prints one "ok"/"FAIL" line per check.
// Environment: LB, REDIS_URL, PARTITIONS.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { Redis } from "ioredis";
import { partitionOf } from "../../server/cluster/pointSource";
import { POINTS_STREAM, VERDICTS_STREAM } from "../../server/cluster/redisPointSource";

const LB = process.env.LB ?? "";
const PARTITIONS = Number(process.env.PARTITIONS ?? 4);
const redis = new Redis(process.env.REDIS_URL ?? "");
const check = (name: string, ok: boolean) => console.log(`${ok ? "ok  " : "FAIL"} ${name}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const nab = join(import.meta.dirname, "../../../shared/data/nab/data/realAWSCloudwatch");
const file = (await readdir(nab)).filter((f) => f.endsWith(".csv")).sort()[9];
const points = (await readFile(join(nab, file), "utf8"))
  .trim()
  .split("\n")
  .slice(1, 201)
  .map((line) => {
    const [time, value] = line.split(",");
    return { timestamp: Date.parse(`${time.replace(" ", "T")}Z`) / 1000, value: Number(value) };
  });
const viaHttp = `stream_http_${process.pid}`;
const viaStream = `stream_redis_${process.pid}`;
const key = (b: Record<string, unknown> | undefined) =>
  JSON.stringify([b?.status, b?.anomaly, typeof b?.score === "number" ? b.score.toFixed(9) : null]);

const httpAnswers: string[] = [];
for (const point of points) {
  const res = await fetch(`${LB}/detect/${viaHttp}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-model": viaHttp },
    body: JSON.stringify(point),
  });
  httpAnswers.push(key((await res.json()) as Record<string, unknown>));
}

const partition = partitionOf(viaStream, PARTITIONS);
const pipeline = redis.pipeline();
for (const point of points) {
  pipeline.xadd(`${POINTS_STREAM}${partition}`, "*", "model", viaStream, "point", JSON.stringify(point));
}
const produced = new Set(((await pipeline.exec()) ?? []).map(([, id]) => id as string));

const streamAnswers = new Map<string, string>();
const order: string[] = [];
let cursor = "0";
const deadline = Date.now() + 120_000;
while (streamAnswers.size < points.length && Date.now() < deadline) {
  const read = (await redis.xread("COUNT", 1000, "BLOCK", 1000, "STREAMS", `${VERDICTS_STREAM}${partition}`, cursor)) as
    | [string, [string, string[]][]][]
    | null;
  for (const [id, fields] of read?.[0]?.[1] ?? []) {
    cursor = id;
    const field = (name: string) => fields[fields.indexOf(name) + 1];
    if (field("model") !== viaStream || !produced.has(field("id"))) continue;
    // At least once: a redelivered message's verdict is published again; the first counts.
    if (!streamAnswers.has(field("id"))) order.push(field("id"));
    if (!streamAnswers.has(field("id"))) streamAnswers.set(field("id"), key(JSON.parse(field("body"))));
  }
}
check(
  `every point produced to the stream got a verdict (${streamAnswers.size} of ${points.length})`,
  streamAnswers.size === points.length,
);
const same = order.filter((id, i) => streamAnswers.get(id) === httpAnswers[i]).length;
check(`stream verdicts equal HTTP verdicts, in order (${same} of ${points.length})`, same === points.length);
await sleep(500);
const pending = (await redis.xpending(`${POINTS_STREAM}${partition}`, "anomaly-ingest")) as [number, ...unknown[]];
check(`every message was acknowledged (${pending[0]} pending)`, pending[0] === 0);
const meta = (await (
  await fetch(`${LB}/models/dynamic/${viaStream}/metadata`, { headers: { "x-model": viaStream } })
).json()) as { n_seen?: number };
check(`the model stored every streamed point (n_seen ${meta.n_seen})`, meta.n_seen === points.length);
redis.disconnect();
