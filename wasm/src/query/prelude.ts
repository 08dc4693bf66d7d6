// The prelude's functions the checker implements itself, as completion and
// hover show them: the list lives in syntax/lexicon.ts, which the editors
// read too.
import { PRELUDE_FUNCTIONS } from "../syntax/lexicon";

export const PRELUDE: string[][] = PRELUDE_FUNCTIONS;

/** The prelude entry for a builtin call target ("#println"), or null. */
export function preludeEntry(name: string): string[] | null {
  for (let i = 0; i < PRELUDE.length; i++) if (PRELUDE[i][0] == name) return PRELUDE[i];
  return null;
}
