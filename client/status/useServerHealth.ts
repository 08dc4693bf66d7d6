// Whether the playground's server answers (native builds, short links and
// the docs need it; editing, compiling and running do not), and whether the
// browser believes it is online at all.
import { useEffect, useState } from "react";
import { afterStartup } from "../startup/afterStartup";

export type ServerHealth =
  | { kind: "checking" }
  | { kind: "ok"; version: string; toolchain: Record<string, boolean> }
  | { kind: "unreachable"; reason: string };

const POLL_MS = 30_000;

export async function fetchHealth(): Promise<ServerHealth> {
  try {
    const response = await fetch("/health", { cache: "no-store" });
    if (!response.ok) return { kind: "unreachable", reason: `the server answered ${response.status}` };
    const body = (await response.json()) as {
      version?: string;
      compiler_version?: string;
      toolchain?: Record<string, boolean>;
    };
    return { kind: "ok", version: body.version ?? body.compiler_version ?? "?", toolchain: body.toolchain ?? {} };
  } catch {
    return { kind: "unreachable", reason: navigator.onLine ? "the server does not answer" : "you are offline" };
  }
}

export function useServerHealth(): { health: ServerHealth; online: boolean } {
  const [health, setHealth] = useState<ServerHealth>({ kind: "checking" });
  const [online, setOnline] = useState(navigator.onLine);
  useEffect(() => {
    let live = true;
    const check = () => fetchHealth().then((h) => live && setHealth(h));
    const changed = () => {
      setOnline(navigator.onLine);
      void check();
    };
    // The first check waits for start-up: the editor never waits on the network.
    afterStartup(() => void check());
    const timer = setInterval(check, POLL_MS);
    window.addEventListener("online", changed);
    window.addEventListener("offline", changed);
    return () => {
      live = false;
      clearInterval(timer);
      window.removeEventListener("online", changed);
      window.removeEventListener("offline", changed);
    };
  }, []);
  return { health, online };
}
