// The debugger's controls and what a paused program shows: the buttons (with
// their keys), the Variables of every frame, innermost first, and the Call
// Stack. Values are as println prints them; an outer frame's locals are
// those of its own last stop, marked when they are not of its current line.
import type { Breakpoint, DebugCommand, DebugFrame, DebugLocal } from "../../lang/runtime/debug/debugEngine";
import type { DebugState } from "./useDebugger";

interface Props {
  state: DebugState;
  /** The shown file's breakpoints. */
  breakpoints: Breakpoint[];
  /** Whether the page lacks SharedArrayBuffer, so each answer runs the program again (client/run/replay.ts). */
  replayed: boolean;
  onDebug: () => void;
  onCommand: (command: DebugCommand) => void;
  onStop: () => void;
}

const REPLAYED =
  ". This page is not cross-origin isolated, so each step runs the program again from its start to the next stop";

export function DebugPanel({ state, breakpoints, replayed, onDebug, onCommand, onStop }: Props) {
  const paused = state.kind === "paused";
  const stop = paused ? state.stop : null;
  // Nothing to debug yet (no session, no breakpoint): one button, so the
  // Output tab of someone who never debugs stays as it was.
  if (state.kind === "off" && breakpoints.length === 0)
    return (
      <section className="debug-panel debug-panel-idle" aria-label="Debugger" data-testid="debug-panel">
        <button
          type="button"
          onClick={onDebug}
          aria-keyshortcuts="F5"
          title={`Debug (F5): set breakpoints by clicking the line numbers or pressing F9${replayed ? REPLAYED : ""}`}
          data-testid="debug-start"
        >
          Debug
        </button>
      </section>
    );
  return (
    <section className="debug-panel" aria-label="Debugger" data-testid="debug-panel">
      <div className="debug-toolbar" role="toolbar" aria-label="Debug controls">
        {state.kind === "off" ? (
          <button
            type="button"
            onClick={onDebug}
            aria-keyshortcuts="F5"
            title={replayed ? `Debug (F5)${REPLAYED}` : undefined}
            data-testid="debug-start"
          >
            Debug <span className="debug-key">(F5)</span>
          </button>
        ) : (
          <button
            type="button"
            onClick={() => onCommand("continue")}
            disabled={!paused}
            aria-keyshortcuts="F5"
            data-testid="debug-continue"
          >
            Continue <span className="debug-key">(F5)</span>
          </button>
        )}
        <button
          type="button"
          onClick={() => onCommand("stepOver")}
          disabled={!paused}
          aria-keyshortcuts="F10"
          data-testid="debug-step-over"
        >
          Step Over <span className="debug-key">(F10)</span>
        </button>
        <button
          type="button"
          onClick={() => onCommand("stepInto")}
          disabled={!paused}
          aria-keyshortcuts="F11"
          data-testid="debug-step-into"
        >
          Step Into <span className="debug-key">(F11)</span>
        </button>
        <button
          type="button"
          onClick={() => onCommand("stepOut")}
          disabled={!paused}
          aria-keyshortcuts="Shift+F11"
          data-testid="debug-step-out"
        >
          Step Out <span className="debug-key">(Shift+F11)</span>
        </button>
        <button type="button" onClick={onStop} disabled={state.kind === "off"} data-testid="debug-stop">
          Stop
        </button>
        <span className="debug-status" role="status" aria-live="polite" data-testid="debug-status">
          {stop
            ? `${stop.reason === "panic" ? "Panicked" : "Paused"} at line ${stop.line}`
            : state.kind === "running"
              ? "Running…"
              : `${breakpoints.length} breakpoint${breakpoints.length === 1 ? "" : "s"} · click the gutter or press F9; right-click or Shift+F9 for a condition`}
        </span>
      </div>
      {stop && (
        <div className="debug-views">
          <section className="debug-variables" aria-label="Variables" data-testid="debug-variables">
            <h3>Variables</h3>
            {frames(stop.stack).map(({ frame, depth, innermost }) => (
              <Frame key={depth} frame={frame} innermost={innermost} />
            ))}
          </section>
          <section className="debug-stack" aria-label="Call Stack" data-testid="debug-call-stack">
            <h3>Call Stack</h3>
            <ol>
              {frames(stop.stack).map(({ frame, depth, innermost }) => (
                <li key={depth} aria-current={innermost ? "step" : undefined}>
                  {frame.function} <span className="debug-line">line {frame.line}</span>
                </li>
              ))}
            </ol>
          </section>
        </div>
      )}
    </section>
  );
}

/** Frames with their depth from main (a stable key while stepping), innermost first. */
function frames(stack: DebugFrame[]): { frame: DebugFrame; depth: number; innermost: boolean }[] {
  return stack.map((frame, at) => ({ frame, depth: stack.length - at, innermost: at === 0 }));
}

function Frame({ frame, innermost }: { frame: DebugFrame; innermost: boolean }) {
  const stale = !innermost && frame.localsLine !== frame.line;
  return (
    <details open={innermost} className="debug-frame">
      <summary>
        {frame.function}
        {stale && frame.locals ? ` (as at line ${frame.localsLine})` : ""}
      </summary>
      {frame.locals === null ? (
        <p className="debug-none">Not read yet: this frame has not stopped since it began.</p>
      ) : (
        <table>
          <tbody>
            {frame.locals.map((local) => (
              <tr key={`${local.name}:${local.type}`} data-testid={innermost ? `debug-var-${local.name}` : undefined}>
                <th scope="row">{local.name}</th>
                <td className="debug-value">
                  <Value local={local} path={local.name} testIds={innermost} />
                </td>
                <td className="debug-type">{local.type}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </details>
  );
}

/**
 * A value's text, and for a struct, array, tuple, enum payload or map its
 * parts under it, each opening its own parts in turn (keyboard: Enter/Space
 * on a summary). Test ids name the path: `debug-var-line.from.x`.
 */
function Value({ local, path, testIds }: { local: DebugLocal; path: string; testIds: boolean }) {
  if (!local.fields || local.fields.length === 0) return <>{local.value}</>;
  return (
    <details>
      <summary aria-label={`${local.name}: ${local.value}, ${local.fields.length} parts`}>{local.value}</summary>
      <table className="debug-fields">
        <tbody>
          {local.fields.map((field) => (
            <tr key={field.name} data-testid={testIds ? `debug-var-${path}.${field.name}` : undefined}>
              <th scope="row">{field.name}</th>
              <td className="debug-value">
                <Value local={field} path={`${path}.${field.name}`} testIds={testIds} />
              </td>
              <td className="debug-type">{field.type}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
