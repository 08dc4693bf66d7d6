// The metrics both editors share, the early one (EarlyEditor) and Monaco
// (CodeEditor): the same font, size, line height and gutter, so the text does
// not move when Monaco takes over.

/** Monaco's own default on Linux is "Droid Sans Mono"; naming the stack keeps both editors on one font everywhere. */
export const EDITOR_FONT = 'Menlo, Monaco, Consolas, "Droid Sans Mono", "DejaVu Sans Mono", "Courier New", monospace';
export const EDITOR_FONT_SIZE = 14;
export const EDITOR_LINE_HEIGHT = 19;
export const TAB_SIZE = 4;

/** The line height for a font size (the settings'): the default pair's ratio, so both editors agree at every size. */
export function lineHeightFor(fontSize: number): number {
  return fontSize === EDITOR_FONT_SIZE
    ? EDITOR_LINE_HEIGHT
    : Math.round((fontSize * EDITOR_LINE_HEIGHT) / EDITOR_FONT_SIZE);
}
