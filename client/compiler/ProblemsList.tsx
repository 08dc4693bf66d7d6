// The Problems list: every diagnostic of the program the shown file belongs
// to (a problem in another file is labelled with it); choosing one puts the
// cursor on it, its code links to the code's page (/errors/E0200: why, an
// example, the fix), and a problem of the shown file that names its own
// repair has a Fix button beside it (the editor's quick fix, for touch and mouse).
import { helpPath } from "../../protocol/diagnostics/codes";
import { firstFix } from "../editor/quickFixes";
import type { Diagnostic } from "./diagnostics";

export function ProblemsList({
  diagnostics,
  shownFile,
  source,
  onJump,
  onFix,
}: {
  diagnostics: Diagnostic[];
  /** The file in the editor (`source` is its text). */
  shownFile: string;
  source: string;
  onJump: (line: number, col: number, file: string) => void;
  onFix: (d: Diagnostic) => void;
}) {
  if (diagnostics.length === 0) return <p className="empty">No problems.</p>;
  return (
    <ul className="problems" data-testid="problems">
      {diagnostics.map((d) => {
        const here = d.file === shownFile || d.file === "";
        const fix = here ? firstFix(d, source) : undefined;
        return (
          <li key={`${d.file}:${d.line}:${d.col}:${d.message}`}>
            <button type="button" className={`problem ${d.severity}`} onClick={() => onJump(d.line, d.col, d.file)}>
              <span className="where">
                {here ? "" : `${d.file}:`}
                {d.line}:{d.col}
              </span>{" "}
              {d.message}
            </button>
            {d.code && (
              <a
                className="code"
                href={helpPath(d.code)}
                target="_blank"
                rel="noopener"
                title={`What ${d.code} means and how to fix it`}
              >
                {d.code}
              </a>
            )}
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
