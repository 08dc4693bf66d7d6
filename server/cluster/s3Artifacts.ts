// The artifact store on S3 (any S3 API: AWS, Ceph radosgw, MinIO), for
// several server instances sharing downloads and short links. Same contract
// as the disk store (playground/artifacts.ts): a build is a "folder" of
// objects `PREFIX/ID/NAME` plus `PREFIX/ID/meta.json` written last (its
// createdAt is the expiry clock; renewing a content-addressed put rewrites
// only it). Expiry is enforced three ways: checked on read, swept by the
// application, and a bucket lifecycle rule per prefix as the backstop if no
// instance is running (setLifecycle). Quota is per prefix, summed from the listing.

import { createHash, randomBytes } from "node:crypto";
import {
  type _Object,
  CreateBucketCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutBucketLifecycleConfigurationCommand,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import {
  type ArtifactFile,
  type Artifacts,
  isArtifactName,
  isBuildId,
  QuotaExceededError,
  type StoredBuild,
} from "../playground/artifacts";
import type { S3Settings } from "./settings";

const META = "meta.json";

export interface S3ArtifactStoreOptions {
  /** Folder-like key prefix of this store, e.g. "builds/" or "shares/"; the quota counts it alone. */
  prefix: string;
  ttlMs: number;
  maxBytes: number;
  whenFull?: "evict-oldest" | "refuse";
  now?: () => number;
}

export function s3Client(s: S3Settings): S3Client {
  return new S3Client({
    endpoint: s.endpoint,
    region: s.region,
    forcePathStyle: true,
    credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey },
    // radosgw and older S3 servers reject the newer default checksums.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

export class S3ArtifactStore implements Artifacts {
  private timer: NodeJS.Timeout | null = null;
  private readonly now: () => number;
  private lastCount = 0;
  private lastBytes = 0;

  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    private readonly options: S3ArtifactStoreOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  /** From the last listing (sweep or quota check): the bucket is shared, so this is approximate between sweeps. */
  get buildCount(): number {
    return this.lastCount;
  }

  get diskBytes(): number {
    return this.lastBytes;
  }

  async put(files: ArtifactFile[]): Promise<StoredBuild> {
    return this.store(randomBytes(16).toString("hex"), files, false);
  }

  async putContent(files: ArtifactFile[]): Promise<StoredBuild> {
    const hash = createHash("sha256");
    for (const file of files) hash.update(`${file.name}\0${file.bytes.length}\0`).update(file.bytes);
    return this.store(hash.digest("hex").slice(0, 32), files, true);
  }

  async get(id: string, name: string): Promise<Uint8Array | null> {
    if (!isBuildId(id) || !isArtifactName(name)) return null;
    const createdAt = await this.createdAt(id);
    if (createdAt === null || this.now() - createdAt >= this.options.ttlMs) return null;
    return this.read(this.key(id, name));
  }

  /** How long a download redirect's signed URL works: enough to start the download, short enough to be useless if leaked. */
  static readonly DIRECT_URL_SECONDS = 60;

  /** The download route's redirect target: null when unknown or expired, as get() would say. */
  async directUrl(id: string, name: string): Promise<string | null> {
    if (!isBuildId(id) || !isArtifactName(name)) return null;
    const createdAt = await this.createdAt(id);
    if (createdAt === null || this.now() - createdAt >= this.options.ttlMs) return null;
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.key(id, name) }));
    } catch (error) {
      if ((error as { name?: string }).name === "NotFound") return null;
      throw error;
    }
    return this.presignedUrl(id, name, S3ArtifactStore.DIRECT_URL_SECONDS, name);
  }

  /** A short-lived signed URL for the file, so a client downloads from S3 directly rather than through an instance. */
  presignedUrl(id: string, name: string, seconds: number, attachment?: string): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: this.key(id, name),
      // Signed into the URL: S3 answers with the same attachment header the server would.
      ResponseContentDisposition: attachment === undefined ? undefined : `attachment; filename="${attachment}"`,
    });
    return getSignedUrl(this.client, command, { expiresIn: seconds });
  }

  async sweep(): Promise<number> {
    const builds = await this.list();
    const expired = [...builds.values()].filter(
      (b) => b.createdAt !== null && this.now() - b.createdAt >= this.options.ttlMs,
    );
    for (const b of expired) await this.deleteKeys(b.keys);
    return expired.length;
  }

  start(intervalMs: number): void {
    this.stop();
    this.timer = setInterval(() => {
      this.sweep().catch((error: Error) => console.error(`[artifacts] S3 sweep failed: ${error.message}`));
    }, intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private key(id: string, name: string): string {
    return `${this.options.prefix}${id}/${name}`;
  }

  private async store(id: string, files: ArtifactFile[], content: boolean): Promise<StoredBuild> {
    for (const file of files) {
      if (!isArtifactName(file.name)) throw new Error(`not a storable artifact name: ${JSON.stringify(file.name)}`);
    }
    const bytes = files.reduce((n, f) => n + f.bytes.length, 0);
    const exists = content && (await this.createdAt(id)) !== null;
    if (!exists) {
      if (this.options.whenFull === "refuse") {
        await this.sweep();
        const used = [...(await this.list()).values()].reduce((n, b) => n + b.bytes, 0);
        if (used + bytes > this.options.maxBytes) throw new QuotaExceededError(bytes, this.options.maxBytes);
      }
      await Promise.all(
        files.map((f) =>
          this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: this.key(id, f.name), Body: f.bytes })),
        ),
      );
    }
    // meta.json last: a build without it is never served and is swept as debris.
    const createdAt = this.now();
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.key(id, META),
        Body: JSON.stringify({ createdAt }),
        ContentType: "application/json",
      }),
    );
    if (this.options.whenFull !== "refuse") await this.evict(id);
    return {
      id,
      artifacts: files.map((f) => ({ name: f.name, bytes: f.bytes.length })),
      expiresAt: createdAt + this.options.ttlMs,
    };
  }

  private async createdAt(id: string): Promise<number | null> {
    const bytes = await this.read(this.key(id, META));
    if (!bytes) return null;
    try {
      const { createdAt } = JSON.parse(Buffer.from(bytes).toString("utf8")) as { createdAt: unknown };
      return typeof createdAt === "number" ? createdAt : null;
    } catch {
      return null;
    }
  }

  private async read(key: string): Promise<Uint8Array | null> {
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return out.Body ? await out.Body.transformToByteArray() : null;
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === "NoSuchKey") return null;
      throw error;
    }
  }

  /** Every build under the prefix, with its keys, bytes and createdAt (meta.json's). */
  private async list(): Promise<
    Map<string, { keys: string[]; bytes: number; createdAt: number | null; modified: number }>
  > {
    const builds = new Map<string, { keys: string[]; bytes: number; createdAt: number | null; modified: number }>();
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.options.prefix, ContinuationToken: token }),
      );
      for (const o of page.Contents ?? ([] as _Object[])) {
        const [id, name] = (o.Key ?? "").slice(this.options.prefix.length).split("/");
        if (!isBuildId(id) || !name) continue;
        const b = builds.get(id) ?? { keys: [], bytes: 0, createdAt: null, modified: 0 };
        b.keys.push(o.Key as string);
        if (name === META) b.modified = o.LastModified?.getTime() ?? 0;
        else b.bytes += o.Size ?? 0;
        builds.set(id, b);
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    // The listing gives meta.json's upload time; its body holds the clock the store set (injectable in tests).
    await Promise.all(
      [...builds.entries()].map(async ([id, b]) => (b.createdAt = b.modified ? await this.createdAt(id) : null)),
    );
    this.lastCount = builds.size;
    this.lastBytes = [...builds.values()].reduce((n, b) => n + b.bytes, 0);
    return builds;
  }

  private async evict(keep: string): Promise<void> {
    const builds = await this.list();
    let total = this.lastBytes;
    const oldestFirst = [...builds.entries()].sort((a, b) => (a[1].createdAt ?? 0) - (b[1].createdAt ?? 0));
    for (const [id, b] of oldestFirst) {
      if (total <= this.options.maxBytes) break;
      if (id === keep) continue;
      total -= b.bytes;
      await this.deleteKeys(b.keys);
    }
  }

  private async deleteKeys(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.client.send(
      new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }),
    );
  }
}

/**
 * The backstop: S3 itself deletes each prefix's objects a day past its TTL
 * even if no instance sweeps. One call with every rule, because a bucket's
 * lifecycle configuration is replaced as a whole.
 */
export async function setLifecycle(
  client: S3Client,
  bucket: string,
  prefixes: { prefix: string; ttlMs: number }[],
): Promise<void> {
  try {
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name !== "BucketAlreadyOwnedByYou" && name !== "BucketAlreadyExists") throw error;
  }
  await client.send(
    new PutBucketLifecycleConfigurationCommand({
      Bucket: bucket,
      LifecycleConfiguration: {
        Rules: prefixes.map(({ prefix, ttlMs }) => ({
          ID: `expire-${prefix.replace(/[^A-Za-z0-9]/g, "")}`,
          Status: "Enabled",
          Filter: { Prefix: prefix },
          Expiration: { Days: Math.ceil(ttlMs / 86_400_000) + 1 },
        })),
      },
    }),
  );
}
