// The alert routes: a model's webhook rules (read, replace) and its
// delivery log. Their bodies' schemas are protocol/anomaly/alerts.ts; the
// engine-side type and defaults are anomaly/alerts/rule.ts.
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { type AlertRuleInput, AnomalyError, completeRules } from "../../anomaly";
import { AlertRulesBody, AlertRulesRequest, DeliveryLogBody } from "../../protocol/anomaly/alerts";
import { ModelParams } from "../../protocol/anomaly/schemas";
import type { AlertCenter } from "./alerts";
import type { AnomalyApi } from "./anomalyApi";
import { jsonBody, jsonContent, modelErrors, TAG } from "./openapi";

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
        "Each rule fires once on anomaly onset (k of the last n points flagged, held min_duration_s), again every repeat_s while the incident fires, and once on recovery (none of the last n flagged and every column back inside its band of the onset for recovery_s). Nothing pages while the model is learning (its warm-up). Points in a maintenance window or a silence mute notifications, and the log says so. Deliveries are queued: ingest never waits for a receiver. Failed attempts are retried with exponential backoff and every attempt is logged (GET .../alert_log).",
      middleware: record,
      request: { params: ModelParams, body: jsonBody(AlertRulesRequest) },
      responses: { 200: jsonContent(AlertRulesBody, "The rules now in force"), ...modelErrors },
    }),
    async (c) => {
      const { m } = c.req.valid("param");
      await service.metadata(m);
      let rules: ReturnType<typeof completeRules>;
      const body = c.req.valid("json");
      try {
        rules = completeRules(body.rules as AlertRuleInput[]);
      } catch (e) {
        throw new AnomalyError(400, (e as Error).message);
      }
      return c.json({ model: m, ...(await alerts.setRules(m, rules, body.silences ?? [])) }, 200);
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
