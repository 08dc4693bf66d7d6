// Hello-world native build time (compile + link, one clang-19 call through
// linkNative, sandbox included) per target at -O2: the median of 5 runs
// after one warm-up, as a ratio against the 300 ms target. Also shows the
// same build without the sandbox, to separate bubblewrap's share.
//
// Then every bundled example that uses no host module, built once per target
// at -O2 (its IR compiled once): the median and the slowest build per
// target against the 10 s limit, the IR sizes of hello world and of the
// largest example, and the largest example's executable at -Os and -Oz.
//
//   npx tsx bench/native.bench.ts [--runs 5] [--skip-examples]
import { readdirSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { compileToLl } from "../server/toolchain/compileToLl";
import { missingToolsFor } from "../server/toolchain/detect";
import { HOST_MODULES } from "../server/toolchain/hostModules";
import { linkNative } from "../server/toolchain/linkNative";
import { RECIPES } from "../server/toolchain/recipes";
import { detectSandbox } from "../server/toolchain/sandbox";
import { machineLine } from "./machine";
import { median } from "./median";

const TARGET_MS = 300;
const EXAMPLE_LIMIT_MS = 10_000;
const { values } = parseArgs({
  options: { runs: { type: "string", default: "5" }, "skip-examples": { type: "boolean", default: false } },
});
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
// Wall-clock times depend on the CPU and, on a shared machine, its load;
// print both with them.
console.log(machineLine());
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

printTable(rows);
if (!values["skip-examples"]) failures += await benchExamples();
if (failures > 0) process.exit(1);

function printTable(table: string[][]): void {
  const widths = table[0].map((_, col) => Math.max(...table.map((row) => row[col].length)));
  for (const row of table) console.log(row.map((cell, col) => cell.padEnd(widths[col])).join("  "));
}

async function irOf(path: string, opt: string, source = readFileSync(path, "utf8")): Promise<string> {
  const result = await compileToLl({ source, filename: path.split("/").pop() as string, target: "linux-x64", opt });
  if (result.ll === null) throw new Error(`${path}: ${result.errors.map((e) => e.message).join("; ")}`);
  return result.ll;
}

/** The examples' build times per target; returns the number of failed builds. */
async function benchExamples(): Promise<number> {
  const dir = new URL("../lang/examples/", import.meta.url);
  const hostImport = new RegExp(
    `^\\s*import\\s+(${HOST_MODULES.map((m) => m.name.replace(".", "\\.")).join("|")})\\b`,
    "m",
  );
  const examples = readdirSync(dir)
    .filter((f) => f.endsWith(".pith"))
    .sort()
    .map((f) => new URL(f, dir).pathname)
    .filter((path) => !hostImport.test(readFileSync(path, "utf8")));
  const irs = new Map<string, string>();
  for (const path of examples) irs.set(path, await irOf(path, "-O2"));
  const largest = [...irs.entries()].sort((a, b) => b[1].length - a[1].length)[0];
  const name = (path: string) => (path.split("/").pop() as string).replace(/\.pith$/, "");
  console.log(`\n${machineLine()}`);
  console.log(
    `examples: ${examples.length} without host modules, each built once per target at -O2; load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
  const helloIr = await irOf("hello.pith", "-O2", 'fn main() {\n    println("hello")\n}\n');
  console.log(
    `IR at -O2: hello world ${helloIr.length} bytes; largest example (${name(largest[0])}) ${largest[1].length} bytes`,
  );
  const table: string[][] = [["target", "median ms", "slowest ms", "slowest example", "verdict"]];
  let failed = 0;
  for (const target of Object.keys(RECIPES)) {
    const missing = missingToolsFor(target);
    if (missing.length > 0) {
      table.push([target, "-", "-", "-", `skipped: missing ${missing.join(", ")}`]);
      continue;
    }
    const times: [string, number][] = [];
    for (const [path, ll] of irs) {
      const result = await linkNative({ ll, target, opt: "-O2", filename: `${name(path)}.pith`, timeoutMs: 120_000 });
      if (result.status !== "ok") {
        failed++;
        console.error(`${target} ${name(path)}: ${result.errors.join("; ")}`);
        continue;
      }
      times.push([name(path), result.elapsedMs]);
    }
    if (times.length === 0) {
      table.push([target, "-", "-", "-", "every build failed"]);
      continue;
    }
    const slowest = times.reduce((a, b) => (b[1] > a[1] ? b : a));
    table.push([
      target,
      median(times.map((t) => t[1])).toFixed(0),
      slowest[1].toFixed(0),
      slowest[0],
      slowest[1] <= EXAMPLE_LIMIT_MS ? "ok (<= 10 s)" : "over 10 s",
    ]);
  }
  printTable(table);
  // -Oz is clang's level only (the compiler optimises as for -Os): the executables show what it changes.
  const sizeIr = await irOf(largest[0], "-Os");
  const sizes: string[] = [];
  for (const opt of ["-Os", "-Oz"]) {
    const result = await linkNative({ ll: sizeIr, target: "linux-x64-musl", opt, filename: "size.pith" });
    sizes.push(`${opt} ${result.binary?.length ?? "failed"} bytes`);
  }
  console.log(`${name(largest[0])} on linux-x64-musl: ${sizes.join(", ")}`);
  return failed;
}
