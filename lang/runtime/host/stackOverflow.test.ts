// The stack overflow report from a real overflow: programs compiled by the
// real compiler.wasm, run by V8 until they exhaust the stack, and the
// engine's own stack trace read for the deepest of the program's functions.
import { describe, expect, it } from "vitest";
import { runCompilerInProcess } from "../../../server/compiler/compilerRun";
import { functionPlaces } from "./functionPlaces";
import { deepestUserFrame, isStackOverflow, stackOverflowReport } from "./stackOverflow";

/** Compiles the files (main.pith first) and runs the module until it throws; returns what it threw. */
async function overflow(files: Record<string, string>): Promise<unknown> {
  const built = await runCompilerInProcess({ args: ["build", "main.pith", "-O0", "-o", "main.wasm"], files });
  const wasm = built.files.get("main.wasm");
  if (!wasm) throw new Error(`not compiled: ${new TextDecoder().decode(built.stdout)}`);
  const module = await WebAssembly.compile(wasm as Uint8Array<ArrayBuffer>);
  // The program below overflows before it prints or exits: the imports are never called.
  const imports = Object.fromEntries(
    WebAssembly.Module.imports(module).map((i) => [i.module, {}] as const),
  ) as WebAssembly.Imports;
  for (const i of WebAssembly.Module.imports(module))
    (imports[i.module] as Record<string, unknown>)[i.name] = () => {
      throw new Error(`${i.name} was called`);
    };
  const instance = await WebAssembly.instantiate(module, imports);
  const previous = Error.stackTraceLimit;
  Error.stackTraceLimit = 64;
  try {
    (instance.exports._start as () => void)();
    return undefined;
  } catch (error) {
    return error;
  } finally {
    Error.stackTraceLimit = previous;
  }
}

const MAIN = 'fn down(n: i64) -> i64 {\n    down(n + 1) + 1\n}\n\nfn main() {\n    println("{down(0)}")\n}\n';

describe("a stack overflow", () => {
  it("names the recursing function of the entry file and where it is defined", async () => {
    const error = await overflow({ "main.pith": MAIN });
    expect(isStackOverflow(error)).toBe(true);
    const places = functionPlaces({ "main.pith": MAIN }, "main.pith");
    const report = stackOverflowReport((error as Error).stack ?? "", places);
    expect(report).toMatch(/^panic: stack overflow in down at main\.pith:1:4: .*recursion/);
  });

  it("names a module's function with its own file", async () => {
    const util = "fn f(n: i64) -> i64 {\n    if n < 0 { 0 } else { f(n + 1) + 1 }\n}\n";
    const main = 'import util\n\nfn main() {\n    println("{util.f(1)}")\n}\n';
    const files = { "main.pith": main, "util.pith": util };
    const error = await overflow(files);
    expect(deepestUserFrame((error as Error).stack ?? "", functionPlaces(files, "main.pith"))).toMatchObject({
      name: "f",
      file: "util.pith",
      line: 1,
    });
  });

  it("says no place when no frame names one of the program's functions", () => {
    const report = stackOverflowReport("RangeError: Maximum call stack size exceeded\n    at x (wasm://wasm/1:1)", []);
    expect(report).toMatch(/^panic: stack overflow: the program's calls nested too deeply/);
  });

  it("is told apart from other errors", () => {
    expect(isStackOverflow(new RangeError("Maximum call stack size exceeded"))).toBe(true);
    expect(isStackOverflow(new RangeError("Invalid array length"))).toBe(false);
    expect(isStackOverflow(new Error("Maximum call stack size exceeded"))).toBe(false);
  });
});
