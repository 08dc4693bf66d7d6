// Live diagnostics: `check --json` in the compiler worker shortly after each
// edit. At most one check runs at a time; edits during a check queue exactly
// one more, with the latest source, so results never arrive out of order.
import { useEffect, useRef, useState } from "react";
import type { ProgramFiles } from "../files/program";
import { checkSource } from "./compile";
import type { Diagnostic } from "./diagnostics";

// Short: a check runs at most once at a time anyway, so typing fast queues one check, not one per key.
const DEBOUNCE_MS = 20;

/** Diagnostics of `program`, every file's (each labelled with its file). */
export function useDiagnostics(program: ProgramFiles, enabled: boolean): Diagnostic[] {
  const [diagnostics, setDiagnostics] = useState<Diagnostic[]>([]);
  const state = useRef({ busy: false, next: undefined as ProgramFiles | undefined });
  // The effect runs when the program's text changes, not when an equal object is made again.
  const key = JSON.stringify(program);

  useEffect(() => {
    if (!enabled) return;
    const pump = async () => {
      const s = state.current;
      if (s.busy || s.next === undefined) return;
      const text = s.next;
      s.next = undefined;
      s.busy = true;
      try {
        setDiagnostics(await checkSource(text.source, text));
      } catch (error) {
        setDiagnostics([
          { file: "", line: 1, col: 1, endLine: 1, endCol: 1, severity: "error", message: String(error) },
        ]);
      } finally {
        s.busy = false;
        void pump();
      }
    };
    const timer = setTimeout(() => {
      state.current.next = JSON.parse(key) as ProgramFiles;
      void pump();
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [key, enabled]);

  return diagnostics;
}
