// Which backend the pages use: `?backend=local|server` in the URL wins, then
// the last choice (localStorage), then the server. Switching keeps the page.
import type { AnomalyBackend, BackendKind } from "./api";
import { HttpBackend } from "./httpBackend";
import { LocalBackend } from "./localBackend";

const KEY = "anomaly.backend";
const instances: Partial<Record<BackendKind, AnomalyBackend>> = {};

export function backendFor(kind: BackendKind): AnomalyBackend {
  instances[kind] ??= kind === "local" ? new LocalBackend() : new HttpBackend();
  return instances[kind];
}

export function initialKind(): BackendKind {
  const fromUrl = new URLSearchParams(location.search).get("backend");
  if (fromUrl === "local" || fromUrl === "server") return fromUrl;
  const saved = localStorage.getItem(KEY);
  return saved === "local" ? "local" : "server";
}

export function rememberKind(kind: BackendKind): void {
  localStorage.setItem(KEY, kind);
  const url = new URL(location.href);
  url.searchParams.set("backend", kind);
  history.replaceState(null, "", url);
}

/** A dashboard link that keeps the backend and adds `params`. */
export function pageHref(page: string, kind: BackendKind, params: Record<string, string> = {}): string {
  const search = new URLSearchParams({ backend: kind, ...params });
  return `/${page}?${search}`;
}
