// One HostSession per run, for App: `begin` in the Run click (audio needs
// the gesture), events routed to it, `end` when the run ends or on Stop.
import { useCallback, useRef, useState } from "react";
import type { ProgramEvent } from "../run/programEvents";
import { HostSession } from "./hostSession";

declare global {
  interface Window {
    /** The current run's host session, for end-to-end tests (frames, audio tap). */
    pithHostSession?: HostSession;
  }
}

export function useHostSession() {
  const [session, setSession] = useState<HostSession | undefined>();
  const current = useRef<HostSession | undefined>(undefined);

  const begin = useCallback(() => {
    current.current?.end();
    const next = new HostSession();
    current.current = next;
    window.pithHostSession = next;
    setSession(next);
  }, []);

  const onEvent = useCallback((event: Extract<ProgramEvent, { kind: "host" }>) => {
    current.current?.handle(event.module, event.payload);
  }, []);

  const end = useCallback(() => current.current?.end(), []);

  return { session, begin, onEvent, end };
}
