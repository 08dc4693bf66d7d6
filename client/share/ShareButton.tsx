// Share: a menu of the two kinds of link. The chosen link goes into the page's
// URL fragment or the server, is copied to the clipboard when the browser
// allows it, and stays shown in a field below the toolbar until dismissed.
import { useState } from "react";
import { MenuButton } from "../layout/MenuButton";
import { type SharedWorkspace, shareFragment, storeShortLink } from "./shareLink";

interface Shown {
  kind: "link" | "short";
  value: string;
  copied: boolean;
}

export function ShareButton({ program, serverUp }: { program: () => SharedWorkspace; serverUp: boolean }) {
  const [shown, setShown] = useState<Shown | undefined>();

  const offer = (kind: Shown["kind"], value: string, ok = true) => {
    setShown({ kind, value, copied: false });
    if (ok)
      navigator.clipboard?.writeText(value).then(
        () => setShown((s) => (s?.value === value ? { ...s, copied: true } : s)),
        () => undefined,
      );
  };

  const link = () => {
    const fragment = shareFragment(program());
    window.history.replaceState(null, "", fragment);
    offer("link", `${window.location.origin}${window.location.pathname}${fragment}`);
  };

  const short = async () => {
    const stored = await storeShortLink(program());
    if (stored.ok) offer("short", `${window.location.origin}/#s=${stored.id}`);
    else offer("short", `Not stored: ${stored.message}`, false);
  };

  return (
    <>
      <MenuButton
        label="Share"
        testId="share-menu"
        items={[
          {
            key: "link",
            label: "Copy link",
            description: "Every file travels in the link; nothing is stored.",
            testId: "share-copy-link",
            onSelect: link,
          },
          {
            key: "short",
            label: "Short link",
            description: serverUp
              ? "Stores the program, every file of it, on the server for a short link."
              : "Short links need the server, which is unreachable.",
            disabled: !serverUp,
            testId: "share-short-link",
            onSelect: () => void short(),
          },
        ]}
      />
      {shown && (
        <fieldset className="share-result" aria-label="Shared link">
          <input
            aria-label={shown.kind === "link" ? "Link to this program" : "Short link"}
            data-testid={shown.kind === "link" ? "share-link" : "short-link"}
            readOnly
            value={shown.value}
            onFocus={(e) => e.currentTarget.select()}
          />
          <span className="muted" role="status">
            {shown.copied ? "Copied." : ""}
          </span>
          <button type="button" aria-label="Hide the link" onClick={() => setShown(undefined)}>
            ×
          </button>
        </fieldset>
      )}
    </>
  );
}
