#!/usr/bin/env -S node --import tsx
// The `pith` command: runs compiler.wasm under node:wasi to check and build
// Pith programs, and runs the built program with this process's stdin,
// stdout, stderr and exit code.
import { chmodSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { basename, resolve } from "node:path";
import { functionPlaces } from "../../lang/runtime/host/functionPlaces";
import { loadCompilerModule } from "../compiler/compilerModule";
import { runWasiNode } from "../compiler/wasiNode";
import type { NodeHostOptions } from "../programHost/nodeDevices";
import { runProgram } from "../programHost/runProgram";
import { buildNative } from "../toolchain/buildNative";
import { missingTools } from "../toolchain/detect";
import { TARGETS } from "../toolchain/targets";
import { explain } from "./explain";
import { debugCommand } from "./pithDebug";
import { importedModules } from "./programFolder";

const HELP = `usage: pith <command> [options]

commands:
  build <file.pith> [-O0|-O1|-O2|-O3|-Os] [--emit wasm|ir|ll] [--leak-check] -o <out>
                          compile to a wasm32-wasi module (or IR / LLVM IR text)
  build <file.pith> --target <id> [-O0|-O1|-O2|-O3|-Os|-Oz] -o <out>
                          build a native executable (see 'pith targets')
  targets                 list the build targets and whether this host can build them
  run [--frames DIR] [--max-frames N] [--audio FILE] <file.pith> [args]
                          compile and run the program (stdin/stdout/stderr and exit code pass through);
                          std.canvas frames go to DIR as PNG files (else nowhere), should_close()
                          turns true after N frames, std.audio goes to FILE as WAV (else nowhere)
  run [options] <out.wasm> [args]
                          run a module that 'pith build' made, as it is
  check <file.pith> [--json]
                          report diagnostics only (--json: each with its code, e.g. E0116)
  explain [CODE]          what a diagnostic code means and how to fix it; without a code, list them
  fmt [--check] [--write] <file.pith>
                          print the file in canonical layout; --check exits 1 if it
                          would change, --write rewrites the file in place
  query <file.pith> <what> [--at LINE:COL] [--name NEW]
                          answer an editor question as JSON (what: complete, signature,
                          hover, definition, references, rename, symbols; see 'pith query --help')
  debug <file.pith> --break LINE[:COND] ... [--stdin FILE] [--max-stops N]
                          run with breakpoints; print each stop (line, call stack, locals) as JSON
  version                 print the compiler version
  --help                  show this help

exit codes: 0 ok, 1 compile errors, 2 usage, 70 internal compiler error;
'run' exits with the program's own status (101 after a panic or a stack overflow).
`;

interface CompileResult {
  exitCode: number;
  stdout: Uint8Array;
  stderr: Uint8Array;
  output?: Uint8Array;
}

/**
 * Runs compiler.wasm with the source file mapped into its working directory,
 * beside the files of its folder that it imports (what `import util` reads).
 */
async function compile(args: string[], file: string | undefined, output: string | undefined): Promise<CompileResult> {
  const module = await loadCompilerModule();
  const mapped = args.slice();
  let files: Record<string, Uint8Array> = {};
  if (file !== undefined) {
    const name = basename(file);
    files = { ...importedModules(file), [name]: readFileSync(file) };
    mapped[mapped.indexOf(file)] = name;
  }
  const result = await runWasiNode({ module, program: "pith", args: mapped, files });
  return { ...result, output: output === undefined ? undefined : result.files.get(output) };
}

const QUERY_HELP = `usage: pith query <file.pith> <what> [--at LINE:COL] [--name NEW]

Answers an editor question about the program from the compiler's checked
tree, as one line of JSON on stdout; the program may have errors. LINE and
COL count from 1 (COL in characters).

  complete     completion items at the position: {"items":[{label,kind,detail,doc}]}
  signature    the call around the position: {label,doc,params,active} or null
  hover        the name or expression there: {file,line,col,...,kind,signature,type,doc} or null
  definition   where the name there is declared (a std module too): [{file,line,col,end_line,end_col}]
  references   the declaration and every use of the name there: [{file,line,col,...}]
  rename       every edit renaming the name there to NEW (--name): {name,edits} or {error}
  symbols      the file's outline: [{name,kind,detail,line,col,...,children}]
`;

/** \`pith query\`: the compiler answers; this only maps the file in. */
async function query(rest: string[]): Promise<number> {
  if (rest.includes("--help") || rest.includes("-h")) {
    process.stdout.write(QUERY_HELP);
    return 0;
  }
  const file = rest.find((a) => !a.startsWith("-"));
  if (file === undefined) fail("query needs a file and a question (see 'pith query --help')");
  const r = await compile(["query", ...rest], file, undefined);
  process.stdout.write(r.stdout);
  process.stderr.write(r.stderr);
  return r.exitCode;
}

/** `pith fmt`: the compiler formats; --write puts the result back into the file. */
async function format(rest: string[]): Promise<number> {
  const write = rest.includes("--write");
  const file = rest.find((a) => !a.startsWith("-"));
  if (file === undefined) fail("fmt needs a file");
  const unknown = rest.find((a) => a.startsWith("-") && a !== "--check" && a !== "--write");
  if (unknown !== undefined) fail(`unknown fmt option '${unknown}'`);
  const r = await compile(["fmt", ...rest.filter((a) => a !== "--write")], file, undefined);
  process.stderr.write(r.stderr);
  if (r.exitCode !== 0 || rest.includes("--check")) return r.exitCode;
  if (write) writeFileSync(file, r.stdout);
  else process.stdout.write(r.stdout);
  return 0;
}

function fail(message: string): never {
  process.stderr.write(`pith: ${message}\n${HELP}`);
  process.exit(2);
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === "--help" || command === "-h" || command === "help") {
    process.stdout.write(HELP);
    return command === undefined ? 2 : 0;
  }
  if (command === "version" || command === "--version") {
    const r = await compile(["version"], undefined, undefined);
    process.stdout.write(r.stdout);
    return r.exitCode;
  }
  if (command === "check") {
    const file = rest.find((a) => !a.startsWith("-"));
    if (file === undefined) fail("check needs a file");
    const r = await compile(["check", ...rest], file, undefined);
    process.stdout.write(r.stdout);
    process.stderr.write(r.stderr);
    return r.exitCode;
  }
  if (command === "fmt") return format(rest);
  if (command === "debug") return debugCommand(rest, process.stdout, process.stderr);
  if (command === "explain") return explain(rest, process.stdout, process.stderr);
  if (command === "query") return query(rest);
  if (command === "targets") return listTargets();
  if (command === "build" && rest.includes("--target")) return buildForTarget(rest);
  if (command === "build") {
    const outIndex = rest.indexOf("-o");
    if (outIndex < 0 || outIndex + 1 >= rest.length) fail("build needs -o <out>");
    const out = rest[outIndex + 1];
    const args = rest.filter((_, i) => i !== outIndex && i !== outIndex + 1);
    const file = args.find((a, i) => !a.startsWith("-") && args[i - 1] !== "--emit");
    if (file === undefined) fail("build needs a file");
    const r = await compile(["build", ...args, "-o", "out.bin"], file, "out.bin");
    process.stdout.write(r.stdout);
    process.stderr.write(r.stderr);
    if (r.exitCode === 0 && r.output) writeFileSync(resolve(out), r.output);
    return r.exitCode;
  }
  if (command === "run") {
    const { options, file, programArgs } = parseRunArgs(rest);
    const built = await builtModule(file);
    let wasm = built;
    if (wasm === undefined) {
      const r = await compile(["build", file, "-O2", "-o", "out.wasm"], file, "out.wasm");
      process.stderr.write(r.stderr);
      if (r.exitCode !== 0 || !r.output) return r.exitCode === 0 ? 70 : r.exitCode;
      wasm = r.output;
    }
    // The program sees this shell's environment, as a native executable would.
    const env = Object.fromEntries(
      Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined),
    );
    // Where the program's functions are, for a stack overflow's report (a bare .wasm has no source).
    const functions =
      built === undefined
        ? functionPlaces(
            {
              ...Object.fromEntries(Object.entries(importedModules(file)).map(([name, text]) => [name, String(text)])),
              [basename(file)]: readFileSync(file, "utf8"),
            },
            basename(file),
          )
        : [];
    return runProgram({ wasm, file, args: programArgs, env, host: options, functions });
  }
  fail(`unknown command '${command}'`);
}

const WASM_MAGIC = [0x00, 0x61, 0x73, 0x6d];
const RUNNABLE = "pith run takes a .pith source file or a module that 'pith build file.pith -o out.wasm' made";

/**
 * `pith run out.wasm`: a module `pith build` made runs as it is; any other
 * wasm file, or a .wasm name that holds no module, is one clear error rather
 * than the binary parsed as source. Undefined for a source file.
 */
async function builtModule(file: string): Promise<Uint8Array | undefined> {
  if (!statSync(file, { throwIfNoEntry: false })?.isFile()) runError(`there is no file ${file}`);
  const bytes = readFileSync(file);
  const isWasm = WASM_MAGIC.every((b, i) => bytes[i] === b);
  if (!isWasm) {
    if (file.endsWith(".wasm")) runError(`${file} is not a WebAssembly module; ${RUNNABLE}`);
    return undefined;
  }
  const module = await WebAssembly.compile(bytes).catch((error: Error) =>
    runError(`${file} is not a valid WebAssembly module (${error.message}); ${RUNNABLE}`),
  );
  const exports = WebAssembly.Module.exports(module).map((e) => e.name);
  if (!exports.includes("_start") || !exports.includes("memory"))
    runError(`${file} has no _start and memory exports, so it is not a program 'pith build' made; ${RUNNABLE}`);
  return bytes;
}

/** A run that cannot start: one line, exit 2 (a usage error, nothing ran). */
function runError(message: string): never {
  process.stderr.write(`pith: ${message}\n`);
  process.exit(2);
}

/** `run`'s own options come before the file; everything after it is the program's. */
function parseRunArgs(rest: string[]): { options: NodeHostOptions; file: string; programArgs: string[] } {
  const options: NodeHostOptions = {};
  let i = 0;
  for (; i < rest.length && rest[i].startsWith("--"); i += 2) {
    const flag = rest[i];
    const value = rest[i + 1];
    if (value === undefined) fail(`${flag} needs a value`);
    if (flag === "--frames") options.framesDir = resolve(value);
    else if (flag === "--audio") options.audioFile = resolve(value);
    else if (flag === "--max-frames") {
      if (!/^\d+$/.test(value)) fail(`--max-frames needs a whole number, got '${value}'`);
      options.maxFrames = Number(value);
    } else fail(`unknown option '${flag}' for run`);
  }
  const file = rest[i];
  if (file === undefined) fail("run needs a file");
  return { options, file, programArgs: rest.slice(i + 1) };
}

function listTargets(): number {
  const missing = missingTools();
  for (const t of TARGETS) {
    const ready = missing[t.id].length === 0 ? "ready" : `missing ${missing[t.id].join(", ")}`;
    process.stdout.write(`${t.id.padEnd(20)} ${t.label.padEnd(30)} ${ready}\n`);
  }
  return 0;
}

/** `build <file> --target <id> [-O..] -o <out>`: compiler.wasm, then clang-19/lld-19. */
async function buildForTarget(args: string[]): Promise<number> {
  const flagValue = (flag: string) => {
    const at = args.indexOf(flag);
    if (at >= 0 && at + 1 >= args.length) fail(`${flag} needs a value`);
    return at >= 0 ? args[at + 1] : undefined;
  };
  const target = flagValue("--target") as string;
  const out = flagValue("-o");
  if (out === undefined) fail("build needs -o <out>");
  const flagValues = new Set([target, out]);
  const opt = args.find((a) => /^-O/.test(a)) ?? "-O2";
  const file = args.find((a) => !a.startsWith("-") && !flagValues.has(a));
  if (file === undefined) fail("build needs a file");
  if (target === "wasm")
    return main(["build", ...args.filter((a, i) => a !== "--target" && args[i - 1] !== "--target")]);
  const build = await buildNative({
    source: readFileSync(file, "utf8"),
    filename: basename(file),
    files: Object.fromEntries(Object.entries(importedModules(file)).map(([n, b]) => [n, b.toString("utf8")])),
    target,
    opt,
  });
  for (const e of build.errors) {
    // Each error names its own file: an imported module's, or the entry's.
    process.stderr.write(e.line > 0 ? `${e.file}:${e.line}:${e.col}: error: ${e.message}\n` : `error: ${e.message}\n`);
  }
  if (build.status !== "ok" || !build.binary) {
    if (build.failure === "toolchain_error" || build.failure === "timeout") process.stderr.write(`${build.logs}\n`);
    return build.failure === "invalid_request" ? 2 : 1;
  }
  writeFileSync(resolve(out), build.binary, { mode: 0o755 });
  // writeFile's mode applies only to a new file: rebuilding over an earlier
  // output (or any existing file) must still leave an executable behind.
  chmodSync(resolve(out), 0o755);
  process.stderr.write(`built ${out} for ${target} in ${Math.round(build.elapsedMs)} ms\n`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: Error) => {
    process.stderr.write(`pith: ${error.message}\n`);
    process.exitCode = 70;
  },
);
