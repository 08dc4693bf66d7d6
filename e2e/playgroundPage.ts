// Drives the playground page the way a user does: type into the editor,
// press Ctrl+Enter, read the output pane.
import type { Page } from "playwright-core";

/** Opens the playground and waits for Monaco, which takes over from the early editor, and the compiler. */
export async function openPlayground(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('[data-testid=editor][data-ready="true"][data-editor="monaco"]').waitFor({ timeout: 30_000 });
}

/** Opens the playground and waits only until it is editable (the early editor at least) with the compiler ready. */
export async function openPlaygroundEarly(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('[data-testid=editor][data-ready="true"]').waitFor({ timeout: 30_000 });
}

/** Puts the keyboard focus into the (visible) editor. */
export async function focusEditor(page: Page): Promise<void> {
  // Near the top-left corner: the middle of a wide program's lines may lie off screen on a phone.
  await page
    .locator(".editor-layer:not([hidden]) .monaco-editor .view-lines")
    .first()
    .click({ position: { x: 4, y: 4 } });
}

/** Empties the (visible) editor as a user would: select all, Delete; the focus stays in it. */
export async function clearEditor(page: Page): Promise<void> {
  await focusEditor(page);
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.press("Delete");
}

/** The program as the page saved it (the journal written at every change): the editor's text, every line of it. */
export function savedSource(page: Page): Promise<string | undefined> {
  return page.evaluate(() => JSON.parse(localStorage.getItem("pith-playground:journal") ?? "null")?.workspace.source);
}

/**
 * Replaces the program in the editor as a user pasting it would: typing it
 * key by key would let auto-indent and bracket closing rewrite the text.
 */
export async function setSource(page: Page, source: string): Promise<void> {
  await focusEditor(page);
  await page.keyboard.press("ControlOrMeta+A");
  await page.evaluate((text) => {
    const data = new DataTransfer();
    data.setData("text/plain", text);
    document.activeElement?.dispatchEvent(
      new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, source);
}

/** The editor's text as Monaco shows it (visible lines only). */
export async function editorText(page: Page): Promise<string> {
  const text = await page.locator(".editor-layer:not([hidden]) .view-lines").first().innerText();
  return text.replaceAll("\u00a0", " ");
}

/** Presses Ctrl+Enter in the editor and waits until the run ends; returns stdout and the summary. */
export async function runAndWait(page: Page, timeout = 30_000): Promise<{ stdout: string; summary: string }> {
  const summary = page.getByTestId("run-summary");
  const before = Number(await summary.getAttribute("data-runs"));
  await focusEditor(page);
  await page.keyboard.press("Control+Enter");
  await page
    .locator(
      `[data-testid=run-summary][data-runs="${before + 1}"]:is([data-phase=finished], [data-phase=compile-failed])`,
    )
    .waitFor({ timeout });
  return { stdout: await stdout(page), summary: (await page.getByTestId("run-summary").textContent()) ?? "" };
}

export async function stdout(page: Page): Promise<string> {
  return page
    .locator("[data-testid=output] .stream-stdout")
    .evaluateAll((spans) => spans.map((s) => s.textContent).join(""));
}

/**
 * Starts a requestAnimationFrame probe in the page; the returned function
 * stops it and gives the longest gap between frames in ms. A string script:
 * tsx (the benchmarks) would wrap a named inner function in a helper the page
 * does not have.
 */
export async function startFrameProbe(p: Page): Promise<() => Promise<number>> {
  await p.evaluate(`(() => {
    const probe = { last: performance.now(), worst: 0, on: true };
    window.frameProbe = probe;
    requestAnimationFrame(function tick(now) {
      probe.worst = Math.max(probe.worst, now - probe.last);
      probe.last = now;
      if (probe.on) requestAnimationFrame(tick);
    });
  })()`);
  return () =>
    p.evaluate("(() => { window.frameProbe.on = false; return window.frameProbe.worst; })()") as Promise<number>;
}

export interface OutputRowsSample {
  /** Frames in which the pane was virtualised (drawing only the rows on screen). */
  frames: number;
  /** Most rows (elements) the pane held in any frame. */
  mostRows: number;
  /** Whether, frame after frame, the pane's last whole row was the latest `line N` printed (the view followed the end). */
  followed: boolean;
  /** When it did not: the row that came after a later one. */
  broke: string;
  /** The last row's text in the last frame sampled. */
  lastRow: string;
}

/**
 * Samples the output pane every frame while it is virtualised: how many
 * elements it holds and whether its last whole row is the newest `line N`
 * seen so far.
 * The returned function stops the sampling and gives what it saw.
 */
export async function startOutputRowsProbe(p: Page): Promise<() => Promise<OutputRowsSample>> {
  await p.evaluate(`(() => {
    const probe = { frames: 0, mostRows: 0, followed: true, broke: "", lastRow: "", newest: -1, on: true };
    window.outputRowsProbe = probe;
    requestAnimationFrame(function sample() {
      const pre = document.querySelector("[data-testid=output].virtual");
      if (pre) {
        probe.frames++;
        probe.mostRows = Math.max(probe.mostRows, pre.querySelectorAll("*").length);
        const rows = pre.querySelectorAll(".output-row");
        probe.lastRow = rows.length > 0 ? rows[rows.length - 1].textContent : "";
        // The row before the last: the last may be a line still being printed ("line 12" of "line 123").
        const whole = rows.length > 1 ? rows[rows.length - 2].textContent : "";
        const n = Number(/^line (\\d+)$/.exec(whole)?.[1] ?? -1);
        if (n < probe.newest && probe.followed) {
          probe.followed = false;
          probe.broke = "'" + whole + "' after line " + probe.newest;
        }
        probe.newest = Math.max(probe.newest, n);
      }
      if (probe.on) requestAnimationFrame(sample);
    });
  })()`);
  return () =>
    p.evaluate(
      "(() => { const t = window.outputRowsProbe; t.on = false; return { frames: t.frames, mostRows: t.mostRows, followed: t.followed, broke: t.broke, lastRow: t.lastRow }; })()",
    ) as Promise<OutputRowsSample>;
}
