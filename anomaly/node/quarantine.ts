/**
 * Lines of a model's data.jsonl that cannot be used are kept aside, never
 * dropped and never a 500: a line that is not a JSON object (garbage) or a
 * record whose value does not fit its column (a number column holding text,
 * a number past the scaler's limit) would otherwise make training throw.
 * Loading leaves them out of the ring and copies each once into
 * `quarantined.jsonl` beside the log (`{line?, reason, text}` per line), so
 * they survive a later compaction of the log. The count is reported by the
 * health route, /metrics, the load log line and `anomaly doctor`.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { RawRecord } from "../store/store";
import { writeFileAtomic } from "./atomicFile";

export const QUARANTINED = "quarantined.jsonl";

export interface SetAsideLine {
  /** 1-based line number in data.jsonl, when known. */
  line?: number;
  reason: string;
  /** The line's text as stored. */
  text: string;
}

/** Records of the complete lines in `bytes`, plus the lines that are not records. */
export function parseLinesKeepingBad(
  bytes: Uint8Array,
  firstLine: number,
): { records: RawRecord[]; bad: SetAsideLine[]; lines: number } {
  const records: RawRecord[] = [];
  const bad: SetAsideLine[] = [];
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8");
  let start = 0;
  let n = firstLine;
  for (let end = text.indexOf("\n"); end >= 0; end = text.indexOf("\n", start)) {
    const line = text.slice(start, end);
    start = end + 1;
    n++;
    if (line.trim() === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (e) {
      bad.push({ line: n, reason: `not JSON (${(e as Error).message})`, text: line });
      continue;
    }
    if (value !== null && typeof value === "object" && !Array.isArray(value)) records.push(value as RawRecord);
    else bad.push({ line: n, reason: "not a JSON object", text: line });
  }
  return { records, bad, lines: n - firstLine };
}

/** Adds the lines not already kept in `quarantined.jsonl` (matched by text); returns how many were new. */
export async function keepAside(dir: string, lines: readonly SetAsideLine[], durable: boolean): Promise<number> {
  if (lines.length === 0) return 0;
  const path = join(dir, QUARANTINED);
  let existing = "";
  try {
    existing = await readFile(path, "utf8");
  } catch {
    // None kept yet.
  }
  const known = new Set<string>();
  for (const row of existing.split("\n")) {
    if (row.trim() === "") continue;
    try {
      known.add((JSON.parse(row) as SetAsideLine).text);
    } catch {
      // A damaged row of our own file: keep it as it is, match nothing.
    }
  }
  const fresh = lines.filter((l) => !known.has(l.text));
  if (fresh.length === 0) return 0;
  const added = fresh.map((l) => JSON.stringify(l)).join("\n");
  await writeFileAtomic(
    path,
    `${existing}${existing === "" || existing.endsWith("\n") ? "" : "\n"}${added}\n`,
    durable,
  );
  return fresh.length;
}
