// How each native target is built from portable LLVM IR: the clang triple,
// the flags, and which shim from lang/runtime/native/ links with the
// program. The per-target choices follow ../shared/notes/native-toolchain.md
// and are explained in lang/runtime/native/ABI.md.

export const OPT_LEVELS = ["-O0", "-O1", "-O2", "-O3", "-Os", "-Oz"] as const;
export type OptLevel = (typeof OPT_LEVELS)[number];

export function isOptLevel(value: string): value is OptLevel {
  return (OPT_LEVELS as readonly string[]).includes(value);
}

export interface Recipe {
  triple: string;
  /** The C shim compiled together with the program (one clang call). */
  shim: "linux_raw.c" | "posix_libc.c" | "windows.c";
  /** Extra link inputs from the shim folder (e.g. the libSystem stub). */
  linkInputs: string[];
  flags: string[];
  /** Suffix of the produced file. */
  extension: "" | ".exe";
}

// No libc: the shim brings _start, raw system calls and memset/memcpy, and
// -nostdlib keeps clang from silently adding glibc (also for *-musl triples).
const STATIC_NO_LIBC = ["-static", "-nostdlib"];

export const RECIPES: Readonly<Record<string, Recipe>> = {
  "linux-x64": {
    triple: "x86_64-linux-gnu",
    shim: "linux_raw.c",
    linkInputs: [],
    flags: STATIC_NO_LIBC,
    extension: "",
  },
  "linux-x64-musl": {
    triple: "x86_64-linux-musl",
    shim: "linux_raw.c",
    linkInputs: [],
    flags: STATIC_NO_LIBC,
    extension: "",
  },
  "linux-arm64-musl": {
    triple: "aarch64-linux-musl",
    shim: "linux_raw.c",
    linkInputs: [],
    // Outline atomics would call libgcc helpers that are not linked.
    flags: [...STATIC_NO_LIBC, "-mno-outline-atomics"],
    extension: "",
  },
  "linux-riscv64-musl": {
    triple: "riscv64-linux-musl",
    shim: "linux_raw.c",
    linkInputs: [],
    flags: STATIC_NO_LIBC,
    extension: "",
  },
  "linux-arm64-gnu": {
    // clang finds the cross glibc under /usr/aarch64-linux-gnu by itself.
    triple: "aarch64-linux-gnu",
    shim: "posix_libc.c",
    linkInputs: [],
    flags: [],
    extension: "",
  },
  "windows-x64": {
    // The mingw-w64 CRT provides startup, __main, ___chkstk_ms and msvcrt's
    // memory functions; -municode makes it call wmain with UTF-16 arguments.
    triple: "x86_64-w64-mingw32",
    shim: "windows.c",
    linkInputs: [],
    flags: ["-municode"],
    extension: ".exe",
  },
  "macos-x64": {
    triple: "x86_64-apple-macos11",
    shim: "posix_libc.c",
    linkInputs: ["libSystem.tbd"],
    flags: ["-nostdlib"],
    extension: "",
  },
  "macos-arm64": {
    // ld64.lld signs arm64 output ad hoc; Apple Silicon refuses unsigned code.
    triple: "arm64-apple-macos11",
    shim: "posix_libc.c",
    linkInputs: ["libSystem.tbd"],
    flags: ["-nostdlib"],
    extension: "",
  },
};

/** Files from lang/runtime/native/ a build copies into its directory. */
export function shimFiles(recipe: Recipe): string[] {
  return [recipe.shim, "core.h", "libm.h", ...recipe.linkInputs];
}

/** The clang arguments for one build, with paths relative to the build directory. */
export function clangArgs(recipe: Recipe, opt: OptLevel, input: string, output: string): string[] {
  return [
    `--target=${recipe.triple}`,
    opt,
    // The program's IR carries no triple or datalayout on purpose.
    "-Wno-override-module",
    "-fuse-ld=lld",
    // A crashing clang would otherwise write reproducers into /tmp.
    "-fno-crash-diagnostics",
    // The shim must not turn its own loops into calls to itself, nor expect
    // a stack-protector runtime that is not there.
    "-ffreestanding",
    "-fno-stack-protector",
    ...recipe.flags,
    "-x",
    "ir",
    input,
    "-x",
    "c",
    recipe.shim,
    ...(recipe.linkInputs.length > 0 ? ["-x", "none", ...recipe.linkInputs] : []),
    "-o",
    output,
  ];
}
