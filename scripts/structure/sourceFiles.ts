// The TypeScript files below a folder, for the structure tests that read
// the tree as text (classChains, phaseDirection).
import { readdirSync } from "node:fs";
import { join } from "node:path";

export function tsFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) tsFiles(full, out);
    else if (entry.name.endsWith(".ts")) out.push(full);
  }
  return out;
}
