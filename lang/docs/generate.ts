// Writes lang/docs/std/<module>.md from lang/stdlib/<module>.pith:
//   npx tsx lang/docs/generate.ts
// reference.test.ts fails when a committed page differs from what this writes.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { moduleReference } from "./reference";

export const STDLIB_DIR = fileURLToPath(new URL("../stdlib/", import.meta.url));
export const PAGES_DIR = fileURLToPath(new URL("./std/", import.meta.url));

/** Every module's page: [module name, Markdown]. */
export function referencePages(): [string, string][] {
  return readdirSync(STDLIB_DIR)
    .filter((f) => f.endsWith(".pith"))
    .sort()
    .map((f) => {
      const name = f.slice(0, -".pith".length);
      return [name, moduleReference(name, readFileSync(join(STDLIB_DIR, f), "utf8"))];
    });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  mkdirSync(PAGES_DIR, { recursive: true });
  for (const [name, text] of referencePages()) writeFileSync(join(PAGES_DIR, `${name}.md`), text);
  console.log(`wrote ${referencePages().length} pages to ${PAGES_DIR}`);
}
