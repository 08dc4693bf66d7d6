// Hostile input leaves the store byte-for-byte unchanged, and concurrent
// ingests on one model are all counted: the real engine, a real file store,
// a real server on loopback.
import { createHash } from "node:crypto";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { request as rawRequest } from "node:http";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FileStore } from "../../anomaly/node";
import { type AnomalyServerHandle, startAnomalyServer } from "./serve";

let dir: string;
let server: AnomalyServerHandle;

/** Path → sha256 of every file under the store. */
async function snapshot(root: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    out[relative(root, path)] = createHash("sha256")
      .update(await readFile(path))
      .digest("hex");
  }
  return out;
}

/** A request with the path and bytes exactly as given (fetch would normalise `..`). */
function raw(method: string, path: string, body?: Buffer | string, type = "application/json") {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const url = new URL(server.url);
    const req = rawRequest(
      { host: url.hostname, port: url.port, method, path, headers: body === undefined ? {} : { "content-type": type } },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c) => {
          text += c;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on("error", reject);
    // A 413 is sent before the body is read and the server then drops the
    // connection, so the rest of a 10 MB write fails: expected, not a fault.
    req.on("socket", (socket) => socket.on("error", () => {}));
    req.end(body);
  });
}

const record = (i: number) => JSON.stringify({ temperature: 20 + (i % 9), load: i % 4, site: i % 3 ? "a" : "b" });

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "anomaly-hostile-"));
  server = await startAnomalyServer({ port: 0, store: new FileStore(join(dir, "store")), log: () => {} });
  for (let i = 0; i < 60; i++) {
    const res = await raw("POST", "/detect/target", record(i));
    expect(res.status).toBeLessThan(300);
  }
});

afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe("hostile input", () => {
  const hostile: [string, string, string, (Buffer | string)?, string?][] = [
    ["a huge number", "POST", "/detect/target", '{"temperature":1e400,"load":1,"site":"a"}'],
    ["a huge integer literal", "POST", "/detect/fresh", `{"temperature":${"9".repeat(400)}}`],
    ["NaN text", "POST", "/detect/target", '{"temperature":NaN,"load":1,"site":"a"}'],
    ["the string NaN in a numeric column", "POST", "/detect/target", '{"temperature":"NaN","load":1,"site":"a"}'],
    ["Infinity text", "POST", "/detect/fresh", '{"x":Infinity}'],
    ["deep JSON", "POST", "/detect/fresh", `${'{"a":'.repeat(50_000)}1${"}".repeat(50_000)}`],
    ["deep arrays", "POST", "/detect/target", `${"[".repeat(200_000)}${"]".repeat(200_000)}`],
    ["a 10 MB record", "POST", "/detect/target", `{"temperature":1,"pad":"${"x".repeat(10 * 1024 * 1024)}"}`],
    ["a 10 MB schedule", "PUT", "/api/dynamic/target/schedule", `{"pad":"${"x".repeat(10 * 1024 * 1024)}"}`],
    [
      "invalid UTF-8",
      "POST",
      "/detect/target",
      Buffer.from([0x7b, 0x22, 0x73, 0x69, 0x74, 0x65, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
    ],
    ["invalid UTF-8 CSV", "POST", "/detect_anomalies", Buffer.from([0x31, 0x2c, 0xff, 0x0a]), "text/csv"],
    ["a model named ../x", "POST", "/detect/../x", record(1)],
    ["a model named a/b", "POST", "/detect/a/b", record(1)],
    ["a model named %2e%2e", "POST", "/detect/%2e%2e", record(1)],
    ["a model named %2e%2e%2fx", "POST", "/detect/%2e%2e%2fx", record(1)],
    ["a model named ..%5cx", "POST", "/detect/..%5cx", record(1)],
    ["a model named with NUL", "POST", "/detect/x%00", record(1)],
    ["delete ../store", "DELETE", "/delete_model/..%2fstore", undefined],
    ["reset a/../target", "POST", "/models/dynamic/a%2F..%2Ftarget/reset", undefined],
    [
      "an import of a broken bundle",
      "PUT",
      "/api/dynamic/target/import",
      '{"format":"anomaly-model/1","metadata":{"name":"x"},"ring":"oops"}',
    ],
    ["a record that is an array", "POST", "/detect/target", "[1,2,3]"],
    ["a nested record", "POST", "/detect/fresh", '{"a":{"b":1}}'],
    ["a negative limit", "GET", "/models/dynamic/target/data?limit=-5", undefined],
    ["a schedule of the wrong type", "PUT", "/api/dynamic/target/schedule", '{"below_max_retrain_frequency":"soon"}'],
    ["a margin for a non-number", "PUT", "/api/dynamic/target/margin", '{"version":"daily","margin":"wide"}'],
  ];

  it("every hostile request is a 4xx with the error shape and the store bytes do not change", async () => {
    const before = await snapshot(join(dir, "store"));
    expect(Object.keys(before).length).toBeGreaterThan(0);
    const outcomes: string[] = [];
    for (const [what, method, path, body, type] of hostile) {
      const res = await raw(method, path, body, type);
      outcomes.push(`${what}: ${res.status}`);
      expect(res.status, `${what} → ${res.status} ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
      expect(res.status, what).toBeLessThan(500);
      expect(JSON.parse(res.body).status, what).toBe("error");
    }
    expect(await snapshot(join(dir, "store"))).toEqual(before);
  });
});

describe("concurrency", () => {
  it("200 concurrent /detect on one model: n_seen equals the number of 2xx answers", async () => {
    const meta = async () =>
      JSON.parse((await raw("GET", "/models/dynamic/busy/metadata")).body) as { n_seen?: number };
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => raw("POST", "/detect/busy", record(i))));
    const ok = results.filter((r) => r.status >= 200 && r.status < 300).length;
    expect(ok).toBeGreaterThan(0);
    expect((await meta()).n_seen).toBe(ok);
    // The warm-up answers are 202 with consecutive counts: no point lost or doubled.
    const counts = results.map((r) => JSON.parse(r.body).data_points as number).sort((a, b) => a - b);
    expect(counts).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
  });
});
