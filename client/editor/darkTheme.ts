// The dark editor theme: Monaco's vs-dark with every colour the Pith tokens
// use written out, so each is known to stand out from the background by at
// least WCAG's 4.5:1 (darkTheme.test.ts computes it). The early editor's dark
// colours (layout/app.css, `.dark .tok-*`) are the same, checked by the same test.
import type { editor } from "monaco-editor/editor";

export const PITH_DARK_THEME = "pith-dark";
export const DARK_BACKGROUND = "#1e1e1e";
export const DARK_FOREGROUND = "#d4d4d4";

/** Every token the Pith grammar (pithLanguage.ts) gives a colour, by its Monarch name. */
const TOKEN_COLORS: Record<string, string> = {
  comment: "#6a9955",
  keyword: "#569cd6",
  constant: "#569cd6",
  type: "#3dc9b0",
  "type.identifier": "#4ec9b0",
  identifier: DARK_FOREGROUND,
  operator: DARK_FOREGROUND,
  delimiter: "#dcdcdc",
  "delimiter.bracket": "#dcdcdc",
  number: "#b5cea8",
  "number.float": "#b5cea8",
  "number.hex": "#5bb498",
  "number.binary": "#5bb498",
  string: "#ce9178",
  "string.quote": "#ce9178",
  "string.escape": "#d7ba7d",
};

export const pithDarkTheme: editor.IStandaloneThemeData = {
  base: "vs-dark",
  inherit: true,
  rules: Object.entries(TOKEN_COLORS).map(([token, color]) => ({ token, foreground: color.slice(1) })),
  colors: {
    "editor.background": DARK_BACKGROUND,
    "editor.foreground": DARK_FOREGROUND,
    "editorLineNumber.foreground": "#858585",
    // Bracket pairs are coloured by depth: these are the colours of the first three.
    "editorBracketHighlight.foreground1": "#ffd700",
    "editorBracketHighlight.foreground2": "#da70d6",
    "editorBracketHighlight.foreground3": "#179fff",
  },
};
