// The payload shapes an alert rule can send: our own JSON, Alertmanager's
// v2 `/api/v2/alerts` array, Slack's `{text}`. Its own file without zod, so
// the engine (anomaly/alerts/rule.ts), which the browser bundles too, can
// read it beside the wire schema (./alerts.ts).
export const ALERT_FORMATS = ["json", "alertmanager", "slack"] as const;
