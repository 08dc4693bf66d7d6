// The status bar: compiler readiness and version, server health, offline.
import type { CompilerState } from "../compiler/useCompilerVersion";
import type { ServerHealth } from "./useServerHealth";

export function StatusBar({
  compiler,
  health,
  online,
  problems,
  editorLoading,
  editorWaits,
}: {
  compiler: CompilerState;
  health: ServerHealth;
  online: boolean;
  problems: number;
  /** The early editor is in use while Monaco (completion, hover, squiggles) loads. */
  editorLoading: boolean;
  /** ...and waits for the running program, whose frames and keys its loading would stall. */
  editorWaits?: boolean;
}) {
  return (
    <footer className="status-bar" role="status" aria-label="Status">
      <span data-testid="compiler-status">
        {compiler.kind === "loading" && "Loading the compiler…"}
        {compiler.kind === "ready" && (
          <>
            Compiler <span data-testid="compiler-version">{compiler.version}</span> ready (in your browser)
          </>
        )}
        {compiler.kind === "failed" && `The compiler failed to start: ${compiler.message}`}
      </span>
      {editorLoading && (
        <span id="editor-loading-note" className="muted" data-testid="editor-loading">
          {editorWaits ? "The full editor loads when the program ends" : "Loading the full editor…"}
        </span>
      )}
      <span>{problems === 0 ? "No problems" : `${problems} problem${problems === 1 ? "" : "s"}`}</span>
      <span data-testid="server-status">
        {health.kind === "checking" && "Server: checking…"}
        {health.kind === "ok" && "Server: connected"}
        {health.kind === "unreachable" && `Server: unreachable (${health.reason})`}
      </span>
      {!online && <span className="bad">Offline: editing, compiling and running still work</span>}
    </footer>
  );
}
