// The latency targets that `npm test` no longer asserts (a busy neighbour
// could fail them there): the build flood's /health p99 < 100 ms and the 50 MB
// batch's /detect p99 < 50 ms. Runs the timing tests (vitest.timing.config.ts)
// with TIMING_STRICT=1, which turns their bars back on, and reports pass/fail.
//
//   npx tsx bench/timing.bench.ts
import { spawnSync } from "node:child_process";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
console.log(
  `load average before: ${loadavg()
    .map((x) => x.toFixed(2))
    .join(" ")}`,
);
const run = spawnSync(
  process.execPath,
  [
    fileURLToPath(new URL("../node_modules/vitest/vitest.mjs", import.meta.url)),
    "run",
    "-c",
    "vitest.timing.config.ts",
  ],
  { cwd: root, stdio: "inherit", env: { ...process.env, TIMING_STRICT: "1" } },
);
console.log(`latency targets: ${run.status === 0 ? "met" : "MISSED (see the figures above)"}`);
process.exit(run.status ?? 1);
