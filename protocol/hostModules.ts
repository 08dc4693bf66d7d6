// The host modules: standard-library modules whose functions the program's
// environment provides, declared `extern "pith_<module>"` in
// lang/stdlib/<module>.pith. This table is their one list. The compiler's
// per-target availability check (server/toolchain/hostModules.ts), the
// shared host's import object (lang/runtime/host/hostImports.ts), the
// playground's providers (client/host/workerProviders.ts, typed so that a
// module without a provider does not compile), and the library reference's
// examples (lang/docs/examples.ts) all read it, and
// protocol/hostModules.test.ts fails when the standard library's extern
// declarations name a module that is not here or one here is declared
// nowhere.

export const HOST_MODULE_TABLE = [
  { module: "canvas", targets: ["wasm"], needs: "a browser framebuffer" },
  { module: "audio", targets: ["wasm"], needs: "the browser's audio output" },
  { module: "http", targets: ["wasm"], needs: "an HTTP client, which native targets do not have yet" },
] as const;

/** A host module's short name, as in `import std.canvas`: "canvas", "audio", "http". */
export type HostModuleName = (typeof HOST_MODULE_TABLE)[number]["module"];

/** The wasm import module its functions come from: "pith_canvas". */
export type HostImportName = `pith_${HostModuleName}`;

export function hostImportName(module: HostModuleName): HostImportName {
  return `pith_${module}`;
}

export const HOST_MODULE_NAMES: readonly HostModuleName[] = HOST_MODULE_TABLE.map((m) => m.module);
