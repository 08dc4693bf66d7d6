import { defineConfig } from "vitest/config";

// Tests that measure latency under load (a build flood, a 50 MB batch beside
// live traffic) run in a pass of their own after the unit suite, one file at
// a time, so the other suites' CPU use does not decide their figures.
export const TIMING_TESTS = ["server/playground/abuse.test.ts", "server/anomaly/batchLoad.test.ts"];

export default defineConfig({
  test: {
    include: TIMING_TESTS,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
