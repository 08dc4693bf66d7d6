import { checkProgram } from "./check/checker";
import { Program } from "./check/program";
import { Diagnostics } from "./diagnostics";
import { EMBEDDED_NAMES, EMBEDDED_SOURCES } from "./generated/stdlib";
import { DK, ImportDecl, Module } from "./syntax/ast";
import { parse } from "./syntax/parser";
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
 * Parses the user's file, the runtime, the prelude and every imported
 * standard module, then type-checks them together.
 */
export function analyze(fileName: string, bytes: Uint8Array, diags: Diagnostics): Program {
  const program = new Program(diags);
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
  for (let m = 0; m < program.modules.length; m++) {
    const decls = program.modules[m].module.decls;
    for (let i = 0; i < decls.length; i++) {
      if (decls[i].kind != DK.Import) continue;
      const path = (decls[i] as ImportDecl).path;
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
