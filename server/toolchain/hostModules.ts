// Which host modules (declared with `extern` in the standard library and
// provided by the environment) exist on which target, from the one table in
// protocol/hostModules.ts. Availability is part of the language: using a
// module a target lacks is a compile-time error naming both. canvas and
// audio need a browser; http has no native implementation yet, so for now
// it is wasm-only too.
import { HOST_MODULE_TABLE } from "../../protocol/hostModules";

export interface HostModule {
  name: string;
  /** Target ids that provide it. */
  targets: readonly string[];
  /** What the module needs, for the diagnostic. */
  needs: string;
}

export const HOST_MODULES: readonly HostModule[] = HOST_MODULE_TABLE.map((m) => ({
  name: `std.${m.module}`,
  targets: m.targets,
  needs: m.needs,
}));

export interface HostModuleDiagnostic {
  module: string;
  target: string;
  message: string;
}

/** The host module an import refers to (`std.canvas` or a member of it), if any. */
function hostModuleOf(path: string): HostModule | undefined {
  return HOST_MODULES.find((m) => path === m.name || path.startsWith(`${m.name}.`));
}

/** One diagnostic per host module the program imports that `target` lacks. */
export function rejectHostModules(imports: readonly string[], target: string): HostModuleDiagnostic[] {
  const seen = new Set<string>();
  const diagnostics: HostModuleDiagnostic[] = [];
  for (const path of imports) {
    const module = hostModuleOf(path.trim());
    if (!module || module.targets.includes(target) || seen.has(module.name)) continue;
    seen.add(module.name);
    diagnostics.push({
      module: module.name,
      target,
      message: `${module.name} is not available on target ${target}: it needs ${module.needs}; build for ${module.targets.join(" or ")} to use it`,
    });
  }
  return diagnostics;
}
