// How each native target is built from portable LLVM IR: the clang triple,
// the flags, and which shim from lang/runtime/native/ links with the
// program. The per-target choices follow ../shared/notes/native-toolchain.md
// and are explained in lang/runtime/native/ABI.md.

import { isOptLevel, OPT_LEVELS, type OptLevel } from "../../protocol/optLevels";
import { isNativeTargetId, type NativeTargetId } from "../../protocol/targets";

export { isOptLevel, OPT_LEVELS, type OptLevel };

export interface Recipe {
  triple: string;
  /** The C shim from lang/runtime/native/, compiled once per process (shimCache.ts). */
  shim: "linux_raw.c" | "posix_libc.c" | "windows.c";
  /** Extra link inputs from the shim folder (e.g. the libSystem stub). */
  linkInputs: string[];
  /** Code generation flags, for the shim and the program alike. */
  codegenFlags: string[];
  /** Driver flags that choose what is linked. */
  linkFlags: string[];
  /** Suffix of the produced file. */
  extension: "" | ".exe";
}

// No libc: the shim brings _start, raw system calls and memset/memcpy, and
// -nostdlib keeps clang from silently adding glibc (also for *-musl triples).
// --gc-sections drops what nothing references: the shim is compiled with
// -ffunction-sections, so a helper no program calls (the i128 divisions
// clang only sometimes needs) does not grow every executable.
const STATIC_NO_LIBC = ["-static", "-nostdlib", "-Wl,--gc-sections"];

// Every x86-64 target. The binaries run on whatever x86-64 CPU the user has,
// so the code is laid out for none in particular: on Intel cores from
// Skylake to Cascade Lake (the JCC-erratum microcode) a jump that crosses
// or ends on a 32-byte boundary is no longer cached in the decoded-uop
// cache, and a hot loop whose closing branch happens to land there runs
// from the legacy decoders, while the same bytes run at full speed on AMD
// and newer Intel cores. Both fannkuch programs' flip loop (290 million
// turns) closed with a `jl` across such a boundary, C's did not: the likely
// cause of fannkuch-redux-idiomatic at 1.52x C on a Xeon and 1.07x here.
// Keeping every jump within a 32-byte window makes a loop's speed not
// depend on where it happened to land. The assembler moves a jump by
// padding in front of it; clang-19 pads with nops by default, and a nop in
// front of a loop's closing jump runs on every turn (fannkuch-redux-
// idiomatic: 8.35 G instructions -> 8.87 G), so the padding is made with
// redundant prefixes on the instructions before it (at most 5 on one)
// where they fit, nops only where they do not: 8.39 G. Issue 36.
const X86_64_CODEGEN = ["-mbranches-within-32B-boundaries", "-mllvm", "-x86-pad-max-prefix-size=5"];

export const RECIPES: Readonly<Record<NativeTargetId, Recipe>> = {
  "linux-x64": {
    triple: "x86_64-linux-gnu",
    shim: "linux_raw.c",
    linkInputs: [],
    codegenFlags: X86_64_CODEGEN,
    linkFlags: STATIC_NO_LIBC,
    extension: "",
  },
  "linux-x64-musl": {
    triple: "x86_64-linux-musl",
    shim: "linux_raw.c",
    linkInputs: [],
    codegenFlags: X86_64_CODEGEN,
    linkFlags: STATIC_NO_LIBC,
    extension: "",
  },
  "linux-arm64-musl": {
    triple: "aarch64-linux-musl",
    shim: "linux_raw.c",
    linkInputs: [],
    // Outline atomics would call libgcc helpers that are not linked.
    codegenFlags: ["-mno-outline-atomics"],
    linkFlags: STATIC_NO_LIBC,
    extension: "",
  },
  "linux-riscv64-musl": {
    triple: "riscv64-linux-musl",
    shim: "linux_raw.c",
    linkInputs: [],
    // Linux lets user code on RISC-V make misaligned loads and stores (the
    // kernel or firmware completes them when the core cannot). clang's strict
    // alignment default instead splits every unaligned access (the 16-byte
    // string copies) into byte operations, and its instruction selection then
    // takes 5-6x longer on the program (json_config: 7.2 s of CPU -> 1.2 s).
    codegenFlags: ["-mno-strict-align"],
    linkFlags: STATIC_NO_LIBC,
    extension: "",
  },
  "linux-arm64-gnu": {
    // clang finds the cross glibc under /usr/aarch64-linux-gnu by itself.
    triple: "aarch64-linux-gnu",
    shim: "posix_libc.c",
    linkInputs: [],
    codegenFlags: [],
    linkFlags: [],
    extension: "",
  },
  "windows-x64": {
    // The mingw-w64 CRT provides startup, __main, ___chkstk_ms and msvcrt's
    // memory functions; -municode makes it call wmain with UTF-16 arguments.
    triple: "x86_64-w64-mingw32",
    shim: "windows.c",
    linkInputs: [],
    codegenFlags: X86_64_CODEGEN,
    linkFlags: ["-municode"],
    extension: ".exe",
  },
  "macos-x64": {
    triple: "x86_64-apple-macos11",
    shim: "posix_libc.c",
    linkInputs: ["libSystem.tbd"],
    codegenFlags: X86_64_CODEGEN,
    linkFlags: ["-nostdlib"],
    extension: "",
  },
  "macos-arm64": {
    // ld64.lld signs arm64 output ad hoc; Apple Silicon refuses unsigned code.
    triple: "arm64-apple-macos11",
    shim: "posix_libc.c",
    linkInputs: ["libSystem.tbd"],
    codegenFlags: [],
    linkFlags: ["-nostdlib"],
    extension: "",
  },
};

/** A target's recipe, or undefined for a name that is not a native target (never an object's own key). */
export function recipeFor(target: string): Recipe | undefined {
  return isNativeTargetId(target) ? RECIPES[target] : undefined;
}

// The shim is always optimised: -O0 is a request about the user's program,
// and an unoptimised shim would only slow every system call down.
const SHIM_OPT = "-O2";

/** clang arguments that compile the shim to an object file. */
export function shimCompileArgs(recipe: Recipe, output: string): string[] {
  return [
    `--target=${recipe.triple}`,
    SHIM_OPT,
    // The memory functions must not be turned back into calls to themselves,
    // and the static targets have no stack-protector runtime.
    "-ffreestanding",
    "-fno-stack-protector",
    "-fno-crash-diagnostics",
    // One section per function, for the linkers that drop unused ones.
    "-ffunction-sections",
    ...recipe.codegenFlags,
    "-c",
    recipe.shim,
    "-o",
    output,
  ];
}

/**
 * How clang compiles the program's IR for a target, for the executable and
 * for the assembly view alike, so the view shows the code that ships.
 */
function codegenArgs(recipe: Recipe, opt: OptLevel): string[] {
  return [
    `--target=${recipe.triple}`,
    opt,
    // The program's IR carries no triple or datalayout on purpose.
    "-Wno-override-module",
    // A crashing clang would otherwise write reproducers into /tmp.
    "-fno-crash-diagnostics",
    // LLVM vectorises a loop with a small known maximum trip count (under
    // 16) by masking its last vector iteration, with no scalar loop. Without
    // masked stores (SSE2, NEON) every lane then becomes a compare and a
    // branch, slower than the scalar loop for the one or two iterations such
    // loops mostly run: fannkuch-redux's `while r != 1 { count[r - 1] = r }`
    // costs 3% of the program so. With the threshold at 1 such a loop keeps
    // a scalar loop for its short runs; loops of unknown or large trip
    // counts are vectorised as before.
    "-mllvm",
    "-vectorizer-min-trip-count=1",
    ...recipe.codegenFlags,
  ];
}

/** clang arguments for one build, with paths relative to the build directory. */
export function clangArgs(recipe: Recipe, opt: OptLevel, input: string, shimObject: string, output: string): string[] {
  return [
    ...codegenArgs(recipe, opt),
    "-fuse-ld=lld",
    ...recipe.linkFlags,
    "-x",
    "ir",
    input,
    "-x",
    "none",
    shimObject,
    ...recipe.linkInputs,
    "-o",
    output,
  ];
}

/** clang arguments that write the program's assembly (AT&T syntax on x86) instead of linking it. */
export function clangAsmArgs(recipe: Recipe, opt: OptLevel, input: string, output: string): string[] {
  return [...codegenArgs(recipe, opt), "-S", "-x", "ir", input, "-o", output];
}
