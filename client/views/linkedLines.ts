// Source-line mapping both ways between the source editor and a view shown
// beside it: the cursor or the mouse on a source line highlights the view's
// lines made from it (the instructions of that line), and on a view line
// highlights the source line it came from, with every view line of that
// source line. Each editor's decorations are its own; nothing is
// edited. The map comes with the view (views.ts): one entry per view line.
import type * as monaco from "monaco-editor";
import type { SourceLine } from "./views";

type Editor = monaco.editor.IStandaloneCodeEditor;

const LINKED: monaco.editor.IModelDecorationOptions = {
  isWholeLine: true,
  className: "linked-line",
  // The text of a highlighted line is marked too, so it can be read off the screen (and by tests).
  inlineClassName: "linked-text",
};

/** The whole of `line` in the editor's text (the inline class marks its characters). */
const wholeLine =
  (editor: Editor) =>
  (line: number): monaco.editor.IModelDeltaDecoration => ({
    range: {
      startLineNumber: line,
      startColumn: 1,
      endLineNumber: line,
      endColumn: editor.getModel()?.getLineMaxColumn(line) ?? 1,
    },
    options: LINKED,
  });

/** The view lines (1-based) that came from `line` of `file`. */
export function viewLinesOf(map: readonly (SourceLine | null)[], file: string, line: number): number[] {
  const rows: number[] = [];
  map.forEach((at, i) => {
    if (at && at.line === line && at.file === file) rows.push(i + 1);
  });
  return rows;
}

/**
 * Links the two editors until the returned function is called. `file` names
 * the file the source editor shows now (a view line of another file
 * highlights nothing there).
 */
export function linkLines(
  source: Editor,
  view: Editor,
  map: readonly (SourceLine | null)[],
  file: () => string,
): () => void {
  const inSource = source.createDecorationsCollection();
  const inView = view.createDecorationsCollection();
  let shown = "";

  const highlight = (line: number | null, from: "source" | "view") => {
    const key = `${line}:${from}`;
    if (key === shown) return;
    shown = key;
    const rows = line === null ? [] : viewLinesOf(map, file(), line);
    inView.set(rows.map(wholeLine(view)));
    // From the source, its cursor or pointer already shows the line; from the view, the source line is marked.
    inSource.set(line === null || from === "source" ? [] : [wholeLine(source)(line)]);
    if (from === "source" && rows.length > 0) view.revealLineInCenterIfOutsideViewport(rows[0]);
    if (from === "view" && line !== null) source.revealLineInCenterIfOutsideViewport(line);
  };
  const fromSource = (line: number) => highlight(line, "source");
  const fromView = (row: number) => {
    const at = map[row - 1];
    highlight(at && at.file === file() ? at.line : null, "view");
  };

  const subscriptions = [
    source.onDidChangeCursorPosition((e) => fromSource(e.position.lineNumber)),
    source.onMouseMove((e) => {
      if (e.target.position) fromSource(e.target.position.lineNumber);
    }),
    view.onDidChangeCursorPosition((e) => fromView(e.position.lineNumber)),
    view.onMouseMove((e) => {
      if (e.target.position) fromView(e.target.position.lineNumber);
    }),
  ];
  const position = source.getPosition();
  if (position) fromSource(position.lineNumber);
  return () => {
    for (const s of subscriptions) s.dispose();
    inSource.clear();
    inView.clear();
  };
}
