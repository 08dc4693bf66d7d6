// What the step debugger costs a program that never stops: the examples run
// as a debug build (hooks at every statement and call, no breakpoint) against
// the same program at -O0 and -O2, medians of interleaved runs under
// node:wasi. The target is at most 3x the -O0 time. Then the cost of one stop
// (locals handed over and formatted, then continued) from a breakpoint inside
// a hot loop, how fast Step Over is answered through the shared channel
// (target: 50 ms), and what a step costs where the page has no shared memory
// and replays the run instead.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { createDebugChannel, sendCommand, setBreakpoints } from "../client/debugger/debugChannel";
import { workerDebugger } from "../client/debugger/workerDebugger";
import { Suspended } from "../client/run/replay";
import { debugScripted } from "../lang/runtime/debug/debugScript";
import { runCompilerInProcess } from "../server/compiler/compilerRun";
import { runWasiNode } from "../server/compiler/wasiNode";
import { machineLine } from "./machine";
import { median } from "./median";

const EXAMPLES = new URL("../lang/examples", import.meta.url).pathname;
const PROGRAMS = ["primes", "n_queens", "mandelbrot_ascii", "sorting", "matrix"];
/** Nothing but calls: the case the call stack in memory is for. */
const FIB = `fn fib(n: i64) -> i64 {
    if n < 2 {
        return n
    }
    return fib(n - 1) + fib(n - 2)
}

fn main() {
    println(fib(30))
}
`;
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
const sources: [string, string][] = [
  ...PROGRAMS.map((name): [string, string] => [name, readFileSync(join(EXAMPLES, `${name}.pith`), "utf8")]),
  ["fib(30) calls", FIB],
];
for (const [name, source] of sources) {
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

// Pause and step latency as the page sees it: the program in a worker thread
// blocks on the shared channel at each stop; the main thread answers Step
// Over and times until the next stop arrives (the browser's worker and page
// talk the same way, with postMessage and Atomics).
const wasm = new Uint8Array(
  (
    await runCompilerInProcess({
      args: ["build", "main.pith", "--debug", "-o", "main.wasm"],
      files: { "main.pith": LOOP },
    })
  ).files.get("main.wasm") ?? [],
);
const channel = createDebugChannel([{ line: 5 }]);
// Node 20's workers do not inherit tsx's loader: the worker registers it, then loads the TypeScript file.
const workerFile = new URL("./debugStepWorker.ts", import.meta.url).href;
const worker = new Worker(
  `import("tsx/esm/api").then(({ tsImport }) => tsImport(${JSON.stringify(workerFile)}, ${JSON.stringify(import.meta.url)})).catch((error) => require("node:worker_threads").parentPort.postMessage({ error: String(error?.stack ?? error) }))`,
  { eval: true, workerData: { wasm, channel } },
);
const STEPS = 200;
const latencies: number[] = [];
let sentAt = 0;
const started = performance.now();
let firstStop = 0;
await new Promise<void>((resolve, reject) => {
  worker.on("error", reject);
  worker.on("exit", (code) => reject(new Error(`the stepping worker ended early (status ${code})`)));
  worker.on("message", (message: { line?: number; exit?: number; error?: string }) => {
    if (message.error !== undefined) return reject(new Error(message.error));
    if (message.exit !== undefined) return resolve();
    const now = performance.now();
    if (sentAt > 0) latencies.push(now - sentAt);
    else firstStop = now - started;
    if (latencies.length >= STEPS) {
      // Enough: the breakpoint goes and the program runs to its end.
      setBreakpoints(channel, []);
      sendCommand(channel, "continue");
      return;
    }
    sentAt = performance.now();
    sendCommand(channel, "stepOver");
  });
});
await worker.terminate();
const sorted = [...latencies].sort((a, b) => a - b);
const p95 = sorted[Math.floor(sorted.length * 0.95)] ?? 0;
console.log(
  `Step Over answered (command sent → next stop received, ${latencies.length} steps): median ${median(latencies).toFixed(2)} ms, p95 ${p95.toFixed(2)} ms (target ≤ 50 ms)`,
);
console.log(
  `First pause (worker thread and its TypeScript loader started, program run to the breakpoint): ${firstStop.toFixed(1)} ms`,
);

// Without SharedArrayBuffer (a page served without cross-origin isolation)
// a step re-runs the program from its start, replaying the answers already
// given, to the next stop (client/run/replay.ts): its cost grows with the
// stops before it. Timed here in-process with the worker's own replaying
// debugger; the browser adds a fresh worker's start to each step.
console.log("\nStep Over without SharedArrayBuffer (re-run from the start to stop N+1; median ms of 3):");
for (const replayed of [0, 10, 100, 1000, 10000]) {
  const answers = Array.from({ length: replayed }, () => ({ command: "stepOver" as const, breakpoints: [] }));
  const step = async () => {
    let memory: WebAssembly.Memory | undefined;
    let stoppedAt = 0;
    const debug = workerDebugger(
      { kind: "replay", script: { breakpoints: [{ line: 5 }], answers } },
      () => memory as WebAssembly.Memory,
      (stop) => {
        stoppedAt = stop.line;
      },
      () => {},
      () => {
        throw new Suspended("debug");
      },
    );
    try {
      await runWasiNode({
        module: loop,
        args: [],
        imports: { pith_debug: debug.imports },
        onInstance: (instance) => {
          memory = instance.exports.memory as WebAssembly.Memory;
        },
      });
    } catch (error) {
      if (!(error instanceof Suspended)) throw error;
    }
    if (stoppedAt === 0) throw new Error(`the replayed run did not reach stop ${replayed + 1}`);
  };
  const times: number[] = [];
  for (let round = 0; round < 3; round++) times.push(await timed(step));
  console.log(`  after ${String(replayed).padStart(5)} earlier stops: ${median(times).toFixed(1)} ms`);
}
