/**
 * The bounded history of raw records (oldest evicted at capacity), with each
 * record's clock kept as a number for window selection.
 */
import type { RawRecord } from "../store/store";

export class Ring {
  private records: RawRecord[] = [];
  private times: number[] = [];
  /** Index of the oldest record once the ring has wrapped. */
  private head = 0;
  /**
   * The newest time held, kept as points come (null: to be found again).
   * Ingest reads the stream's clock on every point while a training runs;
   * a scan of the ring there cost time proportional to the ring, per point.
   */
  private newest: number | null = 0;

  constructor(readonly capacity: number) {}

  get length(): number {
    return this.records.length;
  }

  get full(): boolean {
    return this.records.length >= this.capacity;
  }

  push(record: RawRecord, time: number): void {
    if (this.records.length < this.capacity) {
      this.records.push(record);
      this.times.push(time);
      if (this.newest !== null && time > this.newest) this.newest = time;
      return;
    }
    const evicted = this.times[this.head];
    // Evicting the newest time (a stream whose later points came with
    // earlier times) may turn the clock back: found again when next read.
    if (this.newest !== null && evicted >= this.newest && !(time >= evicted)) this.newest = null;
    else if (this.newest !== null && time > this.newest) this.newest = time;
    this.records[this.head] = record;
    this.times[this.head] = time;
    this.head = (this.head + 1) % this.capacity;
  }

  /** The i-th record, oldest first. */
  record(i: number): RawRecord {
    return this.records[(this.head + i) % this.records.length];
  }

  time(i: number): number {
    return this.times[(this.head + i) % this.times.length];
  }

  /**
   * Records oldest first, from index `from`. Two slices of the backing
   * array, not a push per record: a training takes the whole ring on the
   * event loop (150,000 records at most).
   */
  toArray(from = 0): RawRecord[] {
    const n = this.records.length;
    const start = Math.max(0, from);
    if (start >= n) return [];
    const at = (this.head + start) % n;
    if (at < this.head || this.head === 0) return this.records.slice(at, at + n - start);
    return this.records.slice(at).concat(this.records.slice(0, this.head));
  }

  timesArray(): Float64Array {
    const n = this.times.length;
    const out = new Float64Array(n);
    let k = 0;
    for (let i = this.head; i < n; i++) out[k++] = this.times[i];
    for (let i = 0; i < this.head; i++) out[k++] = this.times[i];
    return out;
  }

  /**
   * The stream's clock: the newest point time held (0 when empty). A point
   * that arrives late, behind newer ones, does not turn the clock back.
   */
  newestTime(): number {
    if (this.newest === null) {
      let newest = 0;
      for (const t of this.times) if (t > newest) newest = t;
      this.newest = newest;
    }
    return this.newest;
  }

  clear(): void {
    this.records = [];
    this.times = [];
    this.head = 0;
    this.newest = 0;
  }
}
