// Live diagnostics: `check --json` in the compiler worker shortly after each
// edit. At most one check runs at a time; edits during a check queue exactly
// one more, with the latest source, so results never arrive out of order.
import { useEffect, useRef, useState } from "react";
import { checkSource } from "./compile";
import type { Diagnostic } from "./diagnostics";

const DEBOUNCE_MS = 40;

export function useDiagnostics(source: string, enabled: boolean): Diagnostic[] {
  const [diagnostics, setDiagnostics] = useState<Diagnostic[]>([]);
  const state = useRef({ busy: false, next: undefined as string | undefined });

  useEffect(() => {
    if (!enabled) return;
    const pump = async () => {
      const s = state.current;
      if (s.busy || s.next === undefined) return;
      const text = s.next;
      s.next = undefined;
      s.busy = true;
      try {
        setDiagnostics(await checkSource(text));
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
      state.current.next = source;
      void pump();
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [source, enabled]);

  return diagnostics;
}
