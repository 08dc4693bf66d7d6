// No import cycle in the compiler, the server, the anomaly engine or the IDE.
// Two checks per folder. At run time (type-only imports erased, dpdm's
// transform): a cycle makes a module's exports undefined while the other side
// of the cycle is still evaluating (a temporal-dead-zone crash that depends on
// which file is imported first). With type imports counted: a type-only cycle
// never runs, but it still ties folders that should read on their own, and an
// `import type` that turns into a value import makes it a run-time cycle; a
// type shared by two modules lives with the module that owns the concept.
// Dynamic `import()` is skipped: it loads after both sides have evaluated.
import { join } from "node:path";
import { parseCircular, parseDependencyTree } from "dpdm";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");

async function cycles(folder: string, transform: boolean): Promise<string[]> {
  const tree = await parseDependencyTree([`${folder}/**/*.ts`, `${folder}/**/*.tsx`], {
    cwd: ROOT,
    context: ROOT,
    transform,
    skipDynamicImports: true,
    exclude: /node_modules/,
    onProgress: () => {},
  });
  expect(Object.keys(tree).length).toBeGreaterThan(0);
  return parseCircular(tree, true).map((cycle) => cycle.join(" -> "));
}

describe("import cycles", () => {
  for (const folder of ["wasm/src", "server", "anomaly", "client", "protocol", "lang", "threads"]) {
    it(`${folder} has none at run time`, async () => {
      expect(await cycles(folder, true)).toEqual([]);
    }, 120_000);

    it(`${folder} has none with type imports counted`, async () => {
      expect(await cycles(folder, false)).toEqual([]);
    }, 120_000);
  }
});
