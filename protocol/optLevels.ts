// The optimisation levels, in one home for the server, the MCP tools, share
// links and the playground. Native builds take every clang level; the Pith
// compiler has no -Oz, so a build or a link asking for it compiles as -Os.
// A list restated elsewhere drifted once: the server stored links with -Oz
// that the playground then refused to open.

export const OPT_LEVELS = ["-O0", "-O1", "-O2", "-O3", "-Os", "-Oz"] as const;
export type OptLevel = (typeof OPT_LEVELS)[number];

/** The levels compiler.wasm itself takes (the playground's menu). */
export const COMPILER_OPT_LEVELS = ["-O0", "-O1", "-O2", "-O3", "-Os"] as const;
export type CompilerOptLevel = (typeof COMPILER_OPT_LEVELS)[number];

export function isOptLevel(value: unknown): value is OptLevel {
  return typeof value === "string" && (OPT_LEVELS as readonly string[]).includes(value);
}

/** The compiler's level for a build or link level: -Oz has no compiler equivalent and compiles as -Os. */
export function compilerOpt(level: OptLevel): CompilerOptLevel {
  return level === "-Oz" ? "-Os" : level;
}
