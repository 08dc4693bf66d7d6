// The anomaly engine's public surface is its entry points (issue 33):
// anomaly/index.ts (the platform-neutral core), anomaly/node/index.ts (files,
// worker threads, Dawn), anomaly/browser/index.ts (IndexedDB, WebGPU) and
// anomaly/testing.ts (the tests' fixtures). Code elsewhere imports only
// those, so the engine's inside can move without touching the server, the
// dashboards, the bench or the scripts. The core runs in a browser worker
// and in Node alike, so nothing it reaches, type imports included, may be a
// Node module or one of the platform folders.
import { readdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import { parseDependencyTree } from "dpdm";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");
const ENTRY_POINTS = new Set(["anomaly/index", "anomaly/node/index", "anomaly/browser/index", "anomaly/testing"]);
const NODE_ONLY = ["anomaly/node/", "anomaly/gpu/node/"];
const BROWSER_ONLY = ["anomaly/browser/", "anomaly/gpu/"];
const SKIPPED_FOLDERS = new Set(["node_modules", "dist", "build", "anomaly", "wasm"]);

/** Every TypeScript file of the repository outside anomaly/ (and outside the AssemblyScript compiler). */
function outsideSources(dir = ROOT, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith(".") || (dir === ROOT && SKIPPED_FOLDERS.has(entry.name))) continue;
    if (entry.name === "node_modules") continue;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) outsideSources(full, out);
    else if (/\.(m?ts|tsx)$/.test(entry.name)) out.push(full);
  }
  return out;
}

// Static and dynamic imports, re-exports, and worker URLs (`new URL("...", import.meta.url)`).
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bnew URL\(\s*)["'](\.{1,2}\/[^"']*)["']/g;

/** The module a relative specifier names, relative to the root, without extension or trailing /index. */
function target(file: string, specifier: string): string {
  const path = relative(ROOT, resolve(dirname(file), specifier)).replace(/\.(m?ts|tsx|js)$/, "");
  return path === "anomaly" || path === "anomaly/node" || path === "anomaly/browser" ? `${path}/index` : path;
}

/** Everything `entry` reaches, type-only imports counted: [importer, request, resolved id or null]. */
async function reached(entry: string): Promise<[string, string, string | null][]> {
  const tree = await parseDependencyTree([entry], {
    cwd: ROOT,
    context: ROOT,
    transform: false,
    skipDynamicImports: false,
    onProgress: () => {},
  });
  return Object.entries(tree).flatMap(([file, deps]) =>
    (deps ?? []).map((d): [string, string, string | null] => [file, d.request, d.id]),
  );
}

const NODE_BUILTINS = new Set(builtinModules);
const isNodeModule = (request: string) => request.startsWith("node:") || NODE_BUILTINS.has(request.split("/")[0]);
const inside = (folders: string[], id: string | null) => id !== null && folders.some((f) => id.startsWith(f));

describe("the anomaly engine's entry points", () => {
  it("code outside anomaly/ imports the engine only through an entry point", () => {
    const stray: string[] = [];
    let imports = 0;
    for (const file of outsideSources()) {
      for (const m of readFileSync(file, "utf8").matchAll(SPECIFIER)) {
        const module = target(file, m[1]);
        if (!module.startsWith("anomaly/")) continue;
        imports++;
        if (!ENTRY_POINTS.has(module)) stray.push(`${relative(ROOT, file)} imports ${module}`);
      }
    }
    // The server, the dashboards and the bench all use the engine: a scan that sees none is broken.
    expect(imports).toBeGreaterThan(50);
    expect(stray).toEqual([]);
  });

  it("the core reaches no Node module and neither the Node nor the browser half", async () => {
    const edges = await reached("anomaly/index.ts");
    expect(edges.length).toBeGreaterThan(50);
    const platform = edges
      .filter(([, request, id]) => isNodeModule(request) || inside(NODE_ONLY, id) || inside(BROWSER_ONLY, id))
      .map(([file, request]) => `${file} imports ${request}`);
    expect(platform).toEqual([]);
  }, 120_000);

  it("the browser half reaches no Node module and not the Node half", async () => {
    const edges = await reached("anomaly/browser/index.ts");
    const nodeOnly = edges
      .filter(([, request, id]) => isNodeModule(request) || inside(NODE_ONLY, id))
      .map(([file, request]) => `${file} imports ${request}`);
    expect(nodeOnly).toEqual([]);
  }, 120_000);
});
