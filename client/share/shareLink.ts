// A share link carries the program itself, compressed into the URL fragment:
// it works offline and nothing is stored anywhere. `#code=<lz-string>`, with
// `&stdin=` when the program has prepared input.
import { compressToEncodedURIComponent, decompressFromEncodedURIComponent } from "lz-string";

export interface SharedProgram {
  source: string;
  stdin?: string;
}

export function shareFragment(program: SharedProgram): string {
  const parts = [`code=${compressToEncodedURIComponent(program.source)}`];
  if (program.stdin) parts.push(`stdin=${compressToEncodedURIComponent(program.stdin)}`);
  return `#${parts.join("&")}`;
}

/** The program in a fragment, or undefined when the fragment holds none (or is damaged). */
export function readShareFragment(hash: string): SharedProgram | undefined {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const code = params.get("code");
  if (!code) return undefined;
  // URLSearchParams turns "+" into " "; lz-string's URI alphabet uses "+".
  const source = decompressFromEncodedURIComponent(code.replaceAll(" ", "+"));
  if (source === null || source === "") return undefined;
  const stdinParam = params.get("stdin");
  const stdin = stdinParam
    ? (decompressFromEncodedURIComponent(stdinParam.replaceAll(" ", "+")) ?? undefined)
    : undefined;
  return { source, stdin: stdin || undefined };
}

/** The short-link id in a fragment (`#s=<id>`), if any. */
export function readShortId(hash: string): string | undefined {
  const id = new URLSearchParams(hash.replace(/^#/, "")).get("s");
  return id && /^[0-9a-f]{16}$/.test(id) ? id : undefined;
}

/** Stores the program on the server (POST /share); the short link is `/#s=<id>`. */
export async function storeShortLink(
  program: SharedProgram,
): Promise<{ ok: true; id: string } | { ok: false; message: string }> {
  try {
    const response = await fetch("/share", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(program),
    });
    const body = (await response.json()) as { id?: string; detail?: string };
    if (!response.ok || !body.id)
      return { ok: false, message: body.detail ?? `the server answered ${response.status}` };
    return { ok: true, id: body.id };
  } catch {
    return { ok: false, message: "the server is unreachable; the long link above works offline" };
  }
}

/** The program behind a short id, fetched from the server. */
export async function fetchShortLink(id: string): Promise<SharedProgram | undefined> {
  try {
    const response = await fetch(`/share/${id}`);
    return response.ok ? ((await response.json()) as SharedProgram) : undefined;
  } catch {
    return undefined;
  }
}
