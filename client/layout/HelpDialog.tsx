// Keyboard shortcuts and what the playground can do, in a modal dialog.
import { useEffect, useRef } from "react";

const SHORTCUTS: [string, string][] = [
  ["Ctrl+Enter / Cmd+Enter", "Run"],
  ["Escape (in the output)", "Stop a running program"],
  ["Shift+Alt+F", "Format the program"],
  ["Ctrl+/", "Toggle line comment"],
  ["Ctrl+Space", "Complete a name (keywords, prelude, std modules)"],
  ["F8 / Shift+F8", "Next / previous problem"],
  ["Ctrl+. (on a problem)", "Quick fix, where the problem names its repair"],
  ["Ctrl+F, Ctrl+H", "Find, replace"],
  [
    "Ctrl+M (Ctrl+Shift+M on a Mac)",
    "Tab moves the focus out of the editor instead of indenting (press again to undo)",
  ],
  ["Escape, then Tab", "Leave the editor once (Shift+Tab: back)"],
  ["F1 (in the editor)", "The editor's command palette"],
  ["Ctrl+G", "Go to a line (Go to Line/Column in the palette)"],
  ["Ctrl+D (in the output, while a program reads input)", "End of input"],
  ["Tab (in a suggestion list)", "Accept the suggestion; Enter always starts a new line"],
  ["Arrow keys, Home, End", "Move through a menu or the panel tabs; Escape closes a menu"],
  ["Double-click a file tab", "Rename the file (+ opens a new one)"],
  ["Shift+F1, or F1 outside the editor", "This help"],
];

export function HelpDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog ref={dialog} className="help" aria-labelledby="help-title" onClose={onClose}>
      <h2 id="help-title">Keyboard shortcuts</h2>
      <table>
        <tbody>
          {SHORTCUTS.map(([keys, what]) => (
            <tr key={keys}>
              <td>
                <kbd>{keys}</kbd>
              </td>
              <td>{what}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        The compiler runs in your browser: editing, checking, compiling and running work offline. Native builds, short
        links and the rendered docs need the server.
      </p>
      <form method="dialog">
        <button type="submit">Close</button>
      </form>
    </dialog>
  );
}
