// A model's webhook alerts in the model manager (server backend only):
// the rules as JSON to edit and save (the server validates them and says
// what is wrong), whether each has an incident open, and the latest
// delivery attempts, so an operator sees at a glance whether pages go out.
import { useCallback, useEffect, useState } from "react";
import type { DeliveryEntry } from "../../../anomaly";
import type { AlertRulesAnswer, HttpBackend } from "../httpBackend";

const EXAMPLE =
  '[{"id": "pager", "url": "https://alertmanager.example/api/v2/alerts", "format": "alertmanager", "k": 3, "n": 5}]';

export function AlertsPanel({
  name,
  backend,
  act,
}: {
  name: string;
  backend: HttpBackend;
  act: (work: () => Promise<string>) => Promise<void>;
}) {
  const [answer, setAnswer] = useState<AlertRulesAnswer | null>(null);
  const [log, setLog] = useState<DeliveryEntry[]>([]);
  const [text, setText] = useState("");
  // The field is read-only until the rules first arrive: typed earlier, the
  // user's text was replaced by the loaded rules a moment later.
  const [loaded, setLoaded] = useState(false);

  const reload = useCallback(async () => {
    const [rules, deliveries] = await Promise.all([backend.alertRules(name), backend.alertLog(name, 10)]);
    setAnswer(rules);
    setLog(deliveries);
    setText(JSON.stringify(rules.rules, null, 1));
  }, [backend, name]);

  useEffect(() => {
    reload()
      .catch(() => setAnswer(null))
      .finally(() => setLoaded(true));
  }, [reload]);

  const save = () =>
    act(async () => {
      let rules: unknown;
      try {
        rules = JSON.parse(text);
      } catch (e) {
        throw new Error(`The rules are not JSON: ${(e as Error).message}`);
      }
      const saved = await backend.setAlertRules(name, rules);
      await reload();
      return `${saved.rules.length} alert rule${saved.rules.length === 1 ? "" : "s"} saved for ${name}`;
    });

  return (
    <section className="card" data-testid="alerts">
      <h2>Alerts</h2>
      <p className="muted small">
        Webhooks sent once when an incident opens (k of the last n points flagged) and once when it recovers. Formats:
        json, alertmanager, slack. Example: <code>{EXAMPLE}</code>
      </p>
      {answer !== null && answer.rules.length > 0 && (
        <table className="grid compact" data-testid="alert-rules">
          <thead>
            <tr>
              <th>Rule</th>
              <th>Format</th>
              <th>Debounce</th>
              <th>Receiver</th>
              <th>Now</th>
            </tr>
          </thead>
          <tbody>
            {answer.rules.map((r) => (
              <tr key={r.id} data-rule={r.id}>
                <td>{r.id}</td>
                <td>{r.format}</td>
                <td>
                  {r.k} of {r.n}
                  {r.min_duration_s > 0 && `, held ${r.min_duration_s} s`}
                  {r.cooldown_s > 0 && `, cooldown ${r.cooldown_s} s`}
                  {r.reopen_s > 0 && `, re-opens within ${r.reopen_s} s`}
                </td>
                <td>{r.url}</td>
                <td>
                  {answer.state[r.id]?.firing ? "incident open" : r.enabled ? "quiet" : "disabled"}
                  {(answer.state[r.id]?.reopened ?? 0) > 0 && ` (re-opened ${answer.state[r.id]?.reopened}×)`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <textarea
        aria-label={`Alert rules of ${name} (JSON)`}
        value={text}
        onChange={(e) => setText(e.target.value)}
        readOnly={!loaded}
        aria-busy={!loaded}
        rows={4}
      />
      <div className="row">
        <button type="button" onClick={save}>
          Save rules
        </button>
        <button
          type="button"
          onClick={() =>
            act(async () => {
              await reload();
              return "Alerts reloaded";
            })
          }
        >
          Reload
        </button>
      </div>
      <h3>Latest deliveries</h3>
      {log.length === 0 ? (
        <p className="muted">None yet.</p>
      ) : (
        <table className="grid compact" data-testid="alert-log">
          <tbody>
            {[...log].reverse().map((e) => (
              <tr key={`${e.delivery}:${e.attempt}`} className={e.ok ? undefined : "flagged"}>
                <td>{e.at.replace(/\.\d+Z$/, "Z")}</td>
                <td>{e.rule}</td>
                <td>{e.event}</td>
                <td>attempt {e.attempt}</td>
                <td>{e.ok ? `delivered (${e.status})` : `${e.final ? "failed" : "will retry"}: ${e.error ?? ""}`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
