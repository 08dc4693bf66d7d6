// Anomalies: every flagged point of the chosen models in a sortable,
// filterable table, each row linked to its place in the chart, plus live
// verdicts as they arrive. By default the verdicts that were given (recorded
// with each point: its voters, severity, alert and top column); "what would
// it say now" rescores the rings with today's model instead. Paginated, with
// each point's values.
import { useEffect, useMemo, useState } from "react";
import { topFeature } from "../../../anomaly";
import type { VerdictBody } from "../api";
import { pageHref } from "../backendChoice";
import { givenFlags } from "../givenVerdicts";
import { ModelPicker } from "../ModelPicker";
import { errorText, useBackend } from "../Shell";
import { useModels } from "../useModels";
import { loadRingScores } from "../useRingScores";

interface Row {
  id: string;
  model: string;
  /** Ring index (for the chart link). */
  index: number;
  /** Unix seconds, or null when the point has no clock. */
  time: number | null;
  /** The rules that flagged the point (`band:cpu`, `version:daily`, `sustained:cpu`). */
  voters: string[];
  score: number;
  /** The point's columns (numbers as numbers). */
  values: Record<string, unknown>;
  /** 0–100, only when the verdict carried one. */
  severity?: number;
  top?: string;
  /** The top column's share of the explanation, 0–1, when the verdict recorded it. */
  share?: number;
  /** The point opened an alert (the first flag after the model's quiet period). */
  alert: boolean;
  /** Flagged while the model was in its warm-up: recorded, but it paged no one (unknown when rescored). */
  learning: boolean;
  live: boolean;
}

const PAGE_SIZE = 50;

/**
 * The numeric column farthest from its ring mean in standard deviations: the
 * top feature of a rescored ring point, whose verdict carried no explanation.
 */
function farthestColumn(columns: { name: string; values: Float64Array }[], index: number): string | undefined {
  let best: string | undefined;
  let bestZ = 0;
  for (const c of columns) {
    let sum = 0;
    let squares = 0;
    let n = 0;
    for (const v of c.values) {
      if (Number.isNaN(v)) continue;
      sum += v;
      squares += v * v;
      n++;
    }
    const value = c.values[index];
    if (n < 2 || Number.isNaN(value)) continue;
    const mean = sum / n;
    const std = Math.sqrt(Math.max(0, squares / n - mean * mean));
    const z = std > 0 ? Math.abs(value - mean) / std : 0;
    if (z > bestZ) {
      bestZ = z;
      best = c.name;
    }
  }
  return best;
}

function shownValue(value: unknown): string {
  if (typeof value === "number") return Number.isInteger(value) ? String(value) : value.toPrecision(5);
  return value === null || value === undefined ? "—" : String(value);
}

type SortKey = "time" | "model" | "score";

function toSeconds(local: string): number | null {
  if (local === "") return null;
  const t = Date.parse(local);
  return Number.isNaN(t) ? null : t / 1000;
}

export function Anomalies() {
  const { backend, kind } = useBackend();
  const { list } = useModels();
  const [model, setModel] = useState(() => new URLSearchParams(location.search).get("model") ?? "");
  const [version, setVersion] = useState("");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [sort, setSort] = useState<{ key: SortKey; descending: boolean }>({ key: "time", descending: true });
  const [rows, setRows] = useState<Row[]>([]);
  const [live, setLive] = useState<Row[]>([]);
  const [status, setStatus] = useState("Loading…");
  // Until the rings are scored, an empty table means "not yet", not "none".
  const [loading, setLoading] = useState(true);
  const [page, setPage] = useState(0);
  // Off: the verdicts that were given. On: today's model rescoring the rings.
  const [now, setNow] = useState(() => new URLSearchParams(location.search).get("view") === "now");

  const names = useMemo(() => (list === null ? [] : Object.keys(list.models).sort()), [list]);
  const namesKey = names.join(",");

  useEffect(() => {
    let alive = true;
    const wanted = model === "" ? namesKey.split(",").filter((n) => n !== "") : [model];
    setLoading(true);
    setStatus("Loading…");
    (async () => {
      const out: Row[] = [];
      let notRecorded = 0;
      let flaggedLearning = 0;
      for (const name of wanted) {
        try {
          const { scores } = await loadRingScores(kind, (m) => backend.exportModel(m), name);
          const values = (i: number) => Object.fromEntries(scores.columns.map((c) => [c.name, c.values[i]]));
          const time = (i: number) => (scores.times[i] > 0 ? scores.times[i] : null);
          if (now) {
            const alerts = new Set(scores.alerts);
            for (const i of scores.flagged) {
              const flagging = scores.versions.filter((v) => v.scores[i] <= -v.margin);
              out.push({
                id: `${name}:${i}`,
                model: name,
                index: i,
                time: time(i),
                voters: flagging.map((v) => `version:${v.name}`),
                score: flagging.length > 0 ? Math.min(...flagging.map((v) => v.scores[i])) : 0,
                values: values(i),
                top: farthestColumn(scores.columns, i),
                alert: alerts.has(i),
                learning: false,
                live: false,
              });
            }
          } else {
            const given = givenFlags(scores.recorded);
            notRecorded += given.notRecorded;
            flaggedLearning += given.flaggedLearning.length;
            for (const i of given.flagged) {
              const v = scores.recorded[i];
              if (v === null) continue;
              out.push({
                id: `${name}:${i}`,
                model: name,
                index: i,
                time: time(i),
                voters: v.voters,
                score: v.score,
                values: values(i),
                severity: v.severity,
                top: v.top_columns[0]?.column,
                share: v.top_columns[0]?.share,
                alert: v.alert,
                learning: v.learning,
                live: false,
              });
            }
          }
        } catch (e) {
          if (alive) setStatus(`${name}: ${errorText(e)}`);
        }
      }
      if (alive) {
        setRows(out);
        setLoading(false);
        const models = `${wanted.length} model${wanted.length === 1 ? "" : "s"}`;
        setStatus(
          now
            ? `${out.length} points today's model would flag in ${models}`
            : `${out.length} flagged points in ${models}${flaggedLearning > 0 ? ` · ${flaggedLearning} of them while learning (warm-up: no alert)` : ""}${notRecorded > 0 ? ` · ${notRecorded} points not recorded (collecting, or stored before verdicts were recorded)` : ""}`,
        );
      }
    })();
    return () => {
      alive = false;
    };
  }, [backend, kind, model, namesKey, now]);

  useEffect(
    () =>
      backend.subscribe((event) => {
        const body = event.body as VerdictBody;
        if (event.httpStatus !== 200 || body.status !== "success" || !body.anomaly) return;
        // A server from before voters were recorded names the flagging versions.
        const voters =
          body.voters ??
          Object.entries(body.versions)
            .filter(([, v]) => v.anomaly)
            .map(([name]) => `version:${name}`);
        const stamp = body.data_point.timestamp;
        const time =
          typeof stamp === "number" ? stamp : typeof stamp === "string" ? Date.parse(stamp) / 1000 : Date.now() / 1000;
        setLive((rows) => [
          {
            id: `live:${event.model}:${body.data_points}`,
            model: event.model,
            index: Math.min(body.data_points, list?.max_data_points ?? 150_000) - 1,
            time,
            voters,
            score: body.score,
            values: Object.fromEntries(Object.entries(body.data_point).filter(([k]) => k !== "timestamp")),
            ...(typeof body.severity === "number" ? { severity: body.severity } : {}),
            top: topFeature(body),
            share: body.top_columns?.[0]?.share,
            alert: body.alert === true,
            learning: body.learning === true,
            live: true,
          },
          ...rows,
        ]);
      }),
    [backend, list],
  );

  const voterNames = useMemo(() => {
    const set = new Set<string>();
    for (const r of [...rows, ...live]) for (const v of r.voters) set.add(v);
    return [...set].sort();
  }, [rows, live]);

  const shown = useMemo(() => {
    const lo = toSeconds(from);
    const hi = toSeconds(to);
    const kept = [...live, ...rows].filter(
      (r) =>
        (model === "" || r.model === model) &&
        (version === "" || r.voters.includes(version)) &&
        (lo === null || (r.time !== null && r.time >= lo)) &&
        (hi === null || (r.time !== null && r.time <= hi)),
    );
    const sign = sort.descending ? -1 : 1;
    kept.sort((a, b) => {
      if (sort.key === "model") return sign * a.model.localeCompare(b.model) || a.index - b.index;
      if (sort.key === "score") return sign * (a.score - b.score);
      return sign * ((a.time ?? a.index) - (b.time ?? b.index));
    });
    return kept;
  }, [rows, live, model, version, from, to, sort]);

  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const pageRows = shown.slice(current * PAGE_SIZE, (current + 1) * PAGE_SIZE);
  const hasSeverity = shown.some((r) => r.severity !== undefined);

  const header = (key: SortKey, label: string) => (
    <th>
      <button
        type="button"
        className="sort"
        data-sort={key}
        onClick={() => setSort((s) => ({ key, descending: s.key === key ? !s.descending : key !== "score" }))}
      >
        {label} {sort.key === key ? (sort.descending ? "▼" : "▲") : ""}
      </button>
    </th>
  );

  return (
    <div className="page">
      <h1>Anomalies</h1>
      <div className="row filters">
        <ModelPicker value={model} onChange={setModel} allowAll />
        <label>
          Voter{" "}
          <select value={version} onChange={(e) => setVersion(e.target.value)} data-testid="version-filter">
            <option value="">any</option>
            {voterNames.map((v) => (
              <option key={v}>{v}</option>
            ))}
          </select>
        </label>
        <label>
          From <input type="datetime-local" value={from} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label>
          To <input type="datetime-local" value={to} onChange={(e) => setTo(e.target.value)} />
        </label>
        <label title="Rescore every point with today's model instead of showing the verdicts that were given">
          <input type="checkbox" checked={now} onChange={(e) => setNow(e.target.checked)} data-testid="now-toggle" />{" "}
          What would it say now
        </label>
        <span className="muted" data-testid="anomalies-status">
          {status}
          {live.length > 0 && ` · ${live.length} live`}
        </span>
      </div>
      <table className="grid" data-testid="anomalies-table">
        <thead>
          <tr>
            {header("time", "Time")}
            {header("model", "Model")}
            <th>Values</th>
            <th title="The rules that flagged the point: band:<column>, version:<name>, sustained:<column>">Voters</th>
            {header("score", "Score")}
            {hasSeverity && <th>Severity</th>}
            <th
              title={
                now
                  ? "Rescored: the column farthest from its ring mean"
                  : "The recorded explanation's top column (of the rule that flagged it), with its share"
              }
            >
              Top column
            </th>
            <th />
          </tr>
        </thead>
        <tbody>
          {pageRows.map((r) => (
            <tr
              key={r.id}
              className={[r.live ? "live" : "", r.learning ? "learning" : ""].join(" ").trim() || undefined}
              data-model={r.model}
              data-index={r.index}
            >
              <td>
                {r.time === null ? `point ${r.index}` : new Date(r.time * 1000).toISOString().replace(".000Z", "Z")}
              </td>
              <td>{r.model}</td>
              <td className="values" data-testid="values">
                {Object.entries(r.values)
                  .map(([k, v]) => `${k}=${shownValue(v)}`)
                  .join(" · ")}
              </td>
              <td className="voters" data-testid="voters">{r.voters.join(", ")}</td>
              <td>{r.score.toFixed(4)}</td>
              {hasSeverity && <td data-testid="severity">{r.severity === undefined ? "—" : r.severity.toFixed(1)}</td>}
              <td data-testid="top-feature">
                {r.top ?? "—"}
                {r.share !== undefined && <span className="muted"> {(100 * r.share).toFixed(0)} %</span>}
              </td>
              <td>
                <a href={pageHref("visualize.html", kind, { model: r.model, i: String(r.index) })}>in the chart</a>
                {r.alert && (
                  <span
                    className="badge alert"
                    data-testid="alert-badge"
                    title="The first flag after the model's quiet period: the point an operator is paged for"
                  >
                    alert
                  </span>
                )}
                {r.learning && (
                  <span
                    className="badge learning"
                    data-testid="learning-badge"
                    title="Flagged while the model was still learning (its warm-up): recorded, but it opened no alert and paged no one"
                  >
                    learning
                  </span>
                )}
                {r.live && <span className="badge">live</span>}
              </td>
            </tr>
          ))}
          {shown.length === 0 && (
            <tr>
              <td colSpan={8} className="empty">
                {loading ? "Loading flagged points…" : "No flagged points match."}
              </td>
            </tr>
          )}
        </tbody>
      </table>
      <div className="row" data-testid="pager">
        <button type="button" disabled={current === 0} onClick={() => setPage(current - 1)}>
          ◀ Previous
        </button>
        <span className="muted" data-testid="page-status">
          Page {current + 1} of {pages} ({shown.length.toLocaleString()} rows, {PAGE_SIZE} a page)
        </span>
        <button type="button" disabled={current >= pages - 1} onClick={() => setPage(current + 1)}>
          Next ▶
        </button>
      </div>
    </div>
  );
}
