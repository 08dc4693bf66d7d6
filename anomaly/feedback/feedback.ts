/**
 * An operator's feedback on a model, persisted beside it (feedback.json):
 * points or time ranges marked as false or true positives, and maintenance
 * windows. Times are the points' own clocks (unix seconds, as the ring keeps
 * them); a single point is a range whose start and end are equal.
 *
 * What it changes: false positives and maintenance windows are left out of
 * training (the scaler, the forests and the typical values explanations
 * use), and the margins in force adapt to the marks (margin.ts). The stored
 * margins are never rewritten by feedback: the adapted ones are derived from
 * the forests, the ring and the marks whenever one of them changes, so
 * removing a mark gives the calibrated or operator's margin back, and a
 * restart derives the same margins again.
 */
import { AnomalyError } from "../apiError";
import { parseTimestampValue } from "../model/encoding";

export const LABELS = ["false_positive", "true_positive"] as const;
export type Label = (typeof LABELS)[number];

export interface FeedbackMark {
  id: number;
  label: Label;
  /** Unix seconds, inclusive. */
  from: number;
  to: number;
  note: string;
  /** Unix seconds (wall clock) when it was recorded. */
  created: number;
}

export interface MaintenanceWindow {
  id: number;
  from: number;
  to: number;
  note: string;
  created: number;
}

export interface FeedbackDoc {
  next_id: number;
  marks: FeedbackMark[];
  maintenance: MaintenanceWindow[];
}

export function emptyFeedback(): FeedbackDoc {
  return { next_id: 1, marks: [], maintenance: [] };
}

export function cloneFeedback(doc: FeedbackDoc): FeedbackDoc {
  return {
    next_id: doc.next_id,
    marks: doc.marks.map((m) => ({ ...m })),
    maintenance: doc.maintenance.map((w) => ({ ...w })),
  };
}

const isFiniteNumber = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

function parseRange(raw: Record<string, unknown>): { from: number; to: number; note: string; created: number } | null {
  const { from, to, note, created } = raw;
  if (!isFiniteNumber(from) || !isFiniteNumber(to) || from > to) return null;
  return { from, to, note: typeof note === "string" ? note : "", created: isFiniteNumber(created) ? created : 0 };
}

/** A stored feedback.json; null when it is not one (the caller reports the file as damaged). */
export function parseFeedback(raw: unknown): FeedbackDoc | null {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return null;
  const r = raw as Record<string, unknown>;
  if (!Array.isArray(r.marks) || !Array.isArray(r.maintenance)) return null;
  const doc = emptyFeedback();
  let maxId = 0;
  const idOf = (v: unknown): number | null => (Number.isSafeInteger(v) && (v as number) > 0 ? (v as number) : null);
  for (const m of r.marks) {
    if (m === null || typeof m !== "object") return null;
    const range = parseRange(m as Record<string, unknown>);
    const id = idOf((m as Record<string, unknown>).id);
    const label = (m as Record<string, unknown>).label;
    if (range === null || id === null || !LABELS.includes(label as Label)) return null;
    doc.marks.push({ id, label: label as Label, ...range });
    maxId = Math.max(maxId, id);
  }
  for (const w of r.maintenance) {
    if (w === null || typeof w !== "object") return null;
    const range = parseRange(w as Record<string, unknown>);
    const id = idOf((w as Record<string, unknown>).id);
    if (range === null || id === null) return null;
    doc.maintenance.push({ id, ...range });
    maxId = Math.max(maxId, id);
  }
  doc.next_id = Math.max(maxId + 1, idOf(r.next_id) ?? 1);
  return doc;
}

/** The JSON written to disk (and answered by the list route), fields in a fixed order. */
export function feedbackJson(doc: FeedbackDoc): FeedbackDoc {
  return {
    next_id: doc.next_id,
    marks: doc.marks.map(({ id, label, from, to, note, created }) => ({ id, label, from, to, note, created })),
    maintenance: doc.maintenance.map(({ id, from, to, note, created }) => ({ id, from, to, note, created })),
  };
}

function bodyObject(body: unknown): Record<string, unknown> {
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw new AnomalyError(400, "The request body must be a JSON object.");
  }
  return body as Record<string, unknown>;
}

function timeField(b: Record<string, unknown>, key: string): number {
  try {
    return parseTimestampValue(b[key]);
  } catch {
    throw new AnomalyError(400, `${key} must be unix seconds or an ISO-8601 time like 2024-01-31T12:00:00Z.`);
  }
}

/**
 * A range from a request body: `timestamp` for one point, or `from` and
 * `to` (inclusive) for a range; each unix seconds or ISO-8601.
 */
function parseRangeRequest(b: Record<string, unknown>, pointAllowed: boolean): { from: number; to: number } {
  if (pointAllowed && b.timestamp !== undefined) {
    if (b.from !== undefined || b.to !== undefined) {
      throw new AnomalyError(400, "Give either timestamp (one point) or from and to (a range), not both.");
    }
    const t = timeField(b, "timestamp");
    return { from: t, to: t };
  }
  if (b.from === undefined || b.to === undefined) {
    throw new AnomalyError(
      400,
      pointAllowed ? "Give timestamp (one point) or from and to (a range)." : "Give from and to.",
    );
  }
  const from = timeField(b, "from");
  const to = timeField(b, "to");
  if (from > to) throw new AnomalyError(400, "from must not be after to.");
  return { from, to };
}

function noteField(b: Record<string, unknown>): string {
  if (b.note === undefined || b.note === null) return "";
  if (typeof b.note !== "string" || b.note.length > 1000) {
    throw new AnomalyError(400, "note must be text of at most 1000 characters.");
  }
  return b.note;
}

export interface MarkRequest {
  label: Label;
  from: number;
  to: number;
  note: string;
}

/** The feedback route's body: {label, timestamp} or {label, from, to}, with an optional note. */
export function parseMarkRequest(body: unknown): MarkRequest {
  const b = bodyObject(body);
  if (!LABELS.includes(b.label as Label)) {
    throw new AnomalyError(400, `label must be one of ${LABELS.join(", ")}.`);
  }
  return { label: b.label as Label, ...parseRangeRequest(b, true), note: noteField(b) };
}

/** The maintenance route's body: {from, to} with an optional note. */
export function parseMaintenanceRequest(body: unknown): { from: number; to: number; note: string } {
  const b = bodyObject(body);
  return { ...parseRangeRequest(b, false), note: noteField(b) };
}

const inRange = (t: number, r: { from: number; to: number }) => t >= r.from && t <= r.to;

/**
 * Whether a point at time `t` is left out of training: inside a maintenance
 * window, or marked as a false positive and not as a true positive (a
 * point under both counts as a true positive: an incident must never be
 * silenced by a wider false-positive range around it).
 */
export function excludedFromTraining(doc: FeedbackDoc, t: number): boolean {
  for (const w of doc.maintenance) if (inRange(t, w)) return true;
  return markedAs(doc, "false_positive", t) && !markedAs(doc, "true_positive", t);
}

/** Whether a point at time `t` carries the label. */
export function markedAs(doc: FeedbackDoc, label: Label, t: number): boolean {
  for (const m of doc.marks) if (m.label === label && inRange(t, m)) return true;
  return false;
}

/** Whether a point at time `t` is under any mark (false or true positive). */
export function isMarked(doc: FeedbackDoc, t: number): boolean {
  for (const m of doc.marks) if (inRange(t, m)) return true;
  return false;
}

/** True when some point could be excluded (saves a pass over the ring in the common case). */
export function excludesAnything(doc: FeedbackDoc): boolean {
  return doc.maintenance.length > 0 || doc.marks.some((m) => m.label === "false_positive");
}
