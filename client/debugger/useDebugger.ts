// The step debugger as the page holds it: breakpoints (gutter click or F9),
// the keys (F5 debug/continue, F10 over, F11 into, Shift+F11 out), the
// paused line highlighted in the editor, and the stop the panel shows.
// A debug run is an ordinary run of a debug build with a channel to answer
// its stops (debugChannel.ts); Stop is the runner's, which ends the worker.
// Monaco is loaded lazily, so it is reached only once the editor is up.
import type * as Monaco from "monaco-editor/editor";
import { useCallback, useEffect, useRef, useState } from "react";
import type { DebugCommand, DebugStop } from "../../lang/runtime/debug/debugEngine";
import type { EditorApi } from "../editor/editorApi";
import { createDebugChannel, sendCommand, setBreakpointLines } from "./debugChannel";

export type DebugState = { kind: "off" } | { kind: "running" } | { kind: "paused"; stop: DebugStop };

export function useDebugger(startRun: (channel: SharedArrayBuffer) => void, runActive: boolean) {
  const [breakpoints, setBreakpoints] = useState<number[]>([]);
  const [state, setState] = useState<DebugState>({ kind: "off" });
  const channel = useRef<SharedArrayBuffer | null>(null);
  const editor = useRef<EditorApi | null>(null);
  const monacoApi = useRef<typeof Monaco | null>(null);
  const breakpointDecorations = useRef<Monaco.editor.IEditorDecorationsCollection | null>(null);
  const lineDecoration = useRef<Monaco.editor.IEditorDecorationsCollection | null>(null);
  const latest = useRef({ state, breakpoints });
  latest.current = { state, breakpoints };

  const toggle = useCallback((line: number) => {
    setBreakpoints((lines) =>
      lines.includes(line) ? lines.filter((l) => l !== line) : [...lines, line].sort((a, b) => a - b),
    );
  }, []);

  const debug = useCallback(() => {
    const buffer = createDebugChannel(latest.current.breakpoints);
    channel.current = buffer;
    setState({ kind: "running" });
    startRun(buffer);
  }, [startRun]);

  const command = useCallback((c: DebugCommand) => {
    const buffer = channel.current;
    if (!buffer || latest.current.state.kind !== "paused") return;
    setState({ kind: "running" });
    sendCommand(buffer, c);
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

  // Breakpoints changed while a run is on: the worker reads them at its next stop.
  useEffect(() => {
    if (channel.current) setBreakpointLines(channel.current, breakpoints);
    const monaco = monacoApi.current;
    if (!monaco) return;
    breakpointDecorations.current?.set(
      breakpoints.map((line) => ({
        range: new monaco.Range(line, 1, line, 1),
        options: {
          glyphMarginClassName: "debug-breakpoint",
          glyphMarginHoverMessage: { value: "Breakpoint (F9 to remove)" },
        },
      })),
    );
  }, [breakpoints]);

  useEffect(() => {
    const paused = state.kind === "paused" ? state.stop : null;
    const monaco = monacoApi.current;
    if (!monaco) return;
    lineDecoration.current?.set(
      paused
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

  const keys = useRef({ debugOrContinue, command, toggle });
  keys.current = { debugOrContinue, command, toggle };

  /** Called once the editor is up: the gutter, the keys and the decorations. */
  const attach = useCallback(async (e: EditorApi) => {
    const { monaco } = await import("../editor/monacoSetup");
    monacoApi.current = monaco;
    editor.current = e;
    e.updateOptions({ glyphMargin: true });
    breakpointDecorations.current = e.createDecorationsCollection([]);
    lineDecoration.current = e.createDecorationsCollection([]);
    e.onMouseDown((event) => {
      const t = event.target;
      const gutter =
        t.type === monaco.editor.MouseTargetType.GUTTER_GLYPH_MARGIN ||
        t.type === monaco.editor.MouseTargetType.GUTTER_LINE_NUMBERS;
      if (gutter && t.position) keys.current.toggle(t.position.lineNumber);
    });
    e.addCommand(monaco.KeyCode.F9, () => {
      const line = e.getPosition()?.lineNumber;
      if (line) keys.current.toggle(line);
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
    setBreakpoints((lines) => [...lines]);
  }, []);

  return { breakpoints, state, toggle, debug, debugOrContinue, command, onStop, attach };
}
