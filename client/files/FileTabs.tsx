// The editor's file tabs: click to switch, + for a new file, the pencil to
// rename (double-click works too; the name is asked in RenameDialog) and × to
// close (after asking: closing deletes the file's text).
import { useState } from "react";
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
}

export function FileTabs({ files, editing, onSwitch, onNew, onRename, onClose }: FileTabsProps) {
  const [renaming, setRenaming] = useState<string | undefined>();
  const rename = (from: string) => setRenaming(from);
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
              tabIndex={active || (!editing && name === files.active) ? 0 : -1}
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
      <RenameDialog files={files} from={renaming} onRename={onRename} onDone={() => setRenaming(undefined)} />
    </>
  );
}
