// The History menu: the programs the user had open before a link, an example,
// a restore or another history entry replaced them (persistence/history.ts),
// newest first, each with its first line and when it was put aside.
import type { RefObject } from "react";
import { MenuButton } from "../layout/MenuButton";
import type { HistoryEntry } from "../persistence/history";

const when = (at: number) => new Date(at).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

export function HistoryMenu(props: {
  entries: HistoryEntry[];
  onOpen: (entry: HistoryEntry) => void;
  buttonRef?: RefObject<HTMLButtonElement | null>;
}) {
  const items = props.entries.map((entry, i) => ({
    key: String(entry.at),
    label: entry.title,
    description: `put aside ${when(entry.at)}`,
    title: `Open this program; what is open now is kept in the history`,
    testId: `history-${i}`,
    onSelect: () => props.onOpen(entry),
  }));
  return (
    <MenuButton
      label="History"
      testId="history-menu"
      buttonRef={props.buttonRef}
      ariaLabel="History: earlier programs"
      items={
        items.length > 0
          ? items
          : [{ key: "empty", label: "No earlier programs yet", disabled: true, onSelect: () => {} }]
      }
    />
  );
}
