// One owner per anomaly model across instances: a lease row per model in
// PostgreSQL (owner, the owner's address, an epoch, an expiry). An instance
// takes a model's lease when a request for it arrives and the lease is free
// or expired; taking it from another owner bumps the epoch, which is the
// fencing token of every write (pgModelStore.ts). The owner renews all its
// leases every third of the lease time; an instance that dies (or stalls)
// stops renewing, and after the lease time the next instance asked for its
// models takes them over.
//
// Expiry is decided by the database's clock only (now() in every statement),
// so instances need no synchronised clocks. Locally an instance trusts a
// lease for the lease time minus a margin, counted from before the statement
// that granted it; past that it asks the database again.
import { randomUUID } from "node:crypto";
import type { Pool } from "pg";

/** Who holds a model that this instance does not: where to forward, and how long until the lease can be taken. */
export interface ForeignLease {
  address: string;
  expiresInMs: number;
}

export interface ModelLeasesOptions {
  /** How long a lease lasts without renewal (ANOMALY_LEASE_MS; default 10 s). */
  leaseMs?: number;
  /** This instance's address for forwarded requests, e.g. `http://10.0.0.5:8000` (ANOMALY_ADVERTISE_URL). */
  address: string;
  /** False: nothing renews the leases but explicit renew() calls (a stalled owner, in the checks). */
  autoRenew?: boolean;
  /** Resolves once the tables exist; every statement waits for it. */
  ready?: Promise<void>;
}

interface Held {
  epoch: number;
  /** performance.now() past which the lease is not trusted without asking the database. */
  trustedUntil: number;
}

export class ModelLeases {
  /** Unique per process: a restarted instance at the same address is a new owner (its epochs are new). */
  readonly owner = randomUUID();
  readonly address: string;
  readonly leaseMs: number;
  private readonly held = new Map<string, Held>();
  private readonly timer: NodeJS.Timeout;
  private readonly ready: Promise<void>;

  constructor(
    private readonly pool: Pool,
    options: ModelLeasesOptions,
  ) {
    this.address = options.address;
    this.leaseMs = options.leaseMs ?? 10_000;
    this.ready = options.ready ?? Promise.resolve();
    this.timer = setInterval(() => void this.renew().catch(() => undefined), Math.max(100, this.leaseMs / 3));
    this.timer.unref();
    if (options.autoRenew === false) clearInterval(this.timer);
  }

  /** The epoch this instance holds for `model` right now, as far as it knows (undefined: not held). */
  heldEpoch(model: string): number | undefined {
    return this.held.get(model)?.epoch;
  }

  /**
   * Takes or renews the model's lease: null when this instance holds it
   * now, else who does. Takeover of an expired lease bumps the epoch.
   */
  async acquire(model: string): Promise<ForeignLease | null> {
    const mine = this.held.get(model);
    if (mine !== undefined && performance.now() < mine.trustedUntil) return null;
    await this.ready;
    const asked = performance.now();
    const { rows } = await this.pool.query(
      `INSERT INTO anomaly_leases AS l (model, owner, address, epoch, expires_at)
       VALUES ($1, $2, $3, 1, now() + $4 * interval '1 millisecond')
       ON CONFLICT (model) DO UPDATE SET
         epoch = CASE WHEN l.owner = EXCLUDED.owner THEN l.epoch ELSE l.epoch + 1 END,
         owner = EXCLUDED.owner, address = EXCLUDED.address, expires_at = EXCLUDED.expires_at
       WHERE l.owner = EXCLUDED.owner OR l.expires_at < now()
       RETURNING epoch`,
      [model, this.owner, this.address, this.leaseMs],
    );
    if (rows.length === 1) {
      this.held.set(model, { epoch: Number(rows[0].epoch), trustedUntil: this.trustedFrom(asked) });
      return null;
    }
    this.held.delete(model);
    const other = await this.pool.query(
      `SELECT address, greatest(0, extract(epoch FROM expires_at - now()) * 1000) AS ms
       FROM anomaly_leases WHERE model = $1`,
      [model],
    );
    // Released between the two statements: the next try takes it.
    if (other.rows.length === 0) return { address: "", expiresInMs: 0 };
    return { address: other.rows[0].address, expiresInMs: Number(other.rows[0].ms) };
  }

  /** Extends every lease this instance still holds; forgets those another instance took. */
  async renew(): Promise<void> {
    await this.ready;
    // The heartbeat by which instances count each other (stream partitions' fair share).
    await this.pool.query(
      "INSERT INTO anomaly_instances (owner, seen_at) VALUES ($1, now()) ON CONFLICT (owner) DO UPDATE SET seen_at = now()",
      [this.owner],
    );
    if (this.held.size === 0) return;
    const asked = performance.now();
    const { rows } = await this.pool.query(
      `UPDATE anomaly_leases SET expires_at = now() + $2 * interval '1 millisecond'
       WHERE owner = $1 AND model = ANY($3) RETURNING model, epoch`,
      // Only what is still held: a lease given back (giveBack) must stay expired.
      [this.owner, this.leaseMs, [...this.held.keys()]],
    );
    const still = new Map(rows.map((r) => [r.model as string, Number(r.epoch)]));
    for (const [model, held] of this.held) {
      if (still.get(model) === held.epoch) held.trustedUntil = this.trustedFrom(asked);
      else this.held.delete(model);
    }
  }

  /** Lets one lease expire now (a stream partition over this instance's share), so another may take it. */
  async giveBack(key: string): Promise<void> {
    this.held.delete(key);
    await this.pool.query(
      "UPDATE anomaly_leases SET expires_at = now() - interval '1 second' WHERE model = $1 AND owner = $2",
      [key, this.owner],
    );
  }

  /** Instances that renewed within the lease time (this one included). */
  async liveInstances(): Promise<number> {
    await this.ready;
    const { rows } = await this.pool.query(
      "SELECT count(*) AS n FROM anomaly_instances WHERE seen_at > now() - $1 * interval '1 millisecond'",
      [this.leaseMs],
    );
    return Math.max(1, Number(rows[0].n));
  }

  /** Gives every lease back at once (a clean shutdown), so the others need not wait for expiry. */
  async release(): Promise<void> {
    clearInterval(this.timer);
    this.held.clear();
    await this.pool.query("DELETE FROM anomaly_instances WHERE owner = $1", [this.owner]);
    // Expired rather than deleted: epochs only ever grow.
    await this.pool.query("UPDATE anomaly_leases SET expires_at = now() - interval '1 second' WHERE owner = $1", [
      this.owner,
    ]);
  }

  /** A third of the lease is kept as margin for a slow statement or a late timer. */
  private trustedFrom(asked: number): number {
    return asked + (this.leaseMs * 2) / 3;
  }
}
