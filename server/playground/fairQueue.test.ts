// The fair queue on its own, with tasks the test finishes by hand: the order
// slots are handed out in, the refusals and what a caller's abort does.
import { describe, expect, it } from "vitest";
import { FairQueue, type FairQueueOptions } from "./fairQueue";
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

/** A job that records when it starts and ends when the test says so. */
function recorder(q: FairQueue) {
  const started: string[] = [];
  const finishers = new Map<string, () => void>();
  const signals = new Map<string, AbortSignal>();
  const submit = (client: string, name: string, signal?: AbortSignal) =>
    q.run({ key: client, signal }, (taskSignal) => {
      started.push(name);
      signals.set(name, taskSignal);
      return new Promise<string>((resolve) => finishers.set(name, () => resolve(name)));
    });
  const finish = async (name: string) => {
    finishers.get(name)?.();
    // Let the queue's settle handlers run and hand the slot on.
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  return { started, submit, finish, signals };
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
      // Both slots are busy and the average job is 5 s: a heavy client's next is refused, a light one waits.
      expect((await refusal(submit("other", "o2"))).status).toBe(503);
      const waiting = submit("light2", "l2");
      expect(q.waiting).toBe(1);
      await finish("l1");
      expect(started).toContain("l2");
      await finish("l2");
      await finish("h2");
      expect(await waiting).toBe("l2");
    } finally {
      performance.now = realNow;
    }
  });
});
