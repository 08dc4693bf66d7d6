/**
 * Turning an uploaded or pasted file into records for ingestion: JSON lines
 * (one flat object per line) or CSV with a header row. CSV cells that read
 * as numbers become numbers; everything else stays text (categories, ISO
 * times). Quoted CSV cells may hold commas and doubled quotes.
 */
import type { RawRecord } from "./api";

export class RecordsError extends Error {}

function splitCsvLine(line: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      cells.push(cell);
      cell = "";
    } else cell += ch;
  }
  cells.push(cell);
  return cells;
}

function cellValue(text: string): unknown {
  const t = text.trim();
  if (t === "") return null;
  const n = Number(t);
  return Number.isFinite(n) && /^[-+]?(\d|\.\d)/.test(t) ? n : t;
}

export function parseRecords(text: string): RawRecord[] {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== "");
  if (lines.length === 0) throw new RecordsError("The file is empty.");
  if (lines[0].trimStart().startsWith("{")) {
    return lines.map((line, i) => {
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        throw new RecordsError(`Line ${i + 1} is not valid JSON.`);
      }
      if (value === null || typeof value !== "object" || Array.isArray(value)) {
        throw new RecordsError(`Line ${i + 1} is not a JSON object.`);
      }
      return value as RawRecord;
    });
  }
  const header = splitCsvLine(lines[0]).map((h) => h.trim());
  if (header.some((h) => h === "")) throw new RecordsError("The CSV header has an empty column name.");
  return lines.slice(1).map((line, i) => {
    const cells = splitCsvLine(line);
    if (cells.length !== header.length) {
      throw new RecordsError(`CSV line ${i + 2} has ${cells.length} cells; the header has ${header.length}.`);
    }
    const record: RawRecord = {};
    header.forEach((name, j) => {
      const v = cellValue(cells[j]);
      if (v !== null) record[name] = v;
    });
    return record;
  });
}
