// The build targets, in one home for the server's routes and schemas, the
// toolchain's recipes and launchers, the MCP tools and the docs: the order
// is the one /targets lists (wasm first, then Linux, macOS, Windows). The
// ids were once restated in seven places; a table keyed by `NativeTargetId`
// now fails to compile when a target is added here and not there.

export const TARGET_IDS = [
  "wasm",
  "linux-x64",
  "linux-x64-musl",
  "linux-arm64-musl",
  "linux-riscv64-musl",
  "linux-arm64-gnu",
  "macos-x64",
  "macos-arm64",
  "windows-x64",
] as const;
export type TargetId = (typeof TARGET_IDS)[number];
export type NativeTargetId = Exclude<TargetId, "wasm">;

/** Every native target (all but wasm), in /targets order: what POST /build_asm accepts. */
export const NATIVE_TARGET_IDS = TARGET_IDS.filter((id): id is NativeTargetId => id !== "wasm") as [
  NativeTargetId,
  ...NativeTargetId[],
];

/**
 * What POST /build_target accepts: the Linux and macOS targets but not
 * /build's own linux-x64; Windows has only /build_windows.
 */
export const BUILD_TARGET_IDS = NATIVE_TARGET_IDS.filter((id) => id !== "linux-x64" && id !== "windows-x64") as [
  NativeTargetId,
  ...NativeTargetId[],
];

// Membership by list, never by looking a name up in an object: a target
// called "constructor" or "__proto__" is found on every plain object.
export function isNativeTargetId(value: unknown): value is NativeTargetId {
  return typeof value === "string" && (NATIVE_TARGET_IDS as readonly string[]).includes(value);
}

export function isBuildTargetId(value: unknown): value is NativeTargetId {
  return typeof value === "string" && (BUILD_TARGET_IDS as readonly string[]).includes(value);
}
