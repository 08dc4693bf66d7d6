import { checkProgram } from "./check/checker";
import { Program } from "./check/program";
import { Diagnostics } from "./diagnostics";
import { EMBEDDED_NAMES, EMBEDDED_SOURCES } from "./generated/stdlib";
import { DK, ImportDecl, Module } from "./syntax/ast";
import { parse } from "./syntax/parser";
import { readFile } from "./host/wasi";
import { Source } from "./source";

function embedded(name: string): string | null {
  for (let i = 0; i < EMBEDDED_NAMES.length; i++) if (EMBEDDED_NAMES[i] == name) return EMBEDDED_SOURCES[i];
  return null;
}

function parseEmbedded(name: string, diags: Diagnostics): Module | null {
  const text = embedded(name);
  if (text === null) return null;
  return parse(new Source("<" + name + ".pith>", Uint8Array.wrap(String.UTF8.encode(text))), diags);
}

/**
 * `import util`: the program's own module util.pith, read from the entry
 * file's folder and checked with it; its items are `util.name` to the
 * importer, and its diagnostics carry its own file name. Loaded once however
 * often it is imported (so modules may import each other).
 */
function loadUserModule(program: Program, dir: string, entry: string, name: string, diags: Diagnostics): void {
  if (program.userModules.has(name) || program.moduleProblems.has(name)) return;
  const file = name + ".pith";
  if (dir + file == entry) {
    program.moduleProblems.set(name, "a program cannot import its own entry file");
    return;
  }
  if (program.known.has(name)) {
    program.moduleProblems.set(name, "the standard module is imported as std." + name + " (a file of the program cannot be named " + file + ")");
    return;
  }
  const bytes = readFile(dir + file);
  if (bytes === null) {
    program.moduleProblems.set(name, "there is no file " + file + " beside " + entry + " (standard modules are imported as std.name)");
    return;
  }
  program.userModules.add(name);
  program.addModule(parse(new Source(dir + file, bytes), diags), name + ".");
}

/**
 * Parses the user's file, the runtime, the prelude, every imported
 * standard module and every file of the program it imports, then
 * type-checks them together. `unlimited` lifts the compile budget
 * (check/budget.ts), for benchmarks that measure what it saves.
 */
export function analyze(fileName: string, bytes: Uint8Array, diags: Diagnostics, unlimited: bool = false): Program {
  const program = new Program(diags);
  program.budget.unlimited = unlimited;
  for (let i = 0; i < EMBEDDED_NAMES.length; i++) {
    if (EMBEDDED_NAMES[i].startsWith("std/") && EMBEDDED_NAMES[i] != "std/prelude") program.known.add(EMBEDDED_NAMES[i].substring(4));
  }
  const user = parse(new Source(fileName, bytes), diags);
  program.addModule(user, "");
  // Every runtime file shares the "rt." namespace.
  for (let i = 0; i < EMBEDDED_NAMES.length; i++) {
    if (!EMBEDDED_NAMES[i].startsWith("runtime/")) continue;
    const rt = parseEmbedded(EMBEDDED_NAMES[i], diags);
    if (rt !== null) program.addModule(rt, "rt.");
  }
  const prelude = parseEmbedded("std/prelude", diags);
  if (prelude !== null) program.addModule(prelude, "");
  // Imported modules, transitively; each loaded once.
  const loaded = new Set<string>();
  const dir = fileName.lastIndexOf("/") >= 0 ? fileName.substring(0, fileName.lastIndexOf("/") + 1) : "";
  for (let m = 0; m < program.modules.length; m++) {
    const decls = program.modules[m].module.decls;
    for (let i = 0; i < decls.length; i++) {
      if (decls[i].kind != DK.Import) continue;
      const path = (decls[i] as ImportDecl).path;
      if (path.indexOf(".") < 0) {
        loadUserModule(program, dir, fileName, path, diags);
        continue;
      }
      if (!path.startsWith("std.")) continue;
      const name = path.substring(4);
      if (loaded.has(name) || !program.known.has(name)) continue;
      loaded.add(name);
      const mod = parseEmbedded("std/" + name, diags);
      if (mod !== null) program.addModule(mod, name + ".");
    }
  }
  checkProgram(program);
  return program;
}
