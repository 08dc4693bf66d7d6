// Arrow keys in a tablist (WAI-ARIA tabs pattern, automatic activation): the
// tablist is one Tab stop (the selected tab); Left/Right move to the previous
// or next tab and select it, Home and End to the first and last.
import type { KeyboardEvent } from "react";

export function onTablistKey(event: KeyboardEvent<HTMLElement>): void {
  const target = (at: number, n: number): number | undefined => {
    if (event.key === "ArrowRight") return (at + 1) % n;
    if (event.key === "ArrowLeft") return (at - 1 + n) % n;
    if (event.key === "Home") return 0;
    if (event.key === "End") return n - 1;
    return undefined;
  };
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const tabs = [...event.currentTarget.querySelectorAll<HTMLElement>("[role=tab]")];
  const at = tabs.indexOf(document.activeElement as HTMLElement);
  const to = at < 0 ? undefined : target(at, tabs.length);
  if (to === undefined) return;
  event.preventDefault();
  const next = tabs[to];
  next?.focus();
  next?.click();
}
