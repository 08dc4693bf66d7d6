// The editor the page starts with: a plain <textarea> over the highlighted
// program, in Monaco's font and gutter, editable from the first paint while
// Monaco (the editor chunk) still loads. It edits the same source state as
// Monaco, and hands its text, selection, scroll position and focus over when
// Monaco is ready (handOver.ts), so the user never waits to type.
import { forwardRef, memo, useImperativeHandle, useMemo, useRef } from "react";
import { closeBracket, type Edit, indent, newline, offsetOf, outdent, toggleComment } from "./earlyEdits";
import { EDITOR_FONT, EDITOR_FONT_SIZE, lineHeightFor } from "./editorMetrics";
import { type Token, tokenizeLines } from "./pithHighlight";
import { AfterEnter, ownIndentation, stepOverCloser } from "./typingRules";

/** What Monaco takes over from the early editor. */
export interface EarlyEditorState {
  text: string;
  selectionStart: number;
  selectionEnd: number;
  scrollTop: number;
  scrollLeft: number;
  focused: boolean;
}

export interface EarlyEditorHandle {
  state(): EarlyEditorState | undefined;
  /** Puts the cursor at a 1-based line and column, scrolled into view, and focuses the editor. */
  reveal(line: number, col: number): void;
}

export interface EarlyEditorProps {
  value: string;
  onChange: (value: string) => void;
  ariaLabel: string;
  /** Lines with errors, marked in the gutter. */
  errorLines?: ReadonlySet<number>;
  /** A phone's screen: long lines wrap and the gutter is slim, as in Monaco. */
  narrow?: boolean;
  /** The settings' font size (the line height follows it). */
  fontSize?: number;
  hidden?: boolean;
  onFormat?: () => void;
  onFocus?: () => void;
}

const Line = memo(function Line({ number, tokens, error }: { number: number; tokens: Token[]; error: boolean }) {
  return (
    <div className="early-line">
      <span className={error ? "early-gutter early-error" : "early-gutter"} aria-hidden="true">
        {number}
      </span>
      <span className="early-code">
        {tokens.map((t, i) =>
          t.kind === "text" ? (
            t.text
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: tokens have no identity beyond their place
            <span key={i} className={`tok-${t.kind}`}>
              {t.text}
            </span>
          ),
        )}
      </span>
    </div>
  );
}, sameLine);

/** Re-renders a line only when its text, colours or error mark changed: typing re-renders one line, not the program. */
function sameLine(
  a: { number: number; tokens: Token[]; error: boolean },
  b: { number: number; tokens: Token[]; error: boolean },
): boolean {
  return (
    a.number === b.number &&
    a.error === b.error &&
    a.tokens.length === b.tokens.length &&
    a.tokens.every((t, i) => t.kind === b.tokens[i].kind && t.text === b.tokens[i].text)
  );
}

/** Applies an edit as typing would, so the browser's own undo (Ctrl+Z) can take it back. */
function apply(area: HTMLTextAreaElement, edit: Edit) {
  area.setSelectionRange(edit.from, edit.to);
  const typed = edit.insert
    ? document.execCommand("insertText", false, edit.insert)
    : edit.from === edit.to || document.execCommand("delete");
  if (!typed) {
    area.setRangeText(edit.insert, edit.from, edit.to);
    area.dispatchEvent(new Event("input", { bubbles: true }));
  }
  area.setSelectionRange(edit.selection.start, edit.selection.end);
}

export const EarlyEditor = forwardRef<EarlyEditorHandle, EarlyEditorProps>(function EarlyEditor(props, ref) {
  const area = useRef<HTMLTextAreaElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const fontSize = props.fontSize ?? EDITOR_FONT_SIZE;
  // A ref, read by reveal() (whose handle is made once).
  const lineHeight = useRef(lineHeightFor(fontSize));
  lineHeight.current = lineHeightFor(fontSize);
  const lines = useMemo(() => tokenizeLines(props.value), [props.value]);
  const afterEnter = useRef(new AfterEnter());

  useImperativeHandle(
    ref,
    () => ({
      state() {
        const a = area.current;
        const s = scroller.current;
        if (!a || !s) return undefined;
        return {
          text: a.value,
          selectionStart: a.selectionStart,
          selectionEnd: a.selectionEnd,
          scrollTop: s.scrollTop,
          scrollLeft: s.scrollLeft,
          focused: document.activeElement === a,
        };
      },
      reveal(line, col) {
        const a = area.current;
        const s = scroller.current;
        if (!a || !s) return;
        const at = offsetOf(a.value, line, col);
        a.focus({ preventScroll: true });
        a.setSelectionRange(at, at);
        s.scrollTop = Math.max(0, (line - 1) * lineHeight.current - s.clientHeight / 2);
      },
    }),
    [],
  );

  const onKeyDown = (event: React.KeyboardEvent<HTMLTextAreaElement>) => {
    const a = event.currentTarget;
    const sel = { start: a.selectionStart, end: a.selectionEnd };
    const mod = event.ctrlKey || event.metaKey;
    let edit: Edit | undefined;
    const firstSpace = afterEnter.current.spaceRightAfterEnter(event.key, mod || event.altKey || event.shiftKey);
    if (firstSpace) edit = ownIndentation(a.value, sel);
    else if (event.key === "Tab" && !mod && !event.altKey)
      edit = event.shiftKey ? outdent(a.value, sel) : indent(a.value, sel);
    else if (event.key === "Enter" && !mod && !event.altKey && !event.shiftKey) edit = newline(a.value, sel);
    else if (mod && event.key === "/") edit = toggleComment(a.value, sel);
    else if (!mod && !event.altKey && (event.key === "}" || event.key === ")" || event.key === "]"))
      edit = stepOverCloser(a.value, sel, event.key) ?? closeBracket(a.value, sel, event.key);
    else if (event.shiftKey && event.altKey && event.code === "KeyF") {
      event.preventDefault();
      props.onFormat?.();
      return;
    }
    // Ctrl/Cmd+Enter bubbles to the page's shortcut, which runs the program.
    if (!edit) return;
    event.preventDefault();
    apply(a, edit);
  };

  return (
    <div
      ref={scroller}
      className={`early-editor${props.narrow ? " narrow" : ""}`}
      hidden={props.hidden}
      data-testid="early-editor"
      style={{ fontFamily: EDITOR_FONT, fontSize, lineHeight: `${lineHeight.current}px` }}
    >
      <div className="early-lines">
        {lines.map((tokens, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a line is its number
          <Line key={i} number={i + 1} tokens={tokens} error={props.errorLines?.has(i + 1) ?? false} />
        ))}
        <textarea
          ref={area}
          className="early-input"
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
          onKeyDown={onKeyDown}
          onFocus={props.onFocus}
          aria-label={props.ariaLabel}
          aria-describedby="editor-loading-note"
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          autoCorrect="off"
          wrap={props.narrow ? "soft" : "off"}
          data-gramm="false"
        />
      </div>
    </div>
  );
});
