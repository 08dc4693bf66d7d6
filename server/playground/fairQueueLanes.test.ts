// Which lane the fair queue gives each client's compiles under random mixes of
// clients: a simulation on a hand-moved clock, where each job holds its slot
// for exactly the CPU time it reports. Floods of programs too cheap to mark
// their client heavy by length must still end up in the heavy lane (nice 19),
// while clients that build now and then, or one program at a time with a
// pause between, stay light. Seeds are fixed, so a failure names its mix.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FairQueue, type FairQueueOptions } from "./fairQueue";

const LIGHT_MS = 100;
const LIGHT_USE_MS = 4000;

/** A small deterministic generator (xorshift32), so each seed is one reproducible mix. */
function random(seed: number) {
  // Spread small seeds over the state and skip the first outputs, which follow the seed closely.
  let state = Math.imul(seed, 0x9e3779b1) >>> 0 || 1;
  const next = () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 2 ** 32;
  };
  for (let i = 0; i < 8; i++) next();
  return { next, between: (low: number, high: number) => low + (high - low) * next() };
}

/**
 * A client of the simulation. `flood`: keeps `inFlight` compiles in flight,
 * sending the next the moment one is answered (50 ms after a refusal);
 * `paced`: one compile at a time, then a pause of `pauseMs()`.
 */
interface SimClient {
  key: string;
  kind: "flood" | "paced";
  inFlight: number;
  costMs: () => number;
  pauseMs: () => number;
}

interface Started {
  key: string;
  at: number;
  light: boolean;
  /** How long it waited for its slot. */
  waitedMs: number;
}

/**
 * Runs `clients` for `durationMs` of simulated time; every job's start, in
 * order. A job holds its slot for its CPU cost, times `heavySlowdown` in
 * the heavy lane: a host busy with other work, where nice-19 threads get a
 * small part of a core.
 */
async function simulate(
  clients: SimClient[],
  durationMs: number,
  options: Partial<FairQueueOptions> = {},
  heavySlowdown = 1,
) {
  // Everything runs on the faked timers and clock: the jobs' ends, the
  // clients' next requests and the queue's own give-up timers (maxWaitMs).
  const now = () => Date.now();
  const q = new FairQueue({
    what: "compiles",
    slots: 2,
    reserve: 1,
    lightMs: LIGHT_MS,
    lightUseMs: LIGHT_USE_MS,
    maxWaiting: 128,
    perClientRunning: 1,
    perClientWaiting: 4,
    maxWaitMs: 10_000,
    variables: { maxWaiting: "Q", perClientRunning: "CR", perClientWaiting: "CQ", maxWaitMs: "W" },
    now,
    ...options,
  });
  const started: Started[] = [];

  const submit = (client: SimClient) => {
    const sent = now();
    q.run({ key: client.key }, (_signal, light, charge) => {
      const cost = client.costMs();
      started.push({ key: client.key, at: now(), light, waitedMs: now() - sent });
      return new Promise<void>((resolve) =>
        setTimeout(
          () => {
            charge(cost);
            resolve();
          },
          cost * (light ? 1 : heavySlowdown),
        ),
      );
    }).then(
      () => setTimeout(() => submit(client), client.kind === "flood" ? 0 : client.pauseMs()),
      () => setTimeout(() => submit(client), 50),
    );
  };
  for (const client of clients) {
    const count = client.kind === "flood" ? client.inFlight : 1;
    for (let i = 0; i < count; i++) setTimeout(() => submit(client), client.kind === "flood" ? 0 : client.pauseMs());
  }
  await vi.advanceTimersByTimeAsync(durationMs);
  q.close(new Error("the simulation is over"));
  vi.clearAllTimers();
  return started;
}

/**
 * How many jobs of each client started in the wrong lane (`heavy`: its
 * lane) from `graceMs` after the client's first job started.
 */
function misplaced(started: Started[], clients: SimClient[], graceMs: number, heavy: (c: SimClient) => boolean) {
  const byKey = new Map(clients.map((c) => [c.key, c]));
  const first = new Map<string, number>();
  for (const job of started) if (!first.has(job.key)) first.set(job.key, job.at);
  const wrong = new Map<string, number>();
  for (const job of started) {
    if (job.at < (first.get(job.key) as number) + graceMs) continue;
    const client = byKey.get(job.key) as SimClient;
    if (job.light === heavy(client)) wrong.set(job.key, (wrong.get(job.key) ?? 0) + 1);
  }
  return Object.fromEntries(wrong);
}

/** Someone who builds now and then: a program up to the light limit, every 4 to 10 s. */
function occasional(key: string, r: ReturnType<typeof random>): SimClient {
  const cost = r.between(5, LIGHT_MS - 1);
  return { key, kind: "paced", inFlight: 1, costMs: () => cost, pauseMs: () => r.between(4000, 10_000) };
}

/** Someone building small programs over and over, one at a time, with a short pause (the bench's victims). */
function busy(key: string, r: ReturnType<typeof random>): SimClient {
  return { key, kind: "paced", inFlight: 1, costMs: () => r.between(5, 10), pauseMs: () => r.between(60, 100) };
}

/** A flood of programs each under the light limit, so no single compile marks it heavy. */
function flood(key: string, r: ReturnType<typeof random>, inFlight: number): SimClient {
  const low = r.between(10, LIGHT_MS - 1);
  const high = r.between(low, LIGHT_MS - 1);
  return { key, kind: "flood", inFlight, costMs: () => r.between(low, high), pauseMs: () => 0 };
}

const SEEDS = Array.from({ length: 12 }, (_, i) => i + 1);

describe("FairQueue lanes under random mixes of clients", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"], now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each(SEEDS)(
    "seed %i: clients that keep compiles queued behind their own run heavy after a few seconds, however cheap each compile; the others stay light",
    async (seed) => {
      const r = random(seed);
      const floods = Array.from({ length: 1 + Math.floor(r.next() * 12) }, (_, i) =>
        flood(`flood${i}`, r, 2 + Math.floor(r.next() * 3)),
      );
      const victims = [
        ...Array.from({ length: 1 + Math.floor(r.next() * 3) }, (_, i) => occasional(`occasional${i}`, r)),
        ...Array.from({ length: Math.floor(r.next() * 3) }, (_, i) => busy(`busy${i}`, r)),
      ];
      const clients = [...floods, ...victims];
      // A short longest wait makes the queue refuse most of a flood's requests
      // up front (503): refused requests still show it sends faster than it is served.
      // On a busy host heavy compiles hold their slots long, so the expected wait
      // of a flood's next request is long and most are refused up front too.
      const busyHost = r.next() < 0.5;
      const started = await simulate(
        clients,
        60_000,
        { maxWaitMs: r.next() < 0.5 ? 10_000 : r.between(200, 2000) },
        busyHost ? r.between(5, 40) : 1,
      );
      // Every client was served after the warm-up (no one starved)...
      for (const client of clients) expect(started.some((s) => s.key === client.key && s.at > 10_000)).toBe(true);
      // ...and in its lane: every victim light, every flood heavy from a
      // second after its first compile (a crowded queue may serve a flood's
      // first compile only seconds after it starts sending). On a busy host a
      // flood whose requests have all waited or been refused for a while may
      // have a few compiles in the light lane when the queue lets it in again.
      const wrong = misplaced(started, clients, 1000, (c) => c.kind === "flood");
      for (const [key, count] of Object.entries(wrong)) {
        expect({ key, count }).toEqual({ key, count: busyHost && key.startsWith("flood") ? Math.min(count, 3) : 0 });
      }
    },
  );

  it.each(SEEDS)(
    "seed %i: a few clients each keeping one cheap compile in flight without pause run heavy once past the light use",
    async (seed) => {
      const r = random(seed);
      const floods = Array.from({ length: 1 + Math.floor(r.next() * 3) }, (_, i) => flood(`serial${i}`, r, 1));
      const victims = [occasional("occasional", r), ...(r.next() < 0.5 ? [busy("busy", r)] : [])];
      const clients = [...floods, ...victims];
      const started = await simulate(clients, 60_000, {}, r.next() < 0.5 ? 1 : r.between(2, 10));
      expect(misplaced(started, clients, 10_000, (c) => c.kind === "flood")).toEqual({});
    },
  );

  it.each(SEEDS)(
    "seed %i: with no flood, clients that build one program at a time stay light, busy or not",
    async (seed) => {
      const r = random(seed);
      const clients = [
        ...Array.from({ length: 1 + Math.floor(r.next() * 4) }, (_, i) => occasional(`occasional${i}`, r)),
        ...Array.from({ length: Math.floor(r.next() * 4) }, (_, i) => busy(`busy${i}`, r)),
      ];
      const started = await simulate(clients, 60_000);
      expect(misplaced(started, clients, 0, () => false)).toEqual({});
    },
  );

  it.each(SEEDS.slice(0, 4))(
    "seed %i: many addresses each keeping one cheap compile in flight stay light, and an occasional builder still gets the next light slot",
    async (seed) => {
      const r = random(seed);
      // Each address uses a little (2 slots shared by 30): under the light use, so
      // by its own use none can be told from a busy person (see fairQueue.ts).
      const floods = Array.from({ length: 30 }, (_, i) => flood(`address${i}`, r, 1));
      const clients = [...floods, occasional("occasional", r)];
      const started = await simulate(clients, 60_000);
      const mine = started.filter((s) => s.key === "occasional");
      expect(mine.length).toBeGreaterThan(3);
      expect(mine.every((s) => s.light)).toBe(true);
      // Least attained service: it waits only for a light slot to free, at most one light compile.
      expect(Math.max(...mine.map((s) => s.waitedMs))).toBeLessThan(LIGHT_MS);
    },
  );
});
