// The PostgreSQL store's own promises against the real PostgreSQL of
// test-cluster.sh (ANOMALY_DATABASE_URL): the checkpoint contract of
// anomaly/store/store.ts, one owner per model, takeover after expiry, and a
// stalled owner's writes refused by the epoch fence. Two lease holders in
// one process stand for two instances. Prints one "ok"/"FAIL" line per
// check; the shell script counts them.
import pg from "pg";
import { newMetadata } from "../../anomaly";
import { ModelLeases } from "../../server/cluster/modelLeases";
import { createSchema, FencedError, PgModelStore } from "../../server/cluster/pgModelStore";

const pool = new pg.Pool({ connectionString: process.env.ANOMALY_DATABASE_URL });
await createSchema(pool);
const check = (name: string, ok: boolean) => console.log(`${ok ? "ok  " : "FAIL"} ${name}`);
// The first holder never renews by itself: it stands for an instance that stalled.
const a = new ModelLeases(pool, { address: "http://a.invalid", leaseMs: 1000, autoRenew: false });
const b = new ModelLeases(pool, { address: "http://b.invalid", leaseMs: 1000 });
const storeA = new PgModelStore(pool, a);
const storeB = new PgModelStore(pool, b);
const model = `checks_${process.pid}`;
const points = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ timestamp: from + i, v: i }));
const refused = async (work: () => Promise<unknown>) =>
  work().then(
    () => false,
    (e) => e instanceof FencedError,
  );

check("PG: a free model's lease is taken", (await a.acquire(model)) === null);
check("PG: a new model starts absent", (await storeA.loadMetadata(model)) === null);
await storeA.appendRecords(model, points(0, 1000));
await storeA.saveMetadata(model, { ...newMetadata(model, 0), n_seen: 1000 });
const length = await storeA.appendRecords(model, points(1000, 5));
check("PG: a batch appends and the log length is returned", length === 1005);
check("PG: n_seen counts the records after the checkpoint", (await storeA.loadMetadata(model))?.n_seen === 1005);
const ring = await storeA.loadRing(model, 10);
check(
  "PG: the ring is the newest records, the unsaved ones after the checkpoint",
  ring.records.length === 10 && ring.records[9].timestamp === 1004 && ring.unsaved.length === 5,
);
const foreign = await b.acquire(model);
check("PG: another instance is told who owns the model", foreign?.address === "http://a.invalid");
check("PG: and cannot write to it", await refused(() => storeB.appendRecords(model, points(2000, 1))));
await new Promise((resolve) => setTimeout(resolve, 1300));
check("PG: past the lease, another instance takes the model over", (await b.acquire(model)) === null);
check("PG: the takeover bumps the epoch", (b.heldEpoch(model) ?? 0) > (a.heldEpoch(model) ?? 0));
check("PG: the stalled owner's append is refused", await refused(() => storeA.appendRecords(model, points(3000, 3))));
check(
  "PG: the stalled owner's checkpoint is refused",
  await refused(() => storeA.saveMetadata(model, newMetadata(model, 0))),
);
const meta = await storeB.loadMetadata(model);
check("PG: the new owner sees every point written before, none of the refused", meta?.n_seen === 1005);
await storeB.appendRecords(model, points(4000, 2));
check("PG: the new owner writes", (await storeB.loadMetadata(model))?.n_seen === 1007);
await storeB.replaceRing(model, points(0, 3), { ...newMetadata(model, 0), n_seen: 3 });
check("PG: a replacement is whole", (await storeB.loadRing(model, 100)).records.length === 3);
await storeB.deleteModel(model);
check("PG: a deleted model is gone", (await storeB.loadMetadata(model)) === null);
await b.release();
await a.release();
await pool.end();
