// The settings dialog: theme, editor font size, word wrap and Vim keys. Every
// change applies at once and is saved (persistence/settings.ts).
import { useEffect, useRef } from "react";
import { FONT_SIZES, type Settings, THEMES, type Theme } from "../persistence/settings";

const THEME_NAMES: Record<Theme, string> = { light: "Light", dark: "Dark", system: "As the system" };

export interface SettingsDialogProps {
  open: boolean;
  settings: Settings;
  onChange: (patch: Partial<Settings>) => void;
  onClose: () => void;
}

export function SettingsDialog({ open, settings, onChange, onClose }: SettingsDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog ref={dialog} className="settings" aria-labelledby="settings-title" onClose={onClose}>
      <h2 id="settings-title">Settings</h2>
      <fieldset>
        <legend>Theme</legend>
        {THEMES.map((theme) => (
          <label key={theme} htmlFor={`theme-${theme}`}>
            <input
              id={`theme-${theme}`}
              type="radio"
              name="theme"
              value={theme}
              checked={settings.theme === theme}
              onChange={() => onChange({ theme })}
            />{" "}
            {THEME_NAMES[theme]}
          </label>
        ))}
      </fieldset>
      <label className="setting" htmlFor="setting-font-size">
        Editor font size{" "}
        <input
          id="setting-font-size"
          type="number"
          data-testid="setting-font-size"
          min={FONT_SIZES.min}
          max={FONT_SIZES.max}
          value={settings.fontSize}
          onChange={(e) => {
            const size = e.currentTarget.valueAsNumber;
            // Out-of-range or half-typed sizes are not applied; the field keeps what was typed.
            if (Number.isInteger(size) && size >= FONT_SIZES.min && size <= FONT_SIZES.max)
              onChange({ fontSize: size });
          }}
        />
      </label>
      <label className="setting" htmlFor="setting-word-wrap">
        <input
          id="setting-word-wrap"
          type="checkbox"
          data-testid="setting-word-wrap"
          checked={settings.wordWrap}
          onChange={(e) => onChange({ wordWrap: e.currentTarget.checked })}
        />{" "}
        Wrap long lines
      </label>
      <label className="setting" htmlFor="setting-vim">
        <input
          id="setting-vim"
          type="checkbox"
          data-testid="setting-vim"
          checked={settings.vim}
          onChange={(e) => onChange({ vim: e.currentTarget.checked })}
        />{" "}
        Vim keybindings
      </label>
      <form method="dialog">
        <button type="submit">Close</button>
      </form>
    </dialog>
  );
}
