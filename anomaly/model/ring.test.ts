import { describe, expect, it } from "vitest";
import { seededUniform } from "../testing";
import { Ring } from "./ring";

/** The ring's contents the slow way: a plain list with the oldest dropped at capacity. */
function model(capacity: number, pushed: { id: number; time: number }[]) {
  return pushed.slice(Math.max(0, pushed.length - capacity));
}

describe("Ring", () => {
  it("gives its records, times and clock as a plain bounded list would, whatever the order of the times", () => {
    const random = seededUniform(7);
    for (let trial = 0; trial < 200; trial++) {
      const capacity = 1 + Math.floor(random() * 12);
      const ring = new Ring(capacity);
      const pushed: { id: number; time: number }[] = [];
      const steps = Math.floor(random() * 40);
      for (let i = 0; i < steps; i++) {
        // Mostly rising clocks, with late points and repeats mixed in.
        const last = pushed.at(-1)?.time ?? 100;
        const time = random() < 0.3 ? last - Math.floor(random() * 20) : last + Math.floor(random() * 3);
        pushed.push({ id: i, time });
        ring.push({ id: i }, time);
        const held = model(capacity, pushed);
        expect(ring.toArray().map((r) => r.id)).toEqual(held.map((p) => p.id));
        const from = Math.floor(random() * (held.length + 2)) - 1;
        expect(ring.toArray(from).map((r) => r.id)).toEqual(held.slice(Math.max(0, from)).map((p) => p.id));
        expect([...ring.timesArray()]).toEqual(held.map((p) => p.time));
        expect(ring.newestTime()).toBe(Math.max(0, ...held.map((p) => p.time)));
      }
      ring.clear();
      expect(ring.newestTime()).toBe(0);
      expect(ring.toArray()).toEqual([]);
    }
  });
});
