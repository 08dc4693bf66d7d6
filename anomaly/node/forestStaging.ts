/**
 * Forest files that take effect with the metadata naming them.
 *
 * A training's forests (one file per version) are written beside later
 * appends, and the metadata naming the training only once they are all on
 * disk (model/commitQueue.ts). Written over the forests in force, a kill
 * part-way through left some versions from the new training and the rest
 * from the old one, under metadata (scaler, margins, the training still
 * pending) from before it: the model that loaded scored the points after
 * its checkpoint with forests that never scored them live, and its alert
 * and sustained-run state drifted from that of a model that never stopped
 * (a sustained run's flag came one point early or late).
 *
 * So a forest is written as `version_<v>.forest.s<stage>` and a deletion is
 * only noted; the next metadata write names the stage (`forests_staged`,
 * after the documented fields) and is the commit point: after it, the
 * staged files are renamed over the forests in force and noted deletions
 * are done. Loading finishes a committed stage that a kill interrupted (the
 * renames are repeatable) and removes staged files of any other stage,
 * which no metadata named: those forests were never in force.
 */
import { randomBytes } from "node:crypto";
import { rename, rm } from "node:fs/promises";
import { join } from "node:path";
import { fsyncDir, namesIn } from "./atomicFile";

/** The field of metadata.json naming a stage. */
export const STAGED_FIELD = "forests_staged";

/** A stage: its id and, per version, whether its forest is written or removed. */
export interface ForestStage {
  id: string;
  versions: Record<string, "write" | "delete">;
}

const STAGED_FILE = /^version_[A-Za-z0-9_]+\.forest\.s([0-9a-f]+)$/;

export const forestFileName = (version: string) => `version_${version}.forest`;
const stagedFileName = (version: string, id: string) => `${forestFileName(version)}.s${id}`;

function parseStage(raw: unknown): ForestStage | null {
  if (raw === null || typeof raw !== "object") return null;
  const { id, versions } = raw as Record<string, unknown>;
  if (typeof id !== "string" || !/^[0-9a-f]+$/.test(id) || versions === null || typeof versions !== "object") {
    return null;
  }
  const out: Record<string, "write" | "delete"> = {};
  for (const [v, what] of Object.entries(versions)) {
    if (/^[A-Za-z0-9_]+$/.test(v) && (what === "write" || what === "delete")) out[v] = what;
  }
  return { id, versions: out };
}

/** Per model, the forest changes written since its last metadata write. */
export class ForestStaging {
  private readonly stages = new Map<string, ForestStage>();

  constructor(private readonly durable: boolean) {}

  private stage(model: string): ForestStage {
    let s = this.stages.get(model);
    if (s === undefined) {
      s = { id: randomBytes(6).toString("hex"), versions: {} };
      this.stages.set(model, s);
    }
    return s;
  }

  /** Where a version's new forest is written; it takes effect with the next metadata write. */
  writePath(model: string, dir: string, version: string): string {
    const s = this.stage(model);
    s.versions[version] = "write";
    return join(dir, stagedFileName(version, s.id));
  }

  /** Notes a version's forest for removal with the next metadata write (a staged one goes now). */
  async remove(model: string, dir: string, version: string): Promise<void> {
    const s = this.stage(model);
    if (s.versions[version] === "write") await rm(join(dir, stagedFileName(version, s.id)), { force: true });
    s.versions[version] = "delete";
  }

  /** The stage the next metadata write must name; null when nothing is staged. */
  pending(model: string): ForestStage | null {
    const s = this.stages.get(model);
    return s === undefined || Object.keys(s.versions).length === 0 ? null : s;
  }

  /** After the metadata naming `stage` is on disk: puts its forests in force. */
  async commit(model: string, dir: string, stage: ForestStage): Promise<void> {
    if (this.stages.get(model) === stage) this.stages.delete(model);
    await applyStage(dir, stage, this.durable);
  }

  /** Drops what this process staged for a model (deleted, or reloaded from disk). */
  forget(model: string): void {
    this.stages.delete(model);
  }

  /**
   * Loading: finishes the stage the metadata on disk names (a kill may have
   * come between its commit and the renames) and removes the staged files
   * of any other stage.
   */
  async finish(model: string, dir: string, named: unknown): Promise<void> {
    this.forget(model);
    const stage = parseStage(named);
    if (stage !== null) await applyStage(dir, stage, this.durable);
    for (const name of await namesIn(dir)) {
      if (STAGED_FILE.test(name)) await rm(join(dir, name), { force: true });
    }
  }
}

async function applyStage(dir: string, stage: ForestStage, durable: boolean): Promise<void> {
  for (const [version, what] of Object.entries(stage.versions)) {
    const final = join(dir, forestFileName(version));
    if (what === "delete") {
      await rm(final, { force: true });
      continue;
    }
    try {
      await rename(join(dir, stagedFileName(version, stage.id)), final);
    } catch (e) {
      // Renamed already (an earlier load finished this stage).
      if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
    }
  }
  if (durable) await fsyncDir(dir);
}
