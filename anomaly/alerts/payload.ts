/**
 * What a receiver gets for one event, in each rule format. The facts are
 * the same in all three; only the envelope differs (Alertmanager resolves an
 * alert by re-sending it with `endsAt`, Slack shows one line of text).
 */
import type { AlertEvent } from "./debounce";
import type { AlertFormat } from "./rule";

/** The verdict facts an event carries; severity and top feature only when the verdict has them. */
export interface AlertFacts {
  model: string;
  rule: string;
  event: AlertEvent;
  /** ISO time of the point that caused the event (its own timestamp, else the wall clock). */
  at: string;
  /** ISO time of the incident's onset (equal to `at` for an onset). */
  started_at: string;
  score: number;
  data_points: number;
  data_point: Record<string, unknown>;
  severity?: number;
  top_feature?: string;
}

export function alertPayload(format: AlertFormat, facts: AlertFacts): unknown {
  switch (format) {
    case "json":
      return { ...facts };
    case "alertmanager":
      return [alertmanagerAlert(facts)];
    case "slack":
      return { text: slackText(facts) };
  }
}

// Alertmanager groups and deduplicates on labels, so they hold the identity
// (model, rule) and nothing that changes between onset and recovery.
function alertmanagerAlert(facts: AlertFacts) {
  const annotations: Record<string, string> = {
    summary: summary(facts),
    score: String(facts.score),
    data_points: String(facts.data_points),
  };
  if (facts.severity !== undefined) annotations.severity_score = String(facts.severity);
  if (facts.top_feature !== undefined) annotations.top_feature = facts.top_feature;
  return {
    labels: { alertname: "AnomalyDetected", model: facts.model, rule: facts.rule },
    annotations,
    startsAt: facts.started_at,
    ...(facts.event === "recovery" ? { endsAt: facts.at } : {}),
  };
}

function summary(facts: AlertFacts): string {
  return facts.event === "onset"
    ? `Anomaly on model ${facts.model} since ${facts.started_at}`
    : `Model ${facts.model} recovered at ${facts.at} (anomalous since ${facts.started_at})`;
}

function slackText(facts: AlertFacts): string {
  const head = facts.event === "onset" ? ":rotating_light: ANOMALY" : ":white_check_mark: RECOVERED";
  const details = [`score ${facts.score.toFixed(4)}`];
  if (facts.severity !== undefined) details.push(`severity ${facts.severity}`);
  if (facts.top_feature !== undefined) details.push(`top feature ${facts.top_feature}`);
  return `${head} ${summary(facts)} (rule ${facts.rule}; ${details.join(", ")})`;
}
