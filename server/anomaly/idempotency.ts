// Exactly-once ingest for POST /detect/{m}: a client that sends an
// `Idempotency-Key` header (the IETF httpapi draft's name) may retry a
// request whose answer it never got, and the retry is answered with the
// first request's answer (same status and body, plus `Idempotent-Replayed:
// true`) instead of storing the point again. The same key with a different
// body is refused (422), as the draft says.
//
// Keys are remembered per model, the newest KEYS_PER_MODEL of them, in the
// model's key journal (anomaly/store/keyJournal.ts; beside data.jsonl in
// the file store), so they survive a restart. Each key is journaled as
// pending, with the time its point is stamped with, before the point is
// ingested, and as done, with the answer, before the answer goes out. If the
// process dies between the two, the retry finds the pending entry and looks
// for the point among the newest stored records (the record with that stamp
// is exactly what would have been stored): found, it is not stored again and
// the retry gets the answer the point was given, rebuilt from the verdict
// record stored with it (flag, score, severity, voters, alert, warm-up; not
// each version's verdict, which is not stored), and that answer is journaled
// for later retries; not found, it is ingested now.
import { createHash } from "node:crypto";
import type { DetectAnswer, KeyEntry, KeyJournal, VerdictOptions } from "../../anomaly";
import type { AnomalyApi } from "./anomalyApi";
import { ApiError } from "./errors";

export const IDEMPOTENCY_KEY = "Idempotency-Key";
export const REPLAYED = "Idempotent-Replayed";
/** How many keys each model remembers (the newest ones). */
export const KEYS_PER_MODEL = 10_000;
/** Longest key accepted (the draft leaves it to the server). */
export const MAX_KEY_LENGTH = 255;
/** How far back a pending key's point is looked for after a restart. */
const SEARCH_POINTS = 1000;

type Answer = { httpStatus: number; body: unknown; replayed: boolean };

interface Known {
  fp: string;
  /** When this key's point was stamped (pending entries). */
  now?: number;
  answer?: { httpStatus: number; body: unknown };
  /** The first request with this key, while it is in flight in this process. */
  inFlight?: Promise<Answer>;
}

/** A key that is not a printable ASCII string of 1 to 255 characters. */
export function keyProblem(key: string): string | null {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH || !/^[\x21-\x7e]+$/.test(key)) {
    return `The ${IDEMPOTENCY_KEY} header must be 1 to ${MAX_KEY_LENGTH} printable ASCII characters without spaces.`;
  }
  return null;
}

export class IdempotentIngest {
  private readonly models = new Map<string, Promise<Map<string, Known>>>();

  constructor(
    private readonly service: Pick<AnomalyApi, "detect" | "storedAnswer">,
    private readonly journal: KeyJournal,
    private readonly keep = KEYS_PER_MODEL,
  ) {}

  private keys(model: string): Promise<Map<string, Known>> {
    let loaded = this.models.get(model);
    if (loaded === undefined) {
      loaded = this.journal.load(model).then((entries) => {
        const map = new Map<string, Known>();
        for (const e of entries) remember(map, e, this.keep);
        return map;
      });
      loaded.catch(() => this.models.delete(model));
      this.models.set(model, loaded);
    }
    return loaded;
  }

  /** Drops a deleted model's keys from memory (its journal went with its folder). */
  forget(model: string): void {
    this.models.delete(model);
  }

  /** POST /detect with a key: the first answer for that key, or a new ingest. */
  async detect(model: string, key: string, record: unknown, options: VerdictOptions): Promise<Answer> {
    const fp = fingerprint(record, options);
    const keys = await this.keys(model);
    const known = keys.get(key);
    if (known !== undefined) {
      if (known.fp !== fp) {
        throw new ApiError(
          422,
          `${IDEMPOTENCY_KEY} ${JSON.stringify(key)} was already used for a different request body on model ${model}; use a new key for a new point.`,
        );
      }
      if (known.answer !== undefined) return { ...known.answer, replayed: true };
      if (known.inFlight !== undefined) {
        // The first request is still running here: its answer is this one's too.
        const first = await known.inFlight.catch(() => null);
        if (first !== null) return { ...first, replayed: true };
        return this.detect(model, key, record, options);
      }
      // Pending from before a restart: stored, or never got that far.
      const stored = await this.findStored(model, record, known.now as number);
      if (stored !== null) {
        await this.journal.append(model, [{ key, fp, httpStatus: stored.httpStatus, body: stored.body }], this.keep);
        known.answer = { httpStatus: stored.httpStatus, body: stored.body };
        return { ...known.answer, replayed: true };
      }
      return this.ingest(model, key, fp, record, options, keys, known.now as number);
    }
    return this.ingest(model, key, fp, record, options, keys, Date.now() / 1000);
  }

  private async ingest(
    model: string,
    key: string,
    fp: string,
    record: unknown,
    options: VerdictOptions,
    keys: Map<string, Known>,
    now: number,
  ): Promise<Answer> {
    const entry: Known = { fp, now };
    entry.inFlight = (async (): Promise<Answer> => {
      await this.journal.append(model, [{ key, fp, now }], this.keep);
      const answer: DetectAnswer = await this.service.detect(model, record, now, options);
      await this.journal.append(model, [{ key, fp, httpStatus: answer.httpStatus, body: answer.body }], this.keep);
      return { httpStatus: answer.httpStatus, body: answer.body, replayed: false };
    })();
    keep(keys, key, entry, this.keep);
    try {
      const answer = await entry.inFlight;
      entry.answer = { httpStatus: answer.httpStatus, body: answer.body };
      return answer;
    } finally {
      // Failed: not stored (or not known to be); a retry with this body tries again.
      delete entry.inFlight;
    }
  }

  /** The answer given to the point this request would have stored, among the newest ones; null when absent. */
  private async findStored(model: string, record: unknown, now: number): Promise<DetectAnswer | null> {
    const raw = record as Record<string, unknown>;
    return this.service.storedAnswer(model, "timestamp" in raw ? raw : { ...raw, timestamp: now }, SEARCH_POINTS);
  }
}

function remember(map: Map<string, Known>, e: KeyEntry, limit: number): void {
  const known = map.get(e.key) ?? { fp: e.fp };
  if ("now" in e) known.now = e.now;
  else known.answer = { httpStatus: e.httpStatus, body: e.body };
  keep(map, e.key, known, limit);
}

function keep(map: Map<string, Known>, key: string, known: Known, limit: number): void {
  // Re-inserting keeps the Map in age order, so the oldest key goes first.
  map.delete(key);
  map.set(key, known);
  if (map.size > limit) map.delete(map.keys().next().value as string);
}

/** The request's identity: the record as sent and the verdict options that shape the answer. */
function fingerprint(record: unknown, options: VerdictOptions): string {
  return createHash("sha256")
    .update(JSON.stringify([record, !!options.explain, !!options.expected]))
    .digest("base64url");
}
