// The current backend's models, refreshed on demand and when live verdicts
// arrive (at most every half second).
import { useCallback, useEffect, useRef, useState } from "react";
import type { ModelsList } from "./api";
import { errorText, useBackend } from "./Shell";

export function useModels() {
  const { backend } = useBackend();
  const [list, setList] = useState<ModelsList | null>(null);
  const [error, setError] = useState<string | null>(null);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);

  const refresh = useCallback(async () => {
    try {
      setList(await backend.listModels());
      setError(null);
    } catch (e) {
      setError(errorText(e));
    }
  }, [backend]);

  useEffect(() => {
    void refresh();
    const off = backend.subscribe(() => {
      pending.current ??= setTimeout(() => {
        pending.current = null;
        void refresh();
      }, 500);
    });
    return () => {
      off();
      if (pending.current !== null) clearTimeout(pending.current);
      pending.current = null;
    };
  }, [backend, refresh]);

  return { list, error, refresh };
}
