// The alert engine as the server runs it: every /detect verdict is handed
// to observe(), which returns at once. Per model, verdicts are processed in
// order on a promise chain (rules loaded on first use, debounce stepped,
// state saved on a transition); per rule, deliveries go out in order on
// their own chain with retries and exponential backoff, and every attempt
// is logged. A slow or dead receiver therefore delays only its own rule's
// later deliveries, never an ingest, and the verdict and data are already
// stored before observe() is called.

import type { LookupFunction } from "node:net";
import {
  type AlertEvent,
  type AlertFacts,
  type AlertRule,
  AnomalyError,
  alertPayload,
  parseIsoTimestamp,
  type RulePoint,
  type RuleState,
  restoredState,
  step,
  topFeature,
} from "../../anomaly";
import { textVariable } from "../config/environment";
import type { AlertPersistence, DeliveryEntry, Silence, StoredState } from "./alertStore";
import { postWebhook } from "./webhookPost";
import { checkWebhookTarget, guardedLookup, REFUSED_TARGET, webhookPolicyFromEnv } from "./webhookTarget";

/** How one delivery attempt ended, as anomaly_alert_deliveries_total counts it. */
export type AttemptResult = "success" | "failure" | "timeout" | "refused" | "dropped" | "shutdown";

interface ModelAlerts {
  rules: AlertRule[];
  states: Map<string, RuleState>;
  silences: Silence[];
}

/** What GET and PUT .../alerts answer: the rules, their incident state and the silences. */
export interface RulesAnswer {
  rules: AlertRule[];
  state: Record<string, StoredState>;
  silences: Silence[];
}

export const DASHBOARD_URL_ENV = "ANOMALY_DASHBOARD_URL";

/** Deliveries one rule may have waiting before new events are dropped (and logged as dropped). */
const MAX_WAITING = 1000;

export interface AlertCenterOptions {
  /** Where failed attempts, stalls and unwritable log entries are reported. */
  log?: (line: string) => void;
  /**
   * Decides whether a webhook URL may be sent to, just before each attempt
   * (DNS can change after the rule was accepted): null when it may, else why
   * not. Absent: the internal-address check with $ANOMALY_WEBHOOK_ALLOW's exceptions.
   */
  checkTarget?: (url: string) => Promise<string | null>;
  /**
   * The dashboards' base URL (e.g. `https://anomaly.example.com`), for the
   * `generatorURL` of Alertmanager payloads and the link in Slack text;
   * asked at each event, so a server can answer with the address it got
   * once listening. Absent: $ANOMALY_DASHBOARD_URL; neither: no link.
   */
  dashboardBase?: () => string | undefined;
}

/** What /metrics reads from the deliveries (see metrics.ts). */
export interface DeliveryStats {
  /** Attempts so far, by how they ended. */
  attempts: Record<AttemptResult, number>;
  /** Age in ms of the oldest event queued and not yet delivered, given up or dropped (0: none). */
  oldestWaitingMs: number;
}

export class AlertCenter {
  private readonly models = new Map<string, Promise<ModelAlerts>>();
  private readonly modelChains = new Map<string, Promise<void>>();
  /** Per rule: its delivery chain, and when each event on it was queued (oldest first). */
  private readonly ruleChains = new Map<string, { tail: Promise<void>; queuedAt: number[] }>();
  private readonly attempts: Record<AttemptResult, number> = {
    success: 0,
    failure: 0,
    timeout: 0,
    refused: 0,
    dropped: 0,
    shutdown: 0,
  };
  private readonly checkTarget: (url: string) => Promise<string | null>;
  /** The connections' own DNS lookup, refusing internal answers (absent with a custom checkTarget). */
  private readonly lookup: LookupFunction | undefined;
  private readonly stop = new AbortController();
  private sequence = 0;
  private readonly report: (line: string) => void;
  private readonly dashboardBase: () => string | undefined;

  constructor(
    private readonly store: AlertPersistence,
    options: AlertCenterOptions = {},
  ) {
    this.report = options.log ?? ((line) => console.error(line));
    const fromEnv = textVariable(process.env, DASHBOARD_URL_ENV);
    this.dashboardBase = () => fromEnv ?? options.dashboardBase?.();
    if (options.checkTarget !== undefined) this.checkTarget = options.checkTarget;
    else {
      const policy = webhookPolicyFromEnv();
      this.checkTarget = (url) => checkWebhookTarget(url, policy);
      this.lookup = guardedLookup(policy);
    }
  }

  stats(): DeliveryStats {
    let oldest = Number.POSITIVE_INFINITY;
    for (const chain of this.ruleChains.values())
      if (chain.queuedAt.length > 0) oldest = Math.min(oldest, chain.queuedAt[0]);
    return {
      attempts: { ...this.attempts },
      oldestWaitingMs: Number.isFinite(oldest) ? Math.max(0, Date.now() - oldest) : 0,
    };
  }

  /**
   * Hands one answered /detect to the rules; never throws, never waits. The
   * body should carry `expected` (the columns against their bands), which
   * recovery compares with the band at the onset; without it recovery
   * follows the flags alone.
   */
  observe(model: string, httpStatus: number, body: unknown): void {
    if (httpStatus !== 200 || this.stop.signal.aborted) return;
    const verdict = body as { anomaly?: unknown; learning?: unknown; maintenance?: unknown; expected?: unknown };
    if (typeof verdict?.anomaly !== "boolean") return;
    // A model in its warm-up pages no one: its flags are its first sight of the stream's shape.
    const point: RulePoint = { flagged: verdict.anomaly && verdict.learning !== true };
    if (verdict.expected !== null && typeof verdict.expected === "object") {
      point.expected = verdict.expected as RulePoint["expected"];
    }
    this.onModel(model, async () => {
      const alerts = await this.load(model);
      if (alerts.rules.length === 0) return;
      let changed = false;
      const at = pointTime(body);
      for (const rule of alerts.rules) {
        if (!rule.enabled) continue;
        const state = alerts.states.get(rule.id) ?? restoredState({});
        alerts.states.set(rule.id, state);
        const before = `${state.firing}/${state.notified}/${state.held}`;
        const mute = verdict.maintenance === true ? "maintenance window" : silencedBy(alerts.silences, rule.id, at);
        const result = step(rule, state, point, at, mute !== null);
        if (`${state.firing}/${state.notified}/${state.held}` !== before) changed = true;
        if (result === null) continue;
        const event = facts(model, rule, result.event, state, at, body, this.dashboardBase());
        if (result.muted) void this.recordMuted(model, rule, event, mute ?? "muted");
        else this.enqueue(model, rule, event);
      }
      if (changed) await this.store.save(model, stored(alerts));
    });
  }

  async rules(model: string): Promise<RulesAnswer> {
    return this.onModel(model, async () => stored(await this.load(model)));
  }

  /**
   * Replaces the model's rules; a rule keeping its id keeps its incident
   * state. A rule whose URL may not be sent to (see webhookTarget.ts) is a
   * 400 naming it, and nothing changes.
   */
  async setRules(model: string, rules: AlertRule[], silences: Silence[] = []): Promise<RulesAnswer> {
    for (const rule of rules) {
      const refusal = await this.checkTarget(rule.url);
      if (refusal !== null) throw new AnomalyError(400, `rule ${rule.id}: ${refusal}`);
    }
    return this.onModel(model, async () => {
      const old = await this.load(model);
      const states = new Map<string, RuleState>();
      for (const rule of rules) {
        const kept = old.states.get(rule.id);
        if (kept !== undefined) states.set(rule.id, kept);
      }
      const next = { rules, states, silences };
      await this.store.save(model, stored(next));
      this.models.set(model, Promise.resolve(next));
      return stored(next);
    });
  }

  async deliveryLog(model: string, limit: number): Promise<DeliveryEntry[]> {
    return this.store.readLog(model, limit);
  }

  /** Drops what is cached for a model whose files were deleted or replaced. */
  forget(model: string): void {
    this.models.delete(model);
  }

  /** Waits for every queued delivery (tests, and a graceful shutdown up to `waitMs`), then stops. */
  async close(waitMs = 0): Promise<void> {
    const pending = [...this.modelChains.values(), ...[...this.ruleChains.values()].map((c) => c.tail)];
    if (waitMs > 0) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        Promise.allSettled(pending),
        new Promise((resolve) => {
          timer = setTimeout(resolve, waitMs);
        }),
      ]);
      clearTimeout(timer);
    }
    this.stop.abort();
    await Promise.allSettled(pending);
  }

  private onModel<T>(model: string, work: () => Promise<T>): Promise<T> {
    const prev = this.modelChains.get(model) ?? Promise.resolve();
    const run = prev.then(work);
    // The chain itself never rejects, so one failure does not stop later verdicts.
    this.modelChains.set(
      model,
      run.then(
        () => {},
        (e) => this.report(`alerts for ${model}: ${e instanceof Error ? e.message : String(e)}`),
      ),
    );
    return run;
  }

  private load(model: string): Promise<ModelAlerts> {
    let loaded = this.models.get(model);
    if (loaded === undefined) {
      loaded = this.store.load(model).then((file) => ({
        rules: file?.rules ?? [],
        states: new Map(Object.entries(file?.state ?? {}).map(([id, s]) => [id, restoredState(s)])),
        silences: file?.silences ?? [],
      }));
      // A failed read is retried next time rather than cached.
      loaded.catch(() => this.models.delete(model));
      this.models.set(model, loaded);
    }
    return loaded;
  }

  /** A notification a maintenance window or silence held back: logged, not sent. */
  private async recordMuted(model: string, rule: AlertRule, event: AlertFacts, why: string): Promise<void> {
    await this.record(model, {
      delivery: `${Date.now().toString(36)}-${(this.sequence++).toString(36)}`,
      rule: rule.id,
      event: event.event,
      url: rule.url,
      attempt: 0,
      at: new Date().toISOString(),
      ok: false,
      muted: why,
      final: true,
    });
  }

  private enqueue(model: string, rule: AlertRule, event: AlertFacts): void {
    const key = `${model}\u0000${rule.id}`;
    const chain = this.ruleChains.get(key) ?? { tail: Promise.resolve(), queuedAt: [] };
    this.ruleChains.set(key, chain);
    const delivery = `${Date.now().toString(36)}-${(this.sequence++).toString(36)}`;
    if (chain.queuedAt.length >= MAX_WAITING) {
      this.attempts.dropped++;
      const error = `dropped: ${MAX_WAITING} deliveries already waiting for this receiver`;
      this.report(`alert delivery ${delivery} (${model}/${rule.id}) ${error}`);
      void this.record(model, {
        delivery,
        rule: rule.id,
        event: event.event,
        url: rule.url,
        attempt: 0,
        at: new Date().toISOString(),
        ok: false,
        error,
        final: true,
      });
      return;
    }
    chain.queuedAt.push(Date.now());
    chain.tail = chain.tail.then(async () => {
      try {
        await this.deliver(model, rule, event, delivery);
      } catch (e) {
        this.report(`alert delivery ${delivery}: ${e instanceof Error ? e.message : String(e)}`);
      } finally {
        chain.queuedAt.shift();
      }
    });
  }

  private async deliver(model: string, rule: AlertRule, facts: AlertFacts, delivery: string): Promise<void> {
    const body = JSON.stringify(alertPayload(rule.format, facts, delivery));
    for (let attempt = 1; attempt <= rule.retries + 1; attempt++) {
      const at = new Date().toISOString();
      const base = { delivery, rule: rule.id, event: facts.event, url: rule.url, attempt, at };
      if (this.stop.signal.aborted) {
        this.attempts.shutdown++;
        await this.record(model, { ...base, ok: false, error: "server shut down before delivery", final: true });
        return;
      }
      const refusal = await this.checkTarget(rule.url).catch((e: Error) => `cannot check the target: ${e.message}`);
      const { result, outcome } =
        refusal === null
          ? await this.attempt(rule, body, delivery)
          : { result: "refused" as const, outcome: { ok: false, error: `refused: ${refusal}` } };
      this.attempts[result]++;
      const last = outcome.ok || result === "refused" || attempt === rule.retries + 1;
      if (!outcome.ok) {
        this.report(
          `alert delivery ${delivery} (${model}/${rule.id}) attempt ${attempt} to ${rule.url} failed: ${outcome.error}${last ? "; giving up" : "; will retry"}`,
        );
      }
      await this.record(model, { ...base, ...outcome, final: last });
      if (last) return;
      await sleep(rule.backoff_ms * 2 ** (attempt - 1), this.stop.signal);
    }
  }

  /**
   * One POST, ended by its timeout whatever happens: the timer is an
   * ordinary referenced setTimeout aborting a controller held here, because
   * on Node 20 an AbortSignal.timeout() reachable only through
   * AbortSignal.any() can be garbage-collected and never fire, leaving the
   * attempt (and every later event of the rule) hanging on a silent receiver.
   */
  private async attempt(
    rule: AlertRule,
    body: string,
    delivery: string,
  ): Promise<{ result: AttemptResult; outcome: { ok: boolean; status?: number; error?: string } }> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, rule.timeout_ms);
    const onStop = () => controller.abort();
    this.stop.signal.addEventListener("abort", onStop);
    try {
      const status = await postWebhook(rule.url, body, controller.signal, delivery, this.lookup);
      return status >= 200 && status < 300
        ? { result: "success", outcome: { ok: true, status } }
        : { result: "failure", outcome: { ok: false, status, error: `HTTP ${status}` } };
    } catch (e) {
      if (timedOut)
        return { result: "timeout", outcome: { ok: false, error: `no answer within ${rule.timeout_ms} ms` } };
      if (this.stop.signal.aborted) return { result: "shutdown", outcome: { ok: false, error: "aborted" } };
      if ((e as NodeJS.ErrnoException).code === REFUSED_TARGET)
        return { result: "refused", outcome: { ok: false, error: `refused: ${(e as Error).message}` } };
      return { result: "failure", outcome: { ok: false, error: describe(e) } };
    } finally {
      clearTimeout(timer);
      this.stop.signal.removeEventListener("abort", onStop);
    }
  }

  private async record(model: string, entry: DeliveryEntry): Promise<void> {
    try {
      await this.store.appendLog(model, entry);
    } catch (e) {
      // The model may have been deleted meanwhile; the attempt still shows in the server log.
      this.report(`alert log for ${model}: ${JSON.stringify(entry)} (${e instanceof Error ? e.message : String(e)})`);
    }
  }
}

function stored(alerts: ModelAlerts): RulesAnswer {
  const state: Record<string, StoredState> = {};
  for (const [id, { recent: _recent, ...rest }] of alerts.states) state[id] = rest;
  return { rules: alerts.rules, state, silences: alerts.silences };
}

/** The silence that mutes `rule` at `atMs`, as the delivery log names it; null when none does. */
function silencedBy(silences: readonly Silence[], rule: string, atMs: number): string | null {
  for (const s of silences) {
    if (s.rules !== undefined && s.rules.length > 0 && !s.rules.includes(rule)) continue;
    if (atMs >= Date.parse(s.from) && atMs <= Date.parse(s.to)) return `silence ${s.id}`;
  }
  return null;
}

/** The point's own time (its `timestamp`, ISO or unix seconds) in ms, else the wall clock. */
function pointTime(body: unknown): number {
  const ts = (body as { data_point?: Record<string, unknown> }).data_point?.timestamp;
  if (typeof ts === "number" && Number.isFinite(ts)) return ts * 1000;
  if (typeof ts === "string") {
    const seconds = parseIsoTimestamp(ts);
    if (seconds !== null) return seconds * 1000;
  }
  return Date.now();
}

function facts(
  model: string,
  rule: AlertRule,
  event: AlertEvent,
  state: RuleState,
  at: number,
  body: unknown,
  dashboardBase: string | undefined,
): AlertFacts {
  const verdict = body as {
    score: number;
    data_points: number;
    data_point: Record<string, unknown>;
    severity?: unknown;
    explanation?: unknown;
  };
  const out: AlertFacts = {
    model,
    rule: rule.id,
    event,
    at: new Date(at).toISOString(),
    started_at: new Date(state.onset_at ?? at).toISOString(),
    reopened: state.reopened,
    score: verdict.score,
    data_points: verdict.data_points,
    data_point: verdict.data_point,
  };
  if (typeof verdict.severity === "number") out.severity = verdict.severity;
  const top = topFeature(verdict);
  if (top !== undefined) out.top_feature = top;
  if (dashboardBase !== undefined) {
    out.dashboard_url = `${dashboardBase.replace(/\/+$/, "")}/anomalies.html?model=${encodeURIComponent(model)}`;
  }
  return out;
}

function describe(e: unknown): string {
  return (e as NodeJS.ErrnoException).code ?? (e instanceof Error ? e.message : String(e));
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done);
  });
}
