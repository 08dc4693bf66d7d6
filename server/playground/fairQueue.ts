// A fair, bounded queue in front of a fixed number of slots (compiler
// threads, native build slots), shared by every client of the public server.
// A plain FIFO lets one client's burst stand in front of everyone else's
// builds; here each client has its own line and a free slot goes to the
// waiting client served longest ago (round-robin across clients), so a
// client's jobs wait behind each other, not in front of others'. Each client may run and queue only a few
// jobs at once (more is a 429), the wait is bounded (a 503 with Retry-After
// when the expected wait is too long up front, or when a job has waited that
// long), and a job whose caller gives up (its signal aborts: the client hung
// up) leaves the line, or, when already running, has its task's signal
// aborted so the slot's work is stopped.
//
// A running job cannot be paused, so with every slot held by slow jobs a
// newcomer still waits for the first of them to end. The `reserve` slots
// shorten that for light clients: clients whose jobs have been quick (or
// who are new) may use them when the regular slots are full, so a hello
// world runs beside the slow compiles (the OS shares the cores) instead of
// behind them. A client whose jobs take longer than `lightMs` on average
// waits for a regular slot; that average outlives the client's idle spells.
import { PlaygroundHttpError } from "./httpError";

export interface FairQueueOptions {
  /** What runs, plural, for messages ("compiles", "native builds"). */
  what: string;
  /** Jobs running at once over all clients. */
  slots: number;
  /** Further slots only light clients may use (default 0). */
  reserve?: number;
  /** A client whose jobs held their slot longer than this on average is not light (default 0: none is). */
  lightMs?: number;
  /** Jobs waiting over all clients; one more is a 429. */
  maxWaiting: number;
  /** Jobs of one client running at once (the rest of its jobs wait). */
  perClientRunning: number;
  /** Jobs of one client waiting beyond its running share; one more in flight is a 429. */
  perClientWaiting: number;
  /** Longest wait for a slot: a job expected to wait longer is refused, one that has waited this long gives up (503). */
  maxWaitMs: number;
  /** The environment variables behind the limits, named in refusals so an operator knows what to raise. */
  variables: { maxWaiting: string; perClientRunning: string; perClientWaiting: string; maxWaitMs: string };
}

/** Counts since the queue was made; tests and /health read them. */
export interface FairQueueCounters {
  started: number;
  /** Refused because the client had its share waiting already (429). */
  refusedClient: number;
  /** Refused because every client's jobs together filled the queue (429). */
  refusedFull: number;
  /** Refused because the expected wait was past maxWaitMs (503). */
  refusedWait: number;
  /** Waited maxWaitMs without a slot (503). */
  expired: number;
  /** The caller went away while the job waited: it never ran. */
  cancelledWaiting: number;
  /** The caller went away while the job ran: its task was told to stop. */
  cancelledRunning: number;
}

/** The caller's identity and its lifetime: the job stops when `signal` aborts. */
export interface ClientScope {
  key: string;
  signal?: AbortSignal;
}

interface Job {
  client: Client;
  start: () => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
  unlink: () => void;
}

interface Client {
  key: string;
  running: number;
  /** When the client last got a slot (a count of slots handed out); 0: never. */
  servedAt: number;
  waiting: Job[];
}

/** Clients whose average job time is remembered. */
const HISTORY = 10_000;

/** The error a job of a caller that went away ends with: a 503 nobody receives, so nothing is logged as a failure. */
export class CallerGone extends PlaygroundHttpError {
  constructor(detail: string) {
    super(503, detail);
  }
}

export class FairQueue {
  private readonly clients = new Map<string, Client>();
  /** Clients with jobs waiting. */
  private readonly turns: Client[] = [];
  /** Each recent client's average time holding a slot, kept while it is idle (oldest dropped past HISTORY). */
  private readonly history = new Map<string, number>();
  /** Slots handed out so far: the clock of Client.servedAt. */
  private served = 0;
  private runningCount = 0;
  private waitingCount = 0;
  /** Moving average of how long a job holds its slot, for the expected wait. */
  private serviceMs = 0;
  readonly counters: FairQueueCounters = {
    started: 0,
    refusedClient: 0,
    refusedFull: 0,
    refusedWait: 0,
    expired: 0,
    cancelledWaiting: 0,
    cancelledRunning: 0,
  };

  constructor(private readonly options: FairQueueOptions) {}

  get running(): number {
    return this.runningCount;
  }

  get waiting(): number {
    return this.waitingCount;
  }

  /**
   * Runs `task` when `scope`'s client gets a slot; the task's signal aborts
   * when the caller goes away, and `light` says whether the client is light
   * (the caller may run light clients' jobs where they go first).
   */
  run<T>(scope: ClientScope, task: (signal: AbortSignal, light: boolean) => Promise<T>): Promise<T> {
    const { signal } = scope;
    if (signal?.aborted) {
      this.counters.cancelledWaiting += 1;
      return Promise.reject(new CallerGone(`the client went away before its ${this.options.what} started`));
    }
    const client = this.clients.get(scope.key) ?? { key: scope.key, running: 0, servedAt: 0, waiting: [] };
    // After every dispatch, a client still waiting is held back by its own
    // running share, so a free slot may go to this job unless its own
    // client has earlier jobs waiting or is at its share.
    const mustWait =
      this.runningCount >= this.slotsFor(client) ||
      client.running >= this.options.perClientRunning ||
      client.waiting.length > 0;
    if (mustWait) {
      try {
        this.admit(client);
      } catch (error) {
        return Promise.reject(error);
      }
    }
    this.clients.set(client.key, client);

    return new Promise<T>((resolve, reject) => {
      const controller = new AbortController();
      const onAbort = () => {
        const at = client.waiting.indexOf(job);
        if (at >= 0) {
          this.leave(client, at);
          this.counters.cancelledWaiting += 1;
          reject(new CallerGone(`the client went away; its ${this.options.what} was dropped before it started`));
        } else {
          this.counters.cancelledRunning += 1;
          controller.abort(new CallerGone(`the client went away; its ${this.options.what} was stopped`));
        }
      };
      const job: Job = {
        client,
        reject,
        timer: undefined as unknown as NodeJS.Timeout,
        unlink: () => signal?.removeEventListener("abort", onAbort),
        start: () => {
          const began = performance.now();
          this.counters.started += 1;
          task(controller.signal, this.isLight(client))
            .then(resolve, reject)
            .finally(() => {
              job.unlink();
              const took = performance.now() - began;
              this.serviceMs = this.serviceMs === 0 ? took : 0.8 * this.serviceMs + 0.2 * took;
              this.remember(client.key, took);
              client.running -= 1;
              this.runningCount -= 1;
              this.forget(client);
              this.dispatch();
            });
        },
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      if (!mustWait) return this.begin(job);
      job.timer = setTimeout(() => {
        const at = client.waiting.indexOf(job);
        if (at < 0) return;
        this.leave(client, at);
        job.unlink();
        this.counters.expired += 1;
        reject(
          new PlaygroundHttpError(
            503,
            `the server is busy: this request waited ${this.options.maxWaitMs} ms for a free slot among ${this.runningCount} ${this.options.what} running (${this.options.variables.maxWaitMs}); retry shortly`,
            this.retryAfter(),
          ),
        );
      }, this.options.maxWaitMs);
      client.waiting.push(job);
      this.waitingCount += 1;
      if (client.waiting.length === 1) this.turns.push(client);
      this.dispatch();
    });
  }

  /** Refuses a job that would wait past the client's share, the queue's size or the longest wait. */
  private admit(client: Client): void {
    const { what, variables } = this.options;
    // The share counts running and waiting together, so a client whose jobs
    // all wait (every slot busy) gets as many in as one already running.
    const share = this.options.perClientRunning + this.options.perClientWaiting;
    if (client.running + client.waiting.length >= share) {
      this.counters.refusedClient += 1;
      throw new PlaygroundHttpError(
        429,
        `too many ${what} from this client at once (${client.running} running, ${client.waiting.length} waiting; at most ${share} at once, ${variables.perClientRunning} + ${variables.perClientWaiting}); retry when one finishes`,
        this.retryAfter(),
      );
    }
    if (this.waitingCount >= this.options.maxWaiting) {
      this.counters.refusedFull += 1;
      throw new PlaygroundHttpError(
        429,
        `too many ${what} at once (${this.runningCount} running, ${this.waitingCount} waiting; ${variables.maxWaiting} is ${this.options.maxWaiting}); retry shortly`,
        this.retryAfter(),
      );
    }
    // The estimate uses the average job of all clients, mostly the slow
    // ones when slow ones queue: a light client waits for light jobs (the
    // reserve) and is bounded by the deadline alone.
    const expected = this.expectedWaitMs(client);
    if (expected > this.options.maxWaitMs && !(this.options.reserve && this.isLight(client))) {
      this.counters.refusedWait += 1;
      throw new PlaygroundHttpError(
        503,
        `the server is busy: a new request would wait about ${Math.round(expected)} ms for one of ${this.options.slots} slots, over the limit of ${this.options.maxWaitMs} ms (${variables.maxWaitMs}); retry shortly`,
        this.retryAfter(expected),
      );
    }
  }

  /**
   * The wait of one more job of `client`: round-robin serves each waiting
   * client once per round, so ahead of this client's (k+1)-th job are its own
   * k and at most k+1 of every other client's, each holding a slot for the
   * average service time; and half a job's time for a slot to free.
   */
  private expectedWaitMs(client: Client): number {
    const k = client.waiting.length;
    let ahead = k;
    for (const other of this.turns) if (other !== client) ahead += Math.min(other.waiting.length, k + 1);
    return (ahead / this.options.slots + 0.5) * this.serviceMs;
  }

  /** How many slots `client` may take: the regular ones, and the reserve when it is light. */
  private slotsFor(client: Client): number {
    const { slots, reserve = 0 } = this.options;
    return this.isLight(client) ? slots + reserve : slots;
  }

  /** New clients, and those whose jobs average at most lightMs. */
  private isLight(client: Client): boolean {
    const average = this.history.get(client.key);
    return average === undefined || average <= (this.options.lightMs ?? 0);
  }

  /** Folds one job's time into its client's average (new jobs weigh half), keeping the most recent clients. */
  private remember(key: string, took: number): void {
    const before = this.history.get(key);
    this.history.delete(key);
    this.history.set(key, before === undefined ? took : (before + took) / 2);
    if (this.history.size > HISTORY) this.history.delete(this.history.keys().next().value as string);
  }

  private retryAfter(expectedMs = this.serviceMs): number {
    return Math.max(1, Math.ceil(expectedMs / 1000));
  }

  private begin(job: Job): void {
    job.client.servedAt = ++this.served;
    job.client.running += 1;
    this.runningCount += 1;
    job.start();
  }

  /**
   * Gives free slots to waiting jobs: each to the client with the fewest
   * jobs running, among those the one served longest ago (a client new to
   * the queue first), skipping clients at their running share. So clients
   * take turns, and one that has just had a slot waits for the others'.
   */
  private dispatch(): void {
    const most = this.options.slots + (this.options.reserve ?? 0);
    while (this.runningCount < most) {
      let next: Client | undefined;
      for (const client of this.turns) {
        if (client.running >= this.options.perClientRunning) continue;
        if (this.runningCount >= this.slotsFor(client)) continue;
        if (
          next === undefined ||
          client.running < next.running ||
          (client.running === next.running && client.servedAt < next.servedAt)
        )
          next = client;
      }
      if (next === undefined) return;
      const job = next.waiting.shift() as Job;
      this.waitingCount -= 1;
      clearTimeout(job.timer);
      if (next.waiting.length === 0) this.turns.splice(this.turns.indexOf(next), 1);
      this.begin(job);
    }
  }

  private leave(client: Client, at: number): void {
    const [job] = client.waiting.splice(at, 1);
    clearTimeout(job.timer);
    this.waitingCount -= 1;
    if (client.waiting.length === 0) {
      const turn = this.turns.indexOf(client);
      if (turn >= 0) this.turns.splice(turn, 1);
    }
    this.forget(client);
  }

  /** A client with nothing running or waiting is dropped, so the map holds only active clients. */
  private forget(client: Client): void {
    if (client.running === 0 && client.waiting.length === 0) this.clients.delete(client.key);
  }

  /** Fails every waiting job with `error` (the server is closing). */
  close(error: Error): void {
    for (const client of this.turns.splice(0)) {
      for (const job of client.waiting.splice(0)) {
        clearTimeout(job.timer);
        job.unlink();
        job.reject(error);
      }
      this.forget(client);
    }
    this.waitingCount = 0;
  }
}
