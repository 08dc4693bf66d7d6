// The compiler engineer's views, under the Build tab: the program's LLVM IR,
// its WebAssembly text and its native assembly for any target, each at a
// chosen optimisation level, shown read-only beside the source; or two of
// them side by side as a diff (two levels, or two targets for the assembly).
import { useEffect, useState } from "react";
import { fetchTargets, type Target } from "../buildMenu/nativeBuild";
import { OPT_LEVELS, type OptLevel } from "../compiler/compile";
import type { ProgramFiles } from "../files/program";
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

export function ViewsPanel({ program, opt, serverUp, onShow, onDiff }: ViewsPanelProps) {
  const [kind, setKind] = useState<ViewKind>("ir");
  const [level, setLevel] = useState<OptLevel>(opt);
  const [target, setTarget] = useState("linux-x64");
  const [against, setAgainst] = useState<Against>("");
  const [targets, setTargets] = useState<Target[]>([]);
  const [status, setStatus] = useState("");

  useEffect(() => {
    if (serverUp)
      void fetchTargets().then((t) =>
        setTargets(t.ok ? t.value.filter((x) => x.group.toLowerCase() !== "wasm" && !x.id.startsWith("wasm")) : []),
      );
  }, [serverUp]);

  const show = async () => {
    const choice: ViewChoice = { kind, opt: level, target };
    setStatus("Compiling…");
    const first = await viewText(program, choice);
    if (!first.ok) return setStatus(`Not shown: ${first.message}`);
    if (against === "") {
      setStatus(`Shown: ${first.value.title}.`);
      return onShow(first.value);
    }
    const [what, value] = against.split(":") as ["level" | "target", string];
    const other = await viewText(
      program,
      what === "level" ? { ...choice, opt: value as OptLevel } : { ...choice, target: value },
    );
    if (!other.ok) return setStatus(`Not shown: ${other.message}`);
    setStatus(`Comparing ${other.value.title} with ${first.value.title}.`);
    onDiff(other.value, first.value);
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
          onClick={show}
          disabled={needsServer}
          title={needsServer ? "Native assembly needs the server, which is unreachable" : undefined}
          data-testid="view-show"
        >
          {against === "" ? "Show" : "Show the difference"}
        </button>
      </div>
      <p className="muted" role="status" data-testid="view-status">
        {status}
      </p>
    </section>
  );
}
