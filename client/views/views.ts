// What the views show: the program's LLVM IR and WebAssembly text (compiled
// here, offline) and its native assembly for a target (from the server's
// clang, POST /build_asm), each at one optimisation level. Every failure comes
// back as a value that says what went wrong.
import { failure, type Outcome } from "../buildMenu/nativeBuild";
import { buildSource, type OptLevel } from "../compiler/compile";
import type { ProgramFiles } from "../files/program";

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

export interface ViewText {
  title: string;
  text: string;
  language: string;
}

const base = (program: ProgramFiles) => program.entry.replace(/\.pith$/, "");

export function viewTitle(program: ProgramFiles, choice: ViewChoice): string {
  const { extension } = VIEW_KINDS.find((v) => v.kind === choice.kind) ?? VIEW_KINDS[0];
  const where = choice.kind === "asm" ? ` ${choice.target}` : "";
  return `${base(program)}${extension}${where} ${choice.opt}`;
}

async function localBuild(program: ProgramFiles, opt: OptLevel, emit: "wasm" | "ll"): Promise<Outcome<Uint8Array>> {
  const built = await buildSource(program.source, opt, emit, program);
  return built.ok
    ? { ok: true, value: built.output }
    : { ok: false, message: `not compiled: ${built.message} (see Problems)` };
}

/** The module's text format, disassembled by wabt (loaded only when this view is asked for). */
async function watOf(bytes: Uint8Array): Promise<string> {
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

async function asmOf(program: ProgramFiles, choice: ViewChoice): Promise<Outcome<string>> {
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
      }),
    });
    if (!response.ok) return { ok: false, message: await failure(response) };
    const body = (await response.json()) as { asm: string | null; message: string };
    return body.asm === null ? { ok: false, message: body.message } : { ok: true, value: body.asm };
  } catch {
    return { ok: false, message: "the server is unreachable, so there is no native assembly (IR and wasm still work)" };
  }
}

export async function viewText(program: ProgramFiles, choice: ViewChoice): Promise<Outcome<ViewText>> {
  const { language } = VIEW_KINDS.find((v) => v.kind === choice.kind) ?? VIEW_KINDS[0];
  const title = viewTitle(program, choice);
  if (choice.kind === "asm") {
    const asm = await asmOf(program, choice);
    return asm.ok ? { ok: true, value: { title, text: asm.value, language } } : asm;
  }
  const built = await localBuild(program, choice.opt, choice.kind === "ir" ? "ll" : "wasm");
  if (!built.ok) return built;
  const text = choice.kind === "ir" ? new TextDecoder().decode(built.value) : await watOf(built.value);
  return { ok: true, value: { title, text, language } };
}
