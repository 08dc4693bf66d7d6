// The program side of the step-latency bench (debugger.bench.ts): a debug
// build run under node:wasi in a worker thread with the playground worker's
// own debugger (client/debugger/workerDebugger.ts), pausing on Atomics.wait
// over the shared channel exactly as the browser's program worker does.
import { parentPort, workerData } from "node:worker_threads";
import { workerDebugger } from "../client/debugger/workerDebugger";
import { runWasiNode } from "../server/compiler/wasiNode";

const { wasm, channel } = workerData as { wasm: Uint8Array; channel: SharedArrayBuffer };
const module = await WebAssembly.compile(wasm as Uint8Array<ArrayBuffer>);
let memory: WebAssembly.Memory | undefined;
const debug = workerDebugger(
  { kind: "shared", channel },
  () => memory as WebAssembly.Memory,
  (stop) => parentPort?.postMessage({ line: stop.line }),
  () => {},
  () => {
    throw new Error("a shared channel never suspends");
  },
);
const result = await runWasiNode({
  module,
  args: [],
  imports: { pith_debug: debug.imports },
  onInstance: (instance) => {
    memory = instance.exports.memory as WebAssembly.Memory;
  },
});
parentPort?.postMessage({ exit: result.exitCode });
