/**
 * Alert onsets: which flagged points open an alert an operator is paged for.
 *
 * A per-point flag says "this point is unusual"; an incident is a run of
 * them, and a level shift or a burst of spikes flags many points in a row.
 * Paging on every flag pages dozens of times for one incident (NAB counts
 * each of those as a false positive outside its window). A verdict's `alert`
 * is true for a flagged point that follows at least `quiet_min` minutes of
 * the stream's clock without any flagged point: the first flag of an
 * incident. The default, 4 hours, is Alertmanager's default repeat interval:
 * the span after which operators expect to hear again about something still
 * going on.
 *
 * The state is part of the model's metadata and follows the verdicts in
 * order; `scored_seen` says up to which point (its n_seen count) it is
 * current, so a model loaded after a crash scores the points after it again,
 * with the forests they were scored with live, and goes on as if it had
 * never stopped (model.ts).
 */

/** Minutes without a flag after which the next flag opens a new alert. */
export const DEFAULT_ALERT_QUIET_MIN = 240;
export const MAX_ALERT_QUIET_MIN = 525_600;

export interface OnsetState {
  quiet_min: number;
  /** Stream-clock seconds of the newest flagged point; null before any. */
  last_flagged: number | null;
  /** n_seen of the newest point the state has taken. */
  scored_seen: number;
  /** The running sum of sustained.ts (severity points), 0 when no run is building. */
  evidence: number;
  /** Points whose window versions add no evidence yet (sustained.ts). */
  echo: number;
}

export function newOnsetState(scoredSeen = 0): OnsetState {
  return { quiet_min: DEFAULT_ALERT_QUIET_MIN, last_flagged: null, scored_seen: scoredSeen, evidence: 0, echo: 0 };
}

export function isQuietMinutes(v: unknown): v is number {
  return typeof v === "number" && Number.isFinite(v) && v >= 0 && v <= MAX_ALERT_QUIET_MIN;
}

/** Whether a flag at `time` opens an alert (without taking it). */
export function opensAlert(s: OnsetState, flagged: boolean, time: number): boolean {
  return flagged && (s.last_flagged === null || time - s.last_flagged >= s.quiet_min * 60);
}

/** Takes one scored point in stream order; answers whether it opens an alert. */
export function takePoint(s: OnsetState, flagged: boolean, time: number, nSeen: number): boolean {
  const alert = opensAlert(s, flagged, time);
  if (flagged) s.last_flagged = s.last_flagged === null ? time : Math.max(s.last_flagged, time);
  s.scored_seen = Math.max(s.scored_seen, nSeen);
  return alert;
}

/**
 * Stored state; metadata from before onsets existed has none and starts as
 * current at its n_seen (nothing to score again at load).
 */
export function parseOnsetState(raw: unknown, nSeen: number): OnsetState {
  const fresh = newOnsetState(nSeen);
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return fresh;
  const r = raw as Record<string, unknown>;
  const seen = r.scored_seen;
  return {
    quiet_min: isQuietMinutes(r.quiet_min) ? r.quiet_min : fresh.quiet_min,
    last_flagged: typeof r.last_flagged === "number" && Number.isFinite(r.last_flagged) ? r.last_flagged : null,
    scored_seen: typeof seen === "number" && Number.isInteger(seen) && seen >= 0 && seen <= nSeen ? seen : nSeen,
    evidence: typeof r.evidence === "number" && Number.isFinite(r.evidence) && r.evidence >= 0 ? r.evidence : 0,
    echo: typeof r.echo === "number" && Number.isInteger(r.echo) && r.echo >= 0 ? r.echo : 0,
  };
}
