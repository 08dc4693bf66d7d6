// The alert routes' bodies (server/anomaly/alertRoutes.ts): a model's
// webhook rules, as sent and as answered with their state, and the delivery
// log. The routes validate with these, OpenAPI is generated from them, and
// the dashboards' client reads their types.
import { z } from "@hono/zod-openapi";
import { ALERT_FORMATS } from "./alertFormats";

const seconds = z
  .number()
  .min(0)
  .max(7 * 86_400);

export const AlertRuleSchema = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "letters, digits, '_' or '-', at most 64"),
    url: z
      .string()
      .url()
      .refine((u) => /^https?:\/\//i.test(u), "must be an http or https URL"),
    format: z.enum(ALERT_FORMATS).optional().openapi({
      description:
        "`json`: `{model, rule, event, at, started_at, reopened, score, data_points, data_point, severity?, top_feature?, dashboard_url?, delivery_id}`; every format is posted with an `Idempotency-Key` header equal to the delivery's id, the same on each retry; `alertmanager`: Alertmanager's v2 `/api/v2/alerts` array (recovery carries `endsAt`); `slack`: `{text}`. Default json.",
    }),
    k: z
      .number()
      .int()
      .min(1)
      .max(1000)
      .optional()
      .openapi({ description: "Flagged points among the last n that make an onset (default 1)" }),
    n: z
      .number()
      .int()
      .min(1)
      .max(1000)
      .optional()
      .openapi({ description: "Points looked at (default 1); recovery needs none of the last n flagged" }),
    min_duration_s: seconds
      .optional()
      .openapi({ description: "How long the onset condition must hold, on the points' own clock (default 0)" }),
    cooldown_s: seconds
      .optional()
      .openapi({ description: "No onset is sent sooner than this after the last recovery (default 0)" }),
    recovery_s: seconds.optional().openapi({
      description:
        "Recovery once none of the last n points is flagged and every numeric column is back inside the band it had at the onset, continuously this long on the points' own clock (default 14400: the model's default quiet period, so flags returning within it stay one incident)",
    }),
    reopen_s: seconds.optional().openapi({
      description:
        "Flags coming back sooner than this after a sent recovery re-open that incident (event `reopen`, same `started_at`, `reopened` counting) instead of paging a new one; 0: every onset pages. Default 28800 (8 h)",
    }),
    repeat_s: seconds.optional().openapi({
      description:
        "While an incident fires, it is sent again (event `firing`) this often on the points' own clock; 0: never. Default 60 for `alertmanager` rules (Alertmanager resolves an alert not re-sent within its resolve_timeout), else 0",
    }),
    retries: z
      .number()
      .int()
      .min(0)
      .max(10)
      .optional()
      .openapi({ description: "Attempts after a failed one (default 3)" }),
    backoff_ms: z
      .number()
      .int()
      .min(0)
      .max(600_000)
      .optional()
      .openapi({ description: "Wait before the first retry, doubling after each (default 500)" }),
    timeout_ms: z
      .number()
      .int()
      .min(1)
      .max(120_000)
      .optional()
      .openapi({ description: "Per-attempt limit (default 5000)" }),
    enabled: z.boolean().optional(),
  })
  .strict()
  .openapi("AlertRule", {
    example: { id: "pager", url: "http://alertmanager:9093/api/v2/alerts", format: "alertmanager", k: 3, n: 5 },
  });

const isoTime = z.iso.datetime({ offset: true, error: "must be an ISO-8601 time like 2024-01-31T12:00:00Z" });

export const SilenceSchema = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "letters, digits, '_' or '-', at most 64"),
    from: isoTime,
    to: isoTime,
    rules: z
      .array(z.string())
      .max(32)
      .optional()
      .openapi({ description: "The rule ids it mutes; absent or empty: every rule of the model" }),
    comment: z.string().max(500).optional(),
  })
  .strict()
  .refine((s) => Date.parse(s.from) <= Date.parse(s.to), { message: "from must not be after to", path: ["to"] })
  .openapi("AlertSilence", {
    description:
      "Mutes notifications for points whose time (their own timestamp, else the wall clock) is in [from, to]; incidents still open and close, and the delivery log shows each muted notification",
  });

export const AlertRulesRequest = z
  .object({ rules: z.array(AlertRuleSchema).max(32), silences: z.array(SilenceSchema).max(100).optional() })
  .strict()
  .openapi("AlertRulesRequest");

export const RuleStateBody = z.object({
  firing: z.boolean(),
  notified: z.boolean(),
  held: z.enum(["cooldown", "muted"]).nullable(),
  since: z.number().nullable(),
  onset_at: z.number().nullable(),
  last_recovery: z.number().nullable(),
  band: z
    .record(z.string(), z.object({ lower: z.number(), upper: z.number() }))
    .nullable()
    .openapi({
      description: "Per numeric column, its band at the onset: recovery waits for the stream to be back in it",
    }),
  back_since: z.number().nullable(),
  last_sent: z.number().nullable(),
  reopened: z.number().int().openapi({ description: "Times the open (or last) incident was re-opened" }),
});

export const AlertRulesBody = z
  .object({
    model: z.string(),
    rules: z.array(AlertRuleSchema.required()),
    state: z
      .record(z.string(), RuleStateBody)
      .openapi({ description: "Per rule id: whether an incident is open (times in ms)" }),
    silences: z.array(SilenceSchema),
  })
  .openapi("AlertRules");

export const DeliveryLogBody = z
  .object({
    model: z.string(),
    deliveries: z.array(
      z.object({
        delivery: z.string(),
        rule: z.string(),
        event: z.enum(["onset", "reopen", "firing", "recovery"]),
        url: z.string(),
        attempt: z.number().int(),
        at: z.string(),
        ok: z.boolean(),
        status: z.number().int().optional(),
        error: z.string().optional(),
        final: z.boolean(),
        muted: z.string().optional().openapi({
          description:
            'Not sent, and why: "maintenance window" (the point is in one of the model\'s) or "silence <id>"',
        }),
      }),
    ),
  })
  .openapi("AlertDeliveryLog");

export type AlertRulesRequest = z.input<typeof AlertRulesRequest>;
export type AlertRulesBody = z.output<typeof AlertRulesBody>;
export type DeliveryLogBody = z.output<typeof DeliveryLogBody>;
