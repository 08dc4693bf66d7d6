// Runs compiler.wasm on one input per message, in a worker thread so the
// fuzz test can time out a hang without blocking itself.
import { mkdtempSync, openSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import { WASI } from "node:wasi";

const compiler = new WebAssembly.Module(readFileSync(workerData.compilerPath));
const dir = mkdtempSync(join(tmpdir(), "pith-fuzz-"));
const devNull = openSync("/dev/null", "w");

function runCompiler(args) {
  const wasi = new WASI({ version: "preview1", args: ["pith", ...args], preopens: { "/": dir }, returnOnExit: true, stdout: devNull, stderr: devNull });
  const instance = new WebAssembly.Instance(compiler, wasi.getImportObject());
  try {
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
  writeFileSync(join(dir, "f.pith"), source);
  const check = runCompiler(["check", "f.pith", "--json"]);
  let build = null;
  let valid = true;
  if (check.exit === 0) {
    build = runCompiler(["build", "f.pith", "-O2", "-o", "out.wasm"]);
    if (build.exit === 0) valid = WebAssembly.validate(readFileSync(join(dir, "out.wasm")));
  }
  parentPort.postMessage({ check, build, valid });
});

// The scratch folder is tiny; the OS temp cleaner removes it.
