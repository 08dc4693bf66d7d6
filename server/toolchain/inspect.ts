// Structural checks of executables we cannot run here (macOS) or whose
// linkage matters (static vs dynamic ELF), read with LLVM's own tools so the
// answers match what the linker wrote.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runProcess } from "./runProcess";

export interface MachoInfo {
  /** As llvm-objdump prints it: "X86_64" or "ARM64". */
  cpuType: string;
  hasMain: boolean;
  dylibs: string[];
  hasCodeSignature: boolean;
}

export interface ElfInfo {
  machine: string;
  /** PT_INTERP contents (the dynamic loader), or null for a static executable. */
  interpreter: string | null;
  needed: string[];
}

async function withFile<T>(binary: Uint8Array, use: (path: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), "pith-inspect-"));
  try {
    const path = join(dir, "binary");
    await writeFile(path, binary);
    return await use(path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function toolOutput(tool: string, args: string[]): Promise<string> {
  const result = await runProcess(tool, args, { timeoutMs: 30_000 });
  if (result.exitCode !== 0) {
    const why = result.spawnError ?? new TextDecoder().decode(result.stderr).trim();
    throw new Error(`${tool} failed: ${why}`);
  }
  return new TextDecoder().decode(result.stdout);
}

export function inspectMacho(binary: Uint8Array): Promise<MachoInfo> {
  return withFile(binary, async (path) => {
    const text = await toolOutput("llvm-objdump-19", ["--macho", "--all-headers", path]);
    // The header table's second row: "MH_MAGIC_64 ARM64 ALL 0x00 EXECUTE ...".
    const header = text.split("\n").find((line) => /^\s*MH_MAGIC/.test(line));
    const commands = [...text.matchAll(/^\s*cmd (\S+)/gm)].map((m) => m[1]);
    // Each LC_LOAD_DYLIB block names its library two lines later.
    const dylibs = [...text.matchAll(/cmd LC_(?:LOAD|LOAD_WEAK|REEXPORT)_DYLIB\n[^\n]*\n\s*name (\S+)/g)].map(
      (m) => m[1],
    );
    return {
      cpuType: header?.trim().split(/\s+/)[1] ?? "unknown",
      hasMain: commands.includes("LC_MAIN"),
      dylibs,
      hasCodeSignature: commands.includes("LC_CODE_SIGNATURE"),
    };
  });
}

export function inspectElf(binary: Uint8Array): Promise<ElfInfo> {
  return withFile(binary, async (path) => {
    const text = await toolOutput("llvm-readelf-19", ["--file-header", "--program-headers", "--dynamic-table", path]);
    const machine = /Machine:\s+(.+)/.exec(text)?.[1].trim() ?? "unknown";
    const interpreter = /\[Requesting program interpreter: ([^\]]+)\]/.exec(text)?.[1] ?? null;
    const needed = [...text.matchAll(/\(NEEDED\)\s+Shared library: \[([^\]]+)\]/g)].map((m) => m[1]);
    return { machine, interpreter, needed };
  });
}
