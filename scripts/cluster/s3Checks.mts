// The S3 store's own promises against the real radosgw of test-cluster.sh:
// content-addressed ids, expiry on read, quota per prefix, presigned URLs
// that stop working when edited, and a wrong secret refused. Prints one
// "ok"/"FAIL" line per check; the shell script counts them.
import { S3ArtifactStore, s3Client } from "../../server/cluster/s3Artifacts";

const settings = {
  endpoint: process.env.S3_ENDPOINT ?? "",
  region: "us-east-1",
  bucket: process.env.S3_BUCKET ?? "",
  accessKeyId: process.env.S3_ACCESS_KEY_ID ?? "",
  secretAccessKey: process.env.S3_SECRET_ACCESS_KEY ?? "",
};
const client = s3Client(settings);
let clock = Date.now();
const store = new S3ArtifactStore(client, settings.bucket, {
  prefix: "checks/",
  ttlMs: 60_000,
  maxBytes: 1000,
  whenFull: "refuse",
  now: () => clock,
});
const check = (name: string, ok: boolean) => console.log(`${ok ? "ok  " : "FAIL"} ${name}`);
const file = (text: string) => [{ name: "f.txt", bytes: Buffer.from(text) }];

const a = await store.putContent(file("alpha"));
const again = await store.putContent(file("alpha"));
check("S3: the same content gets the same id", a.id === again.id);
check("S3: stored bytes read back", Buffer.from((await store.get(a.id, "f.txt")) ?? []).toString() === "alpha");
const url = await store.presignedUrl(a.id, "f.txt", 60);
check("S3: a presigned URL downloads", (await fetch(url)).status === 200);
const tampered = url.replace(/X-Amz-Expires=\d+/, "X-Amz-Expires=99999");
check("S3: a presigned URL with an edited expiry is a 403", (await fetch(tampered)).status === 403);
let refused = false;
try {
  await store.putContent(file("x".repeat(2000)));
} catch (error) {
  refused = (error as Error).message.includes("quota");
}
check("S3: a put past the prefix's quota is refused", refused);
const wrong = new S3ArtifactStore(s3Client({ ...settings, secretAccessKey: "wrong" }), settings.bucket, {
  prefix: "checks/",
  ttlMs: 60_000,
  maxBytes: 1000,
});
let denied = false;
try {
  await wrong.get(a.id, "f.txt");
} catch {
  denied = true;
}
check("S3: a wrong secret is refused", denied);
clock += 61_000;
check("S3: past the TTL the build is gone on read", (await store.get(a.id, "f.txt")) === null);
check("S3: the sweep deletes it", (await store.sweep()) === 1);
