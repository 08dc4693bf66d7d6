// The scale-out variables as an operator writes them: unset changes
// nothing; a partial or malformed setting is refused with the variable's name.
import { describe, expect, it } from "vitest";
import { partitionOf } from "./pointSource";
import { decodeResult, encodeResult } from "./s3CompileResults";
import { clusterSettingsFromEnv } from "./settings";

const db = { ANOMALY_DATABASE_URL: "postgres://postgres@127.0.0.1:5432/postgres" };

describe("anomaly scale-out settings", () => {
  it("are off when ANOMALY_DATABASE_URL is unset", () => {
    expect(clusterSettingsFromEnv({}).anomaly).toBeNull();
  });

  it("need this instance's address for forwarded requests", () => {
    expect(() => clusterSettingsFromEnv(db)).toThrow(/ANOMALY_ADVERTISE_URL/);
    expect(() => clusterSettingsFromEnv({ ...db, ANOMALY_ADVERTISE_URL: "10.0.0.5:8000" })).toThrow(
      /ANOMALY_ADVERTISE_URL/,
    );
  });

  it("read the lease time and partitions, with defaults", () => {
    const settings = clusterSettingsFromEnv({ ...db, ANOMALY_ADVERTISE_URL: "http://10.0.0.5:8000/" });
    expect(settings.anomaly).toEqual({
      databaseUrl: db.ANOMALY_DATABASE_URL,
      advertiseUrl: "http://10.0.0.5:8000",
      leaseMs: 10_000,
      streamPartitions: 0,
    });
  });

  it("refuse a malformed URL, lease time or partition count, naming the variable", () => {
    const ok = { ...db, ANOMALY_ADVERTISE_URL: "http://a:1" };
    expect(() => clusterSettingsFromEnv({ ...ok, ANOMALY_DATABASE_URL: "mysql://x" })).toThrow(/ANOMALY_DATABASE_URL/);
    expect(() => clusterSettingsFromEnv({ ...ok, ANOMALY_LEASE_MS: "fast" })).toThrow(/ANOMALY_LEASE_MS/);
    expect(() => clusterSettingsFromEnv({ ...ok, ANOMALY_LEASE_MS: "10" })).toThrow(/ANOMALY_LEASE_MS/);
    expect(() => clusterSettingsFromEnv({ ...ok, ANOMALY_STREAM_PARTITIONS: "-1" })).toThrow(
      /ANOMALY_STREAM_PARTITIONS/,
    );
  });

  it("refuse stream ingestion without Redis", () => {
    const streams = { ...db, ANOMALY_ADVERTISE_URL: "http://a:1", ANOMALY_STREAM_PARTITIONS: "4" };
    expect(() => clusterSettingsFromEnv(streams)).toThrow(/REDIS_URL/);
    expect(clusterSettingsFromEnv({ ...streams, REDIS_URL: "redis://127.0.0.1:6379" }).anomaly?.streamPartitions).toBe(
      4,
    );
  });
});

describe("the producers' partition rule", () => {
  it("is FNV-1a of the model name, stable across processes", () => {
    // Fixed values: producers in other languages implement the same rule.
    expect(partitionOf("", 1 << 30)).toBe(0x811c9dc5 % (1 << 30));
    expect(partitionOf("a", 2 ** 32)).toBe(0xe40c292c);
    expect(partitionOf("cpu_host_1", 8)).toBe(partitionOf("cpu_host_1", 8));
  });
});

describe("a shared compile result", () => {
  it("reads back as written, and a cut-short object is a miss", () => {
    const result = {
      exitCode: 0,
      stdout: new Uint8Array([1, 2]),
      stderr: new TextEncoder().encode("warning"),
      files: new Map([["main.wasm", new Uint8Array([0, 97, 115, 109])]]),
    };
    const bytes = encodeResult(result);
    expect(decodeResult(bytes)).toEqual(result);
    expect(decodeResult(bytes.subarray(0, bytes.length - 1))).toBeNull();
    expect(decodeResult(new Uint8Array([0, 0, 0, 9, 1]))).toBeNull();
  });
});
