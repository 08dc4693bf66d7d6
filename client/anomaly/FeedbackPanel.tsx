// The model manager's feedback card: the operator's marks and maintenance
// windows with the margins they put in force, a form to add one and a
// button to remove each (anomaly/feedback/, anomaly/README.md). Shown only
// where the backend keeps feedback (the server).
import { useCallback, useEffect, useState } from "react";
import type { FeedbackBody } from "./api";
import { useBackend } from "./Shell";

type Act = (work: () => Promise<string>) => Promise<void>;
type Kind = "false_positive" | "true_positive" | "maintenance";

const KIND_LABEL: Record<Kind, string> = {
  false_positive: "false positive",
  true_positive: "true positive",
  maintenance: "maintenance",
};

const when = (seconds: number) => new Date(seconds * 1000).toISOString().replace(".000Z", "Z");

export function FeedbackPanel({ name, act }: { name: string; act: Act }) {
  const { backend } = useBackend();
  const api = backend.feedback;
  const [body, setBody] = useState<FeedbackBody | null>(null);
  const [kind, setKind] = useState<Kind>("false_positive");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [note, setNote] = useState("");

  const load = useCallback(async () => {
    if (api === undefined) return;
    try {
      setBody(await api.list(name));
    } catch {
      setBody(null);
    }
  }, [api, name]);
  useEffect(() => {
    void load();
  }, [load]);

  if (api === undefined) {
    return (
      <section className="card" data-testid="feedback">
        <h2>Feedback</h2>
        <p className="muted">The browser engine keeps no feedback; use the server backend.</p>
      </section>
    );
  }

  // After every change the list reloads (and the page's models with it).
  const run = (work: () => Promise<{ message: string }>) =>
    act(async () => {
      try {
        return (await work()).message;
      } finally {
        await load();
      }
    });
  const add = () =>
    run(() => {
      const range = { from, to: to === "" ? from : to, ...(note === "" ? {} : { note }) };
      return kind === "maintenance" ? api.maintenance(name, range) : api.mark(name, { label: kind, ...range });
    });

  const rows = [
    ...(body?.marks ?? []).map((m) => ({ ...m, kind: m.label as Kind })),
    ...(body?.maintenance ?? []).map((w) => ({ ...w, kind: "maintenance" as Kind })),
  ].sort((a, b) => a.id - b.id);
  const moved = Object.entries(body?.margins ?? {}).filter(([, m]) => m.adapted !== m.base);

  return (
    <section className="card" data-testid="feedback">
      <h2>Feedback</h2>
      <p className="muted small">
        False positives and maintenance windows are left out of training from the next one; margins rise past false
        positives but never above a true positive. {body !== null && `${body.excluded_from_training} points left out.`}
      </p>
      <table className="grid compact" data-testid="feedback-table">
        <thead>
          <tr>
            <th>Id</th>
            <th>Kind</th>
            <th>From</th>
            <th>To</th>
            <th>Note</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} data-id={r.id} data-kind={r.kind}>
              <td>{r.id}</td>
              <td>{KIND_LABEL[r.kind]}</td>
              <td>{when(r.from)}</td>
              <td>{r.to === r.from ? "" : when(r.to)}</td>
              <td>{r.note}</td>
              <td>
                <button type="button" onClick={() => run(() => api.remove(name, r.id))}>
                  Remove
                </button>
              </td>
            </tr>
          ))}
          {body !== null && rows.length === 0 && (
            <tr>
              <td colSpan={6} className="empty">
                No marks or maintenance windows.
              </td>
            </tr>
          )}
        </tbody>
      </table>
      {moved.length > 0 && (
        <p data-testid="adapted-margins">
          Margins in force:{" "}
          {moved.map(([v, m]) => `${v} ${m.base.toPrecision(4)} → ${m.adapted.toPrecision(4)}`).join(", ")}
        </p>
      )}
      <div className="row">
        <select aria-label="Feedback kind" value={kind} onChange={(e) => setKind(e.target.value as Kind)}>
          {(Object.keys(KIND_LABEL) as Kind[]).map((k) => (
            <option key={k} value={k}>
              {KIND_LABEL[k]}
            </option>
          ))}
        </select>
        <input
          aria-label="From"
          placeholder="from (ISO-8601 or unix s)"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
        />
        <input aria-label="To" placeholder="to (empty: one point)" value={to} onChange={(e) => setTo(e.target.value)} />
        <input aria-label="Note" placeholder="note" value={note} onChange={(e) => setNote(e.target.value)} />
        <button type="button" onClick={add}>
          Add
        </button>
      </div>
    </section>
  );
}
