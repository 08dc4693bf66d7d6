// Live diagnostics: `check --json` in the compiler worker as soon as an edit
// is committed. At most one check runs at a time; edits during a check queue
// exactly one more, with the latest source, so results never arrive out of
// order, and the result of a check that a newer text is already waiting
// behind is dropped (its squiggles would sit on text that has moved on).
import { useLayoutEffect, useRef, useState } from "react";
import type { ProgramFiles } from "../files/program";
import { checkSource } from "./compile";
import type { Diagnostic } from "./diagnostics";

/** Diagnostics of `program`, every file's (each labelled with its file). */
export function useDiagnostics(program: ProgramFiles, enabled: boolean): Diagnostic[] {
  const [diagnostics, setDiagnostics] = useState<Diagnostic[]>([]);
  const state = useRef({ busy: false, next: undefined as ProgramFiles | undefined, shown: "[]" });
  // The effect runs when the program's text changes, not when an equal object is made again.
  const key = JSON.stringify(program);

  // No debounce: a check takes a few ms of the worker's time, and typing fast queues one check, not one per
  // key. A layout effect starts it in the commit of the key's render rather than after the next paint.
  useLayoutEffect(() => {
    if (!enabled) return;
    const show = (found: Diagnostic[]) => {
      const s = state.current;
      // The same diagnostics again (most keys change none) draw nothing again.
      const shown = JSON.stringify(found);
      if (shown === s.shown) return;
      s.shown = shown;
      setDiagnostics(found);
    };
    const pump = async () => {
      const s = state.current;
      if (s.busy || s.next === undefined) return;
      const text = s.next;
      s.next = undefined;
      s.busy = true;
      try {
        const found = await checkSource(text.source, text);
        if (s.next === undefined) show(found);
      } catch (error) {
        show([{ file: "", line: 1, col: 1, endLine: 1, endCol: 1, severity: "error", message: String(error) }]);
      } finally {
        s.busy = false;
        void pump();
      }
    };
    state.current.next = JSON.parse(key) as ProgramFiles;
    void pump();
  }, [key, enabled]);

  return diagnostics;
}
