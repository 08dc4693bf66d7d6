// What /targets says about each build target (the ids and their order are
// protocol/targets.ts's). `tools` are the host programs a native build for
// the target needs; /health reports whether they exist.
import type { TargetId } from "../../protocol/targets";

export type TargetGroup = "wasm" | "linux" | "macos" | "windows";

export interface Target {
  id: TargetId;
  label: string;
  group: TargetGroup;
  endpoint: string;
  /** Whether a build for this target can be run on a typical Linux host. */
  runnable: boolean;
  notes: string;
  tools: string[];
}

const LINK = ["clang-19", "ld.lld-19"];
// Mach-O is linked by lld's ld64 flavour, a separate program name.
const LINK_MACHO = ["clang-19", "ld64.lld-19"];

export const TARGETS: readonly Target[] = [
  {
    id: "wasm",
    label: "WebAssembly (WASI)",
    group: "wasm",
    endpoint: "/build_wasm",
    runnable: true,
    notes: "Runs in the browser and any WASI runtime; the only target with canvas and audio.",
    tools: [],
  },
  {
    id: "linux-x64",
    label: "Linux x86-64 (static)",
    group: "linux",
    endpoint: "/build",
    runnable: true,
    notes: "Static ELF, no libc needed.",
    tools: LINK,
  },
  {
    id: "linux-x64-musl",
    label: "Linux x86-64 (static, musl)",
    group: "linux",
    endpoint: "/build_target",
    runnable: true,
    notes: "Fully static ELF, no dynamic loader.",
    tools: LINK,
  },
  {
    id: "linux-arm64-musl",
    label: "Linux arm64 (static)",
    group: "linux",
    endpoint: "/build_target",
    runnable: true,
    notes: "Fully static ELF; run elsewhere with qemu-aarch64-static.",
    tools: LINK,
  },
  {
    id: "linux-riscv64-musl",
    label: "Linux riscv64 (static)",
    group: "linux",
    endpoint: "/build_target",
    runnable: true,
    notes: "Fully static ELF; run elsewhere with qemu-riscv64-static.",
    tools: LINK,
  },
  {
    id: "linux-arm64-gnu",
    label: "Linux arm64 (glibc, dynamic)",
    group: "linux",
    endpoint: "/build_target",
    runnable: true,
    notes: "Dynamic ELF, interpreter /lib/ld-linux-aarch64.so.1.",
    tools: [...LINK, "/usr/aarch64-linux-gnu/lib/libc.so.6"],
  },
  {
    id: "macos-x64",
    label: "macOS x86-64",
    group: "macos",
    endpoint: "/build_macos",
    runnable: false,
    notes: "Mach-O linking only libSystem; unsigned, so clear the quarantine attribute before running.",
    tools: LINK_MACHO,
  },
  {
    id: "macos-arm64",
    label: "macOS arm64",
    group: "macos",
    endpoint: "/build_target",
    runnable: false,
    notes: "Mach-O linking only libSystem, ad-hoc signed by the linker.",
    tools: LINK_MACHO,
  },
  {
    id: "windows-x64",
    label: "Windows x86-64",
    group: "windows",
    endpoint: "/build_windows",
    runnable: false,
    notes: "PE32+ console .exe built with mingw-w64.",
    tools: [...LINK, "x86_64-w64-mingw32-gcc"],
  },
];
