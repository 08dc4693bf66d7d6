// The single executable's entry (build-sea.ts embeds it with the payload).
// Node's SEA main script can require only built-in modules, and the server
// finds its files (SPA, compiler.wasm, language files, worker modules) on
// disk beside its bundle; so the payload is unpacked once into a folder named
// by its content hash (PITH_SEA_DIR, else ~/.cache/pith, else the temp
// folder), reused by later starts of the same build, and the bundle is
// loaded from there with an ordinary require.
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { createRequire } = require("node:module");
const sea = require("node:sea");

const index = JSON.parse(sea.getAsset("index.json", "utf8"));

function candidates() {
  if (process.env.PITH_SEA_DIR) return [process.env.PITH_SEA_DIR];
  const cache = process.env.XDG_CACHE_HOME || path.join(os.homedir(), ".cache");
  return [path.join(cache, "pith"), path.join(os.tmpdir(), `pith-${process.getuid?.() ?? "user"}`)];
}

function unpack(base) {
  const dir = path.join(base, index.key);
  if (fs.existsSync(path.join(dir, ".complete"))) return dir;
  // Unpacked beside, then renamed: a start killed halfway leaves no half tree in use.
  const partial = `${dir}.${process.pid}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  const blob = Buffer.from(sea.getAsset("files.bin"));
  for (const file of index.files) {
    const target = path.join(partial, file.path);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, blob.subarray(file.offset, file.offset + file.size));
  }
  fs.writeFileSync(path.join(partial, ".complete"), "");
  try {
    fs.renameSync(partial, dir);
  } catch (error) {
    // Another start unpacked the same build first: use its tree.
    fs.rmSync(partial, { recursive: true, force: true });
    if (!fs.existsSync(path.join(dir, ".complete"))) throw error;
  }
  return dir;
}

let root = null;
const failures = [];
for (const base of candidates()) {
  try {
    root = unpack(base);
    break;
  } catch (error) {
    failures.push(`${base}: ${error.message}`);
  }
}
if (root === null) {
  console.error(
    `cannot unpack the server's files (set PITH_SEA_DIR to a writable folder):\n  ${failures.join("\n  ")}`,
  );
  process.exit(1);
}
const main = path.join(root, "build", "server", "main.cjs");
createRequire(main)(main);
