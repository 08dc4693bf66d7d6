// What the debugger's e2e tests read and do on the page, as a user would:
// wait for the status line to say where the program stopped, read a
// variable's value or the call stack as shown, set a breakpoint from the
// keyboard. Shared by the isolated and the non-isolated page's tests.
import type { Page } from "playwright-core";
import { focusEditor } from "./playgroundPage";

/** Waits until the status line says the program is stopped (paused or panicked) at `line`. */
export async function pausedAt(page: Page, line: number): Promise<void> {
  await page
    .getByTestId("debug-status")
    .filter({ hasText: new RegExp(`(Paused|Panicked) at line ${line}$`) })
    .waitFor({ timeout: 30_000 });
}

/** A variable's value as the Variables panel shows it. */
export async function value(page: Page, name: string): Promise<string> {
  return (await page.getByTestId(`debug-var-${name}`).locator(".debug-value").textContent()) ?? "";
}

/** The Call Stack panel's entries, innermost first. */
export async function stack(page: Page): Promise<string[]> {
  return page.getByTestId("debug-call-stack").locator("li").allTextContents();
}

/** Moves the editor's cursor to `line` from the keyboard (Ctrl+Home, then down) and presses F9 there. */
export async function breakpointAt(page: Page, line: number): Promise<void> {
  await focusEditor(page);
  await page.keyboard.press("Control+Home");
  for (let i = 1; i < line; i++) await page.keyboard.press("ArrowDown");
  await page.keyboard.press("F9");
}
