// The feedback routes' bodies (anomaly/feedback/): an operator's marks and
// maintenance windows, and the list GET answers. Like schemas.ts, one zod
// schema per body with its inferred type.
import { z } from "@hono/zod-openapi";
import { MessageBody } from "./schemas";

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

/** POST /api/dynamic/{m}/feedback: the mark as stored and the margins now in force. */
export const MarkedBody = MessageBody.extend({ mark: Mark, margins: Margins });

/** POST /api/dynamic/{m}/maintenance: the window as stored. */
export const MaintenanceBody = MessageBody.extend({ maintenance: Maintenance });

/** DELETE /api/dynamic/{m}/feedback/{id}: the margins now in force. */
export const FeedbackRemovedBody = MessageBody.extend({ margins: Margins });

export type MarkRequest = z.input<typeof MarkRequest>;
export type MaintenanceRequest = z.input<typeof MaintenanceRequest>;
export type FeedbackBody = z.output<typeof FeedbackBody>;
export type MarkedBody = z.output<typeof MarkedBody>;
export type MaintenanceBody = z.output<typeof MaintenanceBody>;
export type FeedbackRemovedBody = z.output<typeof FeedbackRemovedBody>;
