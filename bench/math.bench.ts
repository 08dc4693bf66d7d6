// std.math speed: ns per call of sin (on |x| ≤ 10 and ≤ 1e6), cos, tan,
// exp, ln, pow, atan, atan2 and sqrt, for Pith built for linux-x64 at -O2
// (compiler.wasm --emit ll, clang-19) and as wasm (node:wasi), against
// glibc's libm (clang-19 -O2) and JavaScript's Math under this Node, on the
// same inputs (bench/math/math.{pith,c,js}; each program times its own
// loops, so process start-up is not counted). The sums of the results must
// agree: the functions are within one ulp of each other, so the sums differ
// only in their last digits. The table prints the ratios; what std.math buys
// with its speed is its accuracy (lang/tests/math_accuracy).
//
//   npx tsx bench/math.bench.ts [--runs 3] [--calls 200000]
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { buildNative } from "../server/toolchain/buildNative";
import { machineLine } from "./machine";
import { median } from "./median";

const { values } = parseArgs({
  options: { runs: { type: "string", default: "3" }, calls: { type: "string", default: "200000" } },
});
const runs = Math.max(1, Number(values.runs));
const calls = Math.max(1000, Number(values.calls));
const dir = new URL("./math/", import.meta.url).pathname;
const root = new URL("../", import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), "pith-math-bench-"));

const WASI_RUNNER = `const { WASI } = require("node:wasi");
const wasi = new WASI({ version: "preview1", args: ["main"], env: {}, returnOnExit: true });
WebAssembly.instantiate(require("node:fs").readFileSync(process.argv[1]), wasi.getImportObject()).then(({ instance }) => {
  process.exitCode = wasi.start(instance);
});`;

/** One run: function name -> [ns per call, sum of the results]. */
function measure(command: string, args: string[]): Map<string, [number, number]> {
  const result = spawnSync(command, args, { input: `${calls}\n`, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} exited ${result.status}: ${result.stderr}`);
  const rows = new Map<string, [number, number]>();
  for (const line of result.stdout.trim().split("\n")) {
    const [name, ns, sum] = line.split(" ");
    rows.set(name, [Number(ns), Number(sum)]);
  }
  return rows;
}

/** The four programs, built: who -> [command, arguments]. */
async function build(): Promise<Record<string, [string, string[]]>> {
  const cBinary = join(work, "math-c");
  execFileSync("clang-19", ["-O2", join(dir, "math.c"), "-o", cBinary, "-lm"]);
  const source = readFileSync(join(dir, "math.pith"), "utf8");
  const native = await buildNative({ source, filename: "math.pith", target: "linux-x64", opt: "-O2" });
  if (native.status !== "ok" || !native.binary) {
    throw new Error(`native build failed: ${native.errors.map((e) => e.message).join("; ")}`);
  }
  const pithBinary = join(work, "math-pith");
  writeFileSync(pithBinary, native.binary);
  chmodSync(pithBinary, 0o755);
  const wasm = join(work, "math.wasm");
  const cli = join(root, "server/cli/pith.ts");
  execFileSync("node", ["--import", "tsx", cli, "build", join(dir, "math.pith"), "-O2", "-o", wasm], { cwd: root });
  return {
    C: [cBinary, []],
    pith: [pithBinary, []],
    wasm: ["node", ["--no-warnings", "-e", WASI_RUNNER, wasm]],
    JS: ["node", [join(dir, "math.js")]],
  };
}

console.log(machineLine());
console.log(`std.math, ${calls} calls per function, linux-x64 -O2 and wasm, median of ${runs} runs`);
try {
  const commands = await build();
  const samples: Record<string, Map<string, [number, number]>[]> = { C: [], pith: [], wasm: [], JS: [] };
  for (let i = 0; i < runs; i++) {
    for (const [who, [command, args]] of Object.entries(commands)) samples[who].push(measure(command, args));
  }
  const widths = [8, 8, 9, 7, 9, 8, 7];
  const line = (cells: (string | number)[]) => console.log(cells.map((c, i) => String(c).padEnd(widths[i])).join("  "));
  line(["function", "C ns", "pith ns", "pith/C", "wasm ns", "JS ns", "sums"]);
  let differ = 0;
  for (const name of samples.C[0].keys()) {
    const ns = (who: string) => median(samples[who].map((run) => run.get(name)?.[0] ?? Number.NaN));
    const sums = Object.values(samples).map((runsOf) => runsOf[0].get(name)?.[1] ?? Number.NaN);
    const agree = sums.every((s) => Math.abs(s - sums[0]) <= 1e-9 * Math.max(1, Math.abs(sums[0])));
    if (!agree) differ++;
    const [c, pith, wasm, js] = ["C", "pith", "wasm", "JS"].map(ns);
    line([
      name,
      c.toFixed(1),
      pith.toFixed(1),
      (pith / c).toFixed(1),
      wasm.toFixed(1),
      js.toFixed(1),
      agree ? "agree" : "DIFFER",
    ]);
  }
  console.log(differ === 0 ? "every function's sums agree" : `${differ} function(s) whose sums differ`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
