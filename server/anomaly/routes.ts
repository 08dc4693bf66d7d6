// The anomaly service's HTTP API (WIRE.md, anomaly half) as an OpenAPIHono
// sub-app. It owns its error shape: onError and the validation hook are the
// sub-app's own, and middleware is attached per route, so mounting it at "/"
// in the main server leaves the playground routes' behaviour alone.
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { type KeyJournal, MemoryKeyJournal } from "../../anomaly";
import {
  AlertQuietBody,
  AlertQuietRequest,
  AutoencoderBody,
  AutoencoderRequest,
  CollectingBody,
  DataBody,
  DataQuery,
  DetectHeaders,
  ErrorBody,
  FalseAlarmRateBody,
  FalseAlarmRateRequest,
  FinetuneBody,
  MarginBody,
  MarginRequest,
  MessageBody,
  Metadata,
  ModelBundle,
  ModelParams,
  ModelsBody,
  RecordBody,
  ScheduleBody,
  ScheduleRequest,
  TrainedBody,
  VerdictBody,
  VerdictQuery,
  verdictOptions,
} from "../../protocol/anomaly/schemas";
import { integerVariable } from "../config/environment";
import { registerAlertRoutes } from "./alertRoutes";
import type { AlertCenter } from "./alerts";
import type { AnomalyApi } from "./anomalyApi";
import { registerBatchRoute } from "./batch";
import { JSON_UTF8, jsonCharset, lenientJson } from "./contentType";
import {
  ApiError,
  createErrorHandler,
  errorResponse,
  INVALID_MODEL_NAME,
  MODEL_NAME,
  requireModelName,
  requireUtf8,
  validationHook,
} from "./errors";
import { bundleStream } from "./exportStream";
import { registerFeedbackRoutes } from "./feedback";
import { type DiskState, registerHealthRoute } from "./health";
import { IDEMPOTENCY_KEY, IdempotentIngest, keyProblem, REPLAYED } from "./idempotency";
import { registerImportRoute } from "./importRoute";
import { createMetrics } from "./metrics";
import { jsonBody, jsonContent, modelErrors, TAG } from "./openapi";
import { registerPages } from "./pages";
import { type SecurityOptions, security, securityFromEnv } from "./security";
import { registerStreamRoute, VerdictHub } from "./stream";

export interface AnomalyAppOptions {
  service: AnomalyApi;
  /** Folder holding the built dashboard pages; without it they answer 404. */
  webroot?: string;
  /** Serve the dashboard pages at all (the main server serves its own `/`). */
  pages?: boolean;
  /** Folder that `POST /detect_anomalies {file_path}` may read from. */
  dataDir?: string;
  /** Largest JSON record or small body, in bytes (default 1 MiB). */
  recordLimit?: number;
  /** Largest CSV upload or model bundle, in bytes (default $ANOMALY_MAX_UPLOAD_BYTES, else 64 MiB). */
  csvLimit?: number;
  /** Where server faults are logged (default console.error). */
  log?: (err: unknown) => void;
  /** Receives every /detect verdict for the live stream (one is made if absent). */
  hub?: VerdictHub;
  /** Webhook alert rules: fed every /detect verdict, and their routes served (absent: no alert routes). */
  alerts?: AlertCenter;
  /** Tokens, state-changing GETs, body types, CORS (default: from the environment, see security.ts). */
  security?: SecurityOptions;
  /** The file store's folder, for /metrics' store bytes and the health route's set-aside count. */
  storeRoot?: string;
  /** Where /detect's Idempotency-Keys are remembered (default: in memory, lost at restart). */
  keyJournal?: KeyJournal;
  /** The file store's disk state: a full disk turns the health route to "degraded". */
  disk?: DiskState;
}

export const MiB = 1024 * 1024;

export function limitBody(
  maxSize: number,
  message = `Request body too large (limit ${maxSize} bytes)`,
): MiddlewareHandler {
  return bodyLimit({ maxSize, onError: (c) => errorResponse(c, 413, message) });
}

export const UPLOAD_LIMIT_ENV = "ANOMALY_MAX_UPLOAD_BYTES";

/** The upload limit: the option, else $ANOMALY_MAX_UPLOAD_BYTES (a positive integer), else 64 MiB (see the table). */
export function uploadLimit(option: number | undefined, env: NodeJS.ProcessEnv = process.env): number {
  return option ?? integerVariable(env, UPLOAD_LIMIT_ENV);
}

export function createAnomalyApp(options: AnomalyAppOptions): OpenAPIHono {
  const { service } = options;
  const hub = options.hub ?? new VerdictHub();
  const app = new OpenAPIHono({ defaultHook: validationHook });
  app.onError(createErrorHandler(options.log));
  // Both run for every request, so mounted at "/" they see the main
  // server's later routes too: JSON answers there gain the charset WIRE.md
  // asks of both services, and the name guard answers only model paths.
  app.use("*", jsonCharset);
  // Metrics first, so they count what the security options refuse too.
  const metrics = createMetrics({
    service,
    storeRoot: options.storeRoot,
    routes: () => app.routes.map((r) => r.path),
    alerts: options.alerts,
  });
  app.use("*", metrics.middleware);
  app.use("*", security(options.security ?? securityFromEnv()));
  app.use("*", guardModelNames);
  app.get("/metrics", metrics.handler);
  registerHealthRoute(app, service, options.storeRoot, options.disk);

  const idempotent = new IdempotentIngest(service, options.keyJournal ?? new MemoryKeyJournal());
  // The alert rules read every verdict's columns against their bands
  // (`expected`): recovery compares them with the band at the onset. So
  // ingest always asks for them, and the answer and the verdict stream drop
  // them unless the client asked. Returns what the client gets.
  const publish = (m: string, httpStatus: number, body: unknown, asked: boolean) => {
    // Queued, not awaited: the verdict is stored and answered whatever the receivers do.
    options.alerts?.observe(m, httpStatus, body as never);
    const shown = asked ? body : withoutExpected(body);
    hub.publish({ model: m, httpStatus, body: shown });
    return shown;
  };

  const small = limitBody(options.recordLimit ?? MiB);
  const maxUpload = uploadLimit(options.csvLimit);
  const tooLarge = `Request body too large: uploads (CSV files, model bundles) are limited to ${maxUpload} bytes (${(maxUpload / MiB).toFixed(1)} MiB); the server's ${UPLOAD_LIMIT_ENV} sets the limit`;
  const large = limitBody(maxUpload, tooLarge);
  // Order matters: the model name first (WIRE.md), then size, then bytes.
  const record = [requireModelName, small, requireUtf8, lenientJson];
  const bare = [requireModelName];

  app.openapi(
    createRoute({
      method: "post",
      path: "/detect/{m}",
      tags: [TAG],
      summary: "Ingest one record and return its verdict",
      description:
        "Learns the record's columns, stores it, retrains when the schedule says so, then scores it. Answers 202 while the model is warming up (fewer than 50 points).",
      middleware: record,
      request: { params: ModelParams, query: VerdictQuery, headers: DetectHeaders, body: jsonBody(RecordBody) },
      responses: {
        200: jsonContent(VerdictBody, "The verdict of every enabled version"),
        202: jsonContent(CollectingBody, "Still collecting the first points"),
        ...modelErrors,
        422: jsonContent(ErrorBody, "The Idempotency-Key was already used with a different body"),
        503: jsonContent(ErrorBody, "The server is shutting down and did not start this request: retry"),
        507: jsonContent(ErrorBody, "The disk is full: this point was not stored; retry once space is freed"),
      },
    }),
    async (c) => {
      const { m } = c.req.valid("param");
      const record = await parsedBody(c);
      const asked = verdictOptions(c.req.valid("query"));
      const verdict = { ...asked, expected: true };
      const key = c.req.header(IDEMPOTENCY_KEY);
      if (key !== undefined) {
        const problem = keyProblem(key);
        if (problem !== null) return errorResponse(c, 400, problem) as never;
        const answer = await idempotent.detect(m, key, record, verdict);
        if (answer.replayed) c.header(REPLAYED, "true");
        const body = answer.replayed
          ? asked.expected
            ? answer.body
            : withoutExpected(answer.body)
          : publish(m, answer.httpStatus, answer.body, asked.expected);
        return c.json(body as never, answer.httpStatus as 200);
      }
      const answer = await service.detect(m, record, undefined, verdict);
      const body = publish(m, answer.httpStatus, answer.body, asked.expected);
      return c.json(body as never, answer.httpStatus as 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/detect_only/{m}",
      tags: [TAG],
      summary: "Score one record without storing or learning anything",
      middleware: record,
      request: { params: ModelParams, query: VerdictQuery, body: jsonBody(RecordBody) },
      responses: { 200: jsonContent(VerdictBody, "The verdict"), ...modelErrors },
    }),
    async (c) => {
      const { m } = c.req.valid("param");
      const record = await parsedBody(c);
      const body = await service.detectOnly(m, record, undefined, verdictOptions(c.req.valid("query")));
      return c.json(body, 200);
    },
  );

  for (const method of ["get", "post"] as const) {
    app.openapi(
      createRoute({
        method,
        path: "/force_train/{m}",
        tags: [TAG],
        summary: "Retrain every enabled version now",
        middleware: bare,
        request: { params: ModelParams },
        responses: { 200: jsonContent(TrainedBody, "Trained; points_used counts the ring points"), ...modelErrors },
      }),
      async (c) => c.json(await service.forceTrain(c.req.valid("param").m), 200),
    );
  }

  app.openapi(
    createRoute({
      method: "get",
      path: "/models/dynamic",
      tags: [TAG],
      summary: "List every model with its metadata",
      responses: { 200: jsonContent(ModelsBody, "All models"), 500: modelErrors[500] },
    }),
    async (c) => c.json(await service.listModels(), 200),
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/models/dynamic/{m}/metadata",
      tags: [TAG],
      summary: "One model's metadata plus model_name",
      middleware: bare,
      request: { params: ModelParams },
      responses: { 200: jsonContent(Metadata, "The metadata"), ...modelErrors },
    }),
    async (c) => c.json(await service.metadata(c.req.valid("param").m), 200),
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/models/dynamic/{m}/data",
      tags: [TAG],
      summary: "The most recent raw points, oldest first",
      middleware: bare,
      request: { params: ModelParams, query: DataQuery },
      responses: { 200: jsonContent(DataBody, "The points"), ...modelErrors },
    }),
    async (c) => {
      const { limit } = c.req.valid("query");
      return c.json(await service.data(c.req.valid("param").m, limit ?? 100), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/models/dynamic/{m}/reset",
      tags: [TAG],
      summary: "Forget every point and forest; keep the model's settings",
      middleware: bare,
      request: { params: ModelParams },
      responses: { 200: jsonContent(MessageBody, "Reset"), ...modelErrors },
    }),
    async (c) => c.json(await service.reset(c.req.valid("param").m), 200),
  );

  for (const method of ["delete", "get"] as const) {
    app.openapi(
      createRoute({
        method,
        path: "/delete_model/{m}",
        tags: [TAG],
        summary: "Delete a model and its files",
        middleware: bare,
        request: { params: ModelParams },
        responses: { 200: jsonContent(MessageBody, "Deleted"), ...modelErrors },
      }),
      async (c) => {
        const { m } = c.req.valid("param");
        const answer = await service.deleteModel(m);
        options.alerts?.forget(m);
        idempotent.forget(m);
        return c.json(answer, 200);
      },
    );
  }

  app.openapi(
    createRoute({
      method: "put",
      path: "/api/dynamic/{m}/schedule",
      tags: [TAG],
      summary: "Set how many new points trigger a retrain",
      middleware: record,
      request: { params: ModelParams, body: jsonBody(ScheduleRequest) },
      responses: { 200: jsonContent(ScheduleBody, "The schedule now in force"), ...modelErrors },
    }),
    async (c) => c.json(await service.setSchedule(c.req.valid("param").m, c.req.valid("json")), 200),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/api/dynamic/{m}/finetune",
      tags: [TAG],
      summary: "Set each version's margin from the lowest score over the ring",
      middleware: bare,
      request: { params: ModelParams },
      responses: { 200: jsonContent(FinetuneBody, "The new margins"), ...modelErrors },
    }),
    async (c) => c.json(await service.finetune(c.req.valid("param").m), 200),
  );

  app.openapi(
    createRoute({
      method: "put",
      path: "/api/dynamic/{m}/margin",
      tags: [TAG],
      summary: "Set one version's decision margin (persisted, no retrain)",
      middleware: record,
      request: { params: ModelParams, body: jsonBody(MarginRequest) },
      responses: { 200: jsonContent(MarginBody, "The margin now in force"), ...modelErrors },
    }),
    async (c) => {
      const { version, margin } = c.req.valid("json");
      return c.json(await service.setMargin(c.req.valid("param").m, version, margin), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "put",
      path: "/api/dynamic/{m}/false_alarm_rate",
      tags: [TAG],
      summary: "Set the target share of normal points flagged, for the model or one version; margins follow at once",
      middleware: record,
      request: { params: ModelParams, body: jsonBody(FalseAlarmRateRequest) },
      responses: { 200: jsonContent(FalseAlarmRateBody, "The rate and the margins now in force"), ...modelErrors },
    }),
    async (c) => c.json(await service.setFalseAlarmRate(c.req.valid("param").m, c.req.valid("json")), 200),
  );

  app.openapi(
    createRoute({
      method: "put",
      path: "/api/dynamic/{m}/alert_quiet",
      tags: [TAG],
      summary:
        "Set the quiet period (minutes of the stream's clock without a flagged point) after which a flag opens a new alert",
      middleware: record,
      request: { params: ModelParams, body: jsonBody(AlertQuietRequest) },
      responses: { 200: jsonContent(AlertQuietBody, "The quiet period now in force"), ...modelErrors },
    }),
    async (c) => c.json(await service.setAlertQuiet(c.req.valid("param").m, c.req.valid("json")), 200),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/train/autoencoder/{m}",
      tags: [TAG],
      summary: "Train the optional autoencoder version on the ring",
      middleware: record,
      request: { params: ModelParams, body: jsonBody(AutoencoderRequest, false) },
      responses: { 200: jsonContent(AutoencoderBody, "Trained"), ...modelErrors },
    }),
    async (c) => c.json(await service.trainAutoencoder(c.req.valid("param").m, c.req.valid("json")), 200),
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/api/dynamic/{m}/export",
      tags: [TAG],
      summary: "Export a whole model as one JSON bundle (for sharing with the browser)",
      middleware: bare,
      request: { params: ModelParams },
      responses: { 200: jsonContent(ModelBundle, "The bundle"), ...modelErrors },
    }),
    async (c) =>
      // Streamed (see exportStream.ts); the declared body is what the bytes spell.
      c.body(bundleStream(await service.exportModel(c.req.valid("param").m)), 200, {
        "content-type": JSON_UTF8,
      }) as never,
  );

  registerImportRoute(app, { service, maxBytes: maxUpload, tooLarge, alerts: options.alerts });

  registerFeedbackRoutes(app, service, { record, bare });
  registerBatchRoute(app, { service, dataDir: options.dataDir, limit: large, maxBytes: maxUpload, tooLarge });
  registerStreamRoute(app, hub);
  if (options.alerts) registerAlertRoutes(app, options.alerts, service, record, bare);
  if (options.pages !== false) registerPages(app, options.webroot);
  refuseMalformedModelPaths(app);
  return app;
}

/**
 * The body as JSON.parse gave it, after the route's schema accepted it.
 * zod's output is a rebuilt object, and rebuilding by assignment drops a key
 * named `__proto__` (it sets the prototype instead); records keep every key
 * as an ordinary column, so routes that take records hand on the parse.
 */
async function parsedBody(c: Context): Promise<unknown> {
  c.req.valid("json" as never);
  // A request with no body at all (and so no Content-Type) passes the
  // validator, which has nothing to check; it is the client's mistake, not a fault.
  const text = await c.req.text();
  if (text.trim() === "") throw new ApiError(400, "Invalid request body: send the record as a JSON object");
  return JSON.parse(text);
}

/** Paths whose first variable segment is a model name (whatever the method or action). */
const MODEL_PATHS = [
  /^\/(?:detect|detect_only|force_train|delete_model|train\/autoencoder)\/([^/]*)$/,
  /^\/(?:models|api)\/dynamic\/([^/]*)\/[^/]+$/,
];

/**
 * The request path as the client sent it. URL parsing turns `/detect/%2e%2e`
 * into `/` before any route sees it, so a name of `..` (or an empty one) would
 * otherwise meet the router's 404; Node's server keeps the raw request line.
 */
function rawPath(c: Context): string {
  const incoming = (c.env as { incoming?: { url?: unknown } } | undefined)?.incoming;
  const raw = typeof incoming?.url === "string" ? incoming.url : c.req.path;
  const query = raw.indexOf("?");
  return query < 0 ? raw : raw.slice(0, query);
}

/** An empty, undecodable or invalid model name on any model route: the exact 400, first. */
const guardModelNames: MiddlewareHandler = async (c, next) => {
  const path = rawPath(c);
  for (const pattern of MODEL_PATHS) {
    const match = pattern.exec(path);
    if (match === null) continue;
    let name = "";
    try {
      name = decodeURIComponent(match[1]);
    } catch {
      // Malformed percent-encoding is no valid name either.
    }
    if (!MODEL_NAME.test(name)) return errorResponse(c, 400, INVALID_MODEL_NAME);
  }
  await next();
};

// `/detect/a/b` or `/detect/` would otherwise fall through to a generic 404;
// the client meant a model name, so it gets the model-name answer. A valid
// name reached with the wrong method gets a 405 instead. Registered last so
// the real routes above win.
function refuseMalformedModelPaths(app: OpenAPIHono) {
  const prefixes = ["/detect", "/detect_only", "/force_train", "/delete_model", "/train/autoencoder"];
  for (const prefix of prefixes) {
    app.all(`${prefix}/*`, (c) => {
      const at = c.req.path.indexOf(`${prefix}/`);
      const rest = at < 0 ? "" : c.req.path.slice(at + prefix.length + 1);
      if (MODEL_NAME.test(rest))
        return errorResponse(c, 405, `Method ${c.req.method} is not allowed on ${prefix}/<model>`);
      return errorResponse(c, 400, INVALID_MODEL_NAME);
    });
  }
}

/** A verdict body without its `expected` bands (a shallow copy; other bodies as they are). */
function withoutExpected(body: unknown): unknown {
  if (body === null || typeof body !== "object" || !("expected" in body)) return body;
  const { expected: _expected, ...rest } = body as Record<string, unknown>;
  return rest;
}
