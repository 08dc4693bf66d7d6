// The compile cache in front of a counting runner: a repeated run is
// answered from memory, any difference in arguments or files is a new run,
// the byte budget evicts the least recently used, and 0 bytes turns it off.
import { describe, expect, it } from "vitest";
import type { CompilerRun, CompilerRunResult } from "../compiler/compilerRun";
import { CompileCache } from "./compileCache";

function countingRunner(outputBytes = 100) {
  const calls: CompilerRun[] = [];
  const runner = async (run: CompilerRun): Promise<CompilerRunResult> => {
    calls.push(run);
    return {
      exitCode: 0,
      stdout: new Uint8Array(),
      stderr: new Uint8Array(),
      files: new Map([["out.wasm", new Uint8Array(outputBytes).fill(calls.length)]]),
    };
  };
  return { calls, runner };
}

const run = (source: string, args = ["build", "main.pith", "-O2"]): CompilerRun => ({
  args,
  files: { "main.pith": source },
});

describe("CompileCache", () => {
  it("answers a repeated run from memory with the first result", async () => {
    const { calls, runner } = countingRunner();
    const cache = new CompileCache(1 << 20);
    const cached = cache.wrap(runner);
    const first = await cached(run("a"));
    const second = await cached(run("a"));
    expect(second).toBe(first);
    expect(calls).toHaveLength(1);
    expect({ hits: cache.hits, misses: cache.misses }).toEqual({ hits: 1, misses: 1 });
  });

  it("runs again when the source, a file name or an argument differs", async () => {
    const { calls, runner } = countingRunner();
    const cached = new CompileCache(1 << 20).wrap(runner);
    await cached(run("a"));
    await cached(run("b"));
    await cached(run("a", ["build", "main.pith", "-O0"]));
    await cached({ args: ["build", "main.pith", "-O2"], files: { "other.pith": "a" } });
    expect(calls).toHaveLength(4);
  });

  it("evicts the least recently used results past its byte budget", async () => {
    const { calls, runner } = countingRunner(1000);
    const cache = new CompileCache(6000);
    const cached = cache.wrap(runner);
    for (const source of ["a", "b", "c", "d"]) await cached(run(source));
    await cached(run("a")); // a becomes the most recent
    await cached(run("e")); // over budget: b, the least recent, goes
    expect(cache.bytes).toBeLessThanOrEqual(6000);
    const before = calls.length;
    await cached(run("a"));
    expect(calls.length).toBe(before);
    await cached(run("b"));
    expect(calls.length).toBe(before + 1);
  });

  it("passes every run through when its budget is 0", async () => {
    const { calls, runner } = countingRunner();
    const cached = new CompileCache(0).wrap(runner);
    await cached(run("a"));
    await cached(run("a"));
    expect(calls).toHaveLength(2);
  });
});
