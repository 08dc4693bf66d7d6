/**
 * What the file store does with a model folder whose metadata.json is
 * missing or cannot be read, and the operator's tools for it (`anomaly
 * doctor`). Nothing here deletes data: damaged files are moved into a
 * `damaged-<unix ms>/` folder inside the model's folder, and a quarantined
 * model moves whole into `<root>/.quarantine/`.
 *
 * A data log is intact when every complete line is a JSON object and no log
 * replacement (data.jsonl.<n>) was left half-way: then the metadata can be
 * recomputed from it (rebuild.ts) without guessing, and the store does so on
 * load, saying so in a log line. Otherwise the model stays as it is and
 * answers 409 until an operator rebuilds it from the readable lines or
 * quarantines it.
 */
import { mkdir, readdir, readFile, rename } from "node:fs/promises";
import { join } from "node:path";
import { type MetadataJson, parseMetadata } from "../model/metadata";
import type { RawRecord } from "../store/store";
import { fsyncDir, namesIn } from "./atomicFile";
import { completeLength, readOrEmpty } from "./dataLog";

export const METADATA = "metadata.json";
export const DATA = "data.jsonl";
export const QUARANTINE = ".quarantine";

export type MetadataRead =
  | { kind: "ok"; raw: Record<string, unknown>; meta: MetadataJson }
  | { kind: "missing" }
  | { kind: "damaged"; problem: string };

/** Reads and validates metadata.json without changing anything. */
export async function readMetadataFile(dir: string): Promise<MetadataRead> {
  let text: string;
  try {
    text = await readFile(join(dir, METADATA), "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return { kind: "missing" };
    return { kind: "damaged", problem: `cannot be read (${(e as Error).message})` };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    const what = text.trim() === "" ? "is empty" : `is not valid JSON (${(e as Error).message})`;
    return { kind: "damaged", problem: what };
  }
  const meta = parseMetadata(raw);
  if (meta === null) return { kind: "damaged", problem: "lacks required fields or has fields of the wrong type" };
  return { kind: "ok", raw: raw as Record<string, unknown>, meta };
}

export interface LogScan {
  /** Records in complete lines, in order (unreadable lines left out). */
  records: RawRecord[];
  /** Complete non-blank lines that are not a JSON object. */
  badLines: number;
  /** Bytes of complete lines. */
  bytes: number;
  /** data.jsonl.<n> files: a log replacement left half-way. */
  pending: string[];
}

/** Reads data.jsonl without changing it. */
export async function scanLog(dir: string): Promise<LogScan> {
  const all = await readOrEmpty(join(dir, DATA));
  const bytes = completeLength(all);
  const records: RawRecord[] = [];
  let badLines = 0;
  for (const line of all.subarray(0, bytes).toString("utf8").split("\n")) {
    if (line.trim() === "") continue;
    try {
      const v = JSON.parse(line);
      if (v !== null && typeof v === "object" && !Array.isArray(v)) records.push(v);
      else badLines++;
    } catch {
      badLines++;
    }
  }
  // No folder: nothing pending.
  const pending = (await namesIn(dir)).filter((name) => /^data\.jsonl\.\d+$/.test(name));
  return { records, badLines, bytes, pending };
}

export const logIsIntact = (scan: LogScan) => scan.badLines === 0 && scan.pending.length === 0;

/**
 * Moves metadata.json, the forest files and autoencoder.json (derived from
 * the old metadata's features) into `damaged-<unix ms>/` inside the model's
 * folder. data.jsonl stays where it is. Returns the folder's name.
 */
export async function setAside(dir: string, durable: boolean): Promise<string> {
  const name = `damaged-${Date.now()}`;
  await mkdir(join(dir, name));
  for (const file of await readdir(dir)) {
    if (file === METADATA || file === "autoencoder.json" || /^version_.*\.forest$/.test(file)) {
      await rename(join(dir, file), join(dir, name, file));
    }
  }
  if (durable) await fsyncDir(dir);
  return name;
}

/** Moves a model's folder whole to `<root>/.quarantine/<model>-<unix ms>`; returns the new path. */
export async function quarantineFolder(root: string, model: string): Promise<string> {
  const target = join(root, QUARANTINE, `${model}-${Date.now()}`);
  await mkdir(join(root, QUARANTINE), { recursive: true });
  await rename(join(root, model), target);
  await fsyncDir(root);
  return target;
}
