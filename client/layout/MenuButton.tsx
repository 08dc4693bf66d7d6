// A menu button (WAI-ARIA menu button pattern), the one component behind the
// Examples, Share and Build menus: Enter, Space or ArrowDown open it on the
// first item (ArrowUp on the last), arrows, Home and End move, Escape closes it
// and returns focus to the button, Tab or a click elsewhere closes it, and
// opening one menu closes any other.
import {
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useCallback,
  useEffect,
  useId,
  useImperativeHandle,
  useRef,
  useState,
} from "react";

export interface MenuItem {
  key: string;
  label: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
  title?: string;
  testId?: string;
  onSelect: () => void;
}

export interface MenuButtonProps {
  label: string;
  items: MenuItem[];
  testId?: string;
  /** The button, for opening the menu from elsewhere (a command palette entry clicks it). */
  buttonRef?: RefObject<HTMLButtonElement | null>;
  /** The button's accessible name, where the visible label alone says too little. */
  ariaLabel?: string;
}

function enabledItems(menu: HTMLElement | null): HTMLButtonElement[] {
  return [...(menu?.querySelectorAll<HTMLButtonElement>("[role=menuitem]:not([disabled])") ?? [])];
}

// The menu open now, if any: a page shows one menu at a time.
let closeOpenMenu: (() => void) | undefined;

export function MenuButton({ label, items, testId, buttonRef, ariaLabel }: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  const [focusAt, setFocusAt] = useState<"first" | "last" | undefined>();
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);
  // biome-ignore lint/style/noNonNullAssertion: the button is rendered whenever the handle is read
  useImperativeHandle(buttonRef, () => button.current!, []);

  const close = useCallback(() => setOpen(false), []);
  const show = (at: "first" | "last" | undefined) => {
    if (closeOpenMenu !== close) closeOpenMenu?.();
    closeOpenMenu = close;
    setFocusAt(at);
    setOpen(true);
  };

  useEffect(() => {
    if (!open) {
      if (closeOpenMenu === close) closeOpenMenu = undefined;
      return;
    }
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) close();
    };
    document.addEventListener("pointerdown", outside, true);
    return () => document.removeEventListener("pointerdown", outside, true);
  }, [open, close]);

  useEffect(() => {
    if (!open || !focusAt) return;
    const all = enabledItems(list.current);
    (focusAt === "first" ? all[0] : all[all.length - 1])?.focus();
  }, [open, focusAt]);

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === "Escape" && open) {
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      show(event.key === "ArrowDown" ? "first" : "last");
    }
  };

  const onMenuKey = (event: KeyboardEvent) => {
    const all = enabledItems(list.current);
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
    const go = (i: number) => {
      event.preventDefault();
      all[(i + all.length) % all.length]?.focus();
    };
    if (event.key === "ArrowDown") go(at + 1);
    else if (event.key === "ArrowUp") go(at < 0 ? -1 : at - 1);
    else if (event.key === "Home") go(0);
    else if (event.key === "End") go(-1);
    else if (event.key === "Escape") {
      event.preventDefault();
      // Escape belongs to the menu here, not to the page (which stops a running program on it).
      event.stopPropagation();
      close();
      button.current?.focus();
    } else if (event.key === "Tab") close();
  };

  return (
    <div className="menu" ref={root}>
      <button
        ref={button}
        type="button"
        id={`${id}-button`}
        aria-label={ariaLabel}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        data-testid={testId}
        onClick={(event) => (open ? close() : show(event.detail === 0 ? "first" : undefined))}
        onKeyDown={onButtonKey}
      >
        {label}
      </button>
      {open && (
        <div
          ref={list}
          id={`${id}-menu`}
          className="menu-list"
          role="menu"
          aria-labelledby={`${id}-button`}
          onKeyDown={onMenuKey}
        >
          {items.map((item) => (
            <button
              key={item.key}
              type="button"
              role="menuitem"
              tabIndex={-1}
              disabled={item.disabled}
              title={item.title}
              data-testid={item.testId}
              onClick={() => {
                close();
                button.current?.focus();
                item.onSelect();
              }}
            >
              <strong>{item.label}</strong>
              {item.description && <span className="muted">{item.description}</span>}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
