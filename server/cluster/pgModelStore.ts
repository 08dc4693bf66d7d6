// The anomaly model store in PostgreSQL, for several instances sharing one
// database (ANOMALY_DATABASE_URL). It keeps the contract of
// anomaly/store/store.ts exactly as the file store does: the point log is
// the truth of n_seen, metadata is a checkpoint at a log position, a batch of
// points is appended with ONE statement (group commit: the service already
// gathers concurrent requests into one batch), replacements are one
// transaction.
//
// Every write is fenced: it names the lease epoch (modelLeases.ts) under
// which this process loaded the model, and the database applies it only if
// that epoch is still the model's current one. A process that was paused
// past its lease, while another took the model over, writes nothing: its
// write fails with FencedError and the service reloads the model, which then
// meets the lease check again.
import type { Pool, PoolClient } from "pg";
import {
  type AutoencoderJson,
  DamagedModelError,
  decodeForestFile,
  encodeForestFile,
  type LoadedRing,
  type MetadataJson,
  type ModelStore,
  parseMetadata,
  type RawRecord,
  type StoredForest,
  type UnusableLine,
} from "../../anomaly";
import type { ModelLeases } from "./modelLeases";

/** A write refused because this process no longer holds the model's lease at the epoch it loaded it with. */
export class FencedError extends Error {
  constructor(
    readonly model: string,
    readonly epoch: number | undefined,
  ) {
    super(
      `Model ${model} is owned by another instance now (this one loaded it under lease epoch ${epoch ?? "none"}); nothing was written, retry the request`,
    );
    this.name = "FencedError";
  }
}

/** The tables, created once by whichever instance starts first (under an advisory lock: CREATE IF NOT EXISTS races). */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS anomaly_leases (
  model text PRIMARY KEY, owner text NOT NULL, address text NOT NULL,
  epoch bigint NOT NULL, expires_at timestamptz NOT NULL);
CREATE TABLE IF NOT EXISTS anomaly_instances (owner text PRIMARY KEY, seen_at timestamptz NOT NULL);
CREATE TABLE IF NOT EXISTS anomaly_models (
  model text PRIMARY KEY, metadata text, checkpoint bigint NOT NULL DEFAULT 0,
  autoencoder text, feedback text);
CREATE TABLE IF NOT EXISTS anomaly_points (
  model text NOT NULL, seq bigint NOT NULL, record text NOT NULL, PRIMARY KEY (model, seq));
CREATE TABLE IF NOT EXISTS anomaly_forests (
  model text NOT NULL, version text NOT NULL, body bytea NOT NULL, PRIMARY KEY (model, version));
CREATE TABLE IF NOT EXISTS anomaly_set_aside (
  model text NOT NULL, at timestamptz NOT NULL DEFAULT now(), reason text NOT NULL, line text NOT NULL);
`;

export async function createSchema(pool: Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    await client.query("SELECT pg_advisory_xact_lock(hashtext('pith anomaly schema'))");
    await client.query(SCHEMA);
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** The lease check every fenced statement starts with: `$1` model, `$2` owner, `$3` epoch. */
const LEASE = "SELECT 1 FROM anomaly_leases WHERE model = $1 AND owner = $2 AND epoch = $3 FOR SHARE";

export class PgModelStore implements ModelStore {
  /** Per model, the lease epoch its in-memory copy was loaded under: the fencing token of its writes. */
  private readonly loadedEpoch = new Map<string, number>();

  constructor(
    private readonly pool: Pool,
    private readonly leases: ModelLeases,
    /** Resolves once the tables exist (anomalyCluster.ts creates them in the background). */
    private readonly ready: Promise<void> = Promise.resolve(),
  ) {}

  async list(): Promise<string[]> {
    await this.ready;
    const { rows } = await this.pool.query(
      "SELECT model FROM anomaly_models WHERE metadata IS NOT NULL ORDER BY model",
    );
    return rows.map((r) => r.model as string);
  }

  async loadMetadata(model: string): Promise<MetadataJson | null> {
    // Taken before reading, so writes made from what is read carry an epoch
    // no later than the state they saw.
    await this.ready;
    const epoch = this.leases.heldEpoch(model);
    const { rows } = await this.pool.query(
      `SELECT m.metadata, m.checkpoint, (SELECT coalesce(max(seq), 0) FROM anomaly_points p WHERE p.model = $1) AS length
       FROM anomaly_models m WHERE m.model = $1`,
      [model],
    );
    if (rows.length === 0 || rows[0].metadata === null) return null;
    let meta: MetadataJson | null;
    try {
      meta = parseMetadata(JSON.parse(rows[0].metadata));
    } catch {
      meta = null;
    }
    if (meta === null) throw new DamagedModelError(model, "metadata", "is not valid metadata JSON");
    if (epoch !== undefined) this.loadedEpoch.set(model, epoch);
    else this.loadedEpoch.delete(model);
    meta.n_seen += Number(rows[0].length) - Number(rows[0].checkpoint);
    return meta;
  }

  async loadRing(model: string, capacity: number): Promise<LoadedRing> {
    const { rows } = await this.pool.query(
      `WITH l AS (SELECT coalesce(max(seq), 0) AS n FROM anomaly_points WHERE model = $1),
            c AS (SELECT coalesce((SELECT checkpoint FROM anomaly_models WHERE model = $1), 0) AS k)
       SELECT p.seq, p.record, p.seq > c.k AS unsaved, p.seq > l.n - $2 AS recent
       FROM anomaly_points p, l, c
       WHERE p.model = $1 AND (p.seq > l.n - $2 OR p.seq > c.k) ORDER BY p.seq`,
      [model, capacity],
    );
    const records: RawRecord[] = [];
    const unsaved: RawRecord[] = [];
    for (const row of rows) {
      const record = JSON.parse(row.record) as RawRecord;
      if (row.recent) records.push(record);
      if (row.unsaved) unsaved.push(record);
    }
    return { records, unsaved };
  }

  /** Group commit: the whole batch is one INSERT, applied only under the current lease epoch. */
  async appendRecords(model: string, records: readonly RawRecord[]): Promise<number> {
    await this.ready;
    if (records.length === 0) return this.length(model);
    const epoch = this.epochFor(model);
    const { rows } = await this.pool.query(
      `WITH lease AS (${LEASE}),
            base AS (SELECT coalesce(max(seq), 0) AS n FROM anomaly_points WHERE model = $1)
       INSERT INTO anomaly_points (model, seq, record)
       SELECT $1, base.n + t.ord, t.rec FROM lease, base, unnest($4::text[]) WITH ORDINALITY AS t(rec, ord)
       RETURNING seq`,
      [model, this.leases.owner, epoch, records.map((r) => JSON.stringify(r))],
    );
    if (rows.length !== records.length) throw new FencedError(model, epoch);
    return Math.max(...rows.map((r) => Number(r.seq)));
  }

  async saveMetadata(model: string, metadata: MetadataJson): Promise<void> {
    await this.fenced(model, async (client) => {
      await client.query(
        `INSERT INTO anomaly_models (model, metadata, checkpoint)
         VALUES ($1, $2, (SELECT coalesce(max(seq), 0) FROM anomaly_points WHERE model = $1))
         ON CONFLICT (model) DO UPDATE SET metadata = EXCLUDED.metadata, checkpoint = EXCLUDED.checkpoint`,
        [model, JSON.stringify(metadata)],
      );
    });
  }

  async replaceRing(model: string, records: readonly RawRecord[], metadata: MetadataJson): Promise<void> {
    await this.fenced(model, async (client) => {
      await client.query("DELETE FROM anomaly_points WHERE model = $1", [model]);
      await client.query(
        `INSERT INTO anomaly_points (model, seq, record)
         SELECT $1, t.ord, t.rec FROM unnest($2::text[]) WITH ORDINALITY AS t(rec, ord)`,
        [model, records.map((r) => JSON.stringify(r))],
      );
      await client.query(
        `INSERT INTO anomaly_models (model, metadata, checkpoint) VALUES ($1, $2, $3)
         ON CONFLICT (model) DO UPDATE SET metadata = EXCLUDED.metadata, checkpoint = EXCLUDED.checkpoint`,
        [model, JSON.stringify(metadata), records.length],
      );
    });
  }

  async loadForest(model: string, version: string): Promise<StoredForest | null> {
    const { rows } = await this.pool.query("SELECT body FROM anomaly_forests WHERE model = $1 AND version = $2", [
      model,
      version,
    ]);
    return rows.length === 0 ? null : decodeForestFile(new Uint8Array(rows[0].body), version);
  }

  async saveForest(model: string, version: string, forest: StoredForest): Promise<void> {
    const body = Buffer.from(encodeForestFile(forest));
    await this.fenced(model, async (client) => {
      await client.query(
        `INSERT INTO anomaly_forests (model, version, body) VALUES ($1, $2, $3)
         ON CONFLICT (model, version) DO UPDATE SET body = EXCLUDED.body`,
        [model, version, body],
      );
    });
  }

  async deleteForest(model: string, version: string): Promise<void> {
    await this.fenced(model, async (client) => {
      await client.query("DELETE FROM anomaly_forests WHERE model = $1 AND version = $2", [model, version]);
    });
  }

  async loadAutoencoder(model: string): Promise<AutoencoderJson | null> {
    const text = await this.column(model, "autoencoder");
    return text === null ? null : (JSON.parse(text) as AutoencoderJson);
  }

  async saveAutoencoder(model: string, autoencoder: AutoencoderJson | null): Promise<void> {
    await this.setColumn(model, "autoencoder", autoencoder === null ? null : JSON.stringify(autoencoder));
  }

  async loadFeedback(model: string): Promise<unknown | null> {
    const text = await this.column(model, "feedback");
    return text === null ? null : JSON.parse(text);
  }

  async saveFeedback(model: string, feedback: unknown): Promise<void> {
    await this.setColumn(model, "feedback", JSON.stringify(feedback));
  }

  async keepAside(model: string, lines: readonly UnusableLine[]): Promise<void> {
    await this.pool.query(
      "INSERT INTO anomaly_set_aside (model, reason, line) SELECT $1, r, l FROM unnest($2::text[], $3::text[]) AS t(r, l)",
      [model, lines.map((l) => l.reason), lines.map((l) => l.text)],
    );
  }

  async deleteModel(model: string): Promise<void> {
    await this.fenced(model, async (client) => {
      for (const table of ["anomaly_points", "anomaly_forests", "anomaly_models"]) {
        await client.query(`DELETE FROM ${table} WHERE model = $1`, [model]);
      }
    });
    this.loadedEpoch.delete(model);
  }

  /** The pool belongs to whoever made it (it is shared with the leases). */
  async close(): Promise<void> {}

  /** The epoch of this process's copy, or of a model it has not loaded yet (a first write creates it). */
  private epochFor(model: string): number | undefined {
    return this.loadedEpoch.get(model) ?? this.leases.heldEpoch(model);
  }

  private async length(model: string): Promise<number> {
    const { rows } = await this.pool.query("SELECT coalesce(max(seq), 0) AS n FROM anomaly_points WHERE model = $1", [
      model,
    ]);
    return Number(rows[0].n);
  }

  private async column(model: string, name: "autoencoder" | "feedback"): Promise<string | null> {
    const { rows } = await this.pool.query(`SELECT ${name} FROM anomaly_models WHERE model = $1`, [model]);
    return rows.length === 0 ? null : (rows[0][name] as string | null);
  }

  private async setColumn(model: string, name: "autoencoder" | "feedback", value: string | null): Promise<void> {
    await this.fenced(model, async (client) => {
      await client.query(
        `INSERT INTO anomaly_models (model, ${name}) VALUES ($1, $2) ON CONFLICT (model) DO UPDATE SET ${name} = EXCLUDED.${name}`,
        [model, value],
      );
    });
  }

  /**
   * One transaction that first share-locks the model's lease row at this
   * process's epoch (a takeover waits for it to commit), then writes; without
   * the lease at that epoch nothing is written.
   */
  private async fenced(model: string, work: (client: PoolClient) => Promise<void>): Promise<void> {
    await this.ready;
    const epoch = this.epochFor(model);
    const client = await this.pool.connect();
    try {
      await client.query("BEGIN");
      const { rows } = await client.query(LEASE, [model, this.leases.owner, epoch]);
      if (rows.length === 0) throw new FencedError(model, epoch);
      await work(client);
      await client.query("COMMIT");
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }
}
