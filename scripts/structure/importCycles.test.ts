// No import cycle at run time in the compiler, the server, the anomaly engine
// or the IDE: a cycle makes a module's exports undefined while the other side
// of the cycle is still evaluating (a temporal-dead-zone crash that depends on
// which file is imported first), and it ties folders that should read on
// their own. Type-only imports are erased before this check (dpdm's
// transform), since they never run.
import { join } from "node:path";
import { parseCircular, parseDependencyTree } from "dpdm";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");

describe("import cycles", () => {
  for (const folder of ["wasm/src", "server", "anomaly", "client", "protocol", "lang"]) {
    it(`${folder} has none at run time`, async () => {
      const tree = await parseDependencyTree([`${folder}/**/*.ts`, `${folder}/**/*.tsx`], {
        cwd: ROOT,
        context: ROOT,
        transform: true,
        skipDynamicImports: true,
        exclude: /node_modules/,
        onProgress: () => {},
      });
      expect(Object.keys(tree).length).toBeGreaterThan(0);
      const cycles = parseCircular(tree, true).map((cycle) => cycle.join(" -> "));
      expect(cycles).toEqual([]);
    }, 120_000);
  }
});
