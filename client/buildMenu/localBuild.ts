// Builds compiled here, offline, for the Build panel and the Build menu: the
// .wasm download and the LLVM IR.
import { buildSource, type OptLevel } from "../compiler/compile";
import type { ProgramFiles } from "../files/program";

function saveBytes(bytes: Uint8Array, name: string, type: string) {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Compiles the program; saves the .wasm or hands the IR over. Returns what to tell the user. */
export async function buildLocally(
  program: ProgramFiles,
  opt: OptLevel,
  emit: "wasm" | "ll",
  onIr: (ir: string) => void,
): Promise<string> {
  const built = await buildSource(program.source, opt, emit, program);
  if (!built.ok) return `Not built: ${built.message} (see Problems)`;
  if (emit === "wasm") saveBytes(built.output, program.entry.replace(/\.pith$/, ".wasm"), "application/wasm");
  else onIr(new TextDecoder().decode(built.output));
  return `Built in ${Math.round(built.compileMs)} ms (${built.output.length} bytes).`;
}
