// The limits come from environment variables of the one table in
// server/config/environment.ts (its test checks the README against it).
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LIMIT_VARIABLES, limitsFromEnv } from "./limits";

describe("limitsFromEnv", () => {
  it("uses the defaults the issue asks for when nothing is set", () => {
    const limits = limitsFromEnv({});
    expect(limits).toMatchObject({
      maxSourceBytes: 1 << 20,
      artifactTtlSeconds: 3600,
      artifactMaxBytes: 1 << 30,
      nativeBuildsPerMinute: 60,
      publicUrl: null,
      trustProxy: false,
    });
  });

  it("keeps every default it had before the one table of variables", () => {
    const cores = availableParallelism();
    expect(limitsFromEnv({})).toEqual({
      maxSourceBytes: 1 << 20,
      maxBodyBytes: 4 << 20,
      compilerWorkers: cores,
      compileCacheBytes: 64 << 20,
      compilerNice: 0,
      compileTimeoutMs: 10_000,
      debugTimeoutMs: 5_000,
      debugMemoryMb: 64,
      debugThreads: 2,
      nativeTimeoutMs: 30_000,
      nativeConcurrency: cores,
      nativeQueue: 4 * cores,
      compileQueue: 64 * cores,
      compileClientRunning: 1,
      compileClientQueue: 4,
      compileMaxWaitMs: 10_000,
      compileLightReserve: 1,
      compileLightMs: 100,
      compileLightUseMs: 4000,
      nativeClientRunning: 1,
      nativeClientQueue: 2,
      nativeMaxWaitMs: 30_000,
      wasmBuildsPerMinute: 300,
      nativeBuildsPerMinute: 60,
      maxOutputBytes: 64 << 20,
      artifactDir: join(tmpdir(), "pith-artifacts"),
      artifactTtlSeconds: 3600,
      artifactMaxBytes: 1 << 30,
      artifactSweepSeconds: 60,
      shareDir: join(tmpdir(), "pith-shares"),
      shareTtlSeconds: 90 * 24 * 3600,
      shareMaxBytes: 256 << 20,
      shareProgramBytes: 256 * 1024,
      publicUrl: null,
      trustProxy: false,
    });
  });

  it("reads every variable", () => {
    const limits = limitsFromEnv({
      MAX_SOURCE_BYTES: "2048",
      ARTIFACT_TTL_SECONDS: "10",
      RATE_LIMIT_WASM_PER_MINUTE: "0",
      PUBLIC_URL: "https://play.example.org/",
      ARTIFACT_DIR: "/srv/artifacts",
      TRUST_PROXY: "1",
    });
    expect(limits).toMatchObject({
      maxSourceBytes: 2048,
      artifactTtlSeconds: 10,
      wasmBuildsPerMinute: 0,
      publicUrl: "https://play.example.org",
      artifactDir: "/srv/artifacts",
      trustProxy: true,
    });
  });

  it("refuses a malformed value, naming the variable", () => {
    expect(() => limitsFromEnv({ COMPILE_TIMEOUT_MS: "soon" })).toThrow(
      'COMPILE_TIMEOUT_MS must be an integer >= 100, got "soon"',
    );
    expect(() => limitsFromEnv({ NATIVE_BUILD_CONCURRENCY: "0" })).toThrow(/NATIVE_BUILD_CONCURRENCY/);
    expect(() => limitsFromEnv({ PUBLIC_URL: "play.example.org" })).toThrow(/PUBLIC_URL must be an absolute/);
  });
});

describe("LIMIT_VARIABLES", () => {
  it("names every numeric limit once, each an integer of the table with a default", () => {
    const keys = LIMIT_VARIABLES.map((v) => v.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toHaveLength(31);
    for (const v of LIMIT_VARIABLES) {
      expect(v.kind.type).toBe("integer");
      expect(typeof v.defaultValue).toBe("number");
    }
  });
});
