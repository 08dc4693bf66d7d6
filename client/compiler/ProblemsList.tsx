// The Problems list: every diagnostic of the current source; choosing one
// puts the cursor on it, and a problem that names its own repair has a Fix
// button beside it (the editor's quick fix, for touch and mouse).
import { firstFix } from "../editor/quickFixes";
import type { Diagnostic } from "./diagnostics";

export function ProblemsList({
  diagnostics,
  source,
  onJump,
  onFix,
}: {
  diagnostics: Diagnostic[];
  source: string;
  onJump: (line: number, col: number) => void;
  onFix: (d: Diagnostic) => void;
}) {
  if (diagnostics.length === 0) return <p className="empty">No problems.</p>;
  return (
    <ul className="problems" data-testid="problems">
      {diagnostics.map((d) => {
        const fix = firstFix(d, source);
        return (
          <li key={`${d.line}:${d.col}:${d.message}`}>
            <button type="button" className={`problem ${d.severity}`} onClick={() => onJump(d.line, d.col)}>
              <span className="where">
                {d.line}:{d.col}
              </span>{" "}
              {d.message}
            </button>
            {fix && (
              <button
                type="button"
                className="fix"
                title={fix.title}
                aria-label={`Fix ${d.line}:${d.col}: ${fix.title}`}
                onClick={() => onFix(d)}
              >
                Fix
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
