// Runs compiler.wasm on one input per message, in a worker thread so the
// robustness fuzzer can time out a hang without blocking itself. It uses the
// JavaScript WASI shim: Node 20's node:wasi crashes a process that runs
// thousands of instances.
import { readFileSync } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import { ConsoleStdout, File, OpenFile, PreopenDirectory, WASI } from "@bjorn3/browser_wasi_shim";

const compiler = new WebAssembly.Module(readFileSync(workerData.compilerPath));
const quiet = () => ConsoleStdout.lineBuffered(() => {});

function runCompiler(args, dir) {
  // debug must be false explicitly: the shim turns its logging on when it is left out.
  const wasi = new WASI(["pith", ...args], [], [new OpenFile(new File([])), quiet(), quiet(), dir], { debug: false });
  try {
    const instance = new WebAssembly.Instance(compiler, { wasi_snapshot_preview1: wasi.wasiImport });
    return { exit: wasi.start(instance) };
  } catch (error) {
    return { exit: -1, trap: String(error && error.message) };
  }
}

parentPort.on("message", (source) => {
  if (source === null) {
    parentPort.close();
    return;
  }
  const dir = new PreopenDirectory("/", [["f.pith", new File(new TextEncoder().encode(source))]]);
  const check = runCompiler(["check", "f.pith", "--json"], dir);
  let build = null;
  let valid = true;
  if (check.exit === 0) {
    build = runCompiler(["build", "f.pith", "-O2", "-o", "out.wasm"], dir);
    const out = dir.dir.contents.get("out.wasm");
    if (build.exit === 0) valid = out !== undefined && WebAssembly.validate(out.data);
  }
  parentPort.postMessage({ check, build, valid });
});
