// Run by alertsDelivery.test.ts as `node --expose-gc --import tsx <this> <url>`:
// one rule whose receiver never answers its first request, with the garbage
// collector forced over and over while the attempt is pending. On Node 20 a
// timeout signal held only through AbortSignal.any() is collected and never
// fires; this proves the attempt still ends and the rule's next event goes
// out. Prints the delivery log, the counts and the server log as one JSON line.
import { completeRules } from "../../anomaly";
import { MemoryAlertStore } from "./alertStore";
import { AlertCenter } from "./alerts";

const url = process.argv[2];
const gc = (globalThis as { gc?: () => void }).gc;
if (url === undefined || gc === undefined)
  throw new Error("usage: node --expose-gc --import tsx <this> <receiver url>");

const store = new MemoryAlertStore();
const lines: string[] = [];
const center = new AlertCenter(store, { log: (line) => lines.push(line) });
await center.setRules("m", completeRules([{ id: "pager", url, timeout_ms: 300, retries: 0, recovery_s: 0 }]));
const verdict = (anomaly: boolean, timestamp: number) => ({
  anomaly,
  score: anomaly ? 0.9 : 0.1,
  data_points: 100,
  data_point: { timestamp, value: anomaly ? 1000 : 10 },
});
// Onset (sent to the silent receiver), then recovery (answered).
center.observe("m", 200, verdict(true, 1000));
center.observe("m", 200, verdict(false, 1001));

let ageWhileStalled = 0;
while ((await store.readLog("m", 10)).filter((e) => e.final).length < 2) {
  // Garbage to collect, then a full collection, while the first attempt hangs.
  const junk = Array.from({ length: 10_000 }, (_, i) => ({ i }));
  junk.length = 0;
  gc();
  ageWhileStalled = Math.max(ageWhileStalled, center.stats().oldestWaitingMs);
  await new Promise((resolve) => setTimeout(resolve, 10));
}
const log = await store.readLog("m", 10);
const stats = center.stats();
await center.close();
process.stdout.write(`${JSON.stringify({ log, stats, ageWhileStalled, lines })}\n`);
