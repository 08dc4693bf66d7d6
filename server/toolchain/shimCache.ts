// Compiles each target's C shim once and keeps the object file, so a build
// is one clang call on the program's IR plus the link: the C front end was
// half of a hello-world build's CPU time. Objects live in a per-user folder
// named after a hash of the shim sources and recipes, so a changed shim is
// recompiled and processes (test workers, the server) share the work. The
// folder must be ours and private: a shared temp directory is writable by
// everyone, and an object planted there would be linked into every build.
import { createHash, randomBytes } from "node:crypto";
import { lstatSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { access, rename, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { RECIPES, type Recipe, shimCompileArgs } from "./recipes";
import { runProcess } from "./runProcess";

export const SHIM_DIR = fileURLToPath(new URL("../../lang/runtime/native/", import.meta.url));

const CLANG = "clang-19";
const objects = new Map<string, Promise<string>>();
let cacheDir: string | null = null;

function sourcesKey(): string {
  const hash = createHash("sha256");
  for (const file of readdirSync(SHIM_DIR).sort()) {
    if (/\.[ch]$/.test(file)) hash.update(file).update(readFileSync(join(SHIM_DIR, file)));
  }
  hash.update(JSON.stringify(RECIPES));
  return hash.digest("hex").slice(0, 16);
}

function ensureCacheDir(): string {
  if (cacheDir) return cacheDir;
  const uid = process.getuid?.() ?? 0;
  const dir = join(tmpdir(), `pith-shims-${uid}-${sourcesKey()}`);
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const info = lstatSync(dir);
  if (!info.isDirectory() || info.uid !== uid || (info.mode & 0o077) !== 0) {
    throw new Error(`refusing the shim cache ${dir}: not a private directory owned by this user`);
  }
  cacheDir = dir;
  return dir;
}

async function compile(target: string, recipe: Recipe, timeoutMs: number): Promise<string> {
  const dir = ensureCacheDir();
  const object = join(dir, `${target}.o`);
  try {
    await access(object);
    return object;
  } catch {
    // Not built yet.
  }
  // Unique partial name, then an atomic rename: concurrent processes may
  // both compile, but nobody ever links a half-written object.
  const partial = join(dir, `${target}.${process.pid}.${randomBytes(4).toString("hex")}.partial`);
  // Our own sources, not user input: compiled in place, without the sandbox.
  const result = await runProcess(CLANG, shimCompileArgs(recipe, partial), { cwd: SHIM_DIR, timeoutMs });
  if (result.exitCode !== 0) {
    await rm(partial, { force: true });
    const why = result.timedOut
      ? `timed out after ${timeoutMs} ms`
      : (result.spawnError ?? new TextDecoder().decode(result.stderr).trim());
    throw new Error(`compiling the ${target} shim (${recipe.shim}) failed: ${why}`);
  }
  await rename(partial, object);
  return object;
}

/** Path of the compiled shim object for `target`; compiled on first request. */
export function shimObject(target: string, recipe: Recipe, timeoutMs: number): Promise<string> {
  let object = objects.get(target);
  if (!object) {
    object = compile(target, recipe, timeoutMs);
    // A failure (a timeout under load) must not stick: the next build retries.
    object.catch(() => objects.delete(target));
    objects.set(target, object);
  }
  return object;
}
