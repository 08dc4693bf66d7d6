// What is stored and answered about alerts: a model's rules with their
// incident state (alerts.json, GET .../alerts) and one delivery attempt (a
// line of alert_log.jsonl, GET .../alert_log). The dashboards read the same
// types.
import type { AlertEvent, RuleState } from "./debounce";
import type { AlertRule } from "./rule";

/** The persisted part of a rule's state: the window of recent flags refills by itself. */
export type StoredState = Omit<RuleState, "recent">;

/**
 * A silence: no notification of the rules it names (all when none) for
 * points whose time falls in [from, to] (ISO; the points' own clock, the
 * wall clock for points without a timestamp). Incidents still open and
 * close; the delivery log shows what was muted.
 */
export interface Silence {
  id: string;
  from: string;
  to: string;
  rules?: string[];
  comment?: string;
}

export interface AlertsFile {
  rules: AlertRule[];
  state: Record<string, StoredState>;
  silences?: Silence[];
}

/** One delivery attempt (or a give-up), as the log keeps and the API returns it. */
export interface DeliveryEntry {
  /** Same for every attempt of one event. */
  delivery: string;
  rule: string;
  event: AlertEvent;
  url: string;
  attempt: number;
  /** ISO wall-clock time of the attempt. */
  at: string;
  ok: boolean;
  /** HTTP status when the receiver answered. */
  status?: number;
  error?: string;
  /** No further attempt follows (delivered, or retries spent). */
  final: boolean;
  /** Not sent, and why: a maintenance window or a silence held it back (attempt 0, ok false). */
  muted?: string;
}
