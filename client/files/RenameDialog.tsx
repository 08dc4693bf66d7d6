// Renaming a file, in the page: a modal dialog with the name field. A bad
// name is explained under the field and keeps the dialog open; nothing changes
// until a good name is confirmed. Escape or Cancel leave the file as it was.
import { useEffect, useRef, useState } from "react";
import { type Files, nameProblem, withExtension } from "./files";

export interface RenameDialogProps {
  files: Files;
  /** The file being renamed; undefined while the dialog is closed. */
  from: string | undefined;
  onRename: (from: string, to: string) => void;
  onDone: () => void;
}

export function RenameDialog({ files, from, onRename, onDone }: RenameDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [name, setName] = useState(from ?? "");
  const [problem, setProblem] = useState<string | undefined>();
  // The field holds the file's name in the very render that opens the dialog:
  // set from an effect, it arrived after the dialog was shown, and a user (or
  // a test) quick enough typed into the old text and had it replaced.
  const [openedFor, setOpenedFor] = useState(from);
  if (from !== openedFor) {
    setOpenedFor(from);
    setName(from ?? "");
    setProblem(undefined);
  }

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (from !== undefined && !d.open) d.showModal();
    if (from === undefined && d.open) d.close();
  }, [from]);

  const submit = () => {
    if (from === undefined) return;
    const to = withExtension(name);
    if (!to || to === from) return onDone();
    const why = nameProblem(files, to, from);
    if (why) return setProblem(why);
    onRename(from, to);
    onDone();
  };

  return (
    <dialog ref={dialog} className="rename" aria-labelledby="rename-title" onClose={onDone}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <h2 id="rename-title">Rename {from}</h2>
        <label htmlFor="rename-name">New name</label>
        <input
          id="rename-name"
          data-testid="rename-name"
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setProblem(undefined);
          }}
          onFocus={(e) => {
            // The name without its extension, ready to be typed over.
            const dot = e.currentTarget.value.lastIndexOf(".");
            e.currentTarget.setSelectionRange(0, dot > 0 ? dot : e.currentTarget.value.length);
          }}
          aria-invalid={problem !== undefined}
          aria-describedby={problem ? "rename-problem" : undefined}
          spellCheck={false}
          autoComplete="off"
        />
        {problem && (
          <p id="rename-problem" className="bad" role="alert">
            {problem}
          </p>
        )}
        <div className="row">
          <button type="submit" className="primary">
            Rename
          </button>
          <button type="button" onClick={onDone}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}
