// Builds wasm/build/compiler.wasm with the AssemblyScript compiler.
// Skips the build when the output is newer than every source it depends on.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const wasmDir = join(root, "wasm");
const output = join(wasmDir, "build", "compiler.wasm");
const inputs = [join(wasmDir, "src"), join(wasmDir, "asconfig.json"), join(root, "lang", "stdlib")];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

execFileSync(process.execPath, ["--import", "tsx", join(wasmDir, "embed-stdlib.ts")], { stdio: "inherit" });
const force = process.argv.includes("--force");
if (!force && existsSync(output) && statSync(output).mtimeMs >= Math.max(...inputs.map(newestMtime))) {
  console.log("compiler.wasm is up to date");
} else {
  const started = performance.now();
  execFileSync(join(root, "node_modules", ".bin", "asc"), ["--config", "asconfig.json", "--target", "release"], {
    cwd: wasmDir,
    stdio: "inherit",
  });
  const bytes = statSync(output).size;
  console.log(`built compiler.wasm (${bytes} bytes) in ${Math.round(performance.now() - started)} ms`);
}
