// Share: puts the program into the page's URL fragment and offers the link
// (copied to the clipboard when the browser allows it).
import { useRef, useState } from "react";
import { type SharedWorkspace, shareFragment, storeShortLink } from "./shareLink";

export function ShareButton({ program, serverUp }: { program: () => SharedWorkspace; serverUp: boolean }) {
  const [link, setLink] = useState<string | undefined>();
  const [short, setShort] = useState<string | undefined>();
  const [copied, setCopied] = useState(false);
  const menu = useRef<HTMLDetailsElement>(null);

  const share = () => {
    const fragment = shareFragment(program());
    const url = `${window.location.origin}${window.location.pathname}${fragment}`;
    window.history.replaceState(null, "", fragment);
    setLink(url);
    setShort(undefined);
    setCopied(false);
    navigator.clipboard?.writeText(url).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };

  return (
    <details className="menu" ref={menu}>
      {/* The link is made in the click itself (by mouse, Enter or Space), not in
          the toggle event that follows it as a later task: the menu never shows
          an empty link field. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: <summary> is the disclosure's own button; Enter and Space click it too */}
      <summary aria-label="Share" onClick={() => (menu.current?.open ? undefined : share())}>
        Share
      </summary>
      <div className="menu-list share">
        <label htmlFor="share-link">
          Link to this program, every file of it (the code travels in the link; nothing is stored):
        </label>
        <input
          id="share-link"
          data-testid="share-link"
          readOnly
          value={link ?? ""}
          onFocus={(e) => e.currentTarget.select()}
        />
        <p className="muted">{copied ? "Copied to the clipboard." : "Select and copy the link."}</p>
        <button
          type="button"
          disabled={!serverUp}
          title={
            serverUp
              ? "Store the program on the server for a short link"
              : "Short links need the server, which is unreachable"
          }
          onClick={async () => {
            const stored = await storeShortLink(program());
            setShort(stored.ok ? `${window.location.origin}/#s=${stored.id}` : `Not stored: ${stored.message}`);
          }}
        >
          Short link
        </button>
        {short && (
          <input
            aria-label="Short link"
            data-testid="short-link"
            readOnly
            value={short}
            onFocus={(e) => e.currentTarget.select()}
          />
        )}
      </div>
    </details>
  );
}
