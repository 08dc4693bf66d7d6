// The compiler engineer's views, under the Build tab: the program's LLVM IR,
// its WebAssembly text and its native assembly for any target, each at a
// chosen optimisation level, shown read-only beside the source; or two of
// them side by side as a diff (two levels, or two targets for the assembly).
import { useEffect, useRef, useState } from "react";
import { fetchTargets, type Target } from "../buildMenu/nativeBuild";
import { OPT_LEVELS, type OptLevel } from "../compiler/compile";
import type { ProgramFiles } from "../files/program";
import { DEFAULT_FILTERS, FILTER_LABELS, filterView, programFunctionNames, type ViewFilters } from "./viewFilters";
import { VIEW_KINDS, type ViewChoice, type ViewKind, type ViewText, viewText } from "./views";

export interface ViewsPanelProps {
  program: ProgramFiles;
  opt: OptLevel;
  serverUp: boolean;
  onShow: (view: ViewText) => void;
  onDiff: (original: ViewText, modified: ViewText) => void;
}

/** "level:-O0" or "target:linux-arm64-musl": what the diff compares the view with. */
type Against = "" | `level:${OptLevel}` | `target:${string}`;

/** What was compiled last, unfiltered, so a filter toggled afterwards applies without compiling again. */
type Shown = { kind: ViewKind; names: Set<string> } & ({ one: ViewText } | { original: ViewText; modified: ViewText });

export function ViewsPanel({ program, opt, serverUp, onShow, onDiff }: ViewsPanelProps) {
  const [kind, setKind] = useState<ViewKind>("ir");
  const [level, setLevel] = useState<OptLevel>(opt);
  const [target, setTarget] = useState("linux-x64");
  const [against, setAgainst] = useState<Against>("");
  const [targets, setTargets] = useState<Target[]>([]);
  const [status, setStatus] = useState("");
  const [filters, setFilters] = useState<ViewFilters>(DEFAULT_FILTERS);
  const [shown, setShown] = useState<Shown | null>(null);

  // The parent's callbacks are new at each of its renders: only a new view or filter should show again.
  const show = useRef({ onShow, onDiff });
  show.current = { onShow, onDiff };

  // Shows the last compiled view again through the filters whenever either changes.
  useEffect(() => {
    if (!shown) return;
    const filtered = (v: ViewText) => filterView(v, shown.kind, filters, shown.names);
    if ("one" in shown) show.current.onShow(filtered(shown.one));
    else show.current.onDiff(filtered(shown.original), filtered(shown.modified));
  }, [shown, filters]);

  useEffect(() => {
    if (serverUp)
      void fetchTargets().then((t) =>
        setTargets(t.ok ? t.value.filter((x) => x.group.toLowerCase() !== "wasm" && !x.id.startsWith("wasm")) : []),
      );
  }, [serverUp]);

  const compile = async () => {
    const choice: ViewChoice = { kind, opt: level, target };
    const names = programFunctionNames({ ...program.modules, [program.entry]: program.source }, program.entry);
    setStatus("Compiling…");
    const first = await viewText(program, choice);
    if (!first.ok) return setStatus(`Not shown: ${first.message}`);
    if (against === "") {
      setStatus(`Shown: ${first.value.title}.`);
      return setShown({ kind, names, one: first.value });
    }
    const [what, value] = against.split(":") as ["level" | "target", string];
    const other = await viewText(
      program,
      what === "level" ? { ...choice, opt: value as OptLevel } : { ...choice, target: value },
    );
    if (!other.ok) return setStatus(`Not shown: ${other.message}`);
    setStatus(`Comparing ${other.value.title} with ${first.value.title}.`);
    setShown({ kind, names, original: other.value, modified: first.value });
  };

  const needsServer = kind === "asm" && !serverUp;
  return (
    <section className="views" aria-labelledby="views-heading">
      <h3 id="views-heading">Views</h3>
      <div className="row wrap">
        <label>
          Show{" "}
          <select value={kind} onChange={(e) => setKind(e.target.value as ViewKind)} data-testid="view-kind">
            {VIEW_KINDS.map((v) => (
              <option key={v.kind} value={v.kind}>
                {v.label}
              </option>
            ))}
          </select>
        </label>
        {kind === "asm" && (
          <label>
            for{" "}
            <select value={target} onChange={(e) => setTarget(e.target.value)} data-testid="view-target">
              {(targets.length > 0 ? targets : [{ id: "linux-x64", label: "Linux x86-64" }]).map((t) => (
                <option key={t.id} value={t.id}>
                  {t.id}
                </option>
              ))}
            </select>
          </label>
        )}
        <label>
          at{" "}
          <select value={level} onChange={(e) => setLevel(e.target.value as OptLevel)} data-testid="view-level">
            {OPT_LEVELS.map((o) => (
              <option key={o}>{o}</option>
            ))}
          </select>
        </label>
        <label>
          compared with{" "}
          <select value={against} onChange={(e) => setAgainst(e.target.value as Against)} data-testid="view-against">
            <option value="">nothing</option>
            {OPT_LEVELS.filter((o) => o !== level).map((o) => (
              <option key={o} value={`level:${o}`}>
                {o}
              </option>
            ))}
            {kind === "asm" &&
              targets
                .filter((t) => t.id !== target)
                .map((t) => (
                  <option key={t.id} value={`target:${t.id}`}>
                    {t.id}
                  </option>
                ))}
          </select>
        </label>
        <button
          type="button"
          onClick={compile}
          disabled={needsServer}
          title={needsServer ? "Native assembly needs the server, which is unreachable" : undefined}
          data-testid="view-show"
        >
          {against === "" ? "Show" : "Show the difference"}
        </button>
      </div>
      <fieldset className="row wrap view-filters" data-testid="view-filters">
        <legend>Filters</legend>
        {FILTER_LABELS.map(({ key, label }) => (
          <label key={key}>
            <input
              type="checkbox"
              checked={filters[key]}
              onChange={(e) => setFilters({ ...filters, [key]: e.target.checked })}
            />{" "}
            {label}
          </label>
        ))}
      </fieldset>
      <p className="muted" role="status" data-testid="view-status">
        {status}
      </p>
    </section>
  );
}
