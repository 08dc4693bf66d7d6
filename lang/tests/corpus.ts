// The conformance corpus: discovery of lang/tests and lang/examples, and the
// check of one program against its expected results. The format is described
// in lang/tests/README.md; conformance.test.ts turns each case into a test.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { diagnosticCode } from "../../protocol/diagnostics/codes";
import { type CompilerDiagnostic, parseCompilerDiagnostics } from "../../protocol/diagnostics/compilerDiagnostic";
import { loadCompilerModule } from "../../server/compiler/compilerModule";
import { runWasiNode } from "../../server/compiler/wasiNode";
import { runWasiShim } from "../runtime/wasi/wasiShim";

export const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));
const CORPUS_DIRS = ["lang/tests", "lang/examples"];
export const PENDING_FILE = "lang/tests/pending.txt";

export interface ExpectedDiagnostic {
  line: number;
  col: number;
  message: string;
}

export interface CorpusCase {
  /** Repository-relative path of the .pith file, e.g. lang/tests/ints/bitwise.pith. */
  path: string;
  /** Folder under lang/tests (or "examples"), for grouping. */
  category: string;
  source: string;
  stdin: string;
  /** The environment variables the program runs with (`<name>.env`, NAME=value lines). */
  env: Record<string, string>;
  /** Present for positive programs. */
  expected?: { stdout: string; stderr: string; exit: number };
  /** Present for negative programs (a .diag file). */
  diagnostics?: ExpectedDiagnostic[];
}

export interface Outcome {
  problems: string[];
}

function readOptional(path: string, fallback: string): string {
  return existsSync(path) ? readFileSync(path, "utf8") : fallback;
}

// A folder of this name holds programs of several files (an entry and the
// files it imports), which one file per program cannot express; the test
// beside it builds each entry with its imports.
const MULTI_FILE_DIR = "multi_file";

function walk(dir: string, out: string[]): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory() && entry.name === MULTI_FILE_DIR) continue;
    if (entry.isDirectory()) walk(full, out);
    else if (entry.name.endsWith(".pith")) out.push(full);
  }
}

export function parseDiag(text: string, path: string): ExpectedDiagnostic[] {
  const list: ExpectedDiagnostic[] = [];
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) continue;
    const m = /^(\d+):(\d+): (.+)$/.exec(line);
    if (!m) throw new Error(`${path}: bad expected diagnostic line '${line}' (want '<line>:<col>: <message>')`);
    list.push({ line: Number(m[1]), col: Number(m[2]), message: m[3] });
  }
  if (list.length === 0) throw new Error(`${path}: a .diag file must list at least one diagnostic`);
  return list;
}

/**
 * Whether a program imports a host module (std.canvas, std.audio, std.http):
 * such programs run only where a host provides them, so the plain corpus and
 * stdout checks skip them (their tests: server/programHost, e2e/host-modules).
 */
export function importsHostModule(source: string): boolean {
  return /^import std\.(canvas|audio|http)\b/m.test(source);
}

/** A `.env` file: one NAME=value per line (the value may be empty or contain '='). */
export function parseEnv(text: string, path: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const eq = line.indexOf("=");
    if (eq <= 0) throw new Error(`${path}: bad environment line '${line}' (want 'NAME=value')`);
    env[line.slice(0, eq)] = line.slice(eq + 1);
  }
  return env;
}

/** Every program of the corpus, sorted by path. */
export function discover(): CorpusCase[] {
  const files: string[] = [];
  for (const dir of CORPUS_DIRS) if (existsSync(join(REPO_ROOT, dir))) walk(join(REPO_ROOT, dir), files);
  files.sort();
  const plain = files.filter((full) => !importsHostModule(readFileSync(full, "utf8")));
  return plain.map((full) => {
    const stem = full.slice(0, -".pith".length);
    const path = relative(REPO_ROOT, full).split("\\").join("/");
    const parts = path.split("/");
    const category = parts[1] === "examples" ? "examples" : parts.slice(2, -1).join("/") || "tests";
    const c: CorpusCase = {
      path,
      category,
      source: readFileSync(full, "utf8"),
      stdin: readOptional(`${stem}.stdin`, ""),
      env: parseEnv(readOptional(`${stem}.env`, ""), path),
    };
    if (existsSync(`${stem}.diag`)) {
      c.diagnostics = parseDiag(readFileSync(`${stem}.diag`, "utf8"), path);
    } else {
      c.expected = {
        stdout: readOptional(`${stem}.stdout`, ""),
        stderr: readOptional(`${stem}.stderr`, ""),
        exit: Number(readOptional(`${stem}.exit`, "0").trim()),
      };
    }
    return c;
  });
}

/** Paths listed in pending.txt with their reasons ("path  # reason"). */
export function readPending(): Map<string, string> {
  const pending = new Map<string, string>();
  const text = readOptional(join(REPO_ROOT, PENDING_FILE), "");
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) continue;
    const hash = line.indexOf("#");
    const path = (hash >= 0 ? line.slice(0, hash) : line).trim();
    pending.set(path, hash >= 0 ? line.slice(hash + 1).trim() : "pending");
  }
  return pending;
}

// Each run instantiates fresh wasm memories; V8 reclaims them only on a
// full collection, which plain JS allocation rarely triggers. Hundreds of
// unreclaimed memories exhaust the address space and crash the process, so
// the corpus asks for a collection every few programs.
setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;
let runsSinceCollection = 0;
export function releaseMemories(): void {
  if (++runsSinceCollection >= 8) {
    runsSinceCollection = 0;
    collectGarbage();
  }
}

const decoder = new TextDecoder();
const text = (bytes: Uint8Array): string => decoder.decode(bytes);

async function runCompiler(args: string[], name: string, source: string) {
  const compiler = await loadCompilerModule();
  try {
    // The compiler runs on the JS shim: Node 20's node:wasi corrupts its heap
    // after many hundreds of instances in one process, and the comparison
    // between hosts that matters is the one of the compiled programs below.
    return await runWasiShim({ module: compiler, program: "pith", args, files: { [name]: source } });
  } catch (error) {
    throw new Error(`compiler.wasm trapped on ${name}: ${(error as Error).message}`);
  }
}

function describeDiagnostics(list: CompilerDiagnostic[]): string {
  return list.map((d) => `  ${d.line}:${d.col}: ${d.severity}[${d.code}]: ${d.message}`).join("\n");
}

/** Compiles a positive program, runs it on both WASI hosts and compares with the expectation. */
export async function checkPositive(c: CorpusCase, expected: NonNullable<CorpusCase["expected"]>): Promise<Outcome> {
  const problems: string[] = [];
  const name = basename(c.path);
  const build = await runCompiler(["build", name, "-O2", "--leak-check", "-o", "out.wasm"], name, c.source);
  const wasm = build.files.get("out.wasm");
  if (build.exitCode !== 0 || !wasm) {
    problems.push(`compile failed with exit ${build.exitCode}:\n${text(build.stderr)}${text(build.stdout)}`);
    return { problems };
  }
  let module: WebAssembly.Module;
  try {
    module = await WebAssembly.compile(wasm as Uint8Array<ArrayBuffer>);
  } catch (error) {
    problems.push(`the compiler wrote an invalid module: ${(error as Error).message}`);
    return { problems };
  }
  const hosts = {
    "node:wasi": () => runWasiNode({ module, program: name, args: [], stdin: c.stdin, env: c.env }),
    browser_wasi_shim: () => runWasiShim({ module, program: name, args: [], stdin: c.stdin, env: c.env }),
  };
  for (const [host, start] of Object.entries(hosts)) {
    let run: Awaited<ReturnType<typeof start>>;
    try {
      run = await start();
    } catch (error) {
      problems.push(`${host}: the program trapped: ${(error as Error).message}`);
      continue;
    }
    const got = { stdout: text(run.stdout), stderr: text(run.stderr), exit: run.exitCode };
    for (const key of ["stdout", "stderr", "exit"] as const) {
      if (got[key] !== expected[key]) {
        problems.push(`${host}: ${key} differs\n--- expected\n${String(expected[key])}\n--- got\n${String(got[key])}`);
      }
    }
    const live = (run.instance.exports as Record<string, unknown>).__pith_live_allocations;
    if (typeof live === "function" && run.exitCode !== 101) {
      const count = Number((live as () => number | bigint)());
      if (count !== 0) problems.push(`${host}: ${count} allocations still live at exit`);
    }
  }
  return { problems };
}

/** Checks a negative program: `check --json` exits 1 and reports every expected diagnostic. */
export async function checkNegative(c: CorpusCase, diagnostics: ExpectedDiagnostic[]): Promise<Outcome> {
  const problems: string[] = [];
  const name = basename(c.path);
  const run = await runCompiler(["check", name, "--json"], name, c.source);
  if (run.exitCode !== 1) problems.push(`check exited ${run.exitCode}, expected 1`);
  const parsed = parseCompilerDiagnostics(text(run.stdout));
  if (!parsed.ok) {
    problems.push(`check --json printed no diagnostics (${parsed.problem}):\n${text(run.stdout)}${text(run.stderr)}`);
    return { problems };
  }
  const list = parsed.diagnostics;
  // Every diagnostic names a code of the table: tools key on it.
  for (const d of list) {
    if (!diagnosticCode(d.code)) problems.push(`${d.line}:${d.col}: '${d.code}' is not in the diagnostic-code table`);
  }
  for (const want of diagnostics) {
    const hit = list.find(
      (d) => d.severity === "error" && d.line === want.line && d.col === want.col && d.message.includes(want.message),
    );
    if (!hit) {
      problems.push(`missing ${want.line}:${want.col}: ${want.message}\nreported:\n${describeDiagnostics(list)}`);
    }
  }
  return { problems };
}

export async function checkCase(c: CorpusCase): Promise<Outcome> {
  try {
    if (c.diagnostics) return await checkNegative(c, c.diagnostics);
    if (c.expected) return await checkPositive(c, c.expected);
    return { problems: [`${c.path}: neither expected output nor diagnostics`] };
  } finally {
    releaseMemories();
  }
}
