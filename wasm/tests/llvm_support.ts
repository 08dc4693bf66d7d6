// Helpers for the LLVM backend's tests: compile a Pith program to LLVM IR
// and to wasm with compiler.wasm, run the wasm build as the reference, build
// and run the IR natively with the toolchain, and say how the two differ.
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runWasiShim } from "../../lang/runtime/wasi/wasiShim";
import { releaseMemories } from "../../lang/tests/corpus";
import { loadCompilerModule } from "../../server/compiler/compilerModule";
import { linkNative } from "../../server/toolchain/linkNative";
import { runNative } from "../../server/toolchain/runNative";

// Outputs are compared as bytes: latin1 maps each byte to one character, so
// invalid UTF-8 cannot hide a difference behind replacement characters.
const text = (bytes: Uint8Array): string => Buffer.from(bytes).toString("latin1");
const readable = (s: string): string => Buffer.from(s, "latin1").toString("utf8");
const utf8 = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

export interface RunOutcome {
  stdout: string;
  stderr: string;
  exit: number | null;
}

export interface Reference {
  /** The program's LLVM IR, or null with the compiler's complaint in `error`. */
  ll: string | null;
  /** What the wasm build printed and returned (null when it did not build or trapped). */
  wasm: RunOutcome | null;
  error: string;
}

/** The IR and the wasm run of a reference that built and ran; throws with its `error` otherwise. */
export function builtReference(ref: Reference): { ll: string; wasm: RunOutcome } {
  if (ref.ll === null || ref.wasm === null) throw new Error(ref.error || "the reference did not build");
  return { ll: ref.ll, wasm: ref.wasm };
}

async function compile(args: string[], name: string, source: string, output: string) {
  const compiler = await loadCompilerModule();
  // The JS shim, not node:wasi: Node 20's node:wasi corrupts its own heap
  // after many runs in one process, and this suite runs hundreds. The
  // conformance suite already proves both hosts give identical results.
  const run = await runWasiShim({ module: compiler, program: "pith", args, files: { [name]: source } });
  releaseMemories();
  return { exitCode: run.exitCode, stderr: utf8(run.stderr), file: run.files.get(output) };
}

/** `build --emit ll` on a source text (the compiler's own passes at `opt`). */
export async function emitLl(
  source: string,
  name = "main.pith",
  opt = "-O2",
  extra: string[] = [],
): Promise<{ ll: string | null; stderr: string }> {
  const r = await compile(["build", name, opt, "--emit", "ll", ...extra, "-o", "out.ll"], name, source, "out.ll");
  return { ll: r.exitCode === 0 && r.file ? utf8(r.file) : null, stderr: r.stderr };
}

/** The program's IR and its wasm run: what every native build is compared with. */
export async function reference(
  source: string,
  name: string,
  stdin: string,
  env: Record<string, string> = {},
): Promise<Reference> {
  const emitted = await emitLl(source, name);
  if (emitted.ll === null) return { ll: null, wasm: null, error: `build --emit ll failed:\n${emitted.stderr}` };
  const built = await compile(["build", name, "-O2", "-o", "out.wasm"], name, source, "out.wasm");
  if (built.exitCode !== 0 || !built.file) {
    return { ll: emitted.ll, wasm: null, error: `the wasm build failed:\n${built.stderr}` };
  }
  try {
    // The shim types its files as Uint8Array<ArrayBufferLike>; its in-memory
    // files are plain ArrayBuffers, which WebAssembly.compile requires.
    const module = await WebAssembly.compile(built.file as Uint8Array<ArrayBuffer>);
    const run = await runWasiShim({ module, program: name, args: [], stdin, env });
    releaseMemories();
    return {
      ll: emitted.ll,
      wasm: { stdout: text(run.stdout), stderr: text(run.stderr), exit: run.exitCode },
      error: "",
    };
  } catch (error) {
    return { ll: emitted.ll, wasm: null, error: `the wasm build did not run: ${(error as Error).message}` };
  }
}

function execTool(command: string, args: string[]): Promise<string> {
  return new Promise((resolve) => {
    execFile(command, args, { timeout: 30_000 }, (error, _stdout, stderr) => {
      resolve(error ? `${command} failed: ${stderr || error.message}` : "");
    });
  });
}

/** llvm-as-19 and opt-19's verifier on the text; "" when both accept it. */
export async function verifyLl(ll: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "pith-ll-"));
  try {
    const file = join(dir, "program.ll");
    await writeFile(file, ll);
    const asm = await execTool("llvm-as-19", [file, "-o", join(dir, "program.bc")]);
    if (asm) return asm;
    return await execTool("opt-19", ["-passes=verify", "-disable-output", file]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Builds the IR for a target, runs it, and lists every difference from the wasm run (empty: identical). */
export async function nativeDifferences(
  ll: string,
  wasm: RunOutcome,
  target: string,
  opt: string,
  name: string,
  stdin: string,
  env?: Record<string, string>,
): Promise<string[]> {
  const built = await linkNative({ ll, target, opt, filename: name, sandbox: false, timeoutMs: 60_000 });
  if (built.status !== "ok" || !built.binary)
    return [`${target} ${opt}: build failed (${built.failure}): ${built.errors.join("\n")}`];
  const run = await runNative(built.binary, target, { stdin, env, timeoutMs: 60_000 });
  if (run.timedOut) return [`${target} ${opt}: timed out`];
  const got: RunOutcome = { stdout: text(run.stdout), stderr: text(run.stderr), exit: run.exitCode };
  const problems: string[] = [];
  for (const key of ["stdout", "stderr", "exit"] as const) {
    if (got[key] !== wasm[key]) {
      const show = (v: string | number | null) => (typeof v === "string" ? readable(v) : String(v));
      problems.push(`${target} ${opt}: ${key} differs\n--- wasm\n${show(wasm[key])}\n--- native\n${show(got[key])}`);
    }
  }
  return problems;
}

/** Runs tasks with at most `limit` in flight: builds and emulators are separate processes. */
export class Limiter {
  private active = 0;
  private waiting: (() => void)[] = [];
  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    while (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
    try {
      return await task();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}
