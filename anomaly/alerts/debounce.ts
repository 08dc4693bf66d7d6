/**
 * Debouncing, per rule: a verdict stream becomes at most one onset and one
 * recovery per incident. Onset when at least k of the last n points are
 * flagged and that has held for min_duration_s; recovery when none of the
 * last n is flagged (hysteresis, so an incident that flickers below k does
 * not page twice). Cooldown silences an onset, and then its recovery, that
 * comes too soon after the last notified recovery. Pure: time is the
 * caller's (the record's own timestamp when it has one).
 */
import type { AlertRule } from "./rule";

export interface RuleState {
  /** Flags of the last n points, oldest first (not persisted: it refills within n points). */
  recent: boolean[];
  firing: boolean;
  /** Whether the current incident's onset was sent (a silenced one sends no recovery either). */
  notified: boolean;
  /** When the onset condition began to hold (ms), or null. */
  since: number | null;
  /** When the current incident fired (ms), or null while quiet. */
  onset_at: number | null;
  /** When the last notified recovery happened (ms), or null. */
  last_recovery: number | null;
}

export type AlertEvent = "onset" | "recovery";

export function freshState(): RuleState {
  return { recent: [], firing: false, notified: false, since: null, onset_at: null, last_recovery: null };
}

/**
 * Adds one point's flag to the state (mutated) and says which event to
 * send, if any. A silenced onset changes the state but returns null.
 */
export function step(rule: AlertRule, state: RuleState, flagged: boolean, atMs: number): AlertEvent | null {
  state.recent.push(flagged);
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
    state.onset_at = atMs;
    const cooling = state.last_recovery !== null && atMs - state.last_recovery < rule.cooldown_s * 1000;
    state.notified = !cooling;
    return state.notified ? "onset" : null;
  }
  if (count > 0) return null;
  state.firing = false;
  state.since = null;
  // onset_at stays until the next onset, so a recovery's payload can name its incident's start.
  if (!state.notified) return null;
  state.notified = false;
  state.last_recovery = atMs;
  return "recovery";
}
