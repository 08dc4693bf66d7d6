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

/** Bytes parsed between turns of the event loop: about 1,500 records, a few milliseconds. */
const SLICE_BYTES = 256 * 1024;

/**
 * parseLinesKeepingBad in slices of whole lines with a turn of the event
 * loop between them: a 150,000-point log parsed in one go held the loop for
 * a few hundred milliseconds when a model loaded (issue 30).
 */
export async function parseLinesInSlices(
  bytes: Uint8Array,
  firstLine: number,
): Promise<{ records: RawRecord[]; bad: SetAsideLine[]; lines: number }> {
  const records: RawRecord[] = [];
  const bad: SetAsideLine[] = [];
  let lines = 0;
  let start = 0;
  while (start < bytes.length) {
    let end = bytes.lastIndexOf(0x0a, Math.min(bytes.length, start + SLICE_BYTES) - 1) + 1;
    if (end <= start) {
      // One line longer than a slice: up to its end, or the rest.
      const next = bytes.indexOf(0x0a, start + SLICE_BYTES);
      end = next < 0 ? bytes.length : next + 1;
    }
    const part = parseLinesKeepingBad(bytes.subarray(start, end), firstLine + lines);
    for (const r of part.records) records.push(r);
    for (const b of part.bad) bad.push(b);
    lines += part.lines;
    start = end;
    if (start < bytes.length) await new Promise((resolve) => setImmediate(resolve));
  }
  return { records, bad, lines };
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
