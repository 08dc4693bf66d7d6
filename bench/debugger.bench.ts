// What the step debugger costs a program that never stops: the examples run
// as a debug build (hooks at every statement and call, no breakpoint) against
// the same program at -O0 and -O2, medians of interleaved runs under
// node:wasi. The target is at most 3x the -O0 time. A second table gives the
// cost of one stop (locals handed over and formatted, then continued) from a
// breakpoint inside a hot loop.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { debugScripted } from "../lang/runtime/debug/debugScript";
import { runCompilerInProcess } from "../server/compiler/compilerRun";
import { runWasiNode } from "../server/compiler/wasiNode";
import { machineLine } from "./machine";
import { median } from "./median";

const EXAMPLES = new URL("../lang/examples", import.meta.url).pathname;
const PROGRAMS = ["primes", "n_queens", "mandelbrot_ascii", "sorting", "matrix"];
const ROUNDS = 5;

async function build(source: string, flags: string[]): Promise<WebAssembly.Module> {
  const built = await runCompilerInProcess({
    args: ["build", "main.pith", ...flags, "-o", "main.wasm"],
    files: { "main.pith": source },
  });
  const wasm = built.files.get("main.wasm");
  if (!wasm) throw new Error(new TextDecoder().decode(built.stdout));
  return WebAssembly.compile(wasm as Uint8Array<ArrayBuffer>);
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

function plain(module: WebAssembly.Module) {
  return () => runWasiNode({ module, args: [] });
}

function debugged(module: WebAssembly.Module, breakpoints: { line: number }[] = [], maxStops = 1_000_000) {
  return () =>
    debugScripted(breakpoints, maxStops, async (imports, bind) => {
      const r = await runWasiNode({
        module,
        args: [],
        imports,
        onInstance: (i) => bind(() => i.exports.memory as WebAssembly.Memory),
      });
      return r.exitCode;
    });
}

console.log(machineLine());
console.log("\nDebug build without breakpoints vs -O0 and -O2 (median ms of", ROUNDS, "interleaved runs)");
console.log("program            -O2      -O0    debug   debug/-O0  debug/-O2");
for (const name of PROGRAMS) {
  const source = readFileSync(join(EXAMPLES, `${name}.pith`), "utf8");
  const [o2, o0, dbg] = await Promise.all([build(source, ["-O2"]), build(source, ["-O0"]), build(source, ["--debug"])]);
  const times: number[][] = [[], [], []];
  for (let round = 0; round < ROUNDS; round++) {
    times[0]?.push(await timed(plain(o2)));
    times[1]?.push(await timed(plain(o0)));
    times[2]?.push(await timed(debugged(dbg)));
  }
  const [a, b, c] = times.map(median) as [number, number, number];
  console.log(
    `${name.padEnd(16)} ${a.toFixed(1).padStart(7)} ${b.toFixed(1).padStart(8)} ${c.toFixed(1).padStart(8)} ${(c / b).toFixed(2).padStart(10)}x ${(c / a).toFixed(2).padStart(9)}x`,
  );
}

const LOOP = `fn main() {
    var total = 0
    var i = 0
    while i < 20000 {
        total += i
        i += 1
    }
    println(total)
}
`;
const loop = await build(LOOP, ["--debug"]);
const free = median(await Promise.all([0, 1, 2].map(() => timed(debugged(loop)))));
const stopping: number[] = [];
for (let round = 0; round < 3; round++) stopping.push(await timed(debugged(loop, [{ line: 5 }])));
const perStop = ((median(stopping) - free) / 20000) * 1000;
console.log(`\nOne stop (3 locals handed over and formatted, then continued): ${perStop.toFixed(2)} µs`);
