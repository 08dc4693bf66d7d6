// Short links: a shared workspace stored through the artifact store (the one
// that keeps downloads), in a folder of its own, under the hash of its
// content: the same workspace always gets the same id, so storing is
// idempotent, renews the link's expiry, and nothing can be overwritten. The
// folder has a quota: past it POST /share is refused (507) rather than
// evicting links that people have handed out; links expire after a TTL
// counted from the last time they were shared.
import { sharedArtifacts } from "../cluster/shared";
import { ArtifactStore, type Artifacts } from "../playground/artifacts";
import type { PlaygroundLimits } from "../playground/limits";
import type { SharedWorkspace } from "./schemas";

/** Ids are 32 hex digits of the SHA-256 of the stored file (artifacts.ts putContent). */
export const SHARE_ID = /^[0-9a-f]{32}$/;
const FILE = "share.json";

export type ShareLimits = Pick<PlaygroundLimits, "shareDir" | "shareTtlSeconds" | "shareMaxBytes">;

export class ShareStore {
  private readonly store: Artifacts;

  constructor(limits: ShareLimits, now?: () => number) {
    const budget = {
      ttlMs: limits.shareTtlSeconds * 1000,
      maxBytes: limits.shareMaxBytes,
      whenFull: "refuse" as const,
      now,
    };
    // S3 when S3_ENDPOINT is set, so a link made on one instance opens on every other.
    this.store =
      sharedArtifacts({ prefix: "shares/", ...budget }) ?? new ArtifactStore({ dir: limits.shareDir, ...budget });
  }

  /** Stores the workspace; returns its id. Throws QuotaExceededError when the quota is used up. */
  async put(workspace: SharedWorkspace): Promise<string> {
    const { id } = await this.store.putContent([{ name: FILE, bytes: Buffer.from(canonical(workspace)) }]);
    return id;
  }

  /** The workspace stored under `id`, or undefined when there is none (or it expired). */
  async get(id: string): Promise<SharedWorkspace | undefined> {
    if (!SHARE_ID.test(id)) return undefined;
    const bytes = await this.store.get(id, FILE);
    return bytes ? (JSON.parse(Buffer.from(bytes).toString("utf8")) as SharedWorkspace) : undefined;
  }

  /** Deletes expired links now (also done lazily on read and before refusing a put). */
  sweep(): Promise<number> {
    return this.store.sweep();
  }

  /** Sweeps every `intervalMs` until stop(). */
  start(intervalMs: number): void {
    this.store.start(intervalMs);
  }

  stop(): void {
    this.store.stop();
  }
}

/** One JSON text per workspace, whatever the order of the request's keys: the id depends on the content only. */
function canonical(w: SharedWorkspace): string {
  return JSON.stringify({
    source: w.source,
    stdin: w.stdin || undefined,
    files: w.files?.map((f) => ({ name: f.name, source: f.source })),
    entry: w.entry,
    opt: w.opt,
  });
}
