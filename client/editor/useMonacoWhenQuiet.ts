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
  const waiting = !load && started && !busy;
  if (waiting && startedAt.current === undefined) {
    startedAt.current = performance.now();
    firstSource.current = source;
  }

  // The deadline has a timer of its own, which typing does not reset: on a
  // loaded machine a keystroke may come before every idle moment, and a
  // deadline re-armed per keystroke would never be reached.
  useEffect(() => {
    if (!waiting || startedAt.current === undefined) return;
    const timer = setTimeout(() => setLoad(true), Math.max(0, startedAt.current + LATEST_MS - performance.now()));
    return () => clearTimeout(timer);
  }, [waiting]);

  // Earlier, at the first quiet moment: re-armed by every keystroke.
  useEffect(() => {
    if (!waiting) return;
    const quiet = source === firstSource.current && touches === 0 ? FIRST_WAIT_MS : QUIET_MS;
    let idle: number | undefined;
    const timer = setTimeout(() => {
      // An idle moment: no input waiting.
      const go = () => setLoad(true);
      if (typeof requestIdleCallback === "function") idle = requestIdleCallback(go, { timeout: QUIET_MS });
      else go();
    }, quiet);
    return () => {
      clearTimeout(timer);
      if (idle !== undefined) cancelIdleCallback(idle);
    };
  }, [waiting, source, touches]);

  const touched = useCallback(() => setTouches((n) => n + 1), []);
  return { load, touched };
}
