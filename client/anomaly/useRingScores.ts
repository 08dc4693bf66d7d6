// A model's ring rescored with its current forests, in the engine worker:
// server models travel as their export bundle, local ones are read by the
// worker itself. The key names the scoring for later contribution queries.
import { useCallback, useEffect, useState } from "react";
import { engine } from "./engine/engineClient";
import type { RingScores } from "./engine/ringScores";
import { errorText, useBackend } from "./Shell";

export type RingState =
  | { kind: "idle" }
  | { kind: "loading" }
  | { kind: "ready"; key: string; scores: RingScores; loadMs: number }
  | { kind: "failed"; message: string };

export async function loadRingScores(
  backendKind: "server" | "local",
  exportModel: (m: string) => Promise<unknown>,
  model: string,
): Promise<{ key: string; scores: RingScores }> {
  const key = `${backendKind}:${model}`;
  const scores =
    backendKind === "local"
      ? await engine().scoreLocal(key, model)
      : await engine().scoreBundle(key, await exportModel(model));
  return { key, scores };
}

export function useRingScores(model: string | null) {
  const { backend, kind } = useBackend();
  const [state, setState] = useState<RingState>({ kind: "idle" });
  const [generation, setGeneration] = useState(0);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: generation is how reload() asks for a fresh scoring.
  useEffect(() => {
    if (model === null || model === "") {
      setState({ kind: "idle" });
      return;
    }
    let live = true;
    setState((s) => (s.kind === "ready" ? s : { kind: "loading" }));
    const started = performance.now();
    loadRingScores(kind, (m) => backend.exportModel(m), model).then(
      ({ key, scores }) => live && setState({ kind: "ready", key, scores, loadMs: performance.now() - started }),
      (e: unknown) => live && setState({ kind: "failed", message: errorText(e) }),
    );
    return () => {
      live = false;
    };
  }, [backend, kind, model, generation]);

  return { state, reload };
}
