// The feedback routes (anomaly/feedback/): an operator marks points or time
// ranges as false or true positives and declares maintenance windows; GET
// lists them with the margins in force. Kept beside routes.ts so the core
// API's file stays about the reference's routes.
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { AnomalyApi } from "./anomalyApi";
import { jsonBody, jsonContent, modelErrors, TAG } from "./openapi";
import { MessageBody, ModelParams } from "./schemas";

const Time = z.union([z.number().finite(), z.string()]).openapi({
  description: "Unix seconds or an ISO-8601 time, on the points' own clock (their `timestamp`)",
  example: "2024-05-01T12:00:00Z",
});

const Note = z.string().max(1000).optional().openapi({ description: "Free text for the operator" });

export const MarkRequest = z
  .object({
    label: z.enum(["false_positive", "true_positive"]),
    timestamp: Time.optional().openapi({ description: "One point (instead of from and to)" }),
    from: Time.optional(),
    to: Time.optional(),
    note: Note,
  })
  .openapi("FeedbackRequest", {
    description:
      "Mark one point (`timestamp`) or an inclusive range (`from`, `to`). False positives are left out of training and raise the margin of each version that still flags them, up to where a true positive would no longer be flagged.",
    example: { label: "false_positive", timestamp: "2024-05-01T12:00:00Z", note: "deploy" },
  });

export const MaintenanceRequest = z.object({ from: Time, to: Time, note: Note }).openapi("MaintenanceRequest", {
  description: "An inclusive time range whose points are left out of training.",
  example: { from: "2024-05-01T02:00:00Z", to: "2024-05-01T03:00:00Z", note: "database upgrade" },
});

const Range = { id: z.number().int(), from: z.number(), to: z.number(), note: z.string(), created: z.number() };
const Mark = z.object({ ...Range, label: z.enum(["false_positive", "true_positive"]) }).openapi("FeedbackMark");
const Maintenance = z.object(Range).openapi("MaintenanceWindow");
const Margins = z.record(z.string(), z.object({ base: z.number(), adapted: z.number() })).openapi({
  description:
    "Per trained version: the stored margin (calibrated or set) and the margin in force after feedback (verdicts' threshold_info.margin)",
});

export const FeedbackBody = z
  .object({
    status: z.literal("success"),
    model_name: z.string(),
    marks: z.array(Mark),
    maintenance: z.array(Maintenance),
    margins: Margins,
    excluded_from_training: z.number().int().openapi({ description: "Ring points that training leaves out now" }),
  })
  .openapi("Feedback");

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
    async (c) => c.json((await service.feedback(c.req.valid("param").m)) as never, 200),
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
        200: jsonContent(MessageBody.extend({ mark: Mark, margins: Margins }), "Recorded (persisted)"),
        ...modelErrors,
      },
    }),
    async (c) => c.json((await service.addFeedback(c.req.valid("param").m, c.req.valid("json"))) as never, 200),
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
        200: jsonContent(MessageBody.extend({ maintenance: Maintenance }), "Recorded (persisted)"),
        ...modelErrors,
      },
    }),
    async (c) => c.json((await service.addMaintenance(c.req.valid("param").m, c.req.valid("json"))) as never, 200),
  );

  app.openapi(
    createRoute({
      method: "delete",
      path: "/api/dynamic/{m}/feedback/{id}",
      tags: [TAG],
      summary: "Remove a feedback mark or maintenance window",
      middleware: middleware.bare,
      request: { params: IdParams },
      responses: { 200: jsonContent(MessageBody.extend({ margins: Margins }), "Removed"), ...modelErrors },
    }),
    async (c) => {
      const { m, id } = c.req.valid("param");
      return c.json((await service.removeFeedback(m, id)) as never, 200);
    },
  );
}
