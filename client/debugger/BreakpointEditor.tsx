// The form under a line of the editor (right-click the gutter, or Shift+F9)
// that makes its breakpoint conditional or a logpoint. Drawn into a Monaco
// content widget through a portal; Enter saves, Escape leaves without
// changing anything, and the focus goes back to the editor either way.
// A condition the debugger cannot read is refused here with the reason.

import { useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { conditionError } from "../../lang/runtime/debug/condition";
import type { BreakpointEdit } from "./useDebugger";

interface Props {
  edit: BreakpointEdit;
  onSave: (line: number, change: { condition?: string; log?: string }) => void;
  onCancel: () => void;
}

export function BreakpointEditor({ edit, onSave, onCancel }: Props) {
  const [kind, setKind] = useState<"condition" | "log">(edit.current?.log !== undefined ? "log" : "condition");
  const [text, setText] = useState(edit.current?.log ?? edit.current?.condition ?? "");
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  // After the event that opened the form: Monaco focuses its own text area on a gutter click.
  useEffect(() => {
    const timer = setTimeout(() => input.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, []);

  const save = () => {
    if (kind === "condition") {
      const error = text.trim() === "" ? null : conditionError(text);
      if (error) return setProblem(error);
      return onSave(edit.line, { condition: text });
    }
    onSave(edit.line, { log: text });
  };

  const id = `breakpoint-edit-${edit.line}`;
  return createPortal(
    <form
      className="debug-breakpoint-form"
      aria-label={`Breakpoint on line ${edit.line}`}
      data-testid="breakpoint-editor"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
      onKeyDown={(event) => {
        // Keys stay in the form: Monaco would otherwise take them as edits of the program.
        event.stopPropagation();
        if (event.key === "Escape") onCancel();
      }}
    >
      <select
        aria-label="Kind of breakpoint"
        value={kind}
        onChange={(event) => setKind(event.target.value as "condition" | "log")}
        data-testid="breakpoint-kind"
      >
        <option value="condition">Condition</option>
        <option value="log">Log message</option>
      </select>
      <input
        ref={input}
        id={id}
        aria-label={kind === "condition" ? "Stop only when" : "Print instead of stopping"}
        value={text}
        placeholder={kind === "condition" ? 'i == 3 && name != "x"' : "total is {total}"}
        aria-invalid={problem !== null}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => {
          setText(event.target.value);
          setProblem(null);
        }}
        data-testid="breakpoint-text"
      />
      <button type="submit">Save</button>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
      {problem && (
        <p id={`${id}-problem`} role="alert" className="debug-breakpoint-problem">
          {problem}
        </p>
      )}
    </form>,
    edit.host,
  );
}
