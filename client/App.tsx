// The playground: toolbar, editor and output side by side (stacked on a
// phone), bottom tabs for output, problems, input, build and library, and the
// status bar. State lives in the feature hooks; this file wires them.
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { Group, Panel, Separator } from "react-resizable-panels";
import type { DebugStop } from "../lang/runtime/debug/debugEngine";
import { BuildMenu } from "./buildMenu/BuildMenu";
import { BuildPanel } from "./buildMenu/BuildPanel";
import { buildLocally } from "./buildMenu/localBuild";
import { formatSource } from "./compiler/compile";
import type { Diagnostic } from "./compiler/diagnostics";
import { ProblemsList } from "./compiler/ProblemsList";
import { useCompilerVersion } from "./compiler/useCompilerVersion";
import { useDiagnostics } from "./compiler/useDiagnostics";
import { BreakpointEditor } from "./debugger/BreakpointEditor";
import { type FileBreakpoints, forgetBreakpoints, renameBreakpoints } from "./debugger/breakpoints";
import { DebugPanel } from "./debugger/DebugPanel";
import { useDebugger } from "./debugger/useDebugger";
import { DEBUG_HOST_MODULE } from "./debugger/workerDebugger";
import { LibraryPanel } from "./docs/LibraryPanel";
import { fetchTestCase, type TestCase, testFileName } from "./docs/testCase";
import { EarlyEditor, type EarlyEditorHandle } from "./editor/EarlyEditor";
import type { EditorApi } from "./editor/editorApi";
import { loadEditorChunk } from "./editor/editorChunk";
import { applyFormatted } from "./editor/formatEdit";
import { handOver } from "./editor/handOver";
import { applyFix, firstFix } from "./editor/quickFixes";
import { setStdlibViewOpener } from "./editor/stdlibOpener";
import { useMonacoWhenQuiet } from "./editor/useMonacoWhenQuiet";
import { setQueryWorkspace, setWorkspaceFileOpener } from "./editor/workspaceFiles";
import { ExamplesMenu } from "./examples/ExamplesMenu";
import { type Example, HELLO_WORLD } from "./examples/examples";
import { FileTabs } from "./files/FileTabs";
import { addFile, closeFile, FIRST_FILE, initialFiles, renameFile, switchTo } from "./files/files";
import { entryProgram, programFrom, programOfShownFile } from "./files/program";
import { HistoryMenu } from "./history/HistoryMenu";
import { CanvasPanel } from "./host/CanvasPanel";
import { useHostSession } from "./host/useHostSession";
import { HelpDialog } from "./layout/HelpDialog";
import { pageAction } from "./layout/pageShortcuts";
import { onTablistKey } from "./layout/tablistKeys";
import { useMediaQuery } from "./layout/useMediaQuery";
import { isUntouched, useWorkspace } from "./persistence/useWorkspace";
import { OutputPane } from "./run/OutputPane";
import type { DebugAnswers } from "./run/programHost";
import { canBlock } from "./run/replay";
import { useRunner } from "./run/useRunner";
import { SettingsDialog } from "./settings/SettingsDialog";
import { useSettings } from "./settings/useSettings";
import { ShareButton } from "./share/ShareButton";
import { toShared } from "./share/sharedWork";
import { afterStartup, startupFinished } from "./startup/afterStartup";
import { StatusBar } from "./status/StatusBar";
import { useServerHealth } from "./status/useServerHealth";
import { linkLines } from "./views/linkedLines";
import { ViewsPanel } from "./views/ViewsPanel";
import type { SourceLine } from "./views/views";

const CodeEditor = lazy(loadEditorChunk);
const DiffView = lazy(() => loadEditorChunk().then((chunk) => ({ default: chunk.DiffView })));

type BottomTab = "output" | "problems" | "stdin" | "build" | "library";
const TABS: [BottomTab, string][] = [
  ["output", "Output"],
  ["problems", "Problems"],
  ["stdin", "Input"],
  ["build", "Build"],
  ["library", "Library"],
];

interface ViewTab {
  title: string;
  text: string;
  language: string;
  /** Set for a diff: the text `text` is compared with (shown on the left). */
  original?: string;
  /** The line to show (go to definition into the standard library). */
  line?: number;
  /** The source line of each line of `text`: the view is then shown beside the source, linked to it line by line. */
  lineMap?: (SourceLine | null)[];
}

/** A stable empty set, so the debugger's effects do not run at every render. */
const NO_BREAKPOINTS: FileBreakpoints = {};

export function App() {
  const compiler = useCompilerVersion();
  const { health, online } = useServerHealth();
  const {
    workspace,
    revision,
    update,
    replaceSource,
    restoreScratch,
    openFromHistory,
    history,
    setOpt,
    changeFiles,
    changeBreakpoints,
    opened,
    dismissOpened,
  } = useWorkspace();
  const historyButton = useRef<HTMLButtonElement>(null);
  // Until Monaco is up, the early editor (a textarea) edits the program.
  const [monacoUp, setMonacoUp] = useState(false);
  const ready = !!workspace && compiler.kind === "ready";
  // The program the shown file belongs to (files/program.ts): every file's diagnostics, the shown file's in the editor.
  const shownProgram = programOfShownFile(workspace ?? { source: "" });
  const shownFile = workspace?.files?.active ?? FIRST_FILE;
  const diagnostics = useDiagnostics(shownProgram, ready);
  const shownDiagnostics = diagnostics.filter((d) => d.file === shownFile || d.file === "");
  // The language service asks about the shown file, beside the others its imports read.
  if (workspace) setQueryWorkspace({ file: shownFile, modules: programFrom(workspace, shownFile).modules });
  const host = useHostSession();
  // The debugger's stops arrive as host events of its own module; the others go to the host session.
  const debugStop = useRef<(stop: DebugStop) => void>(() => {});
  const runner = useRunner((event) => {
    if (event.module === DEBUG_HOST_MODULE) debugStop.current(event.payload as DebugStop);
    else host.onEvent(event);
  });
  const running = runner.phase.kind === "compiling" || runner.phase.kind === "running";
  const { load: loadMonaco, touched: earlyEditorTouched } = useMonacoWhenQuiet(
    !!workspace && compiler.kind !== "loading",
    workspace?.source,
    running,
  );
  const { settings, change: changeSettings, dark } = useSettings();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const phone = useMediaQuery("(max-width: 700px)");
  const [tab, setTab] = useState<BottomTab>("output");
  const [view, setView] = useState<ViewTab | undefined>();
  const [showView, setShowView] = useState(false);
  // The read-only editor that shows a view, for the line links between it and the source.
  const [viewEditor, setViewEditor] = useState<EditorApi | undefined>();
  // Beside the source and linked to it where there is room; on a phone a view replaces the source as before.
  const linked = !phone && showView && view?.lineMap !== undefined && view.original === undefined;
  const [help, setHelp] = useState(false);
  const [notice, setNotice] = useState<string | undefined>();
  // Tests opened from the Library, by the file tab that holds the editable copy, and the run that checks one.
  const [tests, setTests] = useState<Record<string, TestCase>>({});
  const [testRun, setTestRun] = useState<{ test: TestCase; run: number } | undefined>();
  // Whether this compiler has `fmt`: probed once, so Format can say why it is off.
  // It is on as soon as the compiler is: a compiler without `fmt` is told
  // apart by a probe after start-up (and a press before it says why it failed).
  const [formatter, setFormatter] = useState<{ available: boolean; reason: string }>({
    available: true,
    reason: "Format (Shift+Alt+F)",
  });
  const editor = useRef<EditorApi | null>(null);
  const early = useRef<EarlyEditorHandle>(null);
  const current = useRef(workspace);
  current.current = workspace;

  useEffect(() => {
    if (compiler.kind !== "ready") return;
    afterStartup(
      () =>
        void formatSource("fn main() {}\n").then((r) =>
          setFormatter(
            r.kind === "unavailable"
              ? { available: false, reason: `Format is off: ${r.reason}` }
              : { available: true, reason: "Format (Shift+Alt+F)" },
          ),
        ),
    );
  }, [compiler.kind]);
  // Editable (the early editor at least) with the compiler ready: the user can write and run.
  useEffect(() => {
    if (ready) performance.mark("pith:editor-ready");
  }, [ready]);
  // Start-up ends with Monaco: tasks held until then would slow its load.
  useEffect(() => {
    if (!ready || !monacoUp) return;
    performance.mark("pith:monaco-ready");
    startupFinished();
  }, [ready, monacoUp]);

  const run = useCallback(() => {
    const w = current.current;
    if (!w) return;
    setTab("output");
    host.begin();
    // The entry file, whatever tab is shown, with the other files its imports read.
    const program = entryProgram(w);
    void runner.run(program.source, { opt: w.opt, stdin: w.stdin, program });
  }, [runner.run, host.begin]);

  const debugRun = useCallback(
    (debug: DebugAnswers) => {
      const w = current.current;
      if (!w) return;
      setTab("output");
      host.begin();
      const program = entryProgram(w);
      void runner.run(program.source, { opt: w.opt, stdin: w.stdin, program, debug });
    },
    [runner.run, host.begin],
  );
  const debuggerState = useDebugger({
    startRun: debugRun,
    runActive: running,
    breakpoints: workspace?.breakpoints ?? NO_BREAKPOINTS,
    changeBreakpoints,
    file: shownFile,
  });
  debugStop.current = debuggerState.onStop;

  // Stop silences audio and releases the microphone at once, then ends the program.
  const stop = useCallback(() => {
    host.end();
    runner.stop();
  }, [host.end, runner.stop]);

  useEffect(() => {
    if (runner.phase.kind === "finished" || runner.phase.kind === "compile-failed") host.end();
  }, [runner.phase, host.end]);

  const format = useCallback(async () => {
    const e = editor.current;
    const before = e ? e.getModel()?.getValue() : current.current?.source;
    if (before === undefined) return;
    const result = await formatSource(before);
    if (result.kind === "unavailable") setNotice(`Format: ${result.reason}`);
    else if (result.kind === "failed") setNotice(`Can't format this program until it parses: ${result.message}.`);
    else if (e ? !applyFormatted(e, before, result.source) : current.current?.source !== before)
      setNotice("Format skipped: the program changed while it ran.");
    else {
      if (!e) update({ source: result.source });
      setNotice((n) => (n?.startsWith("Can't format") ? undefined : n));
    }
  }, [update]);

  // The Problems list's Fix button: the same repair as Monaco's quick fix,
  // checked against the text as it stands (the diagnostic may be a keystroke old).
  const fixProblem = useCallback(
    (d: Diagnostic) => {
      const e = editor.current;
      const source = e ? e.getModel()?.getValue() : current.current?.source;
      const fix = source === undefined ? undefined : firstFix(d, source);
      if (!fix || source === undefined) return;
      if (!e) return update({ source: applyFix(source, fix) });
      const range = { startLineNumber: fix.line, startColumn: fix.col, endLineNumber: fix.line, endColumn: fix.endCol };
      e.executeEdits("quick-fix", [{ range, text: fix.text }]);
      e.pushUndoStop();
      e.focus();
    },
    [update],
  );

  const jump = useCallback((line: number, col: number) => {
    setShowView(false);
    const e = editor.current;
    if (!e) return early.current?.reveal(line, col);
    e.setPosition({ lineNumber: line, column: col });
    e.revealLineInCenter(line);
    e.focus();
  }, []);

  /** Puts the cursor at a line of any file of the workspace, showing that file's tab first. */
  const openFileAt = (file: string, line: number, col: number) => {
    const w = current.current;
    if (file !== (w?.files?.active ?? FIRST_FILE) && w?.files?.names.includes(file)) {
      setShowView(false);
      changeFiles((files, source) => switchTo(files, source, file));
      // The editor takes the other file's text on the next render; then the cursor moves.
      setTimeout(() => jump(line, col), 0);
    } else jump(line, col);
  };

  const chooseExample = (example: Example) => {
    const w = current.current;
    replaceSource(example.source, example.stdin ?? "");
    setShowView(false);
    const kept = w && (isUntouched(w.source) ? w.scratch : w.source);
    setNotice(
      `Loaded the example ${example.name}.${kept ? " Your own program is kept in the scratch slot and in History." : ""}`,
    );
  };

  const startOver = () => {
    const w = current.current;
    replaceSource(HELLO_WORLD, "");
    setShowView(false);
    const kept = w && !isUntouched(w.source);
    setNotice(
      `Started over with the welcome program.${kept ? " Your own program is kept in the scratch slot and in History." : ""}`,
    );
  };

  const openTest = async (path: string) => {
    let test: TestCase;
    try {
      test = await fetchTestCase(path);
    } catch (error) {
      setNotice(`Could not open the test ${path}: ${error instanceof Error ? error.message : String(error)}.`);
      return;
    }
    const name = testFileName(test.path, current.current?.files?.names ?? [FIRST_FILE]);
    setShowView(false);
    changeFiles((files, source) => ({ files: addFile(files, source, name).files, source: test.source }));
    setTests((t) => ({ ...t, [name]: test }));
    setNotice(`Opened the test ${test.path} as ${name}, a copy you can edit: Run test checks its output.`);
  };

  const runTest = useCallback(() => {
    const w = current.current;
    const name = w?.files?.active ?? FIRST_FILE;
    const test = tests[name];
    if (!w || !test) return;
    setTab("output");
    host.begin();
    setTestRun({ test, run: runner.runs + 1 });
    const program = programFrom(w, name);
    void runner.run(program.source, { opt: w.opt, stdin: test.stdin, program });
  }, [tests, runner.run, runner.runs, host.begin]);

  const restore = () => {
    restoreScratch();
    setNotice(undefined);
  };

  // A share link that opened (at load, or pasted into this tab) says so, and where the user's work went.
  useEffect(() => {
    if (!opened) return;
    setNotice(
      opened.keptAside
        ? "Opened a shared program — your work is in the scratch slot and in History."
        : "Opened a shared program.",
    );
    dismissOpened();
  }, [opened, dismissOpened]);

  const openView = (title: string, text: string, language = "pith", line?: number, lineMap?: (SourceLine | null)[]) => {
    setView({ title, text, language, line, lineMap });
    setShowView(true);
  };
  useEffect(() => {
    const source = editor.current;
    // A view editor that was closed has no model any more: the next one links when it is ready.
    if (!linked || !view?.lineMap || !source || !viewEditor?.getModel()) return;
    return linkLines(source, viewEditor, view.lineMap, () => current.current?.files?.active ?? FIRST_FILE);
  }, [linked, view, viewEditor]);
  useEffect(() => setStdlibViewOpener((title, text, line) => openView(title, text, "pith", line)));
  useEffect(() => setWorkspaceFileOpener((file, line) => openFileAt(file, line, 1)));

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const action = pageAction(event, running);
      if (action) event.preventDefault();
      if (action === "run") run();
      else if (action === "help") setHelp(true);
      else if (action === "stop") stop();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [run, running, stop]);

  const problems = diagnostics.length;
  // From the live check of the whole program (not the last run's), so a mark goes as soon as its file is fixed.
  const filesWithErrors = new Set(diagnostics.filter((d) => d.severity === "error").map((d) => d.file));
  const errorLines = new Set(shownDiagnostics.filter((d) => d.severity === "error").map((d) => d.line));
  const editorPane = (
    <section className="pane editor-pane" aria-label="Editor">
      <div className="tabs">
        <FileTabs
          files={workspace?.files ?? initialFiles()}
          withErrors={filesWithErrors}
          editing={!showView}
          onSwitch={(name) => {
            setShowView(false);
            changeFiles((files, source) => switchTo(files, source, name));
          }}
          onNew={() => {
            setShowView(false);
            changeFiles((files, source) => addFile(files, source));
          }}
          onRename={(from, to) => {
            changeFiles((files, source) => ({ files: renameFile(files, from, to), source }));
            changeBreakpoints((b) => renameBreakpoints(b, from, to));
          }}
          onClose={(name) => {
            changeFiles((files, source) => closeFile(files, source, name));
            changeBreakpoints((b) => forgetBreakpoints(b, name));
          }}
        >
          {view && (
            <button
              type="button"
              role="tab"
              aria-selected={showView}
              tabIndex={showView ? 0 : -1}
              onClick={() => setShowView(true)}
            >
              {view.title} <span className="muted">(read-only)</span>
            </button>
          )}
        </FileTabs>
        {view && (
          <button
            type="button"
            className="close"
            aria-label={`Close ${view.title}`}
            onClick={() => {
              setView(undefined);
              setShowView(false);
            }}
          >
            ×
          </button>
        )}
      </div>
      <div
        className="editor-host"
        data-testid="editor"
        data-ready={ready ? "true" : "false"}
        data-editor={monacoUp ? "monaco" : "early"}
      >
        {workspace && !monacoUp && (
          <EarlyEditor
            ref={early}
            value={workspace.source}
            onChange={(source) => update({ source })}
            ariaLabel="Program source (Pith)"
            errorLines={errorLines}
            narrow={phone}
            fontSize={settings.fontSize}
            hidden={showView}
            onFormat={format}
            onFocus={earlyEditorTouched}
          />
        )}
        <Suspense fallback={null}>
          {workspace && loadMonaco && (
            <div className={linked ? "editor-layer split-left" : "editor-layer"} hidden={showView && !linked}>
              <CodeEditor
                value={workspace.source}
                revision={revision}
                path={workspace.files?.active ?? FIRST_FILE}
                onChange={(source) => update({ source })}
                diagnostics={shownDiagnostics}
                dark={dark}
                narrow={phone}
                fontSize={settings.fontSize}
                wordWrap={settings.wordWrap}
                vim={settings.vim}
                ariaLabel="Program source (Pith)"
                onRun={run}
                onFormat={format}
                onHistory={() => historyButton.current?.click()}
                onReady={(e) => {
                  editor.current = e;
                  void debuggerState.attach(e);
                  const state = early.current?.state();
                  if (state) handOver(state, e);
                  setMonacoUp(true);
                }}
              />
              {debuggerState.editing && (
                <BreakpointEditor
                  key={debuggerState.editing.line}
                  edit={debuggerState.editing}
                  onSave={debuggerState.saveEdit}
                  onCancel={debuggerState.closeEdit}
                />
              )}
            </div>
          )}
          {view && showView && loadMonaco && view.original !== undefined && (
            <div className="editor-layer">
              <DiffView
                original={view.original}
                modified={view.text}
                language={view.language}
                dark={dark}
                ariaLabel={`${view.title}, read-only`}
              />
            </div>
          )}
          {view && showView && loadMonaco && view.original === undefined && (
            <div className={linked ? "editor-layer split-right" : "editor-layer"} data-testid="view-layer">
              <CodeEditor
                value={view.text}
                language={view.language}
                revealLine={view.line}
                onReady={setViewEditor}
                readOnly
                dark={dark}
                narrow={phone}
                fontSize={settings.fontSize}
                wordWrap={settings.wordWrap}
                ariaLabel={`${view.title}, read-only`}
              />
            </div>
          )}
        </Suspense>
      </div>
      {/* Shown while the editor has the focus: how to leave it, which the Help dialog alone told before. */}
      <p className="editor-hint" id="editor-keys-hint" data-testid="editor-hint">
        Leave the editor: Escape, then Tab · Ctrl+M: Tab moves the focus · Ctrl+G: go to line · F1: commands
      </p>
    </section>
  );

  const bottomPane = (
    <section className="pane output-side" aria-label="Output and tools">
      <div className="tabs panel-tabs" role="tablist" aria-label="Panels" onKeyDown={onTablistKey}>
        {TABS.map(([id, label]) => (
          <button
            key={id}
            type="button"
            role="tab"
            id={`tab-${id}`}
            aria-selected={tab === id}
            aria-controls="panel-body"
            tabIndex={tab === id ? 0 : -1}
            onClick={() => setTab(id)}
            data-testid={`tab-${id}`}
          >
            {label}
            {id === "problems" && problems > 0 && <span className="badge">{problems}</span>}
          </button>
        ))}
      </div>
      <div className="tab-body" role="tabpanel" id="panel-body" aria-labelledby={`tab-${tab}`}>
        {tab === "output" && (
          <DebugPanel
            state={debuggerState.state}
            breakpoints={debuggerState.breakpoints}
            replayed={!canBlock()}
            onDebug={debuggerState.debug}
            onCommand={debuggerState.command}
            onStop={stop}
          />
        )}
        {tab === "output" && host.session && <CanvasPanel session={host.session} />}
        {tab === "output" && (
          <OutputPane
            phase={runner.phase}
            output={runner.output}
            runs={runner.runs}
            onInput={runner.input}
            onEndInput={runner.endInput}
            onJump={(line, col, file) => openFileAt(file, line, col)}
            test={testRun?.run === runner.runs ? testRun.test : undefined}
          />
        )}
        {tab === "problems" && (
          <ProblemsList
            diagnostics={diagnostics}
            shownFile={shownFile}
            source={workspace?.source ?? ""}
            onJump={(line, col, file) => openFileAt(file, line, col)}
            onFix={fixProblem}
          />
        )}
        {tab === "stdin" && (
          <div className="stdin-prepared">
            <label htmlFor="prepared-stdin">
              Prepared input: when not empty, the program reads this text and then end of input; when empty, it asks you
              line by line in the Output tab.
            </label>
            <textarea
              id="prepared-stdin"
              data-testid="prepared-stdin"
              value={workspace?.stdin ?? ""}
              onChange={(e) => update({ stdin: e.target.value })}
              spellCheck={false}
            />
          </div>
        )}
        {tab === "build" && workspace && (
          <>
            <BuildPanel
              program={entryProgram(workspace)}
              opt={workspace.opt}
              onOpt={setOpt}
              health={health}
              onShowIr={(ir) => openView("main.ll", ir, "llvm-ir")}
            />
            <ViewsPanel
              program={entryProgram(workspace)}
              opt={workspace.opt}
              serverUp={health.kind === "ok"}
              onShow={(v) => openView(v.title, v.text, v.language, undefined, v.lineMap)}
              onDiff={(original, modified) => {
                setView({
                  title: `${original.title} ↔ ${modified.title}`,
                  text: modified.text,
                  original: original.text,
                  language: modified.language,
                });
                setShowView(true);
              }}
            />
          </>
        )}
        {tab === "library" && (
          <LibraryPanel health={health} onOpen={(title, source) => openView(title, source)} onOpenTest={openTest} />
        )}
      </div>
    </section>
  );

  return (
    <div className={`app ${dark ? "dark" : "light"}`}>
      <header className="toolbar">
        <h1>Pith playground</h1>
        <div className="actions">
          {running ? (
            <button type="button" className="primary stop" onClick={stop} data-testid="stop">
              Stop
            </button>
          ) : (
            <button
              type="button"
              className="primary"
              onClick={run}
              disabled={!workspace || compiler.kind !== "ready"}
              data-testid="run"
              title="Run (Ctrl+Enter)"
            >
              Run
            </button>
          )}
          {tests[shownFile] && !showView && (
            <button
              type="button"
              onClick={runTest}
              disabled={running || compiler.kind !== "ready"}
              data-testid="run-test"
              title={`Run ${shownFile} and compare its output with what the test ${tests[shownFile].path} expects`}
            >
              Run test
            </button>
          )}
          <ExamplesMenu onChoose={chooseExample} onStartOver={startOver} />
          <HistoryMenu
            entries={history}
            buttonRef={historyButton}
            onOpen={(entry) => {
              openFromHistory(entry);
              setShowView(false);
              setNotice(`Opened "${entry.title}" from History. What was open is kept there too.`);
            }}
          />
          <ShareButton
            serverUp={health.kind === "ok"}
            program={() => (current.current ? toShared(current.current) : { source: "" })}
          />
          <button
            type="button"
            onClick={format}
            title={ready ? formatter.reason : "Format needs the compiler, which is loading"}
            disabled={!ready || !formatter.available}
          >
            Format
          </button>
          <BuildMenu
            ready={ready}
            onLocal={(emit) => {
              const w = current.current;
              if (!w) return;
              void buildLocally(entryProgram(w), w.opt, emit, (ir) => openView("main.ll", ir, "llvm-ir")).then(
                setNotice,
              );
            }}
            onPanel={() => {
              setTab("build");
              requestAnimationFrame(() => document.getElementById("tab-build")?.focus());
            }}
          />
        </div>
        <a
          className="header-link"
          href="/modelmanager.html"
          title="The anomaly service's dashboards"
          aria-label="Anomaly dashboards"
        >
          <span className="wide-only">Anomaly dashboards</span>
          <span className="narrow-only">Anomaly</span>
        </a>
        <button
          type="button"
          className="theme-button"
          aria-label={dark ? "Use the light theme" : "Use the dark theme"}
          title={dark ? "Light theme" : "Dark theme"}
          data-testid="theme-toggle"
          onClick={() => changeSettings({ theme: dark ? "light" : "dark" })}
        >
          {dark ? "☀" : "☾"}
        </button>
        <button
          type="button"
          className="settings-button"
          aria-label="Settings"
          title="Settings"
          data-testid="settings"
          onClick={() => setSettingsOpen(true)}
        >
          ⚙
        </button>
        <button
          type="button"
          className="help-button"
          onClick={() => setHelp(true)}
          aria-label="Help and keyboard shortcuts"
        >
          ?
        </button>
      </header>
      {notice && (
        <div className="notice" role="status">
          {notice}{" "}
          {workspace?.scratch !== undefined && notice.includes("scratch slot") && (
            <button type="button" onClick={restore}>
              Restore it
            </button>
          )}
          <button type="button" aria-label="Dismiss" onClick={() => setNotice(undefined)}>
            ×
          </button>
        </div>
      )}
      <main className="workbench">
        <Group orientation={phone ? "vertical" : "horizontal"} key={phone ? "phone" : "desktop"}>
          <Panel defaultSize="58" minSize="20">
            {editorPane}
          </Panel>
          <Separator className="separator" aria-label="Resize the panes" />
          <Panel defaultSize="42" minSize="15">
            {bottomPane}
          </Panel>
        </Group>
      </main>
      <StatusBar
        compiler={compiler}
        health={health}
        online={online}
        problems={problems}
        editorLoading={!monacoUp}
        editorWaits={!loadMonaco && running}
      />
      <HelpDialog open={help} onClose={() => setHelp(false)} />
      <SettingsDialog
        open={settingsOpen}
        settings={settings}
        onChange={changeSettings}
        onClose={() => setSettingsOpen(false)}
      />
    </div>
  );
}
