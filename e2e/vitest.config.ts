import { defineConfig } from "vitest/config";
import { TIME_FACTOR } from "../vitest.timing.config";

// End-to-end tests: a real server process on loopback and Debian's Chromium
// driven by playwright-core. One file at a time: Chromium is heavy on 2 cores.
export default defineConfig({
  test: {
    include: ["e2e/**/*.e2e.ts"],
    testTimeout: 60_000 * TIME_FACTOR,
    hookTimeout: 120_000 * TIME_FACTOR,
    fileParallelism: false,
  },
});
