/**
 * Where a model's idempotency keys are remembered (server/anomaly/
 * idempotency.ts): an append-only journal of entries beside the model's
 * points, so a key outlives a restart. Each key is written twice: `pending`
 * (with the time its point is stamped with) before the point is ingested,
 * and `done` (with the answer) after the point is stored and before it is
 * answered. A crash between the two leaves a pending entry; whether its
 * point was stored is then read from the point itself.
 */

export type KeyEntry =
  | { key: string; fp: string; now: number }
  | { key: string; fp: string; httpStatus: number; body: unknown };

export interface KeyJournal {
  /** Every entry of the model's journal, oldest first (an unreadable line is skipped). */
  load(model: string): Promise<KeyEntry[]>;
  /** Appends entries durably; `keep` is how many keys the journal must remember (older ones may go). */
  append(model: string, entries: readonly KeyEntry[], keep: number): Promise<void>;
}

/** A journal in memory: keys survive as long as the process (tests, stores without files). */
export class MemoryKeyJournal implements KeyJournal {
  private readonly entries = new Map<string, KeyEntry[]>();

  async load(model: string): Promise<KeyEntry[]> {
    return structuredClone(this.entries.get(model) ?? []);
  }

  async append(model: string, entries: readonly KeyEntry[], keep: number): Promise<void> {
    const list = this.entries.get(model) ?? [];
    list.push(...structuredClone(entries));
    if (list.length > 4 * keep) list.splice(0, list.length - 2 * keep);
    this.entries.set(model, list);
  }
}
