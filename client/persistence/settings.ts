// The editor settings (theme, font size, word wrap, Vim keys), kept in
// localStorage rather than beside the work in IndexedDB: localStorage answers
// synchronously, so the first paint already has the user's theme and the
// editor is created with the user's options (no flash, no second layout).
import { EDITOR_FONT_SIZE } from "../editor/editorMetrics";

export type Theme = "light" | "dark" | "system";
export const THEMES: readonly Theme[] = ["light", "dark", "system"];

export interface Settings {
  theme: Theme;
  fontSize: number;
  wordWrap: boolean;
  vim: boolean;
}

export const FONT_SIZES = { min: 10, max: 28 } as const;

export const DEFAULT_SETTINGS: Settings = { theme: "system", fontSize: EDITOR_FONT_SIZE, wordWrap: false, vim: false };

export const SETTINGS_KEY = "pith-playground:settings";

/**
 * Keeps each valid field of what was stored and the default for the rest: a
 * value written by an older or newer page, or edited by hand, never breaks the editor.
 */
export function parseSettings(stored: unknown): Settings {
  const s = (typeof stored === "object" && stored !== null ? stored : {}) as Record<string, unknown>;
  const size = s.fontSize;
  return {
    theme: THEMES.includes(s.theme as Theme) ? (s.theme as Theme) : DEFAULT_SETTINGS.theme,
    fontSize:
      typeof size === "number" && Number.isInteger(size) && size >= FONT_SIZES.min && size <= FONT_SIZES.max
        ? size
        : DEFAULT_SETTINGS.fontSize,
    wordWrap: typeof s.wordWrap === "boolean" ? s.wordWrap : DEFAULT_SETTINGS.wordWrap,
    vim: typeof s.vim === "boolean" ? s.vim : DEFAULT_SETTINGS.vim,
  };
}

export function loadSettings(): Settings {
  try {
    const text = localStorage.getItem(SETTINGS_KEY);
    return parseSettings(text ? JSON.parse(text) : undefined);
  } catch {
    // Storage refused (a private window) or unreadable JSON: the defaults.
    return { ...DEFAULT_SETTINGS };
  }
}

export function saveSettings(settings: Settings): void {
  try {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings));
  } catch {
    // Best effort, as the work itself: the settings still apply to this visit.
  }
}
