// The WebAssembly text view's line table: the compiler, asked with -g, adds
// the custom section "pith.lines" (wasm/src/backend/wasm/emit.ts) saying,
// for each function of the code section, which statement each run of its
// instructions came from. The text format (wabt, unfolded) lists one
// instruction per line in the same order, so counting instruction lines
// inside each function links every line to its statement's source line.
import { type FunctionPlace, functionNamed } from "../../lang/runtime/host/functionPlaces";

/** A line of one of the program's files (views.ts's SourceLine, spelled here so neither file imports the other). */
interface SourceLine {
  file: string;
  line: number;
}

/** One function's runs: run r covers instructions starts[r] up to starts[r + 1], from the statement lines[r]. */
export interface FunctionLines {
  starts: number[];
  lines: (SourceLine | null)[];
}

const SECTION = "pith.lines";

class Reader {
  at = 0;
  constructor(
    private readonly bytes: Uint8Array,
    readonly end: number,
  ) {}

  u32(): number {
    let result = 0;
    let shift = 0;
    for (;;) {
      if (this.at >= this.end) throw new Error(`${SECTION}: the section ends inside a number at byte ${this.at}`);
      const b = this.bytes[this.at++];
      result += (b & 0x7f) * 2 ** shift;
      if (b < 0x80) return result;
      shift += 7;
    }
  }

  str(): string {
    const length = this.u32();
    if (this.at + length > this.end)
      throw new Error(`${SECTION}: a name runs past the section's end at byte ${this.at}`);
    const text = new TextDecoder().decode(this.bytes.subarray(this.at, this.at + length));
    this.at += length;
    return text;
  }
}

/** "main.pith:8:9" as a source line; "" (no statement) or anything else as none. */
function sourceLine(loc: string): SourceLine | null {
  const at = /^(.+):(\d+):\d+$/.exec(loc);
  return at ? { file: at[1], line: Number(at[2]) } : null;
}

/**
 * The module's line table, one entry per function of its code section;
 * undefined when it has none (built without -g). A malformed table throws,
 * saying where.
 */
export function readLineTable(bytes: Uint8Array): FunctionLines[] | undefined {
  const module = new Reader(bytes, bytes.length);
  module.at = 8; // magic and version
  while (module.at < bytes.length) {
    const id = bytes[module.at++];
    const size = module.u32();
    const end = module.at + size;
    if (end > bytes.length)
      throw new Error(
        `${SECTION}: the module ends inside a section (id ${id}) that claims ${size} bytes, at byte ${bytes.length}`,
      );
    if (id === 0) {
      const section = new Reader(bytes, end);
      section.at = module.at;
      if (section.str() === SECTION) {
        const functions: FunctionLines[] = [];
        const count = section.u32();
        for (let f = 0; f < count; f++) {
          const runs = section.u32();
          const table: FunctionLines = { starts: [], lines: [] };
          for (let r = 0; r < runs; r++) {
            table.starts.push(section.u32());
            table.lines.push(sourceLine(section.str()));
          }
          functions.push(table);
        }
        return functions;
      }
    }
    module.at = end;
  }
  return undefined;
}

/** The statement line of instruction `index` of a function: the last run starting at or before it. */
function lineOf(table: FunctionLines, index: number): SourceLine | null {
  let low = 0;
  let high = table.starts.length - 1;
  if (high < 0 || table.starts[0] > index) return null;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (table.starts[mid] <= index) low = mid;
    else high = mid - 1;
  }
  return table.lines[low];
}

const FUNCTION = /^ {2}\(func \$([^\s()]+)/;
const TOP_LEVEL = /^ {2}\(/;
const LOCALS = /^\s+\(local /;

/**
 * The source line of each line of the WebAssembly text, instruction by
 * instruction from the line table. A function's header, and its
 * instructions that belong to no statement (setting up its locals), lead to
 * the line defining it when it is one of the program's functions (`_start`
 * holds main); lines outside functions lead nowhere.
 */
export function watLineTableMap(
  wat: string,
  table: readonly FunctionLines[],
  places: readonly FunctionPlace[],
): (SourceLine | null)[] {
  let fn = -1;
  let inFunction = false;
  let index = 0;
  let defined: SourceLine | null = null;
  return wat.split("\n").map((text) => {
    const header = FUNCTION.exec(text);
    if (header) {
      fn++;
      inFunction = true;
      index = 0;
      const place = functionNamed(header[1] === "_start" ? "main" : header[1], places);
      defined = place ? { file: place.file, line: place.line } : null;
      return defined;
    }
    if (TOP_LEVEL.test(text)) inFunction = false;
    if (!inFunction) return null;
    if (LOCALS.test(text)) return defined;
    const runs = table[fn];
    return (runs && lineOf(runs, index++)) ?? defined;
  });
}
