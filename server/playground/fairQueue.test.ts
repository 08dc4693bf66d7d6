// The fair queue on its own, with tasks the test finishes by hand: the order
// slots are handed out in, the refusals and what a caller's abort does.
import { describe, expect, it } from "vitest";
import { FairQueue, type FairQueueOptions, RECENT_HALF_LIFE_MS } from "./fairQueue";
import { PlaygroundHttpError } from "./httpError";

const VARIABLES = { maxWaiting: "Q", perClientRunning: "CR", perClientWaiting: "CQ", maxWaitMs: "W" };

function queue(options: Partial<FairQueueOptions> = {}): FairQueue {
  return new FairQueue({
    what: "jobs",
    slots: 1,
    maxWaiting: 100,
    perClientRunning: 1,
    perClientWaiting: 100,
    maxWaitMs: 600_000,
    variables: VARIABLES,
    ...options,
  });
}

/** A job that records when it starts (and whether its client was light) and ends when the test says so. */
function recorder(q: FairQueue) {
  const started: string[] = [];
  const light = new Map<string, boolean>();
  const finishers = new Map<string, () => void>();
  const signals = new Map<string, AbortSignal>();
  /** `cost`: what the job reports it cost (its CPU ms), charged instead of its time in the slot. */
  const submit = (client: string, name: string, signal?: AbortSignal, cost?: number) =>
    q.run({ key: client, signal }, (taskSignal, isLight, charge) => {
      started.push(name);
      light.set(name, isLight);
      signals.set(name, taskSignal);
      return new Promise<string>((resolve) =>
        finishers.set(name, () => {
          if (cost !== undefined) charge(cost);
          resolve(name);
        }),
      );
    });
  const finish = async (name: string) => {
    finishers.get(name)?.();
    // Let the queue's settle handlers run and hand the slot on.
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  return { started, light, submit, finish, signals };
}

/** A clock the test moves by hand. */
function clock() {
  const c = { ms: 0, now: () => c.ms };
  return c;
}

async function refusal(promise: Promise<unknown>): Promise<PlaygroundHttpError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PlaygroundHttpError);
  return error as PlaygroundHttpError;
}

describe("FairQueue", () => {
  it("takes turns across clients, so a burst from one client waits behind the others' jobs", async () => {
    const q = queue();
    const { started, submit, finish } = recorder(q);
    const jobs = [
      submit("attacker", "a1"),
      submit("attacker", "a2"),
      submit("attacker", "a3"),
      submit("attacker", "a4"),
      submit("victim", "v1"),
      submit("other", "o1"),
    ];
    expect(started).toEqual(["a1"]);
    for (const name of ["a1", "v1", "o1", "a2", "a3"]) await finish(name);
    await finish("a4");
    // A FIFO would have run a2..a4 before v1.
    expect(started).toEqual(["a1", "v1", "o1", "a2", "a3", "a4"]);
    expect(await Promise.all(jobs)).toEqual(["a1", "a2", "a3", "a4", "v1", "o1"]);
    expect(q.running + q.waiting).toBe(0);
  });

  it("keeps a client to its running share even with slots free", async () => {
    const q = queue({ slots: 3, perClientRunning: 1 });
    const { started, submit, finish } = recorder(q);
    void submit("a", "a1");
    void submit("a", "a2");
    void submit("b", "b1");
    expect(started).toEqual(["a1", "b1"]);
    expect(q.running).toBe(2);
    await finish("a1");
    expect(started).toEqual(["a1", "b1", "a2"]);
    await finish("a2");
    await finish("b1");
  });

  it("answers 429 with Retry-After past a client's share (running and waiting), naming the variable, and admits other clients", async () => {
    const q = queue({ perClientWaiting: 2 });
    const { submit, finish } = recorder(q);
    void submit("a", "a1");
    void submit("a", "a2");
    void submit("a", "a3");
    const refused = await refusal(submit("a", "a4"));
    expect(refused.status).toBe(429);
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.message).toMatch(
      /too many jobs from this client at once \(1 running, 2 waiting; at most 3 at once, CR \+ CQ\)/,
    );
    void submit("b", "b1");
    expect(q.waiting).toBe(3);
    expect(q.counters.refusedClient).toBe(1);
    for (const name of ["a1", "b1", "a2", "a3"]) await finish(name);
  });

  it("answers 429 when every client's jobs together fill the queue", async () => {
    const q = queue({ maxWaiting: 2 });
    const { submit, finish } = recorder(q);
    void submit("a", "a1");
    void submit("b", "b1");
    void submit("c", "c1");
    const refused = await refusal(submit("d", "d1"));
    expect(refused.status).toBe(429);
    expect(refused.message).toMatch(/too many jobs at once \(1 running, 2 waiting; Q is 2\)/);
    expect(q.counters.refusedFull).toBe(1);
    for (const name of ["a1", "b1", "c1"]) await finish(name);
  });

  it("answers 503 with Retry-After when a job has waited maxWaitMs, and hands the slot on as usual", async () => {
    const q = queue({ maxWaitMs: 100 });
    const { started, submit, finish } = recorder(q);
    void submit("a", "a1");
    const waited = await refusal(submit("b", "b1"));
    expect(waited.status).toBe(503);
    expect(waited.retryAfterSeconds).toBeGreaterThan(0);
    expect(waited.message).toMatch(/waited 100 ms for a free slot .*\(W\)/);
    expect(q.counters.expired).toBe(1);
    expect(q.waiting).toBe(0);
    await finish("a1");
    expect(started).toEqual(["a1"]);
  });

  it("drops a waiting job whose caller aborts, and aborts a running job's task signal", async () => {
    const q = queue();
    const { started, submit, finish, signals } = recorder(q);
    const runningCaller = new AbortController();
    const waitingCaller = new AbortController();
    const running = submit("a", "a1", runningCaller.signal);
    const waiting = submit("b", "b1", waitingCaller.signal);
    void submit("c", "c1");
    waitingCaller.abort();
    expect((await refusal(waiting)).message).toMatch(/dropped before it started/);
    expect(q.counters.cancelledWaiting).toBe(1);
    expect(q.waiting).toBe(1);

    runningCaller.abort();
    expect(signals.get("a1")?.aborted).toBe(true);
    expect(q.counters.cancelledRunning).toBe(1);
    // The slot is the task's until it stops; then it goes to the next client.
    await finish("a1");
    await running;
    expect(started).toEqual(["a1", "c1"]);
    await finish("c1");
    expect(q.running + q.waiting).toBe(0);
  });

  it("refuses up front a job expected to wait past maxWaitMs (503)", async () => {
    const q = queue({ maxWaitMs: 1000 });
    // One job of a known length teaches the queue the service time: 5 s.
    let now = 0;
    const realNow = performance.now.bind(performance);
    performance.now = () => now;
    try {
      const { submit, finish } = recorder(q);
      void submit("a", "a1");
      now = 5000;
      await finish("a1");
      void submit("a", "a2");
      const refused = await refusal(submit("b", "b1"));
      expect(refused.status).toBe(503);
      expect(refused.message).toMatch(/would wait about 2500 ms for one of 1 slots, over the limit of 1000 ms \(W\)/);
      expect(refused.retryAfterSeconds).toBe(3);
      expect(q.counters.refusedWait).toBe(1);
      await finish("a2");
    } finally {
      performance.now = realNow;
    }
  });

  it("lets a light client use the reserve slot while the regular ones run a heavy client's jobs", async () => {
    const q = queue({ slots: 1, reserve: 1, lightMs: 100 });
    let now = 0;
    const realNow = performance.now.bind(performance);
    performance.now = () => now;
    try {
      const { started, submit, finish } = recorder(q);
      // A new client counts as light (its first job could take the reserve); after a slow job it is heavy.
      void submit("heavy", "h1");
      void submit("other", "o1");
      expect(started).toEqual(["h1", "o1"]);
      now = 1000;
      await finish("h1");
      await finish("o1");
      void submit("heavy", "h2");
      void submit("other", "o2");
      // o2 waits though the reserve slot is free: its client is heavy too.
      expect(started).toEqual(["h1", "o1", "h2"]);
      expect(q.waiting).toBe(1);
      void submit("light", "l1");
      expect(started).toEqual(["h1", "o1", "h2", "l1"]);
      await finish("l1");
      expect(started).toEqual(["h1", "o1", "h2", "l1"]);
      await finish("h2");
      expect(started).toEqual(["h1", "o1", "h2", "l1", "o2"]);
      await finish("o2");
    } finally {
      performance.now = realNow;
    }
  });

  it("does not refuse a light client up front on the slow clients' wait estimate when there is a reserve", async () => {
    const q = queue({ slots: 1, reserve: 1, lightMs: 100, maxWaitMs: 1000 });
    let now = 0;
    const realNow = performance.now.bind(performance);
    performance.now = () => now;
    try {
      const { started, submit, finish } = recorder(q);
      void submit("heavy", "h1");
      void submit("other", "o1");
      now = 5000;
      await finish("h1");
      await finish("o1");
      void submit("heavy", "h2");
      void submit("light", "l1");
      void submit("light3", "l3");
      // Both lanes are full and the average job is 5 s: a heavy client's next is refused, a light one waits.
      expect((await refusal(submit("other", "o2"))).status).toBe(503);
      const waiting = submit("light2", "l2");
      expect(q.waiting).toBe(1);
      await finish("l1");
      expect(started).toContain("l2");
      await finish("l2");
      await finish("l3");
      await finish("h2");
      expect(await waiting).toBe("l2");
    } finally {
      performance.now = realNow;
    }
  });

  it("gives a free slot to the client with the least recent slot time, whoever queued first", async () => {
    const c = clock();
    const q = queue({ now: c.now });
    const { started, submit, finish } = recorder(q);
    // heavy has held the slot 3 s, medium 1 s, light 0.1 s, just now.
    for (const [client, ms] of [
      ["heavy", 3000],
      ["medium", 1000],
      ["light", 100],
    ] as const) {
      void submit(client, `${client}0`);
      c.ms += ms;
      await finish(`${client}0`);
    }
    void submit("blocker", "b");
    // They queue heaviest first; they are served lightest first, a new client before all.
    void submit("heavy", "heavy1");
    void submit("medium", "medium1");
    void submit("light", "light1");
    void submit("new", "new1");
    for (const name of ["b", "new1", "light1", "medium1"]) await finish(name);
    expect(started.slice(4)).toEqual(["new1", "light1", "medium1", "heavy1"]);
    await finish("heavy1");
  });

  it("counts a job still running against its client, so a client with a long job running waits behind others", async () => {
    const c = clock();
    const q = queue({ slots: 2, perClientRunning: 2, now: c.now });
    const { started, submit, finish } = recorder(q);
    void submit("a", "a1");
    c.ms += 1;
    void submit("b", "b1");
    c.ms += 5000;
    // a's job has run 5 s, b's 5 s less 1 ms: when b's ends, b goes first though a queued first.
    void submit("a", "a2");
    void submit("b", "b2");
    await finish("b1");
    expect(started).toEqual(["a1", "b1", "b2"]);
    for (const name of ["a1", "a2", "b2"]) await finish(name);
    expect(started).toEqual(["a1", "b1", "b2", "a2"]);
  });

  it("forgets use by half each half-life, so a heavy spell long ago counts less than a little use just now", async () => {
    const c = clock();
    const q = queue({ now: c.now });
    const { started, submit, finish } = recorder(q);
    void submit("a", "a0");
    c.ms += 4000;
    await finish("a0");
    // Ten half-lives later a's 4 s counts as about 4 ms; b then holds the slot 100 ms.
    c.ms += 10 * RECENT_HALF_LIFE_MS;
    void submit("b", "b0");
    c.ms += 100;
    await finish("b0");
    void submit("blocker", "x");
    void submit("b", "b1");
    void submit("a", "a1");
    await finish("x");
    expect(started.at(-1)).toBe("a1");
    await finish("a1");
    await finish("b1");
  });

  it("charges a job what its task says it cost, not its time in the slot", async () => {
    const c = clock();
    const q = queue({ slots: 1, reserve: 1, lightMs: 100, now: c.now });
    const { light, submit, finish } = recorder(q);
    // Both jobs hold the slot 2 s (a busy host); only b's compile cost that much.
    void submit("a", "a1", undefined, 20);
    void submit("b", "b1", undefined, 2000);
    c.ms += 2000;
    await finish("a1");
    await finish("b1");
    void submit("a", "a2");
    void submit("b", "b2");
    expect(light.get("a2")).toBe(true);
    expect(light.get("b2")).toBe(false);
    await finish("a2");
    await finish("b2");
  });

  it("marks a client heavy after one long job among short ones, for several jobs", async () => {
    const c = clock();
    const q = queue({ slots: 1, reserve: 1, lightMs: 100, now: c.now });
    const { light, submit, finish } = recorder(q);
    const job = async (name: string, ms: number) => {
      void submit("mixer", name);
      c.ms += ms;
      await finish(name);
    };
    // Four quick jobs and one of 2 s: the average (about 410 ms) would hide it, the estimate (2 s) does not.
    for (let i = 0; i < 4; i++) await job(`m${i}`, 10);
    await job("slow", 2000);
    // Quick jobs bring the estimate down by half each: 1005, 507, 259, 134, then 72 and light again.
    for (let i = 5; i < 10; i++) await job(`m${i}`, 10);
    expect([...light.entries()].filter(([, l]) => !l).map(([name]) => name)).toEqual(["m5", "m6", "m7", "m8", "m9"]);
    await job("m10", 10);
    expect(light.get("m10")).toBe(true);
  });

  it("runs heavy clients' jobs in a lane of their own, so they never hold a slot a light client needs", async () => {
    const c = clock();
    const q = queue({ slots: 1, reserve: 1, lightMs: 100, now: c.now });
    const { started, light, submit, finish } = recorder(q);
    for (const client of ["h", "g"]) {
      void submit(client, `${client}0`);
      c.ms += 1000;
      await finish(`${client}0`);
    }
    // Two heavy clients: one runs in the heavy lane's one slot, the other waits for it...
    void submit("h", "h1");
    void submit("g", "g1");
    expect(started.slice(2)).toEqual(["h1"]);
    // ...while light clients have both light slots.
    void submit("a", "a1");
    void submit("b", "b1");
    void submit("c", "c1");
    expect(started.slice(2)).toEqual(["h1", "a1", "b1"]);
    expect([light.get("h1"), light.get("a1"), light.get("b1")]).toEqual([false, true, true]);
    await finish("a1");
    expect(started.at(-1)).toBe("c1");
    await finish("h1");
    expect(started.at(-1)).toBe("g1");
    for (const name of ["b1", "c1", "g1"]) await finish(name);
  });

  it("counts a client heavy while a job of its has run past lightMs, so its next job goes to the heavy lane", async () => {
    const c = clock();
    const q = queue({ slots: 1, reserve: 1, lightMs: 100, perClientRunning: 2, now: c.now });
    const { started, light, submit, finish } = recorder(q);
    // a1 costs 10 ms of CPU (light by its estimate once it ends); a2 is still running when a3's turn comes.
    void submit("a", "a1", undefined, 10);
    c.ms += 50;
    void submit("a", "a2");
    c.ms += 450;
    // a's jobs so far were quick, but a2 has now run 450 ms: a3 goes to the heavy lane.
    void submit("a", "a3");
    await finish("a1");
    expect(started).toEqual(["a1", "a2", "a3"]);
    expect([light.get("a1"), light.get("a2"), light.get("a3")]).toEqual([true, true, false]);
    await finish("a2");
    await finish("a3");
  });

  it("tells a route the refusal a client's next job would get, without queueing anything", async () => {
    const q = queue({ perClientWaiting: 1 });
    const { submit, finish } = recorder(q);
    void submit("a", "a1");
    expect(q.refusal("b")).toBeUndefined();
    void submit("a", "a2");
    const refused = q.refusal("a");
    expect(refused?.status).toBe(429);
    expect(refused?.message).toMatch(/too many jobs from this client at once \(1 running, 1 waiting/);
    // b would wait but is within its share: no refusal, and nothing was queued for either.
    expect(q.refusal("b")).toBeUndefined();
    expect(q.waiting).toBe(1);
    expect(q.counters.refusedClient).toBe(1);
    await finish("a1");
    await finish("a2");
    expect(q.refusal("a")).toBeUndefined();
  });
});
