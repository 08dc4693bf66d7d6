/**
 * An alert rule: where a model's anomaly onsets and recoveries are sent, in
 * which payload shape, and how flags are debounced before they count. The
 * wire schema that validates rules (and the list of formats) lives in
 * protocol/anomaly/alerts.ts; this is the engine-side type and its
 * defaults, shared by the server, the CLI and the dashboards.
 */
import { ALERT_FORMATS } from "../../protocol/anomaly/alertFormats";

export { ALERT_FORMATS };
export type AlertFormat = (typeof ALERT_FORMATS)[number];

export interface AlertRule {
  /** Unique within the model; names the rule in payloads and the delivery log. */
  id: string;
  /** The receiver (http or https). */
  url: string;
  format: AlertFormat;
  /** Onset needs at least k flagged points among the last n (default 1 of 1). */
  k: number;
  n: number;
  /** The onset condition must hold this long (seconds, on the data's clock) before it fires. */
  min_duration_s: number;
  /** No new onset is sent sooner than this after the last notified recovery (seconds). */
  cooldown_s: number;
  /** Recovery once the stream has been unflagged and inside its onset band this long (seconds, data's clock). */
  recovery_s: number;
  /**
   * Flags that come back sooner than this after a notified recovery re-open
   * that incident (event `reopen`, same start) instead of paging a new one
   * (seconds, data's clock; 0: every onset pages).
   */
  reopen_s: number;
  /** An open incident is sent again this often while it fires (seconds, data's clock; 0: never). */
  repeat_s: number;
  /** Attempts after the first failed one; waits double from backoff_ms. */
  retries: number;
  backoff_ms: number;
  /** Per-attempt time limit. */
  timeout_ms: number;
  enabled: boolean;
}

export const RULE_DEFAULTS: Omit<AlertRule, "id" | "url"> = {
  format: "json",
  k: 1,
  n: 1,
  min_duration_s: 0,
  cooldown_s: 0,
  // As long as the model's default quiet period (model/onset.ts): an
  // incident whose flags come back within it is the same incident, not a
  // new page (NAB's spiky windows paged 4-6 times each at 300 s).
  recovery_s: 14_400,
  // The smallest of 1, 2, 4, 6, 8, 10, 12, 16 and 24 h that left no labelled
  // window with two onsets on the "tune" half of the NAB back-fills
  // (bench/alert-paging.bench.ts --half tune; 6 h still paged one window
  // twice). Longer ones swallow more true onsets into incidents that began
  // before a window (24 h: one window fewer with an onset).
  reopen_s: 28_800,
  repeat_s: 0,
  retries: 3,
  backoff_ms: 500,
  timeout_ms: 5000,
  enabled: true,
};

/** repeat_s of an Alertmanager rule that sets none: well inside Alertmanager's default resolve_timeout. */
export const ALERTMANAGER_REPEAT_S = 60;

/** A rule as a client may send it: everything but id and url optional. */
export type AlertRuleInput = Pick<AlertRule, "id" | "url"> & Partial<Omit<AlertRule, "id" | "url">>;

/** The rule with every default filled in; throws on what the schema cannot express (k > n, duplicate ids). */
export function completeRules(inputs: readonly AlertRuleInput[]): AlertRule[] {
  const seen = new Set<string>();
  return inputs.map((input) => {
    if (seen.has(input.id)) throw new RangeError(`Alert rule id ${JSON.stringify(input.id)} appears twice`);
    seen.add(input.id);
    // id and url first: that is how the rule reads back in answers and files.
    const { id, url, ...settings } = input;
    // Alertmanager resolves an alert it has not heard of for resolve_timeout
    // (5 minutes by default) unless it is re-sent: its rules re-send every minute.
    const repeat = settings.repeat_s ?? (settings.format === "alertmanager" ? ALERTMANAGER_REPEAT_S : 0);
    const rule: AlertRule = { id, url, ...RULE_DEFAULTS, ...settings, repeat_s: repeat };
    if (rule.k > rule.n) throw new RangeError(`Alert rule ${input.id}: k (${rule.k}) must not exceed n (${rule.n})`);
    return rule;
  });
}
