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
