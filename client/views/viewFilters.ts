// Compiler Explorer's filters for the views: hide the runtime's and the
// libraries' functions, the assembler directives and the comments, and put
// the user's own functions first. Without them the user's code begins
// hundreds of lines down, after runtime code nobody asked to read. The line
// map travels with the lines it describes, so the source links keep working
// on the filtered text.
import type { SourceLine, ViewKind, ViewText } from "./views";

export interface ViewFilters {
  /** Hide the functions made from no line of the program (runtime, standard library). */
  library: boolean;
  /** Hide assembler directives and IR module metadata. */
  directives: boolean;
  /** Hide comment lines. */
  comments: boolean;
}

export const DEFAULT_FILTERS: ViewFilters = { library: true, directives: true, comments: true };

export const FILTER_LABELS: readonly { key: keyof ViewFilters; label: string }[] = [
  { key: "library", label: "Hide runtime and library functions" },
  { key: "directives", label: "Hide directives" },
  { key: "comments", label: "Hide comments" },
];

interface Row {
  text: string;
  at: SourceLine | null;
}

/** A top-level piece of the text: one function, or the lines between functions. */
interface Block {
  rows: Row[];
  /** A function (not the lines around functions). */
  fn: boolean;
  /** A function of the program: named like one of its functions, or with a line made from its files. */
  user: boolean;
}

/** A global (not local, `.L…`) label: where a native function begins. */
const ASM_FUNCTION = /^[A-Za-z_$][\w.$@]*:/;
const ASM_LOCAL_LABEL = /^(\.L[\w.$]*):/;
const ASM_DIRECTIVE = /^\s+\.[A-Za-z_]/;
const ASM_COMMENT = /^\s*(#|\/\/|;|@)/;
/** A comment after a label (`.LBB0_1: # loop header`); not after instructions, where `#` starts an arm64 immediate. */
const LABEL_TRAILING_COMMENT = /^(\S+:)\s+(#|\/\/).*$/;

/** A line made from one of the program's files (the runtime's and the standard library's are named `<…>`). */
const fromProgram = (at: SourceLine | null) => at !== null && !at.file.startsWith("<");

/** The name of the function a line begins, if it begins one. */
function functionName(kind: ViewKind, text: string): string | undefined {
  if (kind === "asm") return ASM_FUNCTION.test(text) && !text.startsWith(".") ? text.split(":")[0] : undefined;
  if (kind === "ir") return text.startsWith("define ") ? (/@"?([^\s("]+)/.exec(text)?.[1] ?? "") : undefined;
  return /^ {2}\(func /.test(text) ? (/^ {2}\(func \$([^\s()]+)/.exec(text)?.[1] ?? "") : undefined;
}

function blocksOf(kind: ViewKind, rows: Row[], userNames: ReadonlySet<string>): Block[] {
  const blocks: Block[] = [];
  let current: Block = { rows: [], fn: false, user: false };
  const start = (fn: boolean, name = "") => {
    if (current.rows.length > 0) blocks.push(current);
    // The entry's functions keep their names (`pith_main` natively, `pith.main` in the IR); inlining can leave them no line of their own.
    current = { rows: [], fn, user: fn && userNames.has(name.replace(/^pith[._]/, "")) };
  };
  for (const row of rows) {
    const name = functionName(kind, row.text);
    if (name !== undefined) start(true, name);
    else if (kind === "wat" && current.fn && /^ {2}\(/.test(row.text)) start(false);
    current.rows.push(row);
    if (current.fn && fromProgram(row.at)) current.user = true;
    // An IR function ends at its closing brace: what follows is top level again.
    if (kind === "ir" && current.fn && row.text === "}") start(false);
  }
  start(false);
  return blocks;
}

function keepAsm(row: Row, filters: ViewFilters, usedLabels: ReadonlySet<string>): string | null {
  const { text } = row;
  if (filters.comments && ASM_COMMENT.test(text)) return null;
  if (filters.directives) {
    if (ASM_DIRECTIVE.test(text) || text.trim() === "") return null;
    const local = ASM_LOCAL_LABEL.exec(text);
    if (local && !usedLabels.has(local[1])) return null;
  }
  return filters.comments ? text.replace(LABEL_TRAILING_COMMENT, "$1") : text;
}

function keepIr(row: Row, inFunction: boolean, filters: ViewFilters): string | null {
  const { text } = row;
  if (filters.comments && /^\s*;/.test(text)) return null;
  if (inFunction) return text;
  // The runtime's declarations and its own globals (`@pith.heap`), not the program's constants.
  if (filters.library && (text.startsWith("declare ") || text.startsWith("@pith."))) return null;
  if (filters.directives && (/^(target |source_filename|attributes |!|\$)/.test(text) || text.trim() === ""))
    return null;
  return text;
}

function keepWat(row: Row, filters: ViewFilters): string | null {
  if (filters.comments && /^\s*;;/.test(row.text)) return null;
  return row.text;
}

/** The local labels an instruction names (a jump or a load of a constant), which the directive filter keeps. */
function usedLocalLabels(rows: readonly Row[]): Set<string> {
  const used = new Set<string>();
  for (const { text } of rows) {
    if (ASM_DIRECTIVE.test(text) || ASM_LOCAL_LABEL.test(text)) continue;
    for (const m of text.matchAll(/\.L[\w.$]+/g)) used.add(m[0]);
  }
  return used;
}

/**
 * The view with the chosen filters applied, the user's functions first.
 * `userNames` are the program's function names, which tell the wasm text's
 * functions apart (it carries no line map).
 */
export function filterView(
  view: ViewText,
  kind: ViewKind,
  filters: ViewFilters,
  userNames: ReadonlySet<string> = new Set(),
): ViewText {
  const rows = view.text.split("\n").map((text, i): Row => ({ text, at: view.lineMap?.[i] ?? null }));
  const blocks = blocksOf(kind, rows, userNames);
  // What comes before the first function stays first (the wasm text's `(module`, the IR's header), then the user's functions.
  const lead = blocks[0] && !blocks[0].fn ? [blocks[0]] : [];
  const rest = blocks.slice(lead.length);
  const ordered = [...lead, ...rest.filter((b) => b.fn && b.user), ...rest.filter((b) => !(b.fn && b.user))];
  const usedLabels = usedLocalLabels(rows);
  const kept: Row[] = [];
  for (const block of ordered) {
    if (filters.library && block.fn && !block.user) continue;
    for (const row of block.rows) {
      const text =
        kind === "asm"
          ? keepAsm(row, filters, usedLabels)
          : kind === "ir"
            ? keepIr(row, block.fn, filters)
            : keepWat(row, filters);
      if (text !== null) kept.push({ text, at: row.at });
    }
  }
  return {
    ...view,
    text: kept.map((r) => r.text).join("\n"),
    lineMap: view.lineMap === undefined ? undefined : kept.map((r) => r.at),
  };
}

/**
 * The names the program's functions have in the compiled code: the entry
 * file's plainly (`main`), a module's after its module (`util.f`).
 */
export function programFunctionNames(files: Record<string, string>, entry: string): Set<string> {
  const names = new Set<string>();
  for (const [file, source] of Object.entries(files))
    for (const m of source.matchAll(/^\s*(?:pub\s+)?fn\s+(\w+)/gm))
      names.add(file === entry ? m[1] : `${file.replace(/\.pith$/, "")}.${m[1]}`);
  return names;
}
