// When Monaco may load. Evaluating the editor chunk and creating the editor
// hold the page's thread for most of a second, with keystrokes waiting
// behind them; so Monaco starts once start-up is over and the user has not
// typed into the early editor for a moment, and at the latest a few seconds
// after start-up even if the typing never pauses. Never while a program is
// compiling or running: the long task would stall its frames and input (a
// canvas game steered with the keys), so Monaco waits for it to end.
import { useCallback, useEffect, useRef, useState } from "react";

/** Monaco starts this long after start-up (time for a click or keystroke already on its way)... */
const FIRST_WAIT_MS = 250;
/** ...or, once the user is in the early editor, after this long without typing... */
const QUIET_MS = 300;
/** ...or this long after start-up, whichever comes first. */
const LATEST_MS = 3_000;

/**
 * Whether Monaco should load, and `touched`, for the early editor to call when
 * it gets the focus. `started`: the early editor is up and the compiler
 * answered; `source`: the program, whose changes are the typing; `busy`: a
 * program is compiling or running.
 */
export function useMonacoWhenQuiet(
  started: boolean,
  source: string | undefined,
  busy: boolean,
): { load: boolean; touched: () => void } {
  const [load, setLoad] = useState(false);
  const [touches, setTouches] = useState(0);
  const startedAt = useRef<number | undefined>(undefined);
  const firstSource = useRef(source);
  useEffect(() => {
    if (load || !started || busy) return;
    if (startedAt.current === undefined) {
      startedAt.current = performance.now();
      firstSource.current = source;
    }
    const quiet = source === firstSource.current && touches === 0 ? FIRST_WAIT_MS : QUIET_MS;
    const wait = Math.max(0, Math.min(quiet, startedAt.current + LATEST_MS - performance.now()));
    const go = () => setLoad(true);
    let idle: number | undefined;
    const timer = setTimeout(() => {
      // An idle moment: no input waiting.
      if (typeof requestIdleCallback === "function") idle = requestIdleCallback(go, { timeout: QUIET_MS });
      else go();
    }, wait);
    return () => {
      clearTimeout(timer);
      if (idle !== undefined) cancelIdleCallback(idle);
    };
  }, [load, started, source, touches, busy]);
  const touched = useCallback(() => setTouches((n) => n + 1), []);
  return { load, touched };
}
