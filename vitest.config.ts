import { defineConfig } from "vitest/config";
import { TIME_FACTOR, TIMING_TESTS } from "./vitest.timing.config";

// Unit and integration tests live beside the code they test (`*.test.ts`).
// End-to-end tests in real Chromium have their own config in e2e/; latency
// tests run after this suite, alone (vitest.timing.config.ts).
export default defineConfig({
  test: {
    include: ["{anomaly,server,client,lang,wasm,scripts,bench,protocol,threads}/**/*.test.ts"],
    exclude: ["**/node_modules/**", "e2e/**", ...TIMING_TESTS],
    testTimeout: 30_000 * TIME_FACTOR,
    hookTimeout: 60_000 * TIME_FACTOR,
  },
});
