// The Pith compiler's numbers, printed as ratios against the targets of
// issue 3: compile speed of a generated 20,000-line program (≥ 150,000
// lines/s since issue 16), warm hello-world compile (≤ 5 ms), pith fmt of 1,000 lines
// (≤ 10 ms, issue 11), sizes (hello ≤ 2 KB,
// compiler.wasm ≤ 600 KB and ≤ 200 KB gzipped), and the speed of generated
// code: bench/programs/*.pith (-O2) against the same programs in C
// (clang-19 --target=wasm32-wasi -O2, both under node:wasi) and in plain JS.
//
// Beside the times, the wasm instructions each module executes, counted by
// an instrumented run (bench/wasmInstructions.ts): the same on every machine.
//
//   npx tsx bench/compiler.bench.ts [--runs 3] [--skip-programs] [--skip-instructions]
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { runWasiShim } from "../lang/runtime/wasi/wasiShim";
import { COMPILER_WASM_PATH, loadCompilerModule } from "../server/compiler/compilerModule";
import { generate } from "./generatedProgram";
import { formatCount } from "./instructions";
import { machineLine } from "./machine";
import { median } from "./median";
import { baseline } from "./programs";
import { countWasmInstructions, type WasmCount } from "./wasmInstructions";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    "skip-programs": { type: "boolean" },
    "skip-instructions": { type: "boolean" },
    one: { type: "string" },
    warm: { type: "boolean" },
  },
});
const runs = Math.max(1, Number(values.runs));
const BUILD = ["build", "main.pith", "-O2", "-o", "out.wasm"];
const programsDir = new URL("./programs/", import.meta.url).pathname;

function row(cells: (string | number)[], widths: number[]): string {
  return cells.map((c, i) => String(c).padEnd(widths[i])).join("  ");
}

// Everything runs under @bjorn3/browser_wasi_shim (plain JavaScript): Node
// 20's node:wasi can crash a process that runs many WASI instances with
// growing memories (a heap corruption inside its fast syscall path), and a
// benchmark must not depend on that.
async function runDirect(module: WebAssembly.Module, args: string[], files: Record<string, string>) {
  const started = performance.now();
  const r = await runWasiShim({ module, program: args[0], args: args.slice(1), files });
  const ms = performance.now() - started;
  return { ms, exit: r.exitCode, stdout: new TextDecoder().decode(r.stdout), files: r.files };
}

async function compileMs(source: string, args: string[]): Promise<{ ms: number; exit: number; wasm?: Uint8Array }> {
  const module = await loadCompilerModule();
  const r = await runDirect(module, ["pith", ...args], { "main.pith": source });
  return { ms: r.ms, exit: r.exit, wasm: r.files.get("out.wasm") };
}

async function runWasm(bytes: Uint8Array): Promise<{ ms: number; stdout: string }> {
  const module = await WebAssembly.compile(bytes as Uint8Array<ArrayBuffer>);
  const r = await runDirect(module, ["prog"], {});
  return { ms: r.ms, stdout: r.stdout };
}

/** A warm compile as the playground does it: the compiler module is already compiled; each run is a fresh instance. */
async function warmCompileMs(source: string, runsWanted: number): Promise<{ ms: number; size: number }> {
  const module = await loadCompilerModule();
  const times: number[] = [];
  let size = 0;
  for (let i = 0; i < runsWanted + 1; i++) {
    const r = await runDirect(module, ["pith", ...BUILD], { "main.pith": source });
    if (i > 0) times.push(r.ms);
    size = r.files.get("out.wasm")?.length ?? 0;
  }
  return { ms: median(times), size };
}

async function compilerTable(): Promise<void> {
  // Measured in a child process, so the earlier runs' garbage does not count.
  const child = spawnSync(process.execPath, ["--import", "tsx", new URL(import.meta.url).pathname, "--warm"], {
    encoding: "utf8",
  });
  const [helloMs = Number.NaN, helloSize = Number.NaN] = child.stdout.trim().split(" ").map(Number);
  const big = generate(20_000);
  const lineCount = big.split("\n").length;
  const bigTimes: number[] = [];
  for (let i = 0; i < runs; i++) {
    const r = await compileMs(big, BUILD);
    if (r.exit !== 0) throw new Error(`the generated program did not compile (exit ${r.exit})`);
    bigTimes.push(r.ms);
  }
  // Format-on-save: `pith fmt` of a 1,000-line file (≤ 10 ms).
  const small = generate(1_000);
  const fmtTimes: number[] = [];
  for (let i = 0; i < Math.max(runs, 5); i++) {
    const r = await compileMs(small, ["fmt", "main.pith"]);
    if (r.exit !== 0) throw new Error(`pith fmt failed on the generated program (exit ${r.exit})`);
    fmtTimes.push(r.ms);
  }
  const compiler = readFileSync(COMPILER_WASM_PATH);
  const linesPerSecond = lineCount / (median(bigTimes) / 1000);
  const w = [34, 14, 12, 8];
  console.log(machineLine());
  console.log(row(["measure", "value", "target", "ratio"], w));
  const line = (name: string, value: number, unit: string, target: number, higherIsBetter: boolean) =>
    console.log(
      row(
        [
          name,
          `${value.toFixed(value < 10 ? 2 : 0)} ${unit}`,
          `${higherIsBetter ? "≥" : "≤"} ${target} ${unit}`,
          (higherIsBetter ? value / target : target / value).toFixed(2),
        ],
        w,
      ),
    );
  line(`compile ${lineCount} lines`, linesPerSecond, "lines/s", 150_000, true);
  line("hello world warm compile", helloMs, "ms", 5, false);
  line("pith fmt 1,000 lines", median(fmtTimes), "ms", 10, false);
  line("hello world .wasm", helloSize, "B", 2048, false);
  line("compiler.wasm", compiler.length / 1024, "KiB", 600, false);
  line("compiler.wasm gzipped", gzipSync(compiler).length / 1024, "KiB", 200, false);
  console.log("(ratio ≥ 1 meets the target)");
}

function hasClang(): boolean {
  return spawnSync("clang-19", ["--version"]).status === 0;
}

const WIDTHS = [24, 8, 8, 8, 8, 9, 10, 10, 11, 9];

// Each program is measured in its own process: the wasm memories of large
// runs (binary-trees) are not reclaimed quickly enough to share one.
function programsTable(): void {
  const names = readdirSync(programsDir)
    .filter((f) => f.endsWith(".pith"))
    .map((f) => f.slice(0, -5))
    .sort();
  console.log(`\n${machineLine()}`);
  console.log(
    `generated code: median of ${runs} run(s), each under browser_wasi_shim in Node; ratio = median over rounds of Pith time / other time (target ≤ 1.25 vs C); instr = wasm instructions executed (target ratio ≤ 1.15), ops ratio = the same without local.get/set/tee`,
  );
  console.log(
    row(
      ["program", "pith ms", "C ms", "JS ms", "pith/C", "pith/JS", "pith instr", "C instr", "instr ratio", "ops ratio"],
      WIDTHS,
    ),
  );
  for (const name of names) {
    const r = spawnSync(
      process.execPath,
      [
        "--import",
        "tsx",
        new URL(import.meta.url).pathname,
        "--one",
        name,
        "--runs",
        String(runs),
        ...(values["skip-instructions"] ? ["--skip-instructions"] : []),
      ],
      {
        stdio: ["ignore", "inherit", "inherit"],
      },
    );
    if (r.status !== 0) console.log(row([name, `failed (exit ${r.status})`], WIDTHS));
  }
  if (!hasClang()) console.log("(clang-19 not found: C column skipped)");
}

async function programRow(name: string): Promise<void> {
  const expected = readFileSync(join(programsDir, `${name}.stdout`), "utf8");
  const built = await compileMs(readFileSync(join(programsDir, `${name}.pith`), "utf8"), BUILD);
  if (built.exit !== 0 || !built.wasm) {
    console.log(row([name, "compile error"], WIDTHS));
    return;
  }
  const cFile = join(programsDir, `${baseline(name)}.c`);
  let cBytes: Uint8Array | null = null;
  if (hasClang() && existsSync(cFile)) {
    const tmp = mkdtempSync(join(tmpdir(), "pith-bench-"));
    try {
      const out = join(tmp, `${name}.wasm`);
      execFileSync("clang-19", ["--target=wasm32-wasi", "-O2", cFile, "-o", out, "-lm"]);
      cBytes = readFileSync(out);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  }
  const jsFile = join(programsDir, `${baseline(name)}.js`);
  const hasJs = existsSync(jsFile);
  // Rounds of Pith, C, JS in turn: a machine that speeds up or slows down
  // during the run then shifts all three columns alike.
  const pith: number[] = [];
  const c: number[] = [];
  const js: number[] = [];
  for (let i = 0; i < runs; i++) {
    const r = await runWasm(built.wasm);
    if (r.stdout !== expected) throw new Error(`${name}: wrong output from the Pith build`);
    pith.push(r.ms);
    if (cBytes) c.push((await runWasm(cBytes)).ms);
    if (hasJs) {
      const started = performance.now();
      spawnSync(process.execPath, [jsFile], { stdio: "ignore" });
      js.push(performance.now() - started);
    }
  }
  const cMs = cBytes ? median(c) : Number.NaN;
  const jsMs = hasJs ? median(js) : Number.NaN;
  const p = median(pith);
  const fmt = (x: number) => (Number.isNaN(x) ? "-" : x.toFixed(0));
  // Each ratio is the median of the rounds' own ratios: a round runs the
  // three back to back, so a drift in the machine's speed moves them alike.
  const ratio = (other: number[]) => (other.length === 0 ? "-" : median(pith.map((t, i) => t / other[i])).toFixed(2));
  // One counted run each: the count does not vary from run to run.
  let pithCount: WasmCount | null = null;
  let cCount: WasmCount | null = null;
  if (!values["skip-instructions"]) {
    pithCount = await countWasmInstructions(built.wasm);
    if (pithCount.stdout !== expected) throw new Error(`${name}: the instrumented Pith build printed something else`);
    if (cBytes) cCount = await countWasmInstructions(cBytes);
  }
  const countRatio = (key: "count" | "operations") =>
    pithCount && cCount ? (pithCount[key] / cCount[key]).toFixed(2) : "-";
  console.log(
    row(
      [
        name,
        fmt(p),
        fmt(cMs),
        fmt(jsMs),
        ratio(c),
        ratio(js),
        formatCount(pithCount?.count ?? null),
        formatCount(cCount?.count ?? null),
        countRatio("count"),
        countRatio("operations"),
      ],
      WIDTHS,
    ),
  );
}

if (values.warm) {
  const hello = 'fn main() {\n    println("Hello, world!")\n}\n';
  const r = await warmCompileMs(hello, 20);
  console.log(`${r.ms} ${r.size}`);
} else if (values.one !== undefined) {
  await programRow(values.one);
} else {
  await compilerTable();
  if (!values["skip-programs"]) programsTable();
}
