// Visualize: a model's ring as time series (every numeric column, either
// normalised onto one axis or each on its own axis, with the flagged points
// marked on the metric itself; each version's score with its margin band,
// anomalies marked), linked zoom and
// pan over the whole ring, a score histogram per version, and for a
// selected point the features that drove its score.
import { useEffect, useMemo, useRef, useState } from "react";
import type uPlot from "uplot";
import type { Explanation } from "../../../anomaly";
import { pageHref } from "../backendChoice";
import { anomalyMarkers, MARKER_COLOR } from "../charts/anomalyMarkers";
import { Histogram } from "../charts/Histogram";
import { metricChartOptions, metricChartPlugins } from "../charts/metricChart";
import { type ColumnLayout, columnsData, markerScores, ringXAxis, scoresData } from "../charts/ringChartData";
import { seriesColor } from "../charts/seriesColors";
import { UPlot } from "../charts/UPlot";
import { linkX, newXLink, panBy, wheelZoomPlugin, zoomBy } from "../charts/zoom";
import { engine } from "../engine/engineClient";
import type { RingScores } from "../engine/ringScores";
import { asGiven, givenFlags } from "../givenVerdicts";
import { ModelPicker } from "../ModelPicker";
import { useBackend } from "../Shell";
import { useExpectedBands } from "../useExpectedBands";
import { useRingScores } from "../useRingScores";

/** What tests and the 150k benchmark read. */
declare global {
  interface Window {
    __anomalyViz?: {
      /** Main-thread work from scores in hand to both charts drawn: data preparation plus chart builds. */
      renderMs: number;
      /** The same span in wall-clock time (includes waiting for the scheduler). */
      renderWallMs: number;
      loadMs: number;
      points: number;
      charts: uPlot[];
    };
  }
}

const CHART_HEIGHT = 240;

function marginBands(scores: RingScores): uPlot.Plugin {
  return {
    hooks: {
      drawClear: [
        (u: uPlot) => {
          const { ctx, bbox } = u;
          ctx.save();
          scores.versions.forEach((v, i) => {
            const y = u.valToPos(-v.margin, "y", true);
            if (!Number.isFinite(y)) return;
            // The band below −margin is where this version flags a point.
            ctx.fillStyle = `${seriesColor(i)}0a`;
            ctx.fillRect(bbox.left, y, bbox.width, bbox.top + bbox.height - y);
            ctx.strokeStyle = seriesColor(i);
            ctx.setLineDash([5, 4]);
            ctx.beginPath();
            ctx.moveTo(bbox.left, y);
            ctx.lineTo(bbox.left + bbox.width, y);
            ctx.stroke();
          });
          ctx.restore();
        },
      ],
    },
  };
}

function pointPicker(onPick: (index: number) => void): uPlot.Plugin {
  return {
    hooks: {
      ready: (u) => {
        let downX = 0;
        u.over.addEventListener("mousedown", (e) => {
          downX = e.clientX;
        });
        u.over.addEventListener("click", (e) => {
          if (Math.abs(e.clientX - downX) > 3) return;
          const idx = u.cursor.idx;
          if (idx !== null && idx !== undefined) onPick(idx);
        });
      },
    },
  };
}

export function Visualize() {
  const params = new URLSearchParams(location.search);
  const [model, setModel] = useState(params.get("model") ?? "");
  const [selected, setSelected] = useState<number | null>(() => {
    const i = params.get("i");
    return i === null ? null : Number(i);
  });
  const { state, reload } = useRingScores(model === "" ? null : model);
  const { backend } = useBackend();
  const [arrived, setArrived] = useState(0);

  useEffect(() => {
    setArrived(0);
    return backend.subscribe((e) => {
      if (e.model === model) setArrived((n) => n + 1);
    });
  }, [backend, model]);

  return (
    <div className="page">
      <h1>Visualize</h1>
      <div className="row">
        <ModelPicker
          value={model}
          onChange={(m) => {
            setModel(m);
            setSelected(null);
          }}
        />
        {arrived > 0 && (
          <button
            type="button"
            data-testid="new-points"
            onClick={() => {
              setArrived(0);
              reload();
            }}
          >
            {arrived} new point{arrived === 1 ? "" : "s"}: redraw
          </button>
        )}
      </div>
      {state.kind === "loading" && <p className="muted">Scoring the ring…</p>}
      {state.kind === "failed" && <p className="notice error">{state.message}</p>}
      {state.kind === "idle" && <p className="muted">Choose a model to see its points and scores.</p>}
      {state.kind === "ready" && (
        <RingCharts
          key={state.key}
          scoringKey={state.key}
          model={model}
          scores={state.scores}
          loadMs={state.loadMs}
          selected={selected}
          onSelect={setSelected}
        />
      )}
    </div>
  );
}

function RingCharts({
  scoringKey,
  model,
  scores: rescored,
  loadMs,
  selected,
  onSelect,
}: {
  scoringKey: string;
  model: string;
  scores: RingScores;
  loadMs: number;
  selected: number | null;
  onSelect: (i: number) => void;
}) {
  const { kind, backend } = useBackend();
  // Marked by default: the verdicts given when the points arrived; "now": today's model rescoring them.
  const [now, setNow] = useState(() => new URLSearchParams(location.search).get("view") === "now");
  const scores = useMemo(() => (now ? rescored : asGiven(rescored)), [now, rescored]);
  const learning = useMemo(() => {
    const given = givenFlags(rescored.recorded);
    return { points: given.learning, flagged: given.flaggedLearning.length };
  }, [rescored]);
  const link = useRef(newXLink());
  // [columns chart, scores chart], replaced whenever a chart is rebuilt.
  const charts = useRef<uPlot[]>([]);
  const started = useRef(performance.now());
  const { xs, isTime } = useMemo(() => ringXAxis(scores), [scores]);
  const n = xs.length;

  // Several columns of different units on one raw axis would flatten all but
  // the largest, so they start normalised; one column keeps its own units.
  const [layout, setLayout] = useState<ColumnLayout>(scores.columns.length > 1 ? "normalised" : "own-axes");
  const bands = useExpectedBands(backend, model, n);
  const columnOptions = useMemo(
    (): Omit<uPlot.Options, "width"> => ({
      ...metricChartOptions({ scores, xs, isTime, layout, bands }),
      height: CHART_HEIGHT,
      cursor: { sync: { key: scoringKey }, drag: { x: true, y: false } },
      plugins: [
        wheelZoomPlugin(),
        linkX(link.current),
        pointPicker(onSelect),
        ...metricChartPlugins({ scores, xs, isTime, layout, bands }),
      ],
    }),
    [scores, xs, isTime, scoringKey, onSelect, layout, bands],
  );
  const scoreOptions = useMemo(
    (): Omit<uPlot.Options, "width"> => ({
      title: "Scores (decision value; flagged at or below −margin)",
      height: CHART_HEIGHT,
      scales: { x: { time: isTime } },
      cursor: { sync: { key: scoringKey }, drag: { x: true, y: false } },
      series: [
        { label: isTime ? "time" : "point" },
        ...scores.versions.map((v, i) => ({ label: v.name, stroke: seriesColor(i), width: 1 })),
      ],
      plugins: [
        wheelZoomPlugin(),
        linkX(link.current),
        pointPicker(onSelect),
        marginBands(scores),
        anomalyMarkers(xs, scores.flagged, markerScores(scores)),
      ],
    }),
    [scores, xs, isTime, scoringKey, onSelect],
  );
  const prepMs = useRef(0);
  const buildMs = useRef<number[]>([]);
  const columnData = useMemo(() => {
    const t = performance.now();
    const data = columnsData(scores, xs, layout);
    prepMs.current += performance.now() - t;
    return data;
  }, [scores, xs, layout]);
  const scoreData = useMemo(() => {
    const t = performance.now();
    const data = scoresData(scores, xs);
    prepMs.current += performance.now() - t;
    return data;
  }, [scores, xs]);

  const onReady = (slot: 0 | 1) => (chart: uPlot, ms: number) => {
    charts.current[slot] = chart;
    buildMs.current[slot] = ms;
    if (charts.current[0] !== undefined && charts.current[1] !== undefined) {
      // Both charts drawn: report the render time (from data in hand to pixels) once.
      window.__anomalyViz ??= {
        renderMs: prepMs.current + buildMs.current[0] + buildMs.current[1],
        renderWallMs: performance.now() - started.current,
        loadMs,
        points: n,
        charts: [],
      };
      window.__anomalyViz.charts = charts.current;
    }
  };

  // A linked point (?i=) is shown centred in a window of about 500 points.
  useEffect(() => {
    if (selected === null || charts.current.length === 0) return;
    const u = charts.current[0];
    const lo = xs[Math.max(0, selected - 250)];
    const hi = xs[Math.min(n - 1, selected + 250)];
    if (hi > lo) u.setScale("x", { min: lo, max: hi });
  }, [selected, xs, n]);

  return (
    <>
      <div className="row" data-testid="chart-controls">
        <span className="muted" data-testid="ring-summary">
          {n.toLocaleString()} points · <span style={{ color: MARKER_COLOR }}>■</span> {scores.flagged.length} flagged (
          {scores.alerts.length} opening an alert{now ? ", rescored with today's model" : ", as given"}) ·{" "}
          {!now && learning.points > 0 && (
            <span
              data-testid="learning-summary"
              title="Given while the model was in its warm-up: flags then page no one"
            >
              {learning.points.toLocaleString()} given while learning ({learning.flagged} flagged, no alert) ·{" "}
            </span>
          )}
          scored in {loadMs.toFixed(0)} ms
          {bands !== null && " · shaded: expected band"}
        </span>
        <button type="button" onClick={() => charts.current[0] && zoomBy(charts.current[0], 0.5)}>
          Zoom in
        </button>
        <button type="button" onClick={() => charts.current[0] && zoomBy(charts.current[0], 2)}>
          Zoom out
        </button>
        <button type="button" onClick={() => charts.current[0] && panBy(charts.current[0], -0.5)}>
          ◀
        </button>
        <button type="button" onClick={() => charts.current[0] && panBy(charts.current[0], 0.5)}>
          ▶
        </button>
        <button type="button" onClick={() => charts.current[0]?.setScale("x", { min: xs[0], max: xs[n - 1] })}>
          Whole ring
        </button>
        {scores.columns.length > 1 && (
          <label>
            Columns{" "}
            <select
              value={layout}
              data-testid="column-layout"
              onChange={(e) => setLayout(e.target.value as ColumnLayout)}
            >
              <option value="normalised">normalised on one axis</option>
              <option value="own-axes">each on its own axis</option>
            </select>
          </label>
        )}
        <label title="Mark the points today's model would flag instead of the verdicts that were given">
          <input type="checkbox" checked={now} onChange={(e) => setNow(e.target.checked)} data-testid="now-toggle" />{" "}
          What would it say now
        </label>
        <span className="muted">wheel: zoom · drag: zoom to range · shift-drag: pan · click: explain a point</span>
      </div>
      <UPlot options={columnOptions} data={columnData} onReady={onReady(0)} testId="columns-chart" />
      <UPlot options={scoreOptions} data={scoreData} onReady={onReady(1)} testId="scores-chart" />
      {selected !== null && selected < n && (
        <PointDetails scoringKey={scoringKey} scores={scores} index={selected} isTime={isTime} />
      )}
      <h2>Score histograms</h2>
      <div className="histograms">
        {scores.versions.map((v) => (
          <Histogram
            key={v.name}
            title={`${v.name} (margin ${v.margin.toPrecision(3)})`}
            values={v.scores}
            marker={-v.margin}
          />
        ))}
      </div>
      <p>
        <a href={pageHref("anomalies.html", kind, { model })}>All flagged points of {model}</a>
      </p>
    </>
  );
}

function PointDetails({
  scoringKey,
  scores,
  index,
  isTime,
}: {
  scoringKey: string;
  scores: RingScores;
  index: number;
  isTime: boolean;
}) {
  const [version, setVersion] = useState(scores.versions[0]?.name ?? "");
  const [explanation, setExplanation] = useState<Explanation | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    setExplanation(undefined);
    if (version === "") return;
    engine()
      .explain(scoringKey, version, index)
      .then((e) => live && setExplanation(e));
    return () => {
      live = false;
    };
  }, [scoringKey, version, index]);

  const when = isTime ? new Date(scores.times[index] * 1000).toISOString() : `point ${index}`;
  return (
    <section className="card" data-testid="point-details">
      <h2>
        Point {index} · {when}
      </h2>
      <div className="columns">
        <table className="grid compact">
          <tbody>
            {scores.columns.map((c) => (
              <tr key={c.name}>
                <th>{c.name}</th>
                <td>{Number.isNaN(c.values[index]) ? "—" : c.values[index]}</td>
              </tr>
            ))}
            {scores.versions.map((v) => (
              <tr key={v.name} className={v.scores[index] <= -v.margin ? "flagged" : undefined}>
                <th>{v.name}</th>
                <td>
                  {Number.isNaN(v.scores[index]) ? "no full window" : v.scores[index].toFixed(4)}
                  {v.scores[index] <= -v.margin && " · anomaly"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <div data-testid="contributions">
          <label>
            What drove the score of{" "}
            <select value={version} onChange={(e) => setVersion(e.target.value)}>
              {scores.versions.map((v) => (
                <option key={v.name}>{v.name}</option>
              ))}
            </select>
          </label>
          {explanation === undefined && <p className="muted">Scoring the counterfactuals…</p>}
          {explanation === null && <p className="muted">This version has no full window at this point.</p>}
          {explanation?.columns.slice(0, 10).map((c) => (
            <div key={c.column} className="bar-row" data-feature={c.column}>
              <span className="bar-label" title={`${c.column}: ${shown(c.actual)}, typically ${shown(c.typical)}`}>
                {c.column}
                <br />
                <span className="muted small">
                  {shown(c.actual)} · typ. {shown(c.typical)}
                </span>
              </span>
              <span className="bar" style={{ width: `${(100 * c.share).toFixed(1)}%` }} />
              <span className="bar-value">{(100 * c.share).toFixed(1)}%</span>
            </div>
          ))}
          <p className="muted small">
            Each column's share of what lowered the score, measured by putting reference training points' values in its
            place (Shapley values, the API's ?explain=1; see anomaly/README.md).
          </p>
        </div>
      </div>
    </section>
  );
}

/** A value in an explanation, short enough for a bar label. */
function shown(v: number | string | null): string {
  if (v === null) return "absent";
  return typeof v === "number" ? String(Number(v.toPrecision(4))) : v;
}
