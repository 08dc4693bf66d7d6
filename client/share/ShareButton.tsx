// Share: puts the program into the page's URL fragment and offers the link
// (copied to the clipboard when the browser allows it).
import { useRef, useState } from "react";
import { type SharedProgram, shareFragment } from "./shareLink";

export function ShareButton({ program }: { program: () => SharedProgram }) {
  const [link, setLink] = useState<string | undefined>();
  const [copied, setCopied] = useState(false);
  const menu = useRef<HTMLDetailsElement>(null);

  const share = () => {
    const fragment = shareFragment(program());
    const url = `${window.location.origin}${window.location.pathname}${fragment}`;
    window.history.replaceState(null, "", fragment);
    setLink(url);
    setCopied(false);
    navigator.clipboard?.writeText(url).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };

  return (
    <details className="menu" ref={menu} onToggle={(e) => (e.currentTarget.open ? share() : undefined)}>
      <summary aria-label="Share">Share</summary>
      <div className="menu-list share">
        <label htmlFor="share-link">Link to this program (the code travels in the link; nothing is stored):</label>
        <input
          id="share-link"
          data-testid="share-link"
          readOnly
          value={link ?? ""}
          onFocus={(e) => e.currentTarget.select()}
        />
        <p className="muted">{copied ? "Copied to the clipboard." : "Select and copy the link."}</p>
      </div>
    </details>
  );
}
