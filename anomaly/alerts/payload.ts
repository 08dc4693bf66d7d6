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
  /** ISO time of the incident's onset (equal to `at` for an onset; the first onset's for a re-open). */
  started_at: string;
  /** Times the incident was re-opened after a recovery (0 until then). */
  reopened: number;
  score: number;
  data_points: number;
  data_point: Record<string, unknown>;
  severity?: number;
  top_feature?: string;
  /** The model's page on the dashboards, when the server knows its own address. */
  dashboard_url?: string;
}

/**
 * `delivery` is the id every attempt of one notification shares (also sent as
 * the `Idempotency-Key` header): the JSON body carries it so a receiver that
 * reads only bodies can drop a retry it already acted on.
 */
export function alertPayload(format: AlertFormat, facts: AlertFacts, delivery: string): unknown {
  switch (format) {
    case "json":
      return { ...facts, delivery_id: delivery };
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
    reopened: String(facts.reopened),
  };
  if (facts.severity !== undefined) annotations.severity_score = String(facts.severity);
  if (facts.top_feature !== undefined) annotations.top_feature = facts.top_feature;
  // A firing re-send or a re-open is the onset's alert again: same labels
  // (fingerprint) and startsAt, no endsAt, so Alertmanager keeps (or makes)
  // it open as the same alert; only the recovery ends it.
  return {
    labels: { alertname: "AnomalyDetected", model: facts.model, rule: facts.rule },
    annotations,
    startsAt: facts.started_at,
    ...(facts.event === "recovery" ? { endsAt: facts.at } : {}),
    ...(facts.dashboard_url !== undefined ? { generatorURL: facts.dashboard_url } : {}),
  };
}

function summary(facts: AlertFacts): string {
  if (facts.event === "recovery") {
    return `Model ${facts.model} recovered at ${facts.at} (anomalous since ${facts.started_at})`;
  }
  const again = facts.reopened > 0 ? `, anomalous again at ${facts.at} (re-opened ${facts.reopened}×)` : "";
  return `Anomaly on model ${facts.model} since ${facts.started_at}${again}`;
}

const SLACK_HEAD: Record<AlertEvent, string> = {
  onset: ":rotating_light: ANOMALY",
  reopen: ":repeat: ANOMALY AGAIN",
  firing: ":rotating_light: STILL ANOMALOUS",
  recovery: ":white_check_mark: RECOVERED",
};

/** Numbers a person reads at a glance: severity is 0–100, a score needs three decimals at most. */
function slackText(facts: AlertFacts): string {
  const details = [`score ${round(facts.score, 3)}`];
  if (facts.severity !== undefined) details.push(`severity ${Math.round(facts.severity)}`);
  if (facts.top_feature !== undefined) details.push(`top feature ${facts.top_feature}`);
  const link = facts.dashboard_url !== undefined ? ` <${facts.dashboard_url}|Open dashboard>` : "";
  return `${SLACK_HEAD[facts.event]} ${summary(facts)} (rule ${facts.rule}; ${details.join(", ")})${link}`;
}

function round(x: number, decimals: number): string {
  // Number() drops the trailing zeros toFixed leaves ("0.120" reads 0.12).
  return String(Number(x.toFixed(decimals)));
}
