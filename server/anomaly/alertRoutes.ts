// The alert routes: a model's webhook rules (read, replace) and its
// delivery log. The wire schema of a rule is here, and only here; the
// engine-side type and defaults are anomaly/alerts/rule.ts.
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { ALERT_FORMATS, type AlertRuleInput, AnomalyError, completeRules } from "../../anomaly";
import { ModelParams } from "../../protocol/anomaly/schemas";
import type { AlertCenter } from "./alerts";
import type { AnomalyApi } from "./anomalyApi";
import { jsonBody, jsonContent, modelErrors, TAG } from "./openapi";

const seconds = z
  .number()
  .min(0)
  .max(7 * 86_400);

export const AlertRuleSchema = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "letters, digits, '_' or '-', at most 64"),
    url: z
      .string()
      .url()
      .refine((u) => /^https?:\/\//i.test(u), "must be an http or https URL"),
    format: z.enum(ALERT_FORMATS).optional().openapi({
      description:
        "`json`: `{model, rule, event, at, started_at, score, data_points, data_point, severity?, top_feature?}`; `alertmanager`: Alertmanager's v2 `/api/v2/alerts` array (recovery carries `endsAt`); `slack`: `{text}`. Default json.",
    }),
    k: z
      .number()
      .int()
      .min(1)
      .max(1000)
      .optional()
      .openapi({ description: "Flagged points among the last n that make an onset (default 1)" }),
    n: z
      .number()
      .int()
      .min(1)
      .max(1000)
      .optional()
      .openapi({ description: "Points looked at (default 1); recovery when none of the last n is flagged" }),
    min_duration_s: seconds
      .optional()
      .openapi({ description: "How long the onset condition must hold, on the points' own clock (default 0)" }),
    cooldown_s: seconds
      .optional()
      .openapi({ description: "No onset is sent sooner than this after the last recovery (default 0)" }),
    retries: z
      .number()
      .int()
      .min(0)
      .max(10)
      .optional()
      .openapi({ description: "Attempts after a failed one (default 3)" }),
    backoff_ms: z
      .number()
      .int()
      .min(0)
      .max(600_000)
      .optional()
      .openapi({ description: "Wait before the first retry, doubling after each (default 500)" }),
    timeout_ms: z
      .number()
      .int()
      .min(1)
      .max(120_000)
      .optional()
      .openapi({ description: "Per-attempt limit (default 5000)" }),
    enabled: z.boolean().optional(),
  })
  .strict()
  .openapi("AlertRule", {
    example: { id: "pager", url: "http://alertmanager:9093/api/v2/alerts", format: "alertmanager", k: 3, n: 5 },
  });

export const AlertRulesRequest = z
  .object({ rules: z.array(AlertRuleSchema).max(32) })
  .strict()
  .openapi("AlertRulesRequest");

const RuleStateBody = z.object({
  firing: z.boolean(),
  notified: z.boolean(),
  since: z.number().nullable(),
  onset_at: z.number().nullable(),
  last_recovery: z.number().nullable(),
});

export const AlertRulesBody = z
  .object({
    model: z.string(),
    rules: z.array(AlertRuleSchema.required()),
    state: z
      .record(z.string(), RuleStateBody)
      .openapi({ description: "Per rule id: whether an incident is open (times in ms)" }),
  })
  .openapi("AlertRules");

export const DeliveryLogBody = z
  .object({
    model: z.string(),
    deliveries: z.array(
      z.object({
        delivery: z.string(),
        rule: z.string(),
        event: z.enum(["onset", "recovery"]),
        url: z.string(),
        attempt: z.number().int(),
        at: z.string(),
        ok: z.boolean(),
        status: z.number().int().optional(),
        error: z.string().optional(),
        final: z.boolean(),
      }),
    ),
  })
  .openapi("AlertDeliveryLog");

const LogQuery = z.object({ limit: z.coerce.number().int().min(1).max(10_000).optional() });

export function registerAlertRoutes(
  app: OpenAPIHono,
  alerts: AlertCenter,
  service: Pick<AnomalyApi, "metadata">,
  record: MiddlewareHandler[],
  bare: MiddlewareHandler[],
): void {
  app.openapi(
    createRoute({
      method: "get",
      path: "/api/dynamic/{m}/alerts",
      tags: [TAG],
      summary: "The model's webhook alert rules and whether each has an incident open",
      middleware: bare,
      request: { params: ModelParams },
      responses: { 200: jsonContent(AlertRulesBody, "The rules"), ...modelErrors },
    }),
    async (c) => {
      const { m } = c.req.valid("param");
      await service.metadata(m);
      return c.json({ model: m, ...(await alerts.rules(m)) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "put",
      path: "/api/dynamic/{m}/alerts",
      tags: [TAG],
      summary: "Replace the model's webhook alert rules (persisted with the model)",
      description:
        "Each rule fires once on anomaly onset (k of the last n points flagged, held min_duration_s) and once on recovery (none of the last n flagged). Deliveries are queued: ingest never waits for a receiver. Failed attempts are retried with exponential backoff and every attempt is logged (GET .../alert_log).",
      middleware: record,
      request: { params: ModelParams, body: jsonBody(AlertRulesRequest) },
      responses: { 200: jsonContent(AlertRulesBody, "The rules now in force"), ...modelErrors },
    }),
    async (c) => {
      const { m } = c.req.valid("param");
      await service.metadata(m);
      let rules: ReturnType<typeof completeRules>;
      try {
        rules = completeRules(c.req.valid("json").rules as AlertRuleInput[]);
      } catch (e) {
        throw new AnomalyError(400, (e as Error).message);
      }
      return c.json({ model: m, ...(await alerts.setRules(m, rules)) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/api/dynamic/{m}/alert_log",
      tags: [TAG],
      summary: "The model's webhook delivery log, oldest first (every attempt)",
      middleware: bare,
      request: { params: ModelParams, query: LogQuery },
      responses: { 200: jsonContent(DeliveryLogBody, "The newest `limit` attempts (default 100)"), ...modelErrors },
    }),
    async (c) => {
      const { m } = c.req.valid("param");
      await service.metadata(m);
      const deliveries = await alerts.deliveryLog(m, c.req.valid("query").limit ?? 100);
      return c.json({ model: m, deliveries }, 200);
    },
  );
}
