// The Problems list: every diagnostic of the current source; choosing one
// puts the cursor on it.
import type { Diagnostic } from "./diagnostics";

export function ProblemsList({
  diagnostics,
  onJump,
}: {
  diagnostics: Diagnostic[];
  onJump: (line: number, col: number) => void;
}) {
  if (diagnostics.length === 0) return <p className="empty">No problems.</p>;
  return (
    <ul className="problems" data-testid="problems">
      {diagnostics.map((d) => (
        <li key={`${d.line}:${d.col}:${d.message}`}>
          <button type="button" className={`problem ${d.severity}`} onClick={() => onJump(d.line, d.col)}>
            <span className="where">
              {d.line}:{d.col}
            </span>{" "}
            {d.message}
          </button>
        </li>
      ))}
    </ul>
  );
}
