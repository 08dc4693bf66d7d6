// The Examples menu: every bundled example with its one-line description.
import { useRef } from "react";
import { EXAMPLES, type Example } from "./examples";

export function ExamplesMenu({ onChoose }: { onChoose: (example: Example) => void }) {
  const menu = useRef<HTMLDetailsElement>(null);
  return (
    <details className="menu" ref={menu}>
      <summary aria-label="Examples">Examples</summary>
      <ul className="menu-list" aria-label="Example programs">
        {EXAMPLES.map((example) => (
          <li key={example.name}>
            <button
              type="button"
              data-testid={`example-${example.name}`}
              onClick={() => {
                menu.current?.removeAttribute("open");
                onChoose(example);
              }}
            >
              <strong>{example.name}</strong>
              <span className="muted">{example.description}</span>
            </button>
          </li>
        ))}
      </ul>
    </details>
  );
}
