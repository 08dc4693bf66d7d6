// The editor's file tabs: click to switch, + for a new file, the pencil to
// rename (double-click works too) and × to close (after asking: closing
// deletes the file's text).
import { useState } from "react";
import { type Files, nameProblem } from "./files";

export interface FileTabsProps {
  files: Files;
  /** False while a read-only view (LLVM IR, a library module) is in front. */
  editing: boolean;
  onSwitch: (name: string) => void;
  onNew: () => void;
  onRename: (from: string, to: string) => void;
  onClose: (name: string) => void;
}

export function FileTabs({ files, editing, onSwitch, onNew, onRename, onClose }: FileTabsProps) {
  const [problem, setProblem] = useState<string | undefined>();
  const rename = (from: string) => {
    const to = window.prompt(`Rename ${from} to:`, from)?.trim();
    if (!to || to === from) return;
    const why = nameProblem(files, to, from);
    setProblem(why);
    if (!why) onRename(from, to);
  };
  return (
    <>
      {files.names.map((name) => {
        const active = editing && name === files.active;
        return (
          <span key={name} className={`file-tab${active ? " active" : ""}`} data-testid={`file-${name}`}>
            <button
              type="button"
              role="tab"
              aria-selected={active}
              onClick={() => onSwitch(name)}
              onDoubleClick={() => rename(name)}
            >
              {name}
            </button>
            {name === files.active && (
              <button type="button" className="icon" aria-label={`Rename ${name}`} onClick={() => rename(name)}>
                ✎
              </button>
            )}
            {files.names.length > 1 && (
              <button
                type="button"
                className="icon"
                aria-label={`Close ${name}`}
                onClick={() => window.confirm(`Close ${name}? Its text is deleted.`) && onClose(name)}
              >
                ×
              </button>
            )}
          </span>
        );
      })}
      <button type="button" className="icon new-file" aria-label="New file" title="New file" onClick={onNew}>
        +
      </button>
      {problem && (
        <span className="tab-problem" role="alert">
          {problem}
        </span>
      )}
    </>
  );
}
