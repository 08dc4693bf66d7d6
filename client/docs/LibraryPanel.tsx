// Docs at hand: the server's rendered pages, and a browser of the standard
// library (bundled, works offline) and of the language's tests (from the
// server). A library module opens read-only beside the program; a test opens
// as an editable copy in a file tab of its own, with a Run test button.
import { useEffect, useState } from "react";
import { moduleSummary, stdlib } from "../editor/stdlibSymbols";
import type { ServerHealth } from "../status/useServerHealth";

const PAGES: [string, string][] = [
  ["/readme", "README"],
  ["/grammar", "Grammar"],
  ["/roadmap", "Roadmap"],
  ["/gotchas", "Gotchas"],
  ["/docs", "API docs"],
];

interface FileEntry {
  name: string;
  path: string;
}

export function LibraryPanel({
  health,
  onOpen,
  onOpenTest,
}: {
  health: ServerHealth;
  onOpen: (title: string, source: string) => void;
  onOpenTest: (path: string) => void;
}) {
  const [tests, setTests] = useState<FileEntry[] | string>("Loading the tests…");

  useEffect(() => {
    if (health.kind !== "ok") {
      setTests("The tests come from the server, which is unreachable.");
      return;
    }
    fetch("/tests")
      .then((r) => (r.ok ? (r.json() as Promise<FileEntry[]>) : Promise.reject(new Error(`status ${r.status}`))))
      .then(setTests, (e: unknown) => setTests(`The server did not list the tests (${String(e)}).`));
  }, [health.kind]);

  return (
    <div className="library">
      <nav aria-label="Documentation" className="row wrap">
        {PAGES.map(([href, label]) => (
          <a key={href} href={href} target="_blank" rel="noreferrer">
            {label}
          </a>
        ))}
      </nav>
      <h3>Standard library</h3>
      <ul className="file-list">
        {stdlib().modules.map((m) => (
          <li key={m.path}>
            <button type="button" onClick={() => onOpen(m.path, m.source)}>
              {m.path}
            </button>{" "}
            <span className="muted">{moduleSummary(m)}</span>
          </li>
        ))}
      </ul>
      <h3>Tests</h3>
      {typeof tests === "string" ? (
        <p className="muted">{tests}</p>
      ) : (
        <ul className="file-list">
          {tests.map((t) => (
            <li key={t.path}>
              <button type="button" onClick={() => onOpenTest(t.path)}>
                {t.path}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
