// Compiles one generated program with compiler.wasm at each requested -O
// level, runs the wasm builds, and returns their outputs and the LLVM IR for
// the native builds. A worker thread, so the caller can end a run that hangs.
// Plain JavaScript with the raw shim: a worker thread cannot load TypeScript.
import { readFileSync } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import { ConsoleStdout, File, OpenFile, PreopenDirectory, WASI, WASIProcExit } from "@bjorn3/browser_wasi_shim";

const compiler = new WebAssembly.Module(readFileSync(workerData.compilerPath));
const decoder = new TextDecoder("latin1");
const encoder = new TextEncoder();

function start(module, args, dir) {
  const out = [];
  const err = [];
  const sink = (list) => new ConsoleStdout((chunk) => list.push(decoder.decode(chunk)));
  // debug must be false explicitly: the shim logs every call when it is left out.
  const wasi = new WASI(args, [], [new OpenFile(new File([])), sink(out), sink(err), dir], { debug: false });
  let exit;
  try {
    const instance = new WebAssembly.Instance(module, { wasi_snapshot_preview1: wasi.wasiImport });
    exit = wasi.start(instance);
  } catch (error) {
    if (error instanceof WASIProcExit) exit = error.code;
    else return { stdout: out.join(""), stderr: `${err.join("")}\n[trap] ${error?.message}`, exit: -1 };
  }
  return { stdout: out.join(""), stderr: err.join(""), exit };
}

function compile(source, args, output) {
  const dir = new PreopenDirectory(".", [["main.pith", new File(encoder.encode(source))]]);
  const run = start(compiler, ["pith", ...args], dir);
  const file = dir.dir.contents.get(output);
  return { ...run, bytes: run.exit === 0 && file ? file.data : null };
}

parentPort.on("message", (message) => {
  if (message === null) {
    parentPort.close();
    return;
  }
  const { source, opts, emitLl } = message;
  const check = compile(source, ["check", "main.pith"], "");
  if (check.exit !== 0) {
    parentPort.postMessage({ compileError: check.stderr, compileExit: check.exit });
    return;
  }
  const wasm = {};
  const ll = {};
  for (const opt of opts) {
    const built = compile(source, ["build", "main.pith", opt, "-o", "out.wasm"], "out.wasm");
    wasm[opt] = built.bytes
      ? start(new WebAssembly.Module(built.bytes), ["main.pith"], new PreopenDirectory(".", []))
      : { stdout: "", stderr: `[build failed ${built.exit}] ${built.stderr}`, exit: -2 };
    if (emitLl) {
      const emitted = compile(source, ["build", "main.pith", opt, "--emit", "ll", "-o", "out.ll"], "out.ll");
      ll[opt] = emitted.bytes ? new TextDecoder().decode(emitted.bytes) : null;
      if (!emitted.bytes) ll[`${opt}:error`] = emitted.stderr;
    }
  }
  parentPort.postMessage({ wasm, ll });
});
