// The host-module table against its source, the standard library: every
// `extern "pith_<module>"` declared in lang/stdlib names a module of the
// table, declared in that module's own file, and every module of the table
// is declared somewhere. WASI, which every host provides, is not a host
// module.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { HOST_MODULE_NAMES, hostImportName } from "./hostModules";

const STDLIB = join(import.meta.dirname, "../lang/stdlib");

describe("the host-module table", () => {
  it("lists exactly the import modules the standard library declares extern, each in its own file", () => {
    const declared = new Map<string, Set<string>>();
    for (const file of readdirSync(STDLIB).filter((f) => f.endsWith(".pith"))) {
      for (const m of readFileSync(join(STDLIB, file), "utf8").matchAll(/^\s*extern\s+"([^"]+)"/gm)) {
        const files = declared.get(m[1]) ?? new Set<string>();
        files.add(file);
        declared.set(m[1], files);
      }
    }
    declared.delete("wasi_snapshot_preview1");
    expect([...declared.keys()].sort()).toEqual(HOST_MODULE_NAMES.map(hostImportName).sort());
    for (const module of HOST_MODULE_NAMES)
      expect([...(declared.get(hostImportName(module)) ?? [])]).toEqual([`${module}.pith`]);
  });
});
