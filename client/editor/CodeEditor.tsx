// The Monaco editor with the Pith language, live diagnostics as markers,
// Ctrl/Cmd+Enter to run and Shift+Alt+F to format, the user's settings (font
// size, word wrap, Vim keys) and a way out for the keyboard (Escape, then
// Tab). This module is the lazily loaded editor chunk: importing it pulls in Monaco.
import Editor from "@monaco-editor/react";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { helpUrl } from "../../protocol/diagnostics/compilerDiagnostic";
import type { Diagnostic } from "../compiler/diagnostics";
import { focusPast } from "../layout/focusOrder";
import { PITH_DARK_THEME } from "./darkTheme";
import type { EditorApi } from "./editorApi";
import { EDITOR_FONT, EDITOR_FONT_SIZE, lineHeightFor, TAB_SIZE } from "./editorMetrics";
import { monaco } from "./monacoSetup";
import { PITH_LANGUAGE_ID } from "./pithLanguage";
import { typeAsTyped } from "./typedAsTyped";

export interface CodeEditorProps {
  value: string;
  /** Changes when `value` was replaced from outside the editor; only then is it applied (typing is the editor's own). */
  revision?: number;
  onChange?: (value: string) => void;
  diagnostics?: Diagnostic[];
  dark: boolean;
  /** "pith" for sources; read-only views (LLVM IR) pass their own language. */
  language?: string;
  readOnly?: boolean;
  /** A line to bring into view and put the cursor on (a definition opened read-only). */
  revealLine?: number;
  /** The file's name: each name keeps its own model, so undo history and scroll position stay with their file. */
  path?: string;
  ariaLabel: string;
  /** A phone's screen: long lines wrap (panning sideways through code is tedious) and the gutter is slim. */
  narrow?: boolean;
  /** The editor's font size in CSS pixels (the settings'). */
  fontSize?: number;
  wordWrap?: boolean;
  /** Vim keybindings: the monaco-vim chunk is loaded when first turned on. */
  vim?: boolean;
  onRun?: () => void;
  onFormat?: () => void;
  /** Opens the History menu (a palette entry). */
  onHistory?: () => void;
  onReady?: (editor: EditorApi) => void;
}

const SEVERITY = {
  error: monaco.MarkerSeverity.Error,
  warning: monaco.MarkerSeverity.Warning,
  info: monaco.MarkerSeverity.Info,
};

/**
 * Escape, then Tab (or Shift+Tab) leaves the editor, which otherwise keeps Tab
 * for indenting: a keyboard user is never trapped in it (Ctrl+M, Monaco's
 * tab focus mode, turns Tab into a focus key for good).
 */
function escapeThenTab(editor: EditorApi): void {
  const node = editor.getContainerDomNode();
  let escaped = false;
  node.addEventListener(
    "keydown",
    (event) => {
      if (event.key === "Tab" && escaped && !event.ctrlKey && !event.altKey && !event.metaKey) {
        if (focusPast(node, event.shiftKey ? -1 : 1)) {
          event.preventDefault();
          event.stopPropagation();
        }
      }
      // Shift, pressed on its own before Tab in Shift+Tab, keeps the Escape pending.
      if (!["Shift", "Control", "Alt", "Meta"].includes(event.key)) escaped = event.key === "Escape";
    },
    true,
  );
}

function revealAt(editor: EditorApi, line: number): void {
  editor.setPosition({ lineNumber: line, column: 1 });
  editor.revealLineInCenter(line);
}

export default function CodeEditor(props: CodeEditorProps) {
  const editorRef = useRef<EditorApi | null>(null);
  const [mounted, setMounted] = useState<EditorApi | null>(null);
  const vimStatus = useRef<HTMLDivElement>(null);
  const handlers = useRef(props);
  handlers.current = props;
  // The editor owns its text while the user types: `value` is applied only when
  // `revision` says it was replaced from outside (an example, another file, a
  // restored program). A render can carry a text the editor has already moved
  // past (keystrokes between React's commit and its effects, or typed into the
  // early editor while Monaco was being created): applying it would undo those
  // keystrokes and throw the cursor to the end, as the controlled `value` of
  // @monaco-editor/react does under load. Read-only views take every new value.
  const replacedAs = props.readOnly ? props.value : props.revision;
  const applied = useRef(replacedAs);
  useEffect(() => {
    const editor = editorRef.current;
    const model = editor?.getModel();
    if (!editor || !model || applied.current === replacedAs) return;
    applied.current = replacedAs;
    if (props.value === model.getValue()) return;
    if (props.readOnly) {
      // Another view opens at its top (or at its revealLine), not where the last one was scrolled to.
      editor.setValue(props.value);
      editor.setScrollPosition({ scrollTop: 0, scrollLeft: 0 });
    } else {
      editor.executeEdits("", [{ range: model.getFullModelRange(), text: props.value, forceMoveMarkers: true }]);
      editor.pushUndoStop();
      // The whole text was replaced, which squeezed the squiggles into its end: they are set again on the new text.
      showMarkers();
    }
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new text (another module) is revealed at its line too
  useEffect(() => {
    const editor = editorRef.current;
    if (editor && props.revealLine) revealAt(editor, props.revealLine);
  }, [props.revealLine, props.value]);

  /** Shows the diagnostics as markers (squiggles); an error without a range still gets one a character wide. */
  const showMarkers = () => {
    const model = editorRef.current?.getModel();
    if (!model || handlers.current.readOnly) return;
    monaco.editor.setModelMarkers(
      model,
      "pith",
      (handlers.current.diagnostics ?? []).map((d) => ({
        severity: SEVERITY[d.severity],
        message: d.message,
        // The hover shows the code as a link to its page (/errors/E0200): explanation, example, fix.
        ...(d.code && { code: { value: d.code, target: monaco.Uri.parse(helpUrl(d.code, location.origin)) } }),
        startLineNumber: d.line,
        startColumn: d.col,
        endLineNumber: d.endLine,
        // A zero-width range still gets a visible squiggle one character wide.
        endColumn: d.endLine === d.line && d.endCol <= d.col ? d.col + 1 : d.endCol,
      })),
    );
  };
  // Set in the commit that brings them (a layout effect), so the squiggles are drawn in the next frame rather than
  // after it; and only when they changed, not at every render of the page (each key makes one).
  const markers = JSON.stringify(props.diagnostics ?? []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `markers` stands for the diagnostics' content
  useLayoutEffect(showMarkers, [markers, props.readOnly, mounted]);

  useEffect(() => {
    const status = vimStatus.current;
    if (!mounted || !props.vim || !status) return;
    let mode: { dispose(): void } | undefined;
    let cancelled = false;
    void import("./vimMode").then(({ startVim }) => {
      if (!cancelled) mode = startVim(mounted, status);
    });
    return () => {
      cancelled = true;
      mode?.dispose();
      status.textContent = "";
    };
  }, [mounted, props.vim]);

  const fontSize = props.fontSize ?? EDITOR_FONT_SIZE;
  return (
    <>
      <Editor
        defaultValue={props.value}
        path={props.path}
        language={props.language ?? PITH_LANGUAGE_ID}
        theme={props.dark ? PITH_DARK_THEME : "vs"}
        onChange={(value) => {
          handlers.current.onChange?.(value ?? "");
        }}
        loading={<p className="editor-loading">Loading the editor…</p>}
        options={{
          readOnly: props.readOnly,
          ariaLabel: props.ariaLabel,
          automaticLayout: true,
          minimap: { enabled: false },
          fontFamily: EDITOR_FONT,
          fontSize,
          // The early editor's metrics (nothing moves at the hand-over).
          lineHeight: lineHeightFor(fontSize),
          tabSize: TAB_SIZE,
          insertSpaces: true,
          // Enter always starts a new line (Tab accepts a suggestion): typed key by key, a program reads as typed,
          // never with a suggestion (`i` completed to `i64`) taken in by the Enter that ended the line.
          acceptSuggestionOnEnter: "off",
          scrollBeyondLastLine: false,
          fixedOverflowWidgets: true,
          wordWrap: props.narrow || props.wordWrap ? "on" : "off",
          // As the early editor's textarea wraps (no hanging indent), so nothing moves when Monaco takes over.
          wrappingIndent: "none",
          lineNumbersMinChars: props.narrow ? 2 : 5,
          lineDecorationsWidth: props.narrow ? 4 : 10,
          // Assembly and IR align comments with runs of blanks; indent guides there are noise.
          guides: { indentation: (props.language ?? PITH_LANGUAGE_ID) === PITH_LANGUAGE_ID },
        }}
        onMount={(editor) => {
          editorRef.current = editor;
          // Created with the newest text (and the hand-over brings what was typed since): nothing older to apply.
          applied.current = handlers.current.readOnly ? handlers.current.value : handlers.current.revision;
          performance.mark("pith:editor-mounted");
          editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, () => handlers.current.onRun?.());
          editor.addCommand(monaco.KeyMod.Shift | monaco.KeyMod.Alt | monaco.KeyCode.KeyF, () =>
            handlers.current.onFormat?.(),
          );
          escapeThenTab(editor);
          if (!handlers.current.readOnly) {
            typeAsTyped(editor, () => !handlers.current.vim);
            editor.addAction({
              id: "pith.history",
              label: "History: Open an Earlier Program",
              run: () => handlers.current.onHistory?.(),
            });
          }
          if (handlers.current.revealLine) revealAt(editor, handlers.current.revealLine);
          setMounted(editor);
          handlers.current.onReady?.(editor);
        }}
      />
      {props.vim && <div className="vim-status" ref={vimStatus} data-testid="vim-status" aria-live="polite" />}
    </>
  );
}

// The diff view lives in this chunk too: it needs Monaco, and only views open it.
export { DiffView } from "./DiffView";
