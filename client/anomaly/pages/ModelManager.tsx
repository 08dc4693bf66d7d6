// Model manager: every model with its state, and per model its schedule,
// versions and margins, fine-tune, reset (after a confirm), delete,
// export/import, sharing between this browser and the server, and on the
// server its webhook alerts.
import { useState } from "react";
import type { MetadataJson, ModelBundle } from "../api";
import { backendFor, pageHref } from "../backendChoice";
import { FeedbackPanel } from "../FeedbackPanel";
import { HttpBackend } from "../httpBackend";
import { ingestRecords } from "../ingest";
import { parseRecords } from "../records";
import { errorText, type Notice, NoticeLine, useBackend } from "../Shell";
import { copyModel } from "../sharing";
import { useModels } from "../useModels";
import { AlertsPanel } from "./AlertsPanel";

function modelState(meta: MetadataJson, minPoints: number): string {
  if (meta.last_trained > 0) return "trained";
  return `warming ${Math.min(meta.n_seen, minPoints)}/${minPoints}`;
}

/**
 * Whether the model pages yet: while it learns (its warm-up, anomaly/model/onset.ts)
 * its flags open no alert and no webhook rule fires.
 */
function alertingState(meta: MetadataJson): string {
  // Metadata from an older browser store may have no warm-up fields: it was alerting.
  const { ready_at: readyAt, warmup_min: warmup } = meta.alerting ?? { ready_at: 0, warmup_min: 0 };
  if (readyAt === null) {
    return `Alerting: learning (no alerts until ${(warmup / 60).toFixed(warmup % 60 === 0 ? 0 : 1)} h of the stream's clock are seen)`;
  }
  return "Alerting: on";
}

/** last_trained is unix seconds, 0 before the first training. */
function lastTrained(meta: MetadataJson): string {
  return meta.last_trained > 0 ? new Date(meta.last_trained * 1000).toISOString().replace(".000Z", "Z") : "never";
}

function versionKind(v: MetadataJson["versions"][number]): string {
  if (v.window_size > 0) return `windows of ${v.window_size} (step ${v.step_size})`;
  if (v.window_pts > 0) return `last ${v.window_pts} points`;
  return `last ${v.window_min} min`;
}

export function ModelManager() {
  const { backend, kind } = useBackend();
  const { list, error, refresh } = useModels();
  const [selected, setSelected] = useState<string | null>(() => new URLSearchParams(location.search).get("model"));
  const [notice, setNotice] = useState<Notice>(null);

  const act = async (work: () => Promise<string>) => {
    try {
      setNotice({ kind: "ok", text: await work() });
    } catch (e) {
      setNotice({ kind: "error", text: errorText(e) });
    }
    await refresh();
  };

  const models = list === null ? [] : Object.entries(list.models).sort(([a], [b]) => a.localeCompare(b));
  const meta = selected !== null ? list?.models[selected] : undefined;

  return (
    <div className="page">
      <h1>Models on {backend.label}</h1>
      {error !== null && <p className="notice error">{error}</p>}
      <NoticeLine notice={notice} />
      <table className="grid" data-testid="models-table">
        <thead>
          <tr>
            <th>Model</th>
            <th>State</th>
            <th>Last training</th>
            <th>Points</th>
            <th>Versions</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {models.map(([name, m]) => (
            <tr key={name} data-model={name} className={name === selected ? "selected" : undefined}>
              <td>
                <a href={pageHref("visualize.html", kind, { model: name })}>{name}</a>
              </td>
              <td data-testid="model-state">{modelState(m, list?.min_data_points ?? 50)}</td>
              <td>{lastTrained(m)}</td>
              <td>{m.n_seen.toLocaleString()}</td>
              <td>{m.versions.filter((v) => v.enabled).length}</td>
              <td>
                <button type="button" onClick={() => setSelected(name)}>
                  Manage
                </button>
              </td>
            </tr>
          ))}
          {list !== null && models.length === 0 && (
            <tr>
              <td colSpan={6} className="empty">
                No models yet: create one below or stream a file in the trainer.
              </td>
            </tr>
          )}
        </tbody>
      </table>

      {meta !== undefined && selected !== null && (
        <ModelDetails key={selected} name={selected} meta={meta} act={act} onGone={() => setSelected(null)} />
      )}
      {meta !== undefined && selected !== null && (
        <FeedbackPanel key={`feedback-${selected}`} name={selected} act={act} />
      )}

      <div className="columns">
        <CreateModel act={act} />
        <ImportModel act={act} />
      </div>
    </div>
  );
}

type Act = (work: () => Promise<string>) => Promise<void>;

function ModelDetails({ name, meta, act, onGone }: { name: string; meta: MetadataJson; act: Act; onGone: () => void }) {
  const { backend, kind } = useBackend();
  const [below, setBelow] = useState(String(meta.sched_below));
  const [atMax, setAtMax] = useState(String(meta.sched_at_max));
  const [margins, setMargins] = useState<Record<string, string>>(() =>
    Object.fromEntries(meta.versions.map((v) => [v.vname, String(v.decision_margin)])),
  );
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [confirmReset, setConfirmReset] = useState(false);
  const [shareName, setShareName] = useState(name);
  const [collision, setCollision] = useState(false);
  const other = backendFor(kind === "local" ? "server" : "local");

  const share = (replace: boolean) =>
    act(async () => {
      const outcome = await copyModel(backend, other, name, shareName, replace);
      setCollision(outcome.kind === "collision");
      if (outcome.kind === "collision") throw new Error(outcome.message);
      return outcome.message;
    });

  const download = () =>
    act(async () => {
      const bundle = await backend.exportModel(name);
      const url = URL.createObjectURL(new Blob([JSON.stringify(bundle)], { type: "application/json" }));
      const a = document.createElement("a");
      a.href = url;
      a.download = `${name}.anomaly.json`;
      a.click();
      URL.revokeObjectURL(url);
      return `Exported ${name} (${bundle.ring.length} points, ${Object.keys(bundle.forests).length} forests)`;
    });

  return (
    <section className="card" data-testid="model-details">
      <h2>{name}</h2>
      <p className="muted">
        {`Created ${meta.created}; ${meta.n_seen.toLocaleString()} points seen; next training at point ${meta.next_train}; features: ${meta.feats.join(", ") || "none yet"}`}
      </p>
      <p className="muted" data-testid="model-alerting">
        {alertingState(meta)}
      </p>
      <div className="row">
        <label>
          Retrain every <input value={below} onChange={(e) => setBelow(e.target.value)} size={6} /> points below the
          ring's capacity
        </label>
        <label>
          and every <input value={atMax} onChange={(e) => setAtMax(e.target.value)} size={6} /> at capacity
        </label>
        <button
          type="button"
          onClick={() =>
            act(async () => {
              const r = await backend.setSchedule(name, {
                below_max_retrain_frequency: Number(below),
                at_max_retrain_frequency: Number(atMax),
              });
              return r.message;
            })
          }
        >
          Save schedule
        </button>
      </div>
      <table className="grid" data-testid="versions-table">
        <thead>
          <tr>
            <th>Version</th>
            <th>Trains on</th>
            <th>Trees</th>
            <th>Sample</th>
            <th>Contamination</th>
            <th>Enabled</th>
            <th>Margin</th>
          </tr>
        </thead>
        <tbody>
          {meta.versions.map((v) => (
            <tr key={v.vname} data-version={v.vname}>
              <td>{v.vname}</td>
              <td>{versionKind(v)}</td>
              <td>{v.n_estimators}</td>
              <td>{v.max_samples}</td>
              <td>{String(v.contamination)}</td>
              <td>{v.enabled ? "yes" : "no"}</td>
              <td>
                <span data-testid="margin">{v.decision_margin.toPrecision(4)}</span>{" "}
                <input
                  aria-label={`New margin for ${v.vname}`}
                  value={margins[v.vname] ?? ""}
                  size={7}
                  onChange={(e) => setMargins({ ...margins, [v.vname]: e.target.value })}
                />
                <button
                  type="button"
                  onClick={() =>
                    act(async () => (await backend.setMargin(name, v.vname, Number(margins[v.vname]))).message)
                  }
                >
                  Set
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="row">
        <button
          type="button"
          data-testid="finetune"
          onClick={() =>
            act(async () => {
              const r = await backend.finetune(name);
              setMargins(Object.fromEntries(Object.entries(r.adjusted_margins).map(([k, m]) => [k, String(m)])));
              return r.message;
            })
          }
        >
          Fine-tune margins
        </button>
        <button type="button" onClick={() => act(async () => (await backend.forceTrain(name)).message)}>
          Train now
        </button>
        <button type="button" onClick={download}>
          Export
        </button>
        {confirmReset ? (
          <span className="confirm" data-testid="confirm-reset">
            Reset {name}? Its {meta.n_seen.toLocaleString()} points and trained forests are forgotten; settings are
            kept.{" "}
            <button
              type="button"
              className="danger"
              onClick={() =>
                act(async () => {
                  setConfirmReset(false);
                  return (await backend.reset(name)).message;
                })
              }
            >
              Reset for good
            </button>
            <button type="button" onClick={() => setConfirmReset(false)}>
              Keep the points
            </button>
          </span>
        ) : (
          <button type="button" onClick={() => setConfirmReset(true)}>
            Reset…
          </button>
        )}
        {confirmDelete ? (
          <span className="confirm">
            Delete {name} and all its points?{" "}
            <button
              type="button"
              className="danger"
              onClick={() =>
                act(async () => {
                  const r = await backend.deleteModel(name);
                  onGone();
                  return r.message;
                })
              }
            >
              Delete for good
            </button>
            <button type="button" onClick={() => setConfirmDelete(false)}>
              Keep it
            </button>
          </span>
        ) : (
          <button type="button" className="danger" onClick={() => setConfirmDelete(true)}>
            Delete…
          </button>
        )}
      </div>
      <div className="row" data-testid="share">
        <label>
          {kind === "local" ? "Push to the server" : "Pull into this browser"} as{" "}
          <input value={shareName} onChange={(e) => setShareName(e.target.value)} size={14} />
        </label>
        <button type="button" onClick={() => share(false)}>
          {kind === "local" ? "Push" : "Pull"}
        </button>
        {collision && (
          <button type="button" className="danger" onClick={() => share(true)}>
            Replace {shareName} on {other.label}
          </button>
        )}
      </div>
      {backend instanceof HttpBackend && <AlertsPanel name={name} backend={backend} act={act} />}
    </section>
  );
}

function CreateModel({ act }: { act: Act }) {
  const { backend } = useBackend();
  const [name, setName] = useState("");
  const [text, setText] = useState("");
  return (
    <section className="card">
      <h2>Create a model</h2>
      <label>
        Name <input value={name} onChange={(e) => setName(e.target.value)} placeholder="letters, digits, _" />
      </label>
      <textarea
        value={text}
        onChange={(e) => setText(e.target.value)}
        rows={5}
        placeholder={'First points: CSV with a header, or JSON lines like {"cpu": 12.5}'}
      />
      <button
        type="button"
        onClick={() =>
          act(async () => {
            const records = parseRecords(text);
            const r = await ingestRecords(backend, name, records, () => {});
            return `Model ${name} now has ${r.last?.data_points ?? 0} points`;
          })
        }
      >
        Create
      </button>
    </section>
  );
}

function ImportModel({ act }: { act: Act }) {
  const { backend } = useBackend();
  const [name, setName] = useState("");
  const [file, setFile] = useState<File | null>(null);
  return (
    <section className="card">
      <h2>Import a model</h2>
      <input type="file" accept=".json" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
      <label>
        as <input value={name} onChange={(e) => setName(e.target.value)} placeholder="model name" />
      </label>
      <button
        type="button"
        disabled={file === null}
        onClick={() =>
          act(async () => {
            const bundle = JSON.parse(await (file as File).text()) as ModelBundle;
            const existing = await backend.listModels();
            if (name in existing.models)
              throw new Error(`A model named ${name} already exists: delete it or pick another name.`);
            return (await backend.importModel(name, bundle)).message;
          })
        }
      >
        Import
      </button>
    </section>
  );
}
