// The step debugger as the page holds it: breakpoints (gutter click or F9;
// right-click the gutter or Shift+F9 for a condition or a logpoint), the keys
// (F5 debug/continue, F10 over, F11 into, Shift+F11 out), the paused line
// highlighted in the editor, and the stop the panel shows. Breakpoints belong
// to the workspace (saved with it and carried in share links), per file.
// A debug run is an ordinary run of a debug build with a channel to answer
// its stops (debugChannel.ts), or, on a page without SharedArrayBuffer, a
// script of answers the runner replays (client/run/replay.ts); Stop is the
// runner's, which ends the worker.
// Monaco is loaded lazily, so it is reached only once the editor is up.
import type * as Monaco from "monaco-editor/editor";
import { useCallback, useEffect, useRef, useState } from "react";
import type { Breakpoint, DebugCommand, DebugStop } from "../../lang/runtime/debug/debugEngine";
import type { EditorApi } from "../editor/editorApi";
import type { DebugAnswers } from "../run/programHost";
import { canBlock } from "../run/replay";
import { type LineChange, moveBreakpoints } from "./breakpointMoves";
import { editBreakpoint, type FileBreakpoints, toggleBreakpoint } from "./breakpoints";
import { createDebugChannel, sendCommand, setBreakpoints } from "./debugChannel";

export type DebugState = { kind: "off" } | { kind: "running" } | { kind: "paused"; stop: DebugStop };

/** The breakpoint being edited in the editor: its line and the element its form is drawn in. */
export interface BreakpointEdit {
  line: number;
  current: Breakpoint | undefined;
  host: HTMLElement;
}

interface Options {
  startRun: (debug: DebugAnswers) => void;
  runActive: boolean;
  /** Every file's breakpoints (the workspace's). */
  breakpoints: FileBreakpoints;
  changeBreakpoints: (change: (all: FileBreakpoints) => FileBreakpoints) => void;
  /** The file shown in the editor: the gutter shows and edits its breakpoints. */
  file: string;
}

/** Every breakpoint as the engine takes them: with its file. */
const flatten = (all: FileBreakpoints): Breakpoint[] =>
  Object.entries(all).flatMap(([file, list]) => list.map((b) => ({ ...b, file })));

export function useDebugger({ startRun, runActive, breakpoints: all, changeBreakpoints, file }: Options) {
  const breakpoints = all[file] ?? [];
  const [state, setState] = useState<DebugState>({ kind: "off" });
  const [editing, setEditing] = useState<BreakpointEdit | null>(null);
  // Bumped once Monaco is attached, so the decorations are drawn for what the workspace already had.
  const [attached, setAttached] = useState(0);
  const channel = useRef<DebugAnswers | null>(null);
  const editor = useRef<EditorApi | null>(null);
  const monacoApi = useRef<typeof Monaco | null>(null);
  const breakpointDecorations = useRef<Monaco.editor.IEditorDecorationsCollection | null>(null);
  const lineDecoration = useRef<Monaco.editor.IEditorDecorationsCollection | null>(null);
  const widget = useRef<Monaco.editor.IContentWidget | null>(null);
  const latest = useRef({ state, all, file, breakpoints });
  latest.current = { state, all, file, breakpoints };

  const toggle = useCallback(
    (line: number) => changeBreakpoints((b) => toggleBreakpoint(b, latest.current.file, line)),
    [changeBreakpoints],
  );

  /** Opens the condition/logpoint form under `line`, in the editor. */
  const edit = useCallback((line: number) => {
    const e = editor.current;
    const monaco = monacoApi.current;
    if (!e || !monaco) return;
    if (widget.current) e.removeContentWidget(widget.current);
    const host = document.createElement("div");
    host.className = "debug-breakpoint-widget";
    const w: Monaco.editor.IContentWidget = {
      getId: () => "pith.breakpointEditor",
      getDomNode: () => host,
      getPosition: () => ({
        position: { lineNumber: line, column: 1 },
        preference: [monaco.editor.ContentWidgetPositionPreference.BELOW],
      }),
      allowEditorOverflow: true,
    };
    widget.current = w;
    e.addContentWidget(w);
    setEditing({ line, current: latest.current.breakpoints.find((b) => b.line === line), host });
  }, []);

  const closeEdit = useCallback(() => {
    if (widget.current) editor.current?.removeContentWidget(widget.current);
    widget.current = null;
    setEditing(null);
    editor.current?.focus();
  }, []);

  const saveEdit = useCallback(
    (line: number, change: { condition?: string; log?: string }) => {
      changeBreakpoints((b) => editBreakpoint(b, latest.current.file, line, change));
      closeEdit();
    },
    [changeBreakpoints, closeEdit],
  );

  const debug = useCallback(() => {
    const breakpoints = flatten(latest.current.all);
    const answers: DebugAnswers = canBlock()
      ? { kind: "shared", channel: createDebugChannel(breakpoints) }
      : { kind: "replay", script: { breakpoints, answers: [] } };
    channel.current = answers;
    setState({ kind: "running" });
    startRun(answers);
  }, [startRun]);

  const command = useCallback((c: DebugCommand) => {
    const answers = channel.current;
    if (!answers || latest.current.state.kind !== "paused") return;
    setState({ kind: "running" });
    if (answers.kind === "shared") sendCommand(answers.channel, c);
    else {
      // Replayed: the breakpoints as they are now hold from this stop on.
      answers.script.answers.push({ command: c, breakpoints: flatten(latest.current.all) });
      answers.resume?.();
    }
  }, []);

  /** F5: start a debug run, or continue a paused one. */
  const debugOrContinue = useCallback(() => {
    if (latest.current.state.kind === "paused") command("continue");
    else if (latest.current.state.kind === "off") debug();
  }, [command, debug]);

  /** A stop the program worker announced (a `pith_debug` host event). */
  const onStop = useCallback((stop: DebugStop) => setState({ kind: "paused", stop }), []);

  // The run ended (finished, crashed or stopped): nothing is paused any more.
  useEffect(() => {
    if (!runActive) {
      channel.current = null;
      setState({ kind: "off" });
    }
  }, [runActive]);

  // Breakpoints changed while a run is on: the worker reads them at its next check.
  useEffect(() => {
    // (A replayed run takes them with its next command.)
    if (channel.current?.kind === "shared") setBreakpoints(channel.current.channel, flatten(all));
  }, [all]);

  useEffect(() => {
    const monaco = monacoApi.current;
    if (!monaco || attached === 0) return;
    breakpointDecorations.current?.set(
      breakpoints.map((b) => ({
        range: new monaco.Range(b.line, 1, b.line, 1),
        options: {
          glyphMarginClassName:
            b.log !== undefined
              ? "debug-logpoint"
              : b.condition
                ? "debug-breakpoint debug-conditional"
                : "debug-breakpoint",
          glyphMarginHoverMessage: {
            value:
              b.log !== undefined
                ? `Logpoint: ${b.log}`
                : b.condition
                  ? `Breakpoint when ${b.condition}`
                  : "Breakpoint (F9 to remove, Shift+F9 for a condition)",
          },
        },
      })),
    );
  }, [breakpoints, attached]);

  useEffect(() => {
    const paused = state.kind === "paused" ? state.stop : null;
    const monaco = monacoApi.current;
    if (!monaco) return;
    lineDecoration.current?.set(
      paused && paused.file === latest.current.file
        ? [
            {
              range: new monaco.Range(paused.line, 1, paused.line, 1),
              options: { isWholeLine: true, className: "debug-current-line" },
            },
          ]
        : [],
    );
    if (paused) editor.current?.revealLineInCenterIfOutsideViewport(paused.line);
  }, [state]);

  /** An edit of the shown file: its breakpoints move with their lines (breakpointMoves.ts). */
  const edited = useCallback(
    (changes: LineChange[]) => {
      const { file, breakpoints: before } = latest.current;
      if (before.length === 0 || moveBreakpoints(before, changes) === before) return;
      changeBreakpoints((all) => {
        const list = all[file] ?? [];
        const moved = moveBreakpoints(list, changes);
        return moved === list ? all : { ...all, [file]: moved };
      });
    },
    [changeBreakpoints],
  );

  const keys = useRef({ debugOrContinue, command, toggle, edit, edited });
  keys.current = { debugOrContinue, command, toggle, edit, edited };

  /** Called once the editor is up: the gutter, the keys and the decorations. */
  const attach = useCallback(async (e: EditorApi) => {
    const { monaco } = await import("../editor/monacoSetup");
    monacoApi.current = monaco;
    editor.current = e;
    e.updateOptions({ glyphMargin: true });
    breakpointDecorations.current = e.createDecorationsCollection([]);
    lineDecoration.current = e.createDecorationsCollection([]);
    const inGutter = (t: Monaco.editor.IMouseTarget) =>
      t.type === monaco.editor.MouseTargetType.GUTTER_GLYPH_MARGIN ||
      t.type === monaco.editor.MouseTargetType.GUTTER_LINE_NUMBERS;
    e.onMouseDown((event) => {
      const t = event.target;
      if (inGutter(t) && t.position && event.event.leftButton) keys.current.toggle(t.position.lineNumber);
    });
    // Right-click in the gutter: the condition/logpoint form, as in other editors.
    e.onContextMenu((event) => {
      const t = event.target;
      if (!inGutter(t) || !t.position) return;
      event.event.preventDefault();
      keys.current.edit(t.position.lineNumber);
    });
    e.onDidChangeModelContent((event) => {
      const model = e.getModel();
      // A new text (another file shown, a program loaded) is not an edit of the lines the breakpoints mark.
      if (event.isFlush || !model) return;
      const changes = event.changes.map((c) => ({
        startLine: c.range.startLineNumber,
        startColumn: c.range.startColumn,
        endLine: c.range.endLineNumber,
        text: c.text,
      }));
      const grown = changes.reduce((n, c) => n + c.text.split("\n").length - 1 - (c.endLine - c.startLine), 0);
      const linesBefore = model.getLineCount() - grown;
      // Nor is the whole text replaced at once (select all, paste).
      if (changes.some((c) => c.startLine === 1 && c.startColumn === 1 && c.endLine >= linesBefore)) return;
      keys.current.edited(changes);
    });
    e.addCommand(monaco.KeyCode.F9, () => {
      const line = e.getPosition()?.lineNumber;
      if (line) keys.current.toggle(line);
    });
    e.addCommand(monaco.KeyMod.Shift | monaco.KeyCode.F9, () => {
      const line = e.getPosition()?.lineNumber;
      if (line) keys.current.edit(line);
    });
    e.addCommand(monaco.KeyCode.F5, () => keys.current.debugOrContinue());
    e.addCommand(monaco.KeyCode.F10, () => keys.current.command("stepOver"));
    e.addCommand(monaco.KeyCode.F11, () => keys.current.command("stepInto"));
    e.addCommand(monaco.KeyMod.Shift | monaco.KeyCode.F11, () => keys.current.command("stepOut"));
    // While paused, hovering a name shows its value in the innermost frame that has it.
    monaco.languages.registerHoverProvider(e.getModel()?.getLanguageId() ?? "pith", {
      provideHover: (model, position) => {
        const now = latest.current.state;
        if (now.kind !== "paused" || model !== e.getModel()) return null;
        const word = model.getWordAtPosition(position);
        if (!word) return null;
        for (const frame of now.stop.stack) {
          const local = frame.locals?.findLast((l) => l.name === word.word);
          if (local) return { contents: [{ value: `\`${local.name}: ${local.type}\` = ${local.value}` }] };
        }
        return null;
      },
    });
    setAttached((n) => n + 1);
  }, []);

  return {
    breakpoints,
    state,
    toggle,
    debug,
    debugOrContinue,
    command,
    onStop,
    attach,
    editing,
    saveEdit,
    closeEdit,
  };
}
