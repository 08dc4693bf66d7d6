// Forest files that exist but do not decode. The engine then scores
// without that version until the next training rewrites it, which is
// quiet: the model still answers, so neither listModels nor the per-model
// health route call it damaged. This finds them for `/health` (degraded),
// `/metrics` (anomaly_damaged_versions) and `anomaly doctor` (exit 1).
// It only reads: metadata.json for the version names, then each forest
// file, decoded again only when its size or mtime changed since the last
// look, so polling health stays cheap on a large store.
import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { decodeForestFile } from "../../anomaly";

export interface DamagedVersion {
  model: string;
  version: string;
  file: string;
  error: string;
}

const SAFE_NAME = /^[A-Za-z0-9_]+$/;

/** The version names metadata.json lists, or none when it cannot be read (that is doctor's other finding). */
async function versionNames(dir: string): Promise<string[]> {
  try {
    const meta = JSON.parse(await readFile(join(dir, "metadata.json"), "utf8")) as { versions?: { vname?: unknown }[] };
    return (meta.versions ?? [])
      .map((v) => v.vname)
      .filter((v): v is string => typeof v === "string" && SAFE_NAME.test(v));
  } catch {
    return [];
  }
}

export class ForestCheck {
  /** Per forest path: the size and mtime last decoded, and whether it decoded. */
  private readonly seen = new Map<string, { stamp: string; ok: boolean }>();

  constructor(private readonly root: string) {}

  async damaged(models: readonly string[]): Promise<DamagedVersion[]> {
    const out: DamagedVersion[] = [];
    for (const model of models) {
      if (!SAFE_NAME.test(model)) continue;
      const dir = join(this.root, model);
      for (const version of await versionNames(dir)) {
        const file = `version_${version}.forest`;
        const path = join(dir, file);
        const info = await stat(path).catch(() => null);
        // No file yet: the version has not been trained, which is not damage.
        if (info === null) continue;
        const stamp = `${info.size}:${info.mtimeMs}`;
        let known = this.seen.get(path);
        if (known?.stamp !== stamp) {
          const bytes = await readFile(path).catch(() => null);
          const ok =
            bytes !== null &&
            decodeForestFile(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), version) !== null;
          known = { stamp, ok };
          this.seen.set(path, known);
        }
        if (!known.ok)
          out.push({
            model,
            version,
            file,
            error: `${file} cannot be decoded: version ${version} scores nothing until the next training (force_train) rewrites it`,
          });
      }
    }
    return out;
  }
}
