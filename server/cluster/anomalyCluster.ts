// The anomaly service's scale-out mode, chosen by the environment: with
// ANOMALY_DATABASE_URL set, models live in PostgreSQL (pgModelStore.ts), each
// owned by one instance at a time (modelLeases.ts), and requests for a model
// reach its owner (modelOwner.ts). Unset, nothing here is made and the file
// store stays the default.
import type { MiddlewareHandler } from "hono";
import pg from "pg";
import type { ModelStore } from "../../anomaly/store/store";
import { ModelLeases } from "./modelLeases";
import { modelOwnerGate } from "./modelOwner";
import { createSchema, PgModelStore } from "./pgModelStore";
import { clusterSettingsFromEnv } from "./settings";

export interface AnomalyCluster {
  /** Where the models are, for the startup line. */
  description: string;
  store: ModelStore;
  /** Put before every route that names a model (MODEL_ROUTES). */
  gate: MiddlewareHandler;
  /** Hands the leases back (the others take the models at once), then closes the pool. */
  close(): Promise<void>;
}

/**
 * Synchronous, so the entry point needs no top-level await (the server is
 * bundled to CommonJS); the tables are created in the background and every
 * statement waits for them. Throws on a malformed variable.
 */
export function openAnomalyCluster(env: NodeJS.ProcessEnv = process.env): AnomalyCluster | null {
  const settings = clusterSettingsFromEnv(env).anomaly;
  if (settings === null) return null;
  const pool = new pg.Pool({ connectionString: settings.databaseUrl, max: 8 });
  // A dropped idle connection is replaced by the pool; without a listener it would crash the process.
  pool.on("error", (error) => console.error(`[cluster] PostgreSQL connection lost: ${error.message}`));
  const ready = createSchema(pool);
  ready.catch((error: Error) => console.error(`[cluster] anomaly tables not created: ${error.message}`));
  const leases = new ModelLeases(pool, { address: settings.advertiseUrl, leaseMs: settings.leaseMs, ready });
  return {
    description: `PostgreSQL (${new URL(settings.databaseUrl).host}), this instance at ${settings.advertiseUrl}`,
    store: new PgModelStore(pool, leases, ready),
    gate: modelOwnerGate(leases),
    async close() {
      await leases.release().catch(() => undefined);
      await pool.end();
    },
  };
}
