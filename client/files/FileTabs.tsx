// The editor's file tabs: click (or arrow keys) to switch, + for a new file,
// the pencil to rename the file in the editor (double-click a tab works too;
// the name is asked in RenameDialog) and × to close it (after asking: closing
// deletes the file's text).
import { type ReactNode, useState } from "react";
import { createPortal } from "react-dom";
import { onTablistKey } from "../layout/tablistKeys";
import type { Files } from "./files";
import { RenameDialog } from "./RenameDialog";

export interface FileTabsProps {
  files: Files;
  /** False while a read-only view (LLVM IR, a library module) is in front. */
  editing: boolean;
  onSwitch: (name: string) => void;
  onNew: () => void;
  onRename: (from: string, to: string) => void;
  onClose: (name: string) => void;
  /** The files with compile errors: their tabs carry a mark. */
  withErrors?: ReadonlySet<string>;
  /** More tabs after the files' (a read-only view). */
  children?: ReactNode;
}

export function FileTabs({ files, editing, onSwitch, onNew, onRename, onClose, withErrors, children }: FileTabsProps) {
  const [renaming, setRenaming] = useState<string | undefined>();
  const rename = (from: string) => setRenaming(from);
  const active = files.active;
  return (
    <>
      {/* Only tabs inside the tab list (as ARIA requires): the active file's rename and close buttons follow it. */}
      <div className="tab-row" role="tablist" aria-label="Open files" onKeyDown={onTablistKey}>
        {files.names.map((name) => {
          const selected = editing && name === active;
          return (
            <button
              key={name}
              type="button"
              role="tab"
              className={`file-tab${selected ? " active" : ""}${withErrors?.has(name) ? " has-errors" : ""}`}
              // The mark itself is drawn by CSS; its meaning is in the tab's name, for screen readers.
              aria-label={withErrors?.has(name) ? `${name}, has errors` : undefined}
              title={withErrors?.has(name) ? `${name} has errors` : undefined}
              data-testid={`file-${name}`}
              aria-selected={selected}
              tabIndex={selected ? 0 : -1}
              onClick={() => onSwitch(name)}
              onDoubleClick={() => rename(name)}
            >
              {name}
            </button>
          );
        })}
        {children}
      </div>
      <button
        type="button"
        className="icon"
        aria-label={`Rename ${active}`}
        title="Rename"
        onClick={() => rename(active)}
      >
        ✎
      </button>
      {files.names.length > 1 && (
        <button
          type="button"
          className="icon"
          aria-label={`Close ${active}`}
          title="Close"
          onClick={() => window.confirm(`Close ${active}? Its text is deleted.`) && onClose(active)}
        >
          ×
        </button>
      )}
      <button type="button" className="icon new-file" aria-label="New file" title="New file" onClick={onNew}>
        +
      </button>
      {/* In the body, not in the tab row: the row's tab styles must not reach the dialog's buttons. */}
      {createPortal(
        <RenameDialog files={files} from={renaming} onRename={onRename} onDone={() => setRenaming(undefined)} />,
        document.body,
      )}
    </>
  );
}
