// Model trainer: stream a CSV or JSON lines file into a model with progress,
// force a training, train the autoencoder, and batch-score a CSV without a
// model (the stateless route).
import { useRef, useState } from "react";
import type { BatchReport } from "../api";
import { pageHref } from "../backendChoice";
import { Histogram } from "../charts/Histogram";
import { type IngestProgress, ingestRecords } from "../ingest";
import { parseRecords } from "../records";
import { errorText, type Notice, NoticeLine, useBackend } from "../Shell";

function formatSeconds(s: number | null): string {
  if (s === null || !Number.isFinite(s)) return "…";
  if (s < 60) return `${s.toFixed(0)} s`;
  return `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;
}

async function fileOrText(file: File | null, text: string): Promise<string> {
  return file !== null ? file.text() : text;
}

export function ModelTrainer() {
  return (
    <div className="page">
      <h1>Trainer</h1>
      <StreamIntoModel />
      <div className="columns">
        <TrainModel />
        <BatchScore />
      </div>
    </div>
  );
}

function StreamIntoModel() {
  const { backend, kind } = useBackend();
  const [model, setModel] = useState(() => new URLSearchParams(location.search).get("model") ?? "");
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState("");
  const [progress, setProgress] = useState<IngestProgress | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const abort = useRef<AbortController | null>(null);
  const running = abort.current !== null;

  const start = async () => {
    setNotice(null);
    const controller = new AbortController();
    abort.current = controller;
    try {
      const records = parseRecords(await fileOrText(file, text));
      setProgress({ done: 0, total: records.length, anomalies: 0, pointsPerSecond: 0, etaSeconds: null });
      const r = await ingestRecords(backend, model, records, setProgress, controller.signal);
      setProgress(r);
      const state =
        r.last?.status === "collecting" ? r.last.message : `${r.last?.data_points ?? 0} points in the model`;
      setNotice({
        kind: "ok",
        text: `${r.cancelled ? "Cancelled after" : "Streamed"} ${r.done} of ${r.total} points into ${model}, ${r.anomalies} flagged. ${state}`,
      });
    } catch (e) {
      setNotice({ kind: "error", text: errorText(e) });
    } finally {
      abort.current = null;
      setProgress((p) => (p === null ? null : { ...p }));
    }
  };

  const percent = progress === null || progress.total === 0 ? 0 : (100 * progress.done) / progress.total;
  return (
    <section className="card" data-testid="stream">
      <h2>Stream a file into a model</h2>
      <div className="row">
        <label>
          Model <input name="model" value={model} onChange={(e) => setModel(e.target.value)} placeholder="name" />
        </label>
        <input
          type="file"
          accept=".csv,.jsonl,.json,.txt"
          data-testid="stream-file"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
      </div>
      <textarea
        rows={4}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="…or paste CSV (with a header) or JSON lines here"
      />
      <div className="row">
        <button type="button" onClick={start} disabled={running || model === ""}>
          Start
        </button>
        <button type="button" onClick={() => abort.current?.abort()} disabled={!running}>
          Cancel
        </button>
        {progress !== null && (
          <span className="progress-text" data-testid="progress-text">
            {progress.done.toLocaleString()} / {progress.total.toLocaleString()} · {progress.pointsPerSecond.toFixed(0)}{" "}
            points/s · ETA {formatSeconds(progress.etaSeconds)} · {progress.anomalies} flagged
          </span>
        )}
      </div>
      <progress max={100} value={percent} data-testid="progress" />
      <NoticeLine notice={notice} />
      {notice?.kind === "ok" && (
        <p>
          <a href={pageHref("visualize.html", kind, { model })}>See {model} in the chart</a>
        </p>
      )}
    </section>
  );
}

function TrainModel() {
  const { backend } = useBackend();
  const [model, setModel] = useState(() => new URLSearchParams(location.search).get("model") ?? "");
  const [hidden, setHidden] = useState("16,8,16");
  const [contamination, setContamination] = useState("0.01");
  const [notice, setNotice] = useState<Notice>(null);
  const run = async (work: () => Promise<string>) => {
    setNotice({ kind: "ok", text: "Working…" });
    try {
      setNotice({ kind: "ok", text: await work() });
    } catch (e) {
      setNotice({ kind: "error", text: errorText(e) });
    }
  };
  return (
    <section className="card">
      <h2>Train</h2>
      <label>
        Model <input value={model} onChange={(e) => setModel(e.target.value)} />
      </label>
      <div className="row">
        <button
          type="button"
          onClick={() =>
            run(async () => {
              const r = await backend.forceTrain(model);
              return `${r.message} on ${r.points_used} points`;
            })
          }
        >
          Force training
        </button>
      </div>
      <h3>Autoencoder</h3>
      <label>
        Hidden layers <input value={hidden} onChange={(e) => setHidden(e.target.value)} size={10} />
      </label>
      <label>
        Contamination <input value={contamination} onChange={(e) => setContamination(e.target.value)} size={6} />
      </label>
      <button
        type="button"
        onClick={() =>
          run(async () => {
            const r = await backend.trainAutoencoder(model, {
              hidden: hidden.split(",").map((h) => Number(h.trim())),
              contamination: Number(contamination),
            });
            return `${r.message}: ${r.training_data_points} points, threshold ${r.reconstruction_threshold.toPrecision(4)}`;
          })
        }
      >
        Train autoencoder
      </button>
      <NoticeLine notice={notice} />
    </section>
  );
}

function BatchScore() {
  const { backend } = useBackend();
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState("");
  const [hasHeader, setHasHeader] = useState(true);
  const [report, setReport] = useState<BatchReport | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  return (
    <section className="card" data-testid="batch">
      <h2>Score a CSV without a model</h2>
      <input type="file" accept=".csv,.txt" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
      <textarea rows={4} value={text} onChange={(e) => setText(e.target.value)} placeholder="…or paste CSV" />
      <label>
        <input type="checkbox" checked={hasHeader} onChange={(e) => setHasHeader(e.target.checked)} /> first row is a
        header
      </label>
      <button
        type="button"
        onClick={async () => {
          try {
            setReport(await backend.batch(await fileOrText(file, text), hasHeader));
            setNotice(null);
          } catch (e) {
            setNotice({ kind: "error", text: errorText(e) });
          }
        }}
      >
        Score
      </button>
      <NoticeLine notice={notice} />
      {report !== null && (
        <div data-testid="batch-report">
          <p>
            {report.total_rows} rows, <strong>{report.anomaly_count}</strong> anomalies ({report.anomaly_percentage}%)
            {report.skipped_rows > 0 && `, ${report.skipped_rows} rows skipped`}
          </p>
          {report.anomaly_count > 0 && (
            <p className="muted">
              Rows: {report.anomaly_indices.slice(0, 50).join(", ")}
              {report.anomaly_count > 50 && " …"}
            </p>
          )}
          <Histogram title="Scores" values={Float64Array.from(report.scores)} height={160} />
        </div>
      )}
    </section>
  );
}
