import { describe, expect, it } from "vitest";
import { replayedClock } from "./replay";

/** A clock that counts up from 100 ns, writing its reading at `out` as WASI's clock_time_get does. */
function counter(memory: WebAssembly.Memory) {
  let now = 100n;
  let calls = 0;
  return {
    calls: () => calls,
    live: (_id: number, _precision: bigint, out: number) => {
      calls++;
      new DataView(memory.buffer).setBigUint64(out, now++, true);
      return 0;
    },
  };
}

const read = (memory: WebAssembly.Memory, at: number) => new DataView(memory.buffer).getBigUint64(at, true);

describe("the replayed clock", () => {
  it("records live readings, then gives them back in order before reading live again", () => {
    const memory = new WebAssembly.Memory({ initial: 1 });
    const first = counter(memory);
    const attempt = replayedClock(first.live, () => memory, []);
    attempt.clock_time_get(1, 1000n, 8);
    attempt.clock_time_get(1, 1000n, 8);
    expect(attempt.readings).toEqual([100n, 101n]);

    const later = counter(memory);
    const again = replayedClock(later.live, () => memory, attempt.readings);
    again.clock_time_get(1, 1000n, 16);
    expect(read(memory, 16)).toBe(100n);
    again.clock_time_get(1, 1000n, 16);
    expect(read(memory, 16)).toBe(101n);
    expect(later.calls()).toBe(0);
    // Past the recorded readings the clock is live, and the new reading is kept for the next attempt.
    again.clock_time_get(1, 1000n, 16);
    expect(read(memory, 16)).toBe(100n);
    expect(later.calls()).toBe(1);
    expect(again.readings).toEqual([100n, 101n, 100n]);
  });

  it("does not record a reading the live clock failed to make", () => {
    const memory = new WebAssembly.Memory({ initial: 1 });
    const clock = replayedClock(
      () => 28,
      () => memory,
      [],
    );
    expect(clock.clock_time_get(9, 0n, 0)).toBe(28);
    expect(clock.readings).toEqual([]);
  });
});
