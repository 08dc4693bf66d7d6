import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { COMPILER_WASM_PATH } from "../../server/compiler/compilerModule";

// Random and mutated programs must never make the compiler report an
// internal error (exit 70), trap, hang, or write an invalid module.
// PITH_FUZZ_SECONDS sets the time budget (20 s by default).
const SECONDS = Number(process.env.PITH_FUZZ_SECONDS ?? 20);
const HANG_MS = 10_000;
const ROOT = join(import.meta.dirname, "..", "..");

function corpus(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith(".pith")) out.push(readFileSync(full, "utf8"));
    }
  };
  for (const dir of ["lang/tests", "lang/examples"]) {
    try {
      walk(join(ROOT, dir));
    } catch {
      // A missing corpus folder only narrows the seeds.
    }
  }
  return out.length > 0 ? out : ["fn main() {\n    println(\"hi\")\n}\n"];
}

// A small deterministic generator so a failure can be replayed from its seed.
function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return (n: number) => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) % n;
  };
}

const TOKENS = [
  "fn", "let", "var", "if", "else", "while", "for", "in", "loop", "break", "continue", "return", "match", "struct",
  "enum", "impl", "import", "const", "self", "true", "false", "as", "{", "}", "(", ")", "[", "]", ",", ";", ":", ".",
  "..", "..=", "->", "=>", "?", "+", "-", "*", "/", "%", "&", "|", "^", "~", "!", "<<", ">>", "&&", "||", "=", "==",
  "!=", "<", "<=", ">", ">=", "+=", "|x|", "x", "y", "main", "i64", "i32", "u8", "f64", "str", "bool", "[i64]", "0",
  "1", "-1", "9223372036854775807", "1.5", "1e309", "\"s\"", "\"{x}\"", "\"\\{\"", "_", "\n", " ", "Point", "Some",
  "None", "std.math", "0x", "'", "\"unterminated", "/*", "*/", "//",
];

function mutate(src: string, next: (n: number) => number): string {
  let s = src;
  const edits = 1 + next(4);
  for (let e = 0; e < edits; e++) {
    const at = next(s.length + 1);
    switch (next(6)) {
      case 0: s = s.slice(0, at) + s.slice(at + 1 + next(20)); break;
      case 1: s = s.slice(0, at) + TOKENS[next(TOKENS.length)] + s.slice(at); break;
      case 2: { const len = next(40); s = s.slice(0, at) + s.slice(at, at + len) + s.slice(at); break; }
      case 3: s = s.slice(0, at); break;
      case 4: s = s.slice(0, at) + String.fromCharCode(next(128)) + s.slice(at + 1); break;
      default: {
        const lines = s.split("\n");
        const a = next(lines.length);
        const b = next(lines.length);
        [lines[a], lines[b]] = [lines[b], lines[a]];
        s = lines.join("\n");
      }
    }
  }
  return s;
}

function soup(next: (n: number) => number): string {
  let s = "fn main() {\n";
  const n = next(60);
  for (let i = 0; i < n; i++) s += `${TOKENS[next(TOKENS.length)]} `;
  return `${s}\n}\n`;
}

function startWorker(): Worker {
  return new Worker(join(import.meta.dirname, "fuzz_worker.mjs"), { workerData: { compilerPath: COMPILER_WASM_PATH } });
}

function stop(worker: Worker): Promise<void> {
  return new Promise((resolve) => {
    worker.once("exit", () => resolve());
    worker.postMessage(null);
  });
}

interface Result {
  check: { exit: number; trap?: string };
  build: { exit: number; trap?: string } | null;
  valid: boolean;
}

describe("compiler fuzzing", () => {
  it(`never crashes, traps, hangs or writes an invalid module (${SECONDS} s of random and mutated programs)`, async () => {
    const seeds = corpus();
    const next = rng(Number(process.env.PITH_FUZZ_SEED ?? 12345));
    let worker = startWorker();
    const failures: string[] = [];
    const deadline = Date.now() + SECONDS * 1000;
    let runs = 0;
    let accepted = 0;
    while (Date.now() < deadline && failures.length < 5) {
      const input = next(5) === 0 ? soup(next) : mutate(seeds[next(seeds.length)], next);
      if (runs > 0 && runs % 250 === 0) {
        // A fresh worker now and then releases the wasm memories of finished runs.
        // It is asked to stop rather than terminated: terminating a thread
        // that has used node:wasi can bring the whole process down.
        await stop(worker);
        worker = startWorker();
      }
      const result = await new Promise<Result | "hang">((resolve) => {
        const timer = setTimeout(() => resolve("hang"), HANG_MS);
        worker.once("message", (r: Result) => {
          clearTimeout(timer);
          resolve(r);
        });
        if (process.env.PITH_FUZZ_LOG) writeFileSync(process.env.PITH_FUZZ_LOG, input);
        worker.postMessage(input);
      });
      runs++;
      if (result === "hang") {
        failures.push(`hang on:\n${input}`);
        await worker.terminate();
        worker = startWorker();
        continue;
      }
      const { check, build, valid } = result;
      if (check.exit !== 0 && check.exit !== 1) failures.push(`check exited ${check.exit} ${check.trap ?? ""} on:\n${input}`);
      else if (build !== null && build.exit !== 0) failures.push(`build exited ${build.exit} ${build.trap ?? ""} after a clean check on:\n${input}`);
      else if (!valid) failures.push(`invalid module for:\n${input}`);
      if (check.exit === 0) accepted++;
    }
    await stop(worker);
    console.log(`fuzz: ${runs} programs in ${SECONDS} s, ${accepted} compiled, ${failures.length} failures`);
    expect(failures).toEqual([]);
  }, SECONDS * 1000 + 60_000);
});
