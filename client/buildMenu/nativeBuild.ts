// Native builds go through the server's build routes (docs: WIRE.md): the
// list of targets, then a POST to the target's endpoint. Every failure comes
// back as a value that says what went wrong, for the Build panel to show.

import type { OptLevel } from "../compiler/compile";
import type { ProgramFiles } from "../files/program";

export interface Target {
  id: string;
  label: string;
  group: string;
  endpoint: string;
  runnable?: boolean;
  notes?: string;
}

export interface Artifact {
  name: string;
  bytes: number;
  download_url: string;
  /** When download_url stops working (ISO 8601): the server's own TTL. */
  expires_at: string;
}

export interface NativeBuild {
  status: "ok" | "error";
  message: string;
  target: string;
  logs: string;
  errors: { file: string; line: number; col: number; message: string }[];
  binary_artifact: Artifact | null;
  /** When the server stops keeping the artifact (binary_artifact.expires_at). */
  expiresAt: Date;
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; message: string };

/** Only for an answer without a download (a failed build), where nothing expires. */
const DEFAULT_LIFETIME_MS = 60 * 60 * 1000;

/** What a failed answer of the server means, in a sentence for the panel. */
export async function failure(response: Response): Promise<string> {
  const body = (await response.json().catch(() => undefined)) as { detail?: unknown } | undefined;
  const detail = typeof body?.detail === "string" ? body.detail : JSON.stringify(body?.detail ?? response.statusText);
  if (response.status === 429)
    return `the server is busy with other builds; try again in ${response.headers.get("retry-after") ?? "a few"} s`;
  return `the server answered ${response.status}: ${detail}`;
}

export async function fetchTargets(): Promise<Outcome<Target[]>> {
  try {
    const response = await fetch("/targets");
    if (!response.ok) return { ok: false, message: await failure(response) };
    return { ok: true, value: (await response.json()) as Target[] };
  } catch {
    return { ok: false, message: "the server is unreachable, so native builds are unavailable (wasm still works)" };
  }
}

export async function buildNative(target: Target, program: ProgramFiles, opt: OptLevel): Promise<Outcome<NativeBuild>> {
  try {
    const files = Object.entries(program.modules).map(([name, source]) => ({ name, source }));
    const response = await fetch(target.endpoint, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ source: program.source, files, target: target.id, filename: program.entry, opt }),
    });
    if (!response.ok) return { ok: false, message: await failure(response) };
    const body = (await response.json()) as Omit<NativeBuild, "expiresAt">;
    // The server says when the download stops working; a failed build has no download.
    const stated = body.binary_artifact?.expires_at;
    const expiresAt = stated ? new Date(stated) : new Date(Date.now() + DEFAULT_LIFETIME_MS);
    return { ok: true, value: { ...body, logs: body.logs ?? "", errors: body.errors ?? [], expiresAt } };
  } catch {
    return { ok: false, message: "the server is unreachable, so the native build could not start" };
  }
}

/** What to do with a downloaded binary before it runs, per target group; nothing for Windows or wasm. */
export function runNote(target: Target, name: string): string | undefined {
  if (target.group === "linux") return `Before running it: chmod +x ${name} && ./${name}`;
  if (target.group === "macos")
    return `Before running it: chmod +x ${name}, then xattr -d com.apple.quarantine ${name} (macOS blocks downloaded programs until the quarantine mark is removed), then ./${name}`;
  return undefined;
}
