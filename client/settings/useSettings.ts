// The settings as React state: read once at start-up, saved on every change,
// and the theme applied to the document (app.css keys its colours on it).
import { useCallback, useLayoutEffect, useState } from "react";
import { useMediaQuery } from "../layout/useMediaQuery";
import { loadSettings, type Settings, saveSettings } from "../persistence/settings";

export function useSettings() {
  const [settings, setSettings] = useState<Settings>(loadSettings);
  const systemDark = useMediaQuery("(prefers-color-scheme: dark)");
  const dark = settings.theme === "system" ? systemDark : settings.theme === "dark";
  const change = useCallback((patch: Partial<Settings>) => {
    setSettings((old) => {
      const next = { ...old, ...patch };
      saveSettings(next);
      return next;
    });
  }, []);
  // Before the first paint: no flash of the other theme.
  useLayoutEffect(() => {
    document.documentElement.dataset.theme = dark ? "dark" : "light";
  }, [dark]);
  return { settings, change, dark };
}
