// GET /api/dynamic/{m}/health: one model's state for load balancers and
// operators. 200 {status: "ok", ...} when it loads; 409 {status: "damaged",
// file?, error} while its files cannot be loaded (anomaly doctor); 404 when
// there is no such model. `set_aside` counts stored lines kept aside in
// quarantined.jsonl (see anomaly/node/quarantine.ts). While the store's
// disk is full (anomaly/node/diskWatch.ts) a loadable model answers 200
// {status: "degraded", disk_full: {path, code, since}}: reads work, writes
// are refused until a write succeeds again. anomalyHealth() is the whole
// service's, for GET /health.
import { join } from "node:path";
import type { Hono } from "hono";
import { AnomalyError, type AnomalyService } from "../../anomaly";
import type { DiskFull } from "../../anomaly/node";
import type { AnomalyHealthBody } from "../../protocol/anomaly/health";
import type { ForestCheck } from "./damagedVersions";
import { lineCount } from "./metrics";

/** What the health route reads of the store's disk (FileStore.disk). */
export interface DiskState {
  readonly full: DiskFull | null;
}

export function registerHealthRoute(
  app: Hono,
  service: Pick<AnomalyService, "metadata" | "listModels">,
  storeRoot?: string,
  disk?: DiskState,
): void {
  app.get("/api/dynamic/:m/health", async (c) => {
    const model = c.req.param("m");
    // Only after the service has accepted the name is it used as a path.
    const setAside = async () =>
      storeRoot === undefined ? 0 : await lineCount(join(storeRoot, model, "quarantined.jsonl"));
    try {
      const meta = await service.metadata(model);
      const full = disk?.full ?? null;
      return c.json({
        status: full === null ? "ok" : "degraded",
        ...(full === null ? {} : { disk_full: full }),
        model,
        n_seen: meta.n_seen,
        trained: meta.feats.length > 0,
        last_trained: meta.last_trained,
        set_aside: await setAside(),
      });
    } catch (e) {
      // Unknown models and bad names go to the sub-app's error handler (404, 400).
      if (!(e instanceof AnomalyError) || e.status !== 409) throw e;
      const entry = (await service.listModels()).damaged_models[model];
      return c.json(
        {
          status: "damaged",
          model,
          file: entry?.file ?? null,
          error: entry?.error ?? e.message,
          set_aside: await setAside(),
        },
        409,
      );
    }
  });
}

/**
 * The anomaly service's overall health (GET /health of `anomaly serve`):
 * "ok" when every model loads and every stored forest decodes; "degraded"
 * naming each damaged model (answers 409 until `anomaly doctor` repairs it)
 * and each damaged version (scores nothing until retrained). Still a 200
 * when degraded: the process serves every other model, so a load balancer
 * should keep it; the body is for alerting and dashboards.
 */
export async function anomalyHealth(
  service: Pick<AnomalyService, "listModels">,
  forests?: ForestCheck,
): Promise<AnomalyHealthBody> {
  const { models, damaged_models } = await service.listModels();
  const damagedModels = Object.entries(damaged_models).map(([model, { file, error }]) => ({
    model,
    file: file ?? null,
    error,
  }));
  const damagedVersions = forests === undefined ? [] : await forests.damaged(Object.keys(models));
  return {
    status: damagedModels.length + damagedVersions.length > 0 ? "degraded" : "ok",
    models: Object.keys(models).length + damagedModels.length,
    damaged_models: damagedModels,
    damaged_versions: damagedVersions,
  };
}
