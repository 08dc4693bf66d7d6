// Locates and compiles wasm/build/compiler.wasm once per process.
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";

export const COMPILER_WASM_PATH = fileURLToPath(new URL("../../wasm/build/compiler.wasm", import.meta.url));

let compiled: Promise<WebAssembly.Module> | undefined;

/** The compiled compiler module; rejects with a clear message when it has not been built. */
export function loadCompilerModule(): Promise<WebAssembly.Module> {
  compiled ??= readFile(COMPILER_WASM_PATH).then(
    (bytes) => WebAssembly.compile(bytes),
    (error: NodeJS.ErrnoException) => {
      compiled = undefined;
      throw new Error(
        error.code === "ENOENT"
          ? `compiler.wasm is missing at ${COMPILER_WASM_PATH}: run \`npm run build:wasm\``
          : `cannot read compiler.wasm: ${error.message}`,
      );
    },
  );
  return compiled;
}
