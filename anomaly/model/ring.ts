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
      return;
    }
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

  /** Records oldest first, from index `from`. */
  toArray(from = 0): RawRecord[] {
    const out: RawRecord[] = [];
    for (let i = Math.max(0, from); i < this.records.length; i++) out.push(this.record(i));
    return out;
  }

  timesArray(): Float64Array {
    const out = new Float64Array(this.records.length);
    for (let i = 0; i < out.length; i++) out[i] = this.time(i);
    return out;
  }

  /**
   * The stream's clock: the newest point time held (0 when empty). A point
   * that arrives late, behind newer ones, does not turn the clock back.
   */
  newestTime(): number {
    let newest = 0;
    for (const t of this.times) if (t > newest) newest = t;
    return newest;
  }

  clear(): void {
    this.records = [];
    this.times = [];
    this.head = 0;
  }
}
