// A share link carries the workspace itself, compressed into the URL
// fragment: it works offline and nothing is stored anywhere. A one-file
// program keeps the first form links had (`#code=<lz>&stdin=<lz>`), which
// older pages read too; a workspace of several files, or one with an
// optimisation level or breakpoints, travels as `#w=<lz of its JSON>`. Short links
// (`#s=<id>`) store the same JSON on the server (POST /share).
import { compressToEncodedURIComponent, decompressFromEncodedURIComponent } from "lz-string";
import { compilerOpt, isOptLevel } from "../../protocol/optLevels";
import type { SharedWorkspace } from "../../server/share/schemas";
import { checkedBreakpoints } from "../debugger/breakpoints";

export type { SharedWorkspace };

const unpack = (param: string | null) =>
  // URLSearchParams turns "+" into " "; lz-string's URI alphabet uses "+".
  param ? decompressFromEncodedURIComponent(param.replaceAll(" ", "+")) : null;

export function shareFragment(workspace: SharedWorkspace): string {
  if (workspace.files === undefined && workspace.opt === undefined && workspace.breakpoints === undefined) {
    const parts = [`code=${compressToEncodedURIComponent(workspace.source)}`];
    if (workspace.stdin) parts.push(`stdin=${compressToEncodedURIComponent(workspace.stdin)}`);
    return `#${parts.join("&")}`;
  }
  return `#w=${compressToEncodedURIComponent(JSON.stringify(workspace))}`;
}

/** A workspace read from a link or the server, checked: anything malformed reads as none. */
export function checkedWorkspace(value: unknown): SharedWorkspace | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const w = value as Partial<SharedWorkspace>;
  if (typeof w.source !== "string" || w.source === "") return undefined;
  if (w.stdin !== undefined && typeof w.stdin !== "string") return undefined;
  if (w.files !== undefined) {
    if (!Array.isArray(w.files) || w.files.length === 0) return undefined;
    if (!w.files.every((f) => typeof f?.name === "string" && typeof f?.source === "string")) return undefined;
    const entry = w.entry ?? w.files[0].name;
    if (!w.files.some((f) => f.name === entry)) return undefined;
  }
  return {
    source: w.source,
    stdin: w.stdin || undefined,
    files: w.files,
    entry: w.files ? (w.entry ?? w.files[0].name) : undefined,
    // Any level the server stores opens at the level the compiler takes
    // (-Oz as -Os); an unknown one is dropped: the program still opens.
    opt: isOptLevel(w.opt) ? compilerOpt(w.opt) : undefined,
    // Damaged breakpoints are dropped; the program still opens.
    breakpoints: checkedBreakpoints(w.breakpoints),
  };
}

/** The workspace in a fragment, or undefined when the fragment holds none (or is damaged). */
export function readShareFragment(hash: string): SharedWorkspace | undefined {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const packed = unpack(params.get("w"));
  if (packed) {
    try {
      return checkedWorkspace(JSON.parse(packed));
    } catch {
      return undefined;
    }
  }
  const source = unpack(params.get("code"));
  if (source === null || source === "") return undefined;
  return { source, stdin: unpack(params.get("stdin")) || undefined };
}

/** The short-link id in a fragment (`#s=<id>`), if any. */
export function readShortId(hash: string): string | undefined {
  const id = new URLSearchParams(hash.replace(/^#/, "")).get("s");
  return id && /^[0-9a-f]{32}$/.test(id) ? id : undefined;
}

/** Whether the fragment names a shared workspace at all (long or short). */
export const holdsShare = (hash: string) => readShortId(hash) !== undefined || readShareFragment(hash) !== undefined;

/** Stores the workspace on the server (POST /share); the short link is `/#s=<id>`. */
export async function storeShortLink(
  workspace: SharedWorkspace,
): Promise<{ ok: true; id: string } | { ok: false; message: string }> {
  try {
    const response = await fetch("/share", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(workspace),
    });
    const body = (await response.json()) as { id?: string; detail?: string };
    if (!response.ok || !body.id)
      return { ok: false, message: body.detail ?? `the server answered ${response.status}` };
    return { ok: true, id: body.id };
  } catch {
    return { ok: false, message: "the server is unreachable; the long link above works offline" };
  }
}

/** The workspace behind a short id, fetched from the server. */
export async function fetchShortLink(id: string): Promise<SharedWorkspace | undefined> {
  try {
    const response = await fetch(`/share/${id}`);
    return response.ok ? checkedWorkspace(await response.json()) : undefined;
  } catch {
    return undefined;
  }
}
