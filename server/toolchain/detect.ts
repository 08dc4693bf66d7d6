// Finds which native toolchains this host has, so /health and the build
// routes can say exactly what is missing instead of failing mid-build.
import { accessSync, constants } from "node:fs";
import { delimiter, isAbsolute, join } from "node:path";
import { TARGETS } from "./targets";

function hasTool(tool: string): boolean {
  const candidates = isAbsolute(tool)
    ? [tool]
    : (process.env.PATH ?? "")
        .split(delimiter)
        .filter(Boolean)
        .map((dir) => join(dir, tool));
  return candidates.some((path) => {
    try {
      accessSync(path, isAbsolute(tool) ? constants.R_OK : constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** Tools each target lacks on this host (an empty list means it can build). */
export function missingTools(): Record<string, string[]> {
  const cache = new Map<string, boolean>();
  const has = (tool: string) => {
    if (!cache.has(tool)) cache.set(tool, hasTool(tool));
    return cache.get(tool) as boolean;
  };
  return Object.fromEntries(TARGETS.map((t) => [t.id, t.tools.filter((tool) => !has(tool))]));
}

/** Tools one target lacks; unknown targets need nothing we could name. */
export function missingToolsFor(targetId: string): string[] {
  const target = TARGETS.find((t) => t.id === targetId);
  return target ? target.tools.filter((tool) => !hasTool(tool)) : [];
}
