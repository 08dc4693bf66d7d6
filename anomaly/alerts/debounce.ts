/**
 * Debouncing, per rule: a verdict stream becomes one onset and one recovery
 * per incident, with re-sends while it fires when the rule asks for them.
 *
 * Onset when at least k of the last n points are flagged and that has held
 * for min_duration_s. At the onset the incident keeps the band each numeric
 * column had then (the verdict's `expected` lower and upper): the model
 * retrains as the stream goes on and soon takes a lasting shift as normal,
 * so its later flags stop although the stream never came back. Recovery
 * needs none of the last n flagged *and* every column back inside the
 * band it had at the onset, continuously for recovery_s. An onset sooner
 * than reopen_s after the last notified recovery re-opens that incident
 * (event "reopen", same start, a counter) instead of paging anew: one
 * incident often flickers (flags, hours of calm, flags again), and an
 * operator paged for it once should not be paged again for the same thing,
 * while the receiver still hears that it is open again. Cooldown holds
 * back an onset (and then its recovery) that comes too soon after the last
 * notified recovery. A muted onset (maintenance window, silence) is not
 * sent either, but if the stream is still out of its band or flagged once
 * the mute ends, its onset goes out then, as Alertmanager does when a silence expires. A
 * recovery of an incident whose onset was sent is always sent: muting it
 * would leave the receiver with an incident that never ends.
 *
 * Pure: time is the caller's (the record's own timestamp when it has one).
 */
import type { AlertRule } from "./rule";

/** A column's band as it stood at the incident's onset. */
export interface FrozenBand {
  lower: number;
  upper: number;
}

export interface RuleState {
  /** Flags of the last n points, oldest first (not persisted: it refills within n points). */
  recent: boolean[];
  firing: boolean;
  /** Whether the current incident's onset was sent (one held back sends no recovery either). */
  notified: boolean;
  /** Why the current incident's onset was held back: muted ones are sent once the mute ends. */
  held: "cooldown" | "muted" | null;
  /** When the onset condition began to hold (ms), or null. */
  since: number | null;
  /** When the current incident fired (ms), or null while quiet. */
  onset_at: number | null;
  /** When the last notified recovery happened (ms), or null. */
  last_recovery: number | null;
  /** Per numeric column, its band at the onset (null while quiet, or a model without bands). */
  band: Record<string, FrozenBand> | null;
  /** Since when (ms) the firing stream has been unflagged and inside its band, or null. */
  back_since: number | null;
  /** When (ms) the incident was last sent (onset or re-send), for repeat_s. */
  last_sent: number | null;
  /** How often the current incident was re-opened after a notified recovery (0: never). */
  reopened: number;
}

/** `reopen`: flags came back within reopen_s of the incident's recovery; it is the same incident, not a new page. */
export type AlertEvent = "onset" | "reopen" | "firing" | "recovery";

/** What one point tells a rule: its flag and, when the verdict has them, its columns against their bands. */
export interface RulePoint {
  flagged: boolean;
  expected?: Record<string, { value: number; lower: number; upper: number }>;
}

/** An event to send, or one to log as muted instead. */
export interface StepResult {
  event: AlertEvent;
  muted: boolean;
}

export function freshState(): RuleState {
  return {
    recent: [],
    firing: false,
    notified: false,
    held: null,
    since: null,
    onset_at: null,
    last_recovery: null,
    band: null,
    back_since: null,
    last_sent: null,
    reopened: 0,
  };
}

/** A stored state completed with the fields added since it was written. */
export function restoredState(stored: Partial<RuleState>): RuleState {
  return { ...freshState(), ...stored, recent: [] };
}

function freeze(expected: RulePoint["expected"]): Record<string, FrozenBand> | null {
  if (expected === undefined) return null;
  const band: Record<string, FrozenBand> = {};
  for (const [column, e] of Object.entries(expected)) band[column] = { lower: e.lower, upper: e.upper };
  return band;
}

/** Every column the onset had a band for is inside it (a column the point lacks does not hold recovery back). */
function insideBand(band: RuleState["band"], expected: RulePoint["expected"]): boolean {
  if (band === null || expected === undefined) return true;
  for (const [column, b] of Object.entries(band)) {
    const e = expected[column];
    if (e !== undefined && (e.value < b.lower || e.value > b.upper)) return false;
  }
  return true;
}

/**
 * Adds one point to the state (mutated) and says which event to send, if
 * any. `muted`: the point is in a maintenance window or a silence.
 */
export function step(
  rule: AlertRule,
  state: RuleState,
  point: RulePoint,
  atMs: number,
  muted = false,
): StepResult | null {
  state.recent.push(point.flagged);
  while (state.recent.length > rule.n) state.recent.shift();
  const count = state.recent.reduce((sum, f) => sum + (f ? 1 : 0), 0);
  if (!state.firing) {
    if (count < rule.k) {
      state.since = null;
      return null;
    }
    state.since ??= atMs;
    if (atMs - state.since < rule.min_duration_s * 1000) return null;
    state.firing = true;
    state.band = freeze(point.expected);
    state.back_since = null;
    const sinceRecovery = state.last_recovery === null ? Number.POSITIVE_INFINITY : atMs - state.last_recovery;
    const cooling = sinceRecovery < rule.cooldown_s * 1000;
    // A held-back (cooldown) onset is a new incident the receiver never hears of; only a
    // notified recovery can be taken back by re-opening.
    const reopening = !cooling && sinceRecovery < rule.reopen_s * 1000;
    if (reopening) state.reopened++;
    else {
      state.onset_at = atMs;
      state.reopened = 0;
    }
    state.held = cooling ? "cooldown" : muted ? "muted" : null;
    state.notified = state.held === null;
    if (state.notified) state.last_sent = atMs;
    return cooling ? null : { event: reopening ? "reopen" : "onset", muted };
  }
  const calm = count === 0 && insideBand(state.band, point.expected);
  if (calm) {
    state.back_since ??= atMs;
    if (atMs - state.back_since >= rule.recovery_s * 1000) return recover(state, atMs);
  } else {
    state.back_since = null;
  }
  // A stream already calming down when the mute ends is not news.
  if (!state.notified && state.held === "muted" && !muted && !calm) {
    // The mute ended with the incident still open: it is news now.
    state.notified = true;
    state.held = null;
    state.last_sent = atMs;
    return { event: state.reopened > 0 ? "reopen" : "onset", muted: false };
  }
  if (state.notified && !muted && rule.repeat_s > 0 && atMs - (state.last_sent ?? atMs) >= rule.repeat_s * 1000) {
    state.last_sent = atMs;
    return { event: "firing", muted: false };
  }
  return null;
}

function recover(state: RuleState, atMs: number): StepResult | null {
  state.firing = false;
  state.since = null;
  state.band = null;
  state.back_since = null;
  state.held = null;
  // onset_at stays until the next onset, so a recovery's payload can name its incident's start.
  if (!state.notified) return null;
  state.notified = false;
  state.last_recovery = atMs;
  return { event: "recovery", muted: false };
}
