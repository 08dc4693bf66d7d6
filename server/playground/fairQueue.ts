// A fair, bounded queue in front of a fixed number of slots (compiler
// threads, native build slots), shared by every client of the public server.
// A plain FIFO lets one client's burst stand in front of everyone else's
// builds; here each client has its own line, and a free slot goes to the
// waiting client that has used the slots least recently: least attained
// service, counted as slot time over roughly the last RECENT_HALF_LIFE_MS
// (older use decays by half each half-life), the time of its jobs still
// running included. A client that compiles a lot waits for those that
// compile little, whatever mix of programs it sends, and ties go to the
// client served longest ago (round-robin). Each client may run and queue
// only a few jobs at once (more is a 429), the wait is bounded (a 503 with
// Retry-After when the expected wait is too long up front, or when a job has
// waited that long), and a job whose caller gives up (its signal aborts: the
// client hung up) leaves the line, or, when already running, has its task's
// signal aborted so the slot's work is stopped.
//
// A running job cannot be paused, so with every slot held by slow jobs a
// newcomer still waits for the first of them to end. With `reserve` slots
// the queue has two lanes instead: light clients' jobs may hold `slots` +
// `reserve` slots, heavy clients' jobs `slots` slots of their own, so heavy
// jobs never hold a slot a light client needs, and the task is told which
// lane it runs in, so the caller can run heavy clients' work at the lowest
// CPU priority (compilerPool.ts): it then takes only the CPU light jobs
// leave idle, and a hello world starts and runs at once beside any number of
// slow compiles. A client is light while its jobs are short: its job length
// estimate jumps at once to any longer job and only halves towards each
// shorter one, so one slow compile among quick ones marks the client heavy
// for several jobs (an average would let it hide there), and a job of its
// still running past `lightMs` marks it heavy at once. New clients are light.
//
// A client is heavy by its recent use too (with `lightUseMs`), whatever its
// programs' sizes, as a flood of programs each under `lightMs` would
// otherwise hold every light slot at normal priority and share the cores
// with a newcomer's hello world. Two signs tell a flood from a busy person:
// - It sends compiles faster than it is served: it has more in flight than
//   it may run (one running and more waiting), or BACKLOG_EVENTS of its
//   recent requests found its own compiles ahead of them, waiting or
//   refused (counted like its use, halved every RECENT_HALF_LIFE_MS; the
//   refusals are what show a flood whose requests the queue mostly turns
//   away up front). Someone at the
//   editor waits for each answer and at most double-clicks now and then; a
//   flood does it with nearly every request, so it is caught within its
//   first few requests, however little CPU it has had (on a busy host a
//   flood at nice 19 gets little, and a rule on its use alone would let it
//   back among the light clients).
// - It keeps a slot busy without pause: recent use over `lightUseMs` makes a
//   client heavy whatever its pattern, so sending one program at a time
//   does not hide a flood; it stays heavy until its use halves.
// What this cannot catch is many addresses each sending a little: each one
// with one compile in flight and under `lightUseMs` looks like a busy person
// and stays light. Such clients still wait behind anyone who has used the
// slots less (least attained service), so a newcomer or an occasional
// builder is served before all of them, but it then shares the cores with
// their light compiles at equal priority; past that the bounds are the
// queue's size and longest wait, and telling such addresses apart is the
// front proxy's job (a client key per network or per account).
import { PlaygroundHttpError } from "./httpError";

export interface FairQueueOptions {
  /** What runs, plural, for messages ("compiles", "native builds"). */
  what: string;
  /** Jobs running at once over all clients; with a reserve, heavy clients' jobs running at once. */
  slots: number;
  /** With any, light clients' jobs have `slots` + `reserve` slots of their own (default 0: one lane for all). */
  reserve?: number;
  /** A client whose jobs hold their slot longer than this is not light (default 0: none is); see isLight. */
  lightMs?: number;
  /**
   * With lanes: a client whose recent use is over this is not light, nor one
   * that keeps sending jobs while its own wait (default: neither makes a
   * client heavy); see isLight.
   */
  lightUseMs?: number;
  /** The clock (ms), for tests; default performance.now. */
  now?: () => number;
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
  /** When it got its slot (the clock's ms); NaN while it waits. */
  began: number;
  /** What the task said it cost (ms of CPU), charged instead of its wall time. */
  chargedMs?: number;
  /** Whether it holds a light lane's slot. */
  light: boolean;
  /** Runs the task; `light`: whether its client was light when it got the slot. */
  start: (light: boolean) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
  unlink: () => void;
}

interface Client {
  key: string;
  running: number;
  /** Its jobs holding a slot now. */
  runningJobs: Set<Job>;
  /** When the client last got a slot (a count of slots handed out); 0: never. */
  servedAt: number;
  waiting: Job[];
}

/** Clients whose recent use is remembered. */
const HISTORY = 10_000;

/**
 * How fast a client's past slot time stops counting against it: halved every
 * this many ms. Long enough that a client cannot win priority back between
 * two of its own compiles (a few seconds each at worst), short enough that
 * one busy minute does not follow it for long.
 */
export const RECENT_HALF_LIFE_MS = 10_000;

/**
 * Backlog events (recent, decayed like use) that make a client heavy: more
 * than a double-click or two, fewer than a flood makes in its first second.
 */
export const BACKLOG_EVENTS = 3;

/** What the queue remembers of a client between its jobs. */
interface Usage {
  /** Slot time, decayed to `at`. */
  usedMs: number;
  /** The clock's ms `usedMs` was last decayed to. */
  at: number;
  /** Its job length estimate: up at once to a longer job, halfway down to a shorter one. */
  jobMs: number;
  /** Its backlog events (a job that found the client's own ahead of it), decayed to `backlogAt`. */
  backlog: number;
  /** The clock's ms `backlog` was last decayed to. */
  backlogAt: number;
  /** Whether its use passed lightUseMs and has not yet fallen below half of it since. */
  overUse: boolean;
}

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
  /** Each recent client's use, kept while it is idle (least recently used dropped past HISTORY). */
  private readonly history = new Map<string, Usage>();
  private readonly now: () => number;
  /** Slots handed out so far: the clock of Client.servedAt. */
  private served = 0;
  private runningCount = 0;
  /** Of runningCount, the jobs in the light lane (with a reserve). */
  private lightRunning = 0;
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

  constructor(private readonly options: FairQueueOptions) {
    this.now = options.now ?? (() => performance.now());
  }

  get running(): number {
    return this.runningCount;
  }

  get waiting(): number {
    return this.waitingCount;
  }

  /**
   * Runs `task` when `scope`'s client gets a slot; the task's signal aborts
   * when the caller goes away, `light` says whether the job runs in the
   * light lane (the caller may run light clients' jobs where they go
   * first; always false without a reserve), and
   * `charge` sets what the job cost its client when the task can measure it
   * (its CPU time); otherwise the client is charged the time it held the slot.
   */
  run<T>(
    scope: ClientScope,
    task: (signal: AbortSignal, light: boolean, charge: (ms: number) => void) => Promise<T>,
  ): Promise<T> {
    const { signal } = scope;
    if (signal?.aborted) {
      this.counters.cancelledWaiting += 1;
      return Promise.reject(new CallerGone(`the client went away before its ${this.options.what} started`));
    }
    const client = this.clientFor(scope.key);
    const mustWait = this.mustWait(client);
    if (mustWait) {
      this.noteBacklog(client);
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
        began: Number.NaN,
        light: false,
        reject,
        timer: undefined as unknown as NodeJS.Timeout,
        unlink: () => signal?.removeEventListener("abort", onAbort),
        start: (light) => {
          this.counters.started += 1;
          task(controller.signal, light, (ms) => {
            job.chargedMs = ms;
          })
            .then(resolve, reject)
            .finally(() => {
              job.unlink();
              // The wait estimate needs how long slots are held; the client's use, what its job cost.
              const took = this.now() - job.began;
              this.serviceMs = this.serviceMs === 0 ? took : 0.8 * this.serviceMs + 0.2 * took;
              this.remember(client.key, job.chargedMs ?? took);
              client.runningJobs.delete(job);
              client.running -= 1;
              this.runningCount -= 1;
              if (job.light) this.lightRunning -= 1;
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
        // Given up on while more of its own are in flight: a backlog event too.
        this.noteBacklog(client);
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

  /**
   * The refusal (429 or 503, counted) a job of client `key` would get if it
   * came now, or undefined: a route asks before it reads a request's body,
   * so a client that keeps sending refused requests costs the server little.
   */
  refusal(key: string): PlaygroundHttpError | undefined {
    const client = this.clientFor(key);
    if (!this.mustWait(client)) return undefined;
    try {
      this.admit(client);
      return undefined;
    } catch (error) {
      // Counted here only when refused: a job let through is counted by run().
      this.noteBacklog(client);
      return error as PlaygroundHttpError;
    }
  }

  /** The client `key` stands for: the one in the queue, or a new record (not stored). */
  private clientFor(key: string): Client {
    return this.clients.get(key) ?? { key, running: 0, runningJobs: new Set<Job>(), servedAt: 0, waiting: [] };
  }

  /**
   * Whether a job of `client` must wait. After every dispatch, a client still
   * waiting is held back by its own running share or its lane, so a free
   * slot may go to this job unless its own client has earlier jobs waiting
   * or is at its share.
   */
  private mustWait(client: Client): boolean {
    return !this.hasRoom(client) || client.running >= this.options.perClientRunning || client.waiting.length > 0;
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
   * The wait of one more job of `client`, about: clients that have used
   * the slots alike take turns, so ahead of this client's (k+1)-th job are
   * its own k and at most k+1 of every other client's (fewer of those that
   * have used more), each holding a slot for the average service time; and
   * half a job's time for a slot to free.
   */
  private expectedWaitMs(client: Client): number {
    const k = client.waiting.length;
    let ahead = k;
    for (const other of this.turns) if (other !== client) ahead += Math.min(other.waiting.length, k + 1);
    return (ahead / this.options.slots + 0.5) * this.serviceMs;
  }

  /**
   * Whether a job of `client` would find a free slot: in its lane when there
   * is a reserve. `queued`: the job is the client's first waiting one (else
   * a new one).
   */
  private hasRoom(client: Client, queued = false): boolean {
    const { slots, reserve = 0 } = this.options;
    if (reserve === 0) return this.runningCount < slots;
    return this.isLight(client, queued)
      ? this.lightRunning < slots + reserve
      : this.runningCount - this.lightRunning < slots;
  }

  /**
   * Light: a new client, or one whose job length estimate is at most
   * lightMs and none of whose jobs has been running longer than that; and,
   * with lightUseMs, whose recent use is at most lightUseMs (half of it
   * once it has been over), with fewer than BACKLOG_EVENTS recent backlog
   * events, and with no more jobs in flight than it may run, this one
   * included (see the head of this file). `queued`: the job in question is
   * among the client's waiting ones.
   */
  private isLight(client: Client, queued = false): boolean {
    const lightMs = this.options.lightMs ?? 0;
    const now = this.now();
    for (const job of client.runningJobs) if (now - job.began > lightMs) return false;
    const usage = this.history.get(client.key);
    if (usage !== undefined && usage.jobMs > lightMs) return false;
    const { lightUseMs } = this.options;
    if (lightUseMs === undefined) return true;
    const besides = client.running + client.waiting.length - (queued ? 1 : 0);
    if (besides >= this.options.perClientRunning) return false;
    if (usage === undefined) return true;
    const recent = this.recentMs(client);
    // Once over, it stays heavy until its use halves: at nice 19 on a busy
    // host a flood gets little CPU, and would otherwise fall under the limit
    // and be back among the light clients within seconds, again and again.
    if (recent > lightUseMs || (usage.overUse && recent >= lightUseMs / 2)) return false;
    return halved(usage.backlog, usage.backlogAt, now) < BACKLOG_EVENTS;
  }

  /**
   * Notes that a job of `client` would wait behind the client's own jobs
   * rather than for a free slot: it sends faster than it is served, whether
   * the job then waits or is refused (on a busy host most of a flood's
   * requests are refused up front, and those count too).
   */
  private noteBacklog(client: Client): void {
    if (client.running < this.options.perClientRunning && client.waiting.length === 0) return;
    const { key } = client;
    const now = this.now();
    const usage = this.history.get(key);
    if (usage !== undefined) {
      usage.backlog = halved(usage.backlog, usage.backlogAt, now) + 1;
      usage.backlogAt = now;
      return;
    }
    this.keep(key, { usedMs: 0, at: now, jobMs: 0, backlog: 1, backlogAt: now, overUse: false });
  }

  /** The client's slot time over the recent past (decayed), its jobs running now included: the dispatch order. */
  private recentMs(client: Client): number {
    const now = this.now();
    let used = 0;
    for (const job of client.runningJobs) used += now - job.began;
    const usage = this.history.get(client.key);
    return usage === undefined ? used : used + decayed(usage, now);
  }

  /** Adds one job's time to its client's use and job length estimate, keeping the most recent clients. */
  private remember(key: string, took: number): void {
    const now = this.now();
    const before = this.history.get(key);
    const usedMs = (before === undefined ? 0 : decayed(before, now)) + took;
    const { lightUseMs = Number.POSITIVE_INFINITY } = this.options;
    this.keep(key, {
      usedMs,
      at: now,
      jobMs: before === undefined || took > before.jobMs ? took : (before.jobMs + took) / 2,
      backlog: before?.backlog ?? 0,
      backlogAt: before?.backlogAt ?? now,
      overUse: usedMs > lightUseMs || (before?.overUse === true && usedMs >= lightUseMs / 2),
    });
  }

  /** Stores client `key`'s use as the most recent entry, dropping the least recent past HISTORY. */
  private keep(key: string, usage: Usage): void {
    this.history.delete(key);
    this.history.set(key, usage);
    if (this.history.size > HISTORY) this.history.delete(this.history.keys().next().value as string);
  }

  private retryAfter(expectedMs = this.serviceMs): number {
    return Math.max(1, Math.ceil(expectedMs / 1000));
  }

  private begin(job: Job): void {
    // Its lane is decided before the job counts as running; without a reserve there are no lanes.
    job.light = Boolean(this.options.reserve) && this.isLight(job.client);
    job.began = this.now();
    job.client.servedAt = ++this.served;
    job.client.running += 1;
    job.client.runningJobs.add(job);
    this.runningCount += 1;
    if (job.light) this.lightRunning += 1;
    job.start(job.light);
  }

  /**
   * Gives free slots to waiting jobs: each to the client with the least
   * recent slot time (recentMs), ties to the one served longest ago (a client
   * new to the queue first), skipping clients at their running share and
   * those whose lane is full. So a client that has used little goes ahead
   * of one that has used much, and clients that have used alike take turns.
   */
  private dispatch(): void {
    for (;;) {
      let next: Client | undefined;
      let nextMs = 0;
      for (const client of this.turns) {
        if (client.running >= this.options.perClientRunning) continue;
        if (!this.hasRoom(client, true)) continue;
        const recent = this.recentMs(client);
        if (next === undefined || recent < nextMs || (recent === nextMs && client.servedAt < next.servedAt)) {
          next = client;
          nextMs = recent;
        }
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

/** `usage.usedMs` decayed from `usage.at` to `now`. */
function decayed(usage: Usage, now: number): number {
  return halved(usage.usedMs, usage.at, now);
}

/** `amount`, counted at `at`, halved every RECENT_HALF_LIFE_MS until `now`. */
function halved(amount: number, at: number, now: number): number {
  return amount * 0.5 ** (Math.max(0, now - at) / RECENT_HALF_LIFE_MS);
}
