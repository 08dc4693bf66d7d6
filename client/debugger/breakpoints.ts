// The breakpoints of a workspace, per file name: what the gutter shows, what
// the workspace saves (so they survive a reload) and what a share link
// carries. Pure functions from one set to the next; a breakpoint read from
// storage or a link is checked, and a damaged one is dropped rather than
// breaking the program it came with.
import type { Breakpoint } from "../../lang/runtime/debug/debugEngine";

export type { Breakpoint };

/** File name → its breakpoints, in line order. Files without any are left out. */
export type FileBreakpoints = Record<string, Breakpoint[]>;

/** The most breakpoints one file keeps (the debug channel's room, see debugChannel.ts). */
export const MAX_FILE_BREAKPOINTS = 256;

/** Sets a plain breakpoint on `line`, or removes the one there. */
export function toggleBreakpoint(all: FileBreakpoints, file: string, line: number): FileBreakpoints {
  const list = all[file] ?? [];
  if (list.some((b) => b.line === line))
    return withFile(
      all,
      file,
      list.filter((b) => b.line !== line),
    );
  return withFile(all, file, [...list, { line }]);
}

/**
 * Sets (or replaces) the breakpoint on `line` with a condition and/or a
 * logpoint message; empty texts are left out, so an emptied form leaves a
 * plain breakpoint.
 */
export function editBreakpoint(
  all: FileBreakpoints,
  file: string,
  line: number,
  edit: { condition?: string; log?: string },
): FileBreakpoints {
  const next: Breakpoint = { line };
  const condition = edit.condition?.trim();
  if (condition) next.condition = condition;
  if (edit.log !== undefined && edit.log.trim() !== "") next.log = edit.log;
  return withFile(all, file, [...(all[file] ?? []).filter((b) => b.line !== line), next]);
}

/** The breakpoints of a file renamed from `from` to `to` follow it. */
export function renameBreakpoints(all: FileBreakpoints, from: string, to: string): FileBreakpoints {
  const { [from]: moved, ...rest } = all;
  return moved ? { ...rest, [to]: moved } : rest;
}

/** A closed file's breakpoints go with it, so a new file of the same name starts without them. */
export function forgetBreakpoints(all: FileBreakpoints, file: string): FileBreakpoints {
  const { [file]: _, ...rest } = all;
  return rest;
}

function withFile(all: FileBreakpoints, file: string, list: Breakpoint[]): FileBreakpoints {
  const { [file]: _, ...rest } = all;
  if (list.length === 0) return rest;
  return { ...rest, [file]: [...list].sort((a, b) => a.line - b.line).slice(0, MAX_FILE_BREAKPOINTS) };
}

/** Breakpoints read from storage or a link: well-formed ones kept, anything else dropped. */
export function checkedBreakpoints(value: unknown): FileBreakpoints | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const out: FileBreakpoints = {};
  for (const [file, list] of Object.entries(value)) {
    if (!Array.isArray(list)) continue;
    const kept: Breakpoint[] = [];
    for (const b of list as unknown[]) {
      const bp = checkedBreakpoint(b);
      if (bp && !kept.some((k) => k.line === bp.line)) kept.push(bp);
    }
    if (kept.length > 0) out[file] = kept.sort((a, b) => a.line - b.line).slice(0, MAX_FILE_BREAKPOINTS);
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

function checkedBreakpoint(value: unknown): Breakpoint | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const b = value as Partial<Breakpoint>;
  if (typeof b.line !== "number" || !Number.isInteger(b.line) || b.line < 1) return undefined;
  if (b.condition !== undefined && typeof b.condition !== "string") return undefined;
  if (b.log !== undefined && typeof b.log !== "string") return undefined;
  const out: Breakpoint = { line: b.line };
  if (b.condition) out.condition = b.condition;
  if (b.log) out.log = b.log;
  return out;
}

/** Whether a workspace has any breakpoint (a share link then carries them). */
export const anyBreakpoints = (all: FileBreakpoints | undefined): all is FileBreakpoints =>
  all !== undefined && Object.values(all).some((list) => list.length > 0);
