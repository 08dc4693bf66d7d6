// `npm run bench`: runs every bench/*.bench.ts in turn (one process each, so
// one benchmark's warm-up or workers cannot skew the next) and prints their
// tables. `npm run bench -- anomaly` runs only the files whose name matches.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { machineLine } from "./machine";

const benchDir = fileURLToPath(new URL(".", import.meta.url));
const tsx = fileURLToPath(new URL("../node_modules/.bin/tsx", import.meta.url));
const filters = process.argv.slice(2);

const files = readdirSync(benchDir)
  .filter((name) => name.endsWith(".bench.ts"))
  .filter((name) => filters.length === 0 || filters.some((f) => name.includes(f)))
  .sort();

if (files.length === 0) {
  console.error(`no benchmark matches ${filters.join(", ") || "bench/*.bench.ts"}`);
  process.exit(2);
}

// Each native and wasm table prints this line again (the load moves while
// the benchmarks run); here it says where the whole run happened.
console.log(machineLine());
const failed: string[] = [];
for (const name of files) {
  console.log(`\n=== ${name} ===`);
  const started = performance.now();
  const result = spawnSync(tsx, [`${benchDir}${name}`], { stdio: "inherit" });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) failed.push(name);
  console.log(`--- ${name}: ${result.status === 0 ? "done" : `failed (exit ${result.status})`} in ${seconds} s`);
}
if (failed.length > 0) {
  console.error(`\nbenchmarks that failed to run: ${failed.join(", ")}`);
  process.exit(1);
}
