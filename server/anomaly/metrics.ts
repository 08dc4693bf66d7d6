// GET /metrics in the Prometheus text format (prom-client), one registry per
// app so several servers in one process (tests) keep their counts apart.
// Request-level figures come from a middleware around the anomaly routes;
// damaged models, set-aside lines and store bytes are read at scrape time.
import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import type { Context, MiddlewareHandler } from "hono";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { AnomalyService } from "../../anomaly";
import { integerVariable } from "../config/environment";
import type { DeliveryStats } from "./alerts";
import { ForestCheck } from "./damagedVersions";
import { isAnomalyPath } from "./security";

export interface MetricsOptions {
  service: Pick<AnomalyService, "listModels"> & Partial<Pick<AnomalyService, "onRetrain">>;
  /** The file store's folder, for anomaly_store_bytes and set-aside lines (absent: not reported). */
  storeRoot?: string;
  /** The app's route templates (read on the first request, once every route is registered). */
  routes: () => readonly string[];
  /** Webhook deliveries, for their counts and queue age (absent: not reported). */
  alerts?: { stats(): DeliveryStats };
  /** Most models given per-model series (default $ANOMALY_METRICS_MAX_MODELS). */
  maxModels?: number;
}

/**
 * Maps a request path to the route that answered it ("/detect/{m}") and the
 * model it names. Label values come only from the app's own route
 * templates, never from the path itself: a path matching none is "other",
 * so unknown or hostile paths (NUL bytes, endless names) add no series.
 */
export function routeMatcher(templates: readonly string[]): (path: string) => { route: string; model: string | null } {
  const compiled = [...new Set(templates)]
    .filter((t) => !t.includes("*"))
    // Literal routes before parametrised ones, so /models/dynamic/stream is not read as a model.
    .sort((a, b) => (a.match(/[:{]/g)?.length ?? 0) - (b.match(/[:{]/g)?.length ?? 0))
    .map((template) => {
      const names: string[] = [];
      const source = template
        .split("/")
        .map((part) => {
          const param = /^(?::(\w+)|\{(\w+)\})$/.exec(part);
          if (param === null) return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
          names.push(param[1] ?? param[2]);
          return "([^/]+)";
        })
        .join("/");
      const route = template.replace(/:(\w+)/g, "{$1}");
      return { regex: new RegExp(`^${source}$`), names, route };
    });
  return (path) => {
    for (const { regex, names, route } of compiled) {
      const m = regex.exec(path);
      if (m === null) continue;
      const at = names.indexOf("m");
      return { route, model: at < 0 ? null : m[at + 1] };
    }
    return { route: "other", model: null };
  };
}

/** Bytes of every file under `dir` (one level of model folders deep, and their subfolders). */
async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  let entries: import("node:fs").Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += await folderBytes(path);
    else if (entry.isFile())
      total += await stat(path).then(
        (s) => s.size,
        () => 0,
      );
  }
  return total;
}

export async function lineCount(path: string): Promise<number> {
  try {
    const text = await readFile(path, "utf8");
    return text.split("\n").filter((l) => l.trim() !== "").length;
  } catch {
    return 0;
  }
}

export interface AnomalyMetrics {
  registry: Registry;
  middleware: MiddlewareHandler;
  handler: (c: Context) => Promise<Response>;
}

export function createMetrics(options: MetricsOptions): AnomalyMetrics {
  const registry = new Registry();
  // Process figures, among them nodejs_eventloop_lag_max_seconds: the
  // longest event-loop stall since the previous scrape (the export
  // benchmark reads it around a big export).
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 5 });
  const requests = new Histogram({
    name: "anomaly_http_request_duration_seconds",
    help: "Time to answer an anomaly API request, by route, method and status",
    labelNames: ["route", "method", "status"],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const ingested = new Counter({
    name: "anomaly_ingested_points_total",
    help: "Points accepted by POST /detect, per model (rate() gives the ingest rate)",
    labelNames: ["model"],
    registers: [registry],
  });
  const ingestLatency = new Histogram({
    name: "anomaly_ingest_duration_seconds",
    help: "Time from receiving a /detect point to its durable, scored answer, per model",
    labelNames: ["model"],
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const flagged = new Counter({
    name: "anomaly_flagged_points_total",
    help: "Points answered anomaly: true by POST /detect, per model",
    labelNames: ["model"],
    registers: [registry],
  });
  const retrain = new Histogram({
    name: "anomaly_retrain_duration_seconds",
    help: "Duration of retrains, forced (POST /force_train, the request) and scheduled (the training a /detect point made due), per model",
    labelNames: ["model"],
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [registry],
  });
  // Scheduled retrains happen inside /detect requests: the engine reports each one's own duration.
  void options.service.onRetrain?.((model, seconds) => retrain.observe({ model }, seconds));
  const inFlight = new Gauge({
    name: "anomaly_queue_depth",
    help: "Requests received and not yet answered, per model (its queue)",
    labelNames: ["model"],
    registers: [registry],
  });
  const refused = new Counter({
    name: "anomaly_http_errors_total",
    help: "Answers with status 400 or more, by route and status",
    labelNames: ["route", "status"],
    registers: [registry],
  });
  new Gauge({
    name: "anomaly_model_damaged",
    help: "1 while the model's files cannot be loaded (see anomaly doctor), per model",
    labelNames: ["model"],
    registers: [registry],
    async collect() {
      this.reset();
      const { models, damaged_models } = await options.service.listModels();
      for (const name of Object.keys(models)) this.set({ model: name }, 0);
      for (const name of Object.keys(damaged_models)) this.set({ model: name }, 1);
    },
  });
  new Gauge({
    name: "anomaly_damaged_models",
    help: "Number of models whose files cannot be loaded",
    registers: [registry],
    async collect() {
      const { damaged_models } = await options.service.listModels();
      this.set(Object.keys(damaged_models).length);
    },
  });
  const root = options.storeRoot;
  if (root !== undefined) {
    const forests = new ForestCheck(root);
    new Gauge({
      name: "anomaly_damaged_versions",
      help: "Number of stored model versions whose forest file cannot be decoded (they score nothing until retrained; see /health)",
      registers: [registry],
      async collect() {
        const { models } = await options.service.listModels();
        this.set((await forests.damaged(Object.keys(models))).length);
      },
    });
    new Gauge({
      name: "anomaly_store_bytes",
      help: "Bytes of every file in the model store",
      registers: [registry],
      async collect() {
        this.set(await folderBytes(root));
      },
    });
    new Gauge({
      name: "anomaly_set_aside_lines",
      help: "Stored lines kept aside in quarantined.jsonl (not JSON, or not fitting their column), per model",
      labelNames: ["model"],
      registers: [registry],
      async collect() {
        this.reset();
        const { models, damaged_models } = await options.service.listModels();
        for (const name of [...Object.keys(models), ...Object.keys(damaged_models)]) {
          this.set({ model: name }, await lineCount(join(root, name, "quarantined.jsonl")));
        }
      },
    });
  }

  const alerts = options.alerts;
  if (alerts !== undefined) {
    new Counter({
      name: "anomaly_alert_deliveries_total",
      help: "Webhook delivery attempts by how they ended: success, failure (refused connection, HTTP error), timeout, refused (internal target), dropped (queue full), shutdown",
      labelNames: ["result"],
      registers: [registry],
      collect() {
        this.reset();
        for (const [result, n] of Object.entries(alerts.stats().attempts)) this.inc({ result }, n);
      },
    });
    new Gauge({
      name: "anomaly_alert_queue_age_seconds",
      help: "Age of the oldest alert event not yet delivered, given up or dropped (0: none waiting); a rising value is a stalled receiver",
      registers: [registry],
      collect() {
        this.set(alerts.stats().oldestWaitingMs / 1000);
      },
    });
  }

  // Per-model series only for models that have answered without an error
  // (so they exist), and at most maxModels of them: requests naming no
  // model, or a flood of new names, cannot grow the scrape.
  const maxModels = options.maxModels ?? integerVariable(process.env, "ANOMALY_METRICS_MAX_MODELS");
  const known = new Set<string>();
  const labelled = (model: string | null): model is string => model !== null && known.has(model);
  let routeOf: ReturnType<typeof routeMatcher> | undefined;

  const middleware: MiddlewareHandler = async (c, next) => {
    const path = c.req.path;
    if (!isAnomalyPath(path) || path === "/metrics") return next();
    routeOf ??= routeMatcher(options.routes());
    const { route, model } = routeOf(path);
    const started = process.hrtime.bigint();
    const counted = labelled(model);
    if (counted) inFlight.inc({ model });
    try {
      await next();
    } finally {
      if (counted) inFlight.dec({ model });
    }
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const status = c.res.status;
    requests.observe({ route, method: c.req.method, status: String(status) }, seconds);
    if (status >= 400) refused.inc({ route, status: String(status) });
    if (model === null || status >= 400) return;
    if (!known.has(model)) {
      if (known.size >= maxModels) return;
      known.add(model);
    }
    if (route === "/force_train/{m}") retrain.observe({ model }, seconds);
    if (route === "/detect/{m}" && c.req.method === "POST") {
      ingested.inc({ model });
      ingestLatency.observe({ model }, seconds);
      const body = (await c.res
        .clone()
        .json()
        .catch(() => null)) as { anomaly?: boolean; message?: string } | null;
      if (body?.anomaly === true) flagged.inc({ model });
    }
  };

  const handler = async (c: Context) => c.body(await registry.metrics(), 200, { "content-type": registry.contentType });

  return { registry, middleware, handler };
}
