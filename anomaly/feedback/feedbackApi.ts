/**
 * The feedback routes' operations on a loaded model, each answering its
 * JSON body (WIRE.md's shape: `status` first). The service runs them in the
 * model's queue. Every change writes the whole feedback document atomically
 * before memory changes, so a failed write changes nothing.
 */
import type { FeedbackBody, FeedbackRemovedBody, MaintenanceBody, MarkedBody } from "../../protocol/anomaly/feedback";
import { AnomalyError } from "../apiError";
import type { Model } from "../model/model";
import {
  cloneFeedback,
  type FeedbackDoc,
  type FeedbackMark,
  feedbackJson,
  type MaintenanceWindow,
  parseMaintenanceRequest,
  parseMarkRequest,
} from "./feedback";
import { trainingSet } from "./trainingSet";

export type { FeedbackBody };

function margins(m: Model): FeedbackBody["margins"] {
  const out: FeedbackBody["margins"] = {};
  for (const [version, margin] of m.effectiveMargins()) if (m.forests.has(version)) out[version] = margin;
  return out;
}

export function feedbackBody(m: Model): FeedbackBody {
  const doc = feedbackJson(m.feedback);
  return {
    status: "success",
    model_name: m.name,
    marks: doc.marks,
    maintenance: doc.maintenance,
    margins: margins(m),
    excluded_from_training: trainingSet(m.ring, m.feedback).excluded,
  };
}

async function change(m: Model, edit: (doc: FeedbackDoc) => void): Promise<void> {
  const doc = cloneFeedback(m.feedback);
  edit(doc);
  try {
    await m.setFeedback(doc);
  } catch (e) {
    if (e instanceof Error && e.message === "This store keeps no feedback.") throw new AnomalyError(400, e.message);
    throw e;
  }
}

export async function addMark(m: Model, body: unknown, now: number): Promise<MarkedBody> {
  const request = parseMarkRequest(body);
  let mark: FeedbackMark | null = null;
  await change(m, (doc) => {
    mark = { id: doc.next_id++, ...request, created: Math.floor(now) };
    doc.marks.push(mark);
  });
  return {
    status: "success" as const,
    message: `Marked ${request.label.replace("_", " ")} on model ${m.name}`,
    mark: mark as unknown as FeedbackMark,
    margins: margins(m),
  };
}

export async function addMaintenance(m: Model, body: unknown, now: number): Promise<MaintenanceBody> {
  const request = parseMaintenanceRequest(body);
  let window: MaintenanceWindow | null = null;
  await change(m, (doc) => {
    window = { id: doc.next_id++, ...request, created: Math.floor(now) };
    doc.maintenance.push(window);
  });
  return {
    status: "success" as const,
    message: `Maintenance window declared on model ${m.name}; points in it are left out of training from the next one`,
    maintenance: window as unknown as MaintenanceWindow,
  };
}

/** Removes a mark or a maintenance window by id (ids are shared, so one route serves both). */
export async function removeFeedback(m: Model, id: number): Promise<FeedbackRemovedBody> {
  if (!Number.isSafeInteger(id) || id <= 0) throw new AnomalyError(400, "id must be a positive whole number.");
  const known = m.feedback.marks.some((x) => x.id === id) || m.feedback.maintenance.some((x) => x.id === id);
  if (!known) throw new AnomalyError(404, `Feedback ${id} not found in model ${m.name}`);
  await change(m, (doc) => {
    doc.marks = doc.marks.filter((x) => x.id !== id);
    doc.maintenance = doc.maintenance.filter((x) => x.id !== id);
  });
  return { status: "success" as const, message: `Feedback ${id} removed from model ${m.name}`, margins: margins(m) };
}
