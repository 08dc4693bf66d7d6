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
 * Warm-up: a fresh model has not yet seen its stream's daily shape, and
 * its early flags are mostly parts of the day it meets for the first time
 * (on a clean daily wave, about one point in six over the first two days).
 * Until the stream's clock has covered `warmup_min` minutes since the
 * oldest point the model holds, verdicts say `learning` and open no alert,
 * and those flags do not count as the last flag of the quiet period, so the
 * first incident after the warm-up pages. The default, two days, gives the
 * daily band (band.ts) and the daily-recurrence check (recurrence.ts) one
 * whole earlier day to compare each point with. `ready_at` (stream seconds)
 * keeps the end of the warm-up, so it never comes back.
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
/** Minutes of the stream's clock a fresh model learns before any alert. */
export const DEFAULT_WARMUP_MIN = 2880;
export const MAX_WARMUP_MIN = 525_600;

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
  /** Minutes of the stream's clock learned before alerting (0: alert from the first scored point). */
  warmup_min: number;
  /** Stream-clock seconds at which the warm-up ended; null while learning. */
  ready_at: number | null;
}

export function newOnsetState(scoredSeen = 0): OnsetState {
  return {
    quiet_min: DEFAULT_ALERT_QUIET_MIN,
    last_flagged: null,
    scored_seen: scoredSeen,
    evidence: 0,
    echo: 0,
    warmup_min: DEFAULT_WARMUP_MIN,
    ready_at: null,
  };
}

export function isQuietMinutes(v: unknown): v is number {
  return typeof v === "number" && Number.isFinite(v) && v >= 0 && v <= MAX_ALERT_QUIET_MIN;
}

export function isWarmupMinutes(v: unknown): v is number {
  return typeof v === "number" && Number.isFinite(v) && v >= 0 && v <= MAX_WARMUP_MIN;
}

/**
 * Whether a point at `time` is still in the warm-up, for a model whose
 * oldest held point is at `oldest` (stream seconds). Does not end it.
 */
export function learningAt(s: OnsetState, time: number, oldest: number): boolean {
  return s.ready_at === null && time - oldest < s.warmup_min * 60;
}

/** Whether a flag at `time` opens an alert (without taking it); never while learning. */
export function opensAlert(s: OnsetState, flagged: boolean, time: number, learning = false): boolean {
  return flagged && !learning && (s.last_flagged === null || time - s.last_flagged >= s.quiet_min * 60);
}

/**
 * Takes one scored point in stream order; answers whether it opens an
 * alert and whether it was in the warm-up (which it ends once over).
 */
export function takePoint(
  s: OnsetState,
  flagged: boolean,
  time: number,
  nSeen: number,
  oldest = time,
): { alert: boolean; learning: boolean } {
  const learning = learningAt(s, time, oldest);
  if (!learning && s.ready_at === null) s.ready_at = time;
  const alert = opensAlert(s, flagged, time, learning);
  if (flagged && !learning) s.last_flagged = s.last_flagged === null ? time : Math.max(s.last_flagged, time);
  s.scored_seen = Math.max(s.scored_seen, nSeen);
  return { alert, learning };
}

/**
 * Stored state; metadata from before onsets existed has none and starts as
 * current at its n_seen (nothing to score again at load). A model stored
 * before the warm-up existed and already holding points is taken as warm:
 * it was alerting, and an upgrade must not silence it for two days.
 */
export function parseOnsetState(raw: unknown, nSeen: number): OnsetState {
  const fresh = newOnsetState(nSeen);
  if (raw === null || typeof raw !== "object" || Array.isArray(raw))
    return { ...fresh, ready_at: nSeen > 0 ? 0 : null };
  const r = raw as Record<string, unknown>;
  const seen = r.scored_seen;
  return {
    quiet_min: isQuietMinutes(r.quiet_min) ? r.quiet_min : fresh.quiet_min,
    last_flagged: typeof r.last_flagged === "number" && Number.isFinite(r.last_flagged) ? r.last_flagged : null,
    scored_seen: typeof seen === "number" && Number.isInteger(seen) && seen >= 0 && seen <= nSeen ? seen : nSeen,
    evidence: typeof r.evidence === "number" && Number.isFinite(r.evidence) && r.evidence >= 0 ? r.evidence : 0,
    echo: typeof r.echo === "number" && Number.isInteger(r.echo) && r.echo >= 0 ? r.echo : 0,
    warmup_min: isWarmupMinutes(r.warmup_min) ? r.warmup_min : fresh.warmup_min,
    ready_at: readyAt(r, nSeen),
  };
}

function readyAt(r: Record<string, unknown>, nSeen: number): number | null {
  if (typeof r.ready_at === "number" && Number.isFinite(r.ready_at)) return r.ready_at;
  // Stored before warm-ups existed, with points: it was alerting already.
  if (!("warmup_min" in r) && nSeen > 0) return 0;
  return null;
}
