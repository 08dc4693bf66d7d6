// The frame every dashboard page shares: navigation between the four pages,
// the backend switch ("server" / "this browser"), and the backend context.
import { createContext, type ReactNode, useContext, useMemo, useState } from "react";
import type { AnomalyBackend, BackendKind } from "./api";
import { backendFor, initialKind, pageHref, rememberKind } from "./backendChoice";

export const PAGES = [
  { file: "modelmanager.html", title: "Models" },
  { file: "modeltrainer.html", title: "Trainer" },
  { file: "visualize.html", title: "Visualize" },
  { file: "anomalies.html", title: "Anomalies" },
] as const;

interface BackendState {
  backend: AnomalyBackend;
  kind: BackendKind;
}

const BackendContext = createContext<BackendState | null>(null);

export function useBackend(): BackendState {
  const state = useContext(BackendContext);
  if (state === null) throw new Error("useBackend outside <Shell>");
  return state;
}

export function Shell({ page, children }: { page: string; children: ReactNode }) {
  const [kind, setKind] = useState<BackendKind>(initialKind);
  const state = useMemo(() => ({ kind, backend: backendFor(kind) }), [kind]);
  const choose = (next: BackendKind) => {
    rememberKind(next);
    setKind(next);
  };
  return (
    <BackendContext.Provider value={state}>
      <header className="topbar">
        <a className="brand" href="/">
          Anomaly
        </a>
        <nav>
          {PAGES.map((p) => (
            <a key={p.file} href={pageHref(p.file, kind)} className={p.file === page ? "current" : undefined}>
              {p.title}
            </a>
          ))}
        </nav>
        <fieldset className="backend-switch" data-testid="backend-switch">
          <legend>Engine</legend>
          {(["server", "local"] as const).map((k) => (
            <label key={k}>
              <input type="radio" name="backend" value={k} checked={kind === k} onChange={() => choose(k)} />
              {k === "server" ? "server" : "this browser"}
            </label>
          ))}
        </fieldset>
      </header>
      {/* Remounting on a switch drops the other backend's state cleanly. */}
      <main key={kind}>{children}</main>
    </BackendContext.Provider>
  );
}

/** A one-line outcome shown after an action. */
export type Notice = { kind: "ok" | "error"; text: string } | null;

export function NoticeLine({ notice }: { notice: Notice }) {
  if (notice === null) return null;
  return (
    <p className={`notice ${notice.kind}`} role={notice.kind === "error" ? "alert" : "status"} data-testid="notice">
      {notice.text}
    </p>
  );
}

export function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
