// The feedback routes (anomaly/feedback/): an operator marks points or time
// ranges as false or true positives and declares maintenance windows; GET
// lists them with the margins in force. Kept beside routes.ts so the core
// API's file stays about the reference's routes.
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import {
  FeedbackBody,
  FeedbackRemovedBody,
  MaintenanceBody,
  MaintenanceRequest,
  MarkedBody,
  MarkRequest,
} from "../../protocol/anomaly/feedback";
import { ModelParams } from "../../protocol/anomaly/schemas";
import type { AnomalyApi } from "./anomalyApi";
import { jsonBody, jsonContent, modelErrors, TAG } from "./openapi";

const IdParams = ModelParams.extend({
  id: z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name: "id", in: "path" }, example: 1, description: "A mark's or window's id" }),
});

export function registerFeedbackRoutes(
  app: OpenAPIHono,
  service: Pick<AnomalyApi, "feedback" | "addFeedback" | "addMaintenance" | "removeFeedback">,
  middleware: { record: MiddlewareHandler[]; bare: MiddlewareHandler[] },
): void {
  app.openapi(
    createRoute({
      method: "get",
      path: "/api/dynamic/{m}/feedback",
      tags: [TAG],
      summary: "List feedback marks, maintenance windows and the margins in force",
      middleware: middleware.bare,
      request: { params: ModelParams },
      responses: { 200: jsonContent(FeedbackBody, "The model's feedback"), ...modelErrors },
    }),
    async (c) => c.json(await service.feedback(c.req.valid("param").m), 200),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/api/dynamic/{m}/feedback",
      tags: [TAG],
      summary: "Mark a point or a time range as a false or true positive",
      middleware: middleware.record,
      request: { params: ModelParams, body: jsonBody(MarkRequest) },
      responses: {
        200: jsonContent(MarkedBody, "Recorded (persisted)"),
        ...modelErrors,
      },
    }),
    async (c) => c.json(await service.addFeedback(c.req.valid("param").m, c.req.valid("json")), 200),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/api/dynamic/{m}/maintenance",
      tags: [TAG],
      summary: "Declare a maintenance window (its points are left out of training)",
      middleware: middleware.record,
      request: { params: ModelParams, body: jsonBody(MaintenanceRequest) },
      responses: {
        200: jsonContent(MaintenanceBody, "Recorded (persisted)"),
        ...modelErrors,
      },
    }),
    async (c) => c.json(await service.addMaintenance(c.req.valid("param").m, c.req.valid("json")), 200),
  );

  app.openapi(
    createRoute({
      method: "delete",
      path: "/api/dynamic/{m}/feedback/{id}",
      tags: [TAG],
      summary: "Remove a feedback mark or maintenance window",
      middleware: middleware.bare,
      request: { params: IdParams },
      responses: { 200: jsonContent(FeedbackRemovedBody, "Removed"), ...modelErrors },
    }),
    async (c) => {
      const { m, id } = c.req.valid("param");
      return c.json(await service.removeFeedback(m, id), 200);
    },
  );
}
