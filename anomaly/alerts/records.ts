// What is stored and answered about alerts: a model's rules with their
// incident state (alerts.json, GET .../alerts) and one delivery attempt (a
// line of alert_log.jsonl, GET .../alert_log). The dashboards read the same
// types.
import type { AlertEvent, RuleState } from "./debounce";
import type { AlertRule } from "./rule";

/** The persisted part of a rule's state: the window of recent flags refills by itself. */
export type StoredState = Omit<RuleState, "recent">;

export interface AlertsFile {
  rules: AlertRule[];
  state: Record<string, StoredState>;
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
}
