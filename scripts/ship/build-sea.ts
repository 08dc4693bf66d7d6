// `npm run build:sea`: one executable file (Node's single-executable
// applications) holding the server bundle, its worker modules, the SPA,
// compiler.wasm, the language files and the /docs assets: build/pith-server.
// Needs `npm run build` first (build:sea runs it). The payload is one asset
// (files.bin, the files end to end) with an index (index.json) that
// sea-entry.cjs unpacks on first start; see there for why.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  chmodSync,
  copyFileSync,
  existsSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join, relative, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..", "..");
const out = join(root, "build", "sea");
const binary = join(root, "build", "pith-server");

// What the server reads at run time, relative to the root it runs from (the Dockerfile copies the same).
const PAYLOAD = [
  "build/server",
  "dist",
  "lang",
  "wasm/build/compiler.wasm",
  "server/docs/page.css",
  "node_modules/swagger-ui-dist",
  "package.json",
];
const SKIP = [/^lang\/tests\//];

for (const path of PAYLOAD) {
  if (!existsSync(join(root, path))) {
    console.error(`${path} is missing: run \`npm run build\` first (npm run build:sea does)`);
    process.exit(2);
  }
}

function walk(path: string): string[] {
  const full = join(root, path);
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full)
    .sort()
    .flatMap((name) => walk(`${path}/${name}`));
}

const files = PAYLOAD.flatMap(walk).filter((path) => !SKIP.some((re) => re.test(path)));
const chunks: Buffer[] = [];
const index: { path: string; offset: number; size: number }[] = [];
const hash = createHash("sha256");
let offset = 0;
for (const path of files) {
  const bytes = readFileSync(join(root, path));
  index.push({ path, offset, size: bytes.length });
  hash.update(path).update(bytes);
  chunks.push(bytes);
  offset += bytes.length;
}

rmSync(out, { recursive: true, force: true });
execFileSync("mkdir", ["-p", out]);
writeFileSync(join(out, "files.bin"), Buffer.concat(chunks));
writeFileSync(join(out, "index.json"), JSON.stringify({ key: hash.digest("hex").slice(0, 16), files: index }));
writeFileSync(
  join(out, "sea-config.json"),
  JSON.stringify({
    main: relative(out, join(root, "scripts/ship/sea-entry.cjs")),
    output: "sea-prep.blob",
    disableExperimentalSEAWarning: true,
    assets: { "index.json": "index.json", "files.bin": "files.bin" },
  }),
);
execFileSync(process.execPath, ["--experimental-sea-config", "sea-config.json"], { cwd: out, stdio: "inherit" });
rmSync(binary, { force: true });
copyFileSync(process.execPath, binary);
chmodSync(binary, 0o755);
execFileSync(
  join(root, "node_modules", ".bin", "postject"),
  [
    binary,
    "NODE_SEA_BLOB",
    join(out, "sea-prep.blob"),
    "--sentinel-fuse",
    "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2",
  ],
  { stdio: ["ignore", "ignore", "inherit"] },
);
const mb = (n: number) => (n / 1e6).toFixed(0);
console.log(
  `build/pith-server: ${mb(statSync(binary).size)} MB (${files.length} files, ${mb(offset)} MB of payload; Node ${process.version})`,
);
