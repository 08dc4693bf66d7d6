// Runs compiler.wasm on one input per message (check, build when it checks,
// and fmt), in a worker thread so the robustness fuzzer can time out a hang
// without blocking itself. It uses the
// JavaScript WASI shim: Node 20's node:wasi crashes a process that runs
// thousands of instances.
import { readFileSync } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import { ConsoleStdout, File, OpenFile, PreopenDirectory, WASI } from "@bjorn3/browser_wasi_shim";

const compiler = new WebAssembly.Module(readFileSync(workerData.compilerPath));
const quiet = () => ConsoleStdout.lineBuffered(() => {});

/** Runs the compiler; `out`, when given, collects what it writes to stdout. */
function runCompiler(args, dir, out) {
  const stdout = out ? new ConsoleStdout((bytes) => out.push(bytes)) : quiet();
  // debug must be false explicitly: the shim turns its logging on when it is left out.
  const wasi = new WASI(["pith", ...args], [], [new OpenFile(new File([])), stdout, quiet(), dir], { debug: false });
  try {
    const instance = new WebAssembly.Instance(compiler, { wasi_snapshot_preview1: wasi.wasiImport });
    return { exit: wasi.start(instance) };
  } catch (error) {
    return { exit: -1, trap: String(error?.message) };
  }
}

/** `pith fmt` of `source`: its exit (and trap), and the formatted text when it succeeded. */
function format(source) {
  const dir = new PreopenDirectory("/", [["f.pith", new File(new TextEncoder().encode(source))]]);
  const chunks = [];
  const run = runCompiler(["fmt", "f.pith"], dir, chunks);
  return { ...run, text: run.exit === 0 ? Buffer.concat(chunks).toString("utf8") : undefined };
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
  // The formatter: never a crash; its output formats to itself, and a program that
  // checked still checks once formatted.
  const formatted = format(source);
  const fmt = { exit: formatted.exit, trap: formatted.trap, problem: undefined };
  if (formatted.text !== undefined) {
    const again = format(formatted.text);
    if (again.exit !== 0) fmt.problem = `formatting the formatted text exited ${again.exit} ${again.trap ?? ""}`;
    else if (again.text !== formatted.text)
      fmt.problem = `formatting the formatted text changed it:\n${formatted.text}`;
    else if (check.exit === 0) {
      const dirAfter = new PreopenDirectory("/", [["f.pith", new File(new TextEncoder().encode(formatted.text))]]);
      const checkAfter = runCompiler(["check", "f.pith", "--json"], dirAfter);
      if (checkAfter.exit !== 0)
        fmt.problem = `the formatted program no longer checks (exit ${checkAfter.exit}):\n${formatted.text}`;
    }
  }
  parentPort.postMessage({ check, build, valid, fmt });
});
