// Hello-world native build time (compile + link, one clang-19 call through
// linkNative, sandbox included) per target at -O2: the median of 5 runs
// after one warm-up, as a ratio against the 300 ms target. Also shows the
// same build without the sandbox, to separate bubblewrap's share.
//
//   npx tsx bench/native.bench.ts [--runs 5]
import { readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { parseArgs } from "node:util";
import { missingToolsFor } from "../server/toolchain/detect";
import { linkNative } from "../server/toolchain/linkNative";
import { RECIPES } from "../server/toolchain/recipes";
import { detectSandbox } from "../server/toolchain/sandbox";
import { median } from "./median";

const TARGET_MS = 300;
const { values } = parseArgs({ options: { runs: { type: "string", default: "5" } } });
const runs = Number(values.runs);
if (!(runs >= 1)) {
  console.error("usage: native.bench.ts [--runs N]");
  process.exit(2);
}

const hello = readFileSync(new URL("../server/toolchain/testdata/hello.ll", import.meta.url), "utf8");

async function timeBuilds(target: string, sandbox: boolean): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i <= runs; i++) {
    const result = await linkNative({ ll: hello, target, opt: "-O2", filename: "hello.pith", sandbox });
    if (result.status !== "ok") throw new Error(`${target}: ${result.errors.join("; ")}\n${result.logs}`);
    if (i > 0) times.push(result.elapsedMs); // the first run warms the page cache
  }
  return times;
}

const sandbox = await detectSandbox();
console.log(
  `sandbox: ${sandbox.available ? "bubblewrap" : `off (${sandbox.reason})`}; median of ${runs} builds at -O2`,
);
// Wall-clock times on a shared machine depend on its load; print it with them.
const load = loadavg()
  .map((l) => l.toFixed(1))
  .join(" ");
console.log(`host: ${cpus().length} CPUs, load average ${load} before the run`);
const rows: string[][] = [["target", "median ms", "min ms", "no sandbox ms", "ratio to 300 ms", "verdict"]];
let failures = 0;
for (const target of Object.keys(RECIPES)) {
  const missing = missingToolsFor(target);
  if (missing.length > 0) {
    rows.push([target, "-", "-", "-", "-", `skipped: missing ${missing.join(", ")}`]);
    continue;
  }
  try {
    const times = await timeBuilds(target, true);
    const bare = await timeBuilds(target, false);
    const mid = median(times);
    rows.push([
      target,
      mid.toFixed(0),
      Math.min(...times).toFixed(0),
      median(bare).toFixed(0),
      (mid / TARGET_MS).toFixed(2),
      mid <= TARGET_MS ? "ok" : "over target",
    ]);
  } catch (error) {
    failures++;
    rows.push([target, "-", "-", "-", "-", `build failed: ${(error as Error).message.split("\n")[0]}`]);
  }
}

const widths = rows[0].map((_, col) => Math.max(...rows.map((row) => row[col].length)));
for (const row of rows) console.log(row.map((cell, col) => cell.padEnd(widths[col])).join("  "));
if (failures > 0) process.exit(1);
