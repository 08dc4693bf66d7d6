// What the views show: the program's LLVM IR and WebAssembly text (compiled
// here, offline) and its native assembly for a target (from the server's
// clang, POST /build_asm), each at one optimisation level. Every failure comes
// back as a value that says what went wrong.

import { type FunctionPlace, functionNamed, functionPlaces } from "../../lang/runtime/host/functionPlaces";
import { failure, type Outcome } from "../buildMenu/nativeBuild";
import { buildSource, type OptLevel } from "../compiler/compile";
import type { ProgramFiles } from "../files/program";
import { readLineTable, watLineTableMap } from "./watLines";

export type ViewKind = "ir" | "wat" | "asm";

export const VIEW_KINDS: readonly { kind: ViewKind; label: string; language: string; extension: string }[] = [
  { kind: "ir", label: "LLVM IR", language: "llvm-ir", extension: ".ll" },
  { kind: "wat", label: "WebAssembly text", language: "wat", extension: ".wat" },
  { kind: "asm", label: "Assembly", language: "asm", extension: ".s" },
];

export interface ViewChoice {
  kind: ViewKind;
  opt: OptLevel;
  /** The native target, for the assembly. */
  target: string;
}

/** Where a view line came from: a line of one of the program's files. */
export interface SourceLine {
  file: string;
  line: number;
}

export interface ViewText {
  title: string;
  text: string;
  language: string;
  /**
   * For each line of `text`, the source line it came from (null where
   * none): the LLVM IR's statement marks, the assembly's line tables, or the
   * module's line table for the WebAssembly text (watLines.ts; without one,
   * every line of a function maps to the line defining it, watLineMap).
   */
  lineMap?: (SourceLine | null)[];
}

/** A statement mark in the compiler's LLVM IR: `  ; main.pith:4:9` begins the statement's instructions. */
const IR_MARK = /^\s*; (.+):(\d+):\d+$/;

/**
 * The source line of each line of the IR: an instruction belongs to the last
 * statement mark before it in its function; labels, comments, declarations
 * and the lines before a function's first mark belong to none.
 */
export function irLineMap(ir: string): (SourceLine | null)[] {
  let current: SourceLine | null = null;
  return ir.split("\n").map((line) => {
    const mark = IR_MARK.exec(line);
    if (mark) {
      current = { file: mark[1], line: Number(mark[2]) };
      return null;
    }
    if (line.startsWith("define ") || line === "}") current = null;
    return /^\s+[%a-z]/.test(line) ? current : null;
  });
}

/** A function of the WebAssembly text (`  (func $name …`), and any other top-level item. */
const WAT_FUNCTION = /^ {2}\(func \$([^\s()]+)/;
const WAT_TOP_LEVEL = /^ {2}\(/;

/**
 * The source line of each line of the WebAssembly text: every line of one of
 * the program's functions maps to the line defining it (the module's name
 * section says which function it is), `_start` to `fn main`; the runtime's
 * and the libraries' functions, and what is not a function, map to none.
 */
export function watLineMap(wat: string, places: readonly FunctionPlace[]): (SourceLine | null)[] {
  let current: SourceLine | null = null;
  return wat.split("\n").map((text) => {
    const fn = WAT_FUNCTION.exec(text);
    if (fn) {
      // The entry point runs main, and optimised holds main's code inlined: it is main's.
      const place = functionNamed(fn[1] === "_start" ? "main" : fn[1], places);
      current = place ? { file: place.file, line: place.line } : null;
    } else if (WAT_TOP_LEVEL.test(text)) current = null;
    return current;
  });
}

const base = (program: ProgramFiles) => program.entry.replace(/\.pith$/, "");

export function viewTitle(program: ProgramFiles, choice: ViewChoice): string {
  const { extension } = VIEW_KINDS.find((v) => v.kind === choice.kind) ?? VIEW_KINDS[0];
  const where = choice.kind === "asm" ? ` ${choice.target}` : "";
  return `${base(program)}${extension}${where} ${choice.opt}`;
}

async function localBuild(program: ProgramFiles, opt: OptLevel, emit: "wasm" | "ll"): Promise<Outcome<Uint8Array>> {
  // The module is built with its line table (-g) for the WebAssembly text's links (watLines.ts).
  const built = await buildSource(program.source, opt, emit, program, false, emit === "wasm");
  return built.ok
    ? { ok: true, value: built.output }
    : { ok: false, message: `not compiled: ${built.message} (see Problems)` };
}

/** The module's text format, disassembled by wabt (loaded only when this view is asked for). */
export async function watOf(bytes: Uint8Array): Promise<string> {
  const wabt = await (await import("wabt")).default();
  const module = wabt.readWasm(bytes, {
    readDebugNames: true,
    bulk_memory: true,
    mutable_globals: true,
    sat_float_to_int: true,
    sign_extension: true,
    multi_value: true,
    simd: true,
  });
  try {
    module.generateNames();
    module.applyNames();
    return module.toText({ foldExprs: false, inlineExport: false });
  } finally {
    module.destroy();
  }
}

async function asmOf(
  program: ProgramFiles,
  choice: ViewChoice,
): Promise<Outcome<{ asm: string; lineMap?: (SourceLine | null)[] }>> {
  try {
    const response = await fetch("/build_asm", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        source: program.source,
        filename: program.entry,
        files: Object.entries(program.modules).map(([name, source]) => ({ name, source })),
        target: choice.target,
        opt: choice.opt,
        line_map: true,
      }),
    });
    if (!response.ok) return { ok: false, message: await failure(response) };
    const body = (await response.json()) as {
      asm: string | null;
      line_map?: (SourceLine | null)[] | null;
      message: string;
    };
    return body.asm === null
      ? { ok: false, message: body.message }
      : { ok: true, value: { asm: body.asm, lineMap: body.line_map ?? undefined } };
  } catch {
    return { ok: false, message: "the server is unreachable, so there is no native assembly (IR and wasm still work)" };
  }
}

export async function viewText(program: ProgramFiles, choice: ViewChoice): Promise<Outcome<ViewText>> {
  const { language } = VIEW_KINDS.find((v) => v.kind === choice.kind) ?? VIEW_KINDS[0];
  const title = viewTitle(program, choice);
  if (choice.kind === "asm") {
    const asm = await asmOf(program, choice);
    return asm.ok ? { ok: true, value: { title, text: asm.value.asm, language, lineMap: asm.value.lineMap } } : asm;
  }
  const built = await localBuild(program, choice.opt, choice.kind === "ir" ? "ll" : "wasm");
  if (!built.ok) return built;
  if (choice.kind === "ir") {
    const text = new TextDecoder().decode(built.value);
    return { ok: true, value: { title, text, language, lineMap: irLineMap(text) } };
  }
  const wat = await watOf(built.value);
  const places = functionPlaces({ ...program.modules, [program.entry]: program.source }, program.entry);
  const table = readLineTable(built.value);
  const lineMap = table ? watLineTableMap(wat, table, places) : watLineMap(wat, places);
  return { ok: true, value: { title, text: wat, language, lineMap } };
}
