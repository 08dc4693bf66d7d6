// Bundles the server for production: `npm start`, the container images and
// the single executable run build/server/main.cjs with plain `node`, with no
// TypeScript loader at run time.
//
//   build/server/main.cjs               the server (server/main.ts and every dependency)
//   build/server/workers/<entry>.cjs    each worker thread's entry, loaded by
//                                       threads/workerCode.ts instead of tsx
//
// Two things the sources do from their own location are kept working:
// - `import.meta.url` (files found beside a source file: lang/, dist/,
//   compiler.wasm, page.css) becomes that source file's URL under the root
//   the bundle sits in (build/server/../..), so the bundle finds the same
//   files as the sources when the tree keeps its layout (clone, image, the
//   executable's extracted tree);
// - threads/workerCode.ts sees `globalThis.__pithPrebuiltWorkers` (set by the
//   banner below) and starts workers from the prebuilt entries.
// `webgpu` stays outside: a native addon, optional, imported only where used.
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { type BuildOptions, build, type Plugin } from "esbuild";
import { prebuiltWorkerName } from "../threads/workerCode";

const root = resolve(import.meta.dirname, "..");
const out = join(root, "build", "server");

// Every worker thread's entry (threads/serve.ts serves its handlers); each
// is bundled under its own file name, which threads/workerCode.ts derives
// from the entry's path.
const WORKER_ENTRIES = [
  "server/playground/compileWorker.ts",
  "server/programHost/debugWorker.ts",
  "anomaly/node/engineWorker.ts",
  "anomaly/node/restartWorker.ts",
  "anomaly/node/forestWalkWorker.ts",
];

/** Replaces `import.meta.url` in the project's sources with the source file's URL under the run-time root. */
const sourceLocation: Plugin = {
  name: "source-location",
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, (args) => {
      if (args.path.includes(`${"/"}node_modules${"/"}`)) return undefined;
      const rel = relative(root, args.path).split("\\").join("/");
      const text = readFileSync(args.path, "utf8").replace(
        /\bimport\.meta\.url\b/g,
        `__pithSourceUrl(${JSON.stringify(rel)})`,
      );
      return { contents: text, loader: "ts" };
    });
  },
};

// build/server/<file> -> the root is two folders up.
// Node 22 keeps V8's compiled code between starts (a no-op on Node 20).
const BANNER = [
  `try { require("node:module").enableCompileCache?.(); } catch {}`,
  `var __pithRoot = require("node:path").resolve(__dirname, "..", "..");`,
  `var __pithSourceUrl = (rel) => require("node:url").pathToFileURL(require("node:path").join(__pithRoot, rel)).href;`,
].join("\n");

rmSync(out, { recursive: true, force: true });
mkdirSync(join(out, "workers"), { recursive: true });

const common: BuildOptions = {
  bundle: true,
  platform: "node",
  format: "cjs",
  target: "node20",
  external: ["webgpu"],
  plugins: [sourceLocation],
  logLevel: "warning",
  // The sources use import.meta only for their URL (rewritten above) and,
  // in the tsx branch of threads/workerCode.ts, resolve() that never runs here.
  logOverride: { "empty-import-meta": "silent" },
  legalComments: "none",
  // Less to parse at start; names are kept so stack traces still read.
  minifyWhitespace: true,
  minifySyntax: true,
  keepNames: true,
  sourcemap: false,
};

const started = performance.now();
await build({
  ...common,
  entryPoints: { main: join(root, "server/main.ts") },
  outdir: out,
  outExtension: { ".js": ".cjs" },
  banner: {
    js: `${BANNER}\nglobalThis.__pithPrebuiltWorkers = require("node:path").join(__dirname, "workers");`,
  },
});
await build({
  ...common,
  entryPoints: Object.fromEntries(
    WORKER_ENTRIES.map((file) => [prebuiltWorkerName(file).replace(/\.cjs$/, ""), join(root, file)]),
  ),
  outdir: join(out, "workers"),
  outExtension: { ".js": ".cjs" },
  banner: { js: BANNER.replace(`"..", ".."`, `"..", "..", ".."`) },
});
console.log(`server bundled into build/server in ${((performance.now() - started) / 1000).toFixed(1)} s`);
