// The anomaly API's bodies (WIRE.md), each once: a zod schema that validates
// requests at the server's edge and generates the OpenAPI document, and the
// TypeScript type inferred from it that the engine's service returns, the
// routes send, the dashboards' HTTP client reads and the CLI prints. The
// dashboards import only the types, so zod never reaches the browser bundle.
import { z } from "@hono/zod-openapi";
import { MODEL_NAME } from "./modelName";
import { VerdictRecord, Voter } from "./verdictRecord";

export const ModelParams = z.object({
  m: z
    .string()
    .regex(MODEL_NAME)
    .openapi({
      param: { name: "m", in: "path" },
      example: "sensor_1",
      description: "Model name: letters, digits, underscores",
    }),
});

// A record is flat: each value a string, a finite number, a boolean or null.
// zod 4 rejects ±Infinity, which is what JSON.parse makes of 1e400.
const RecordValue = z.union([z.string(), z.number(), z.boolean(), z.null()], {
  error: "must be a string, a finite number, a boolean or null (records are flat)",
});

export const RecordBody = z
  .record(z.string(), RecordValue, { error: "expected a JSON object (the record)" })
  .openapi("Record", {
    description: "One flat record. `timestamp` (ISO-8601 or unix seconds) is the point's own clock, never a feature.",
    example: { timestamp: "2024-05-01T12:00:00Z", temperature: 21.5, site: "north" },
  });

export const ErrorBody = z
  .object({ status: z.literal("error"), message: z.string() })
  .openapi("Error", { example: { status: "error", message: "Model sensor_1 not found" } });

const VersionVerdict = z.object({
  anomaly: z.boolean(),
  score: z.number(),
  threshold_info: z.object({ margin: z.number() }),
  severity: z.number().min(0).max(100),
});

const ColumnContribution = z.object({
  column: z.string(),
  kind: z.enum(["numeric", "categorical", "timestamp"]),
  actual: z.union([z.number(), z.string(), z.null()]).openapi({ description: "The point's value (null: absent)" }),
  typical: z
    .union([z.number(), z.string(), z.null()])
    .openapi({ description: "Median (numeric, time) or most frequent category of the training data" }),
  contribution: z.number().openapi({
    description: "How much this column's value lowered the decision value (Shapley value; negative: it looked normal)",
  }),
  share: z.number().openapi({ description: "Share of the positive contributions, 0 to 1" }),
});

export const Explanation = z
  .object({
    voter: Voter.nullable().openapi({
      description:
        "The voter explained: the verdict's strongest (`voters[0]`); null when no rule flagged the point and its strongest check is explained",
    }),
    version: z.string().nullable().openapi({
      description: "The forest version explained (a `version:` voter); null when the bands are (method `band`)",
    }),
    method: z.enum(["shapley", "one_at_a_time", "band"]).openapi({
      description:
        "shapley / one_at_a_time: a version's counterfactual contributions; band: each numeric column's band severity (0–100) as its contribution (a `band:` or `sustained:` voter)",
    }),
    score: z.number().openapi({ description: "The version's decision value (band: the top column's severity)" }),
    baseline_score: z.number().openapi({
      description:
        "Mean decision value with the columns taken from reference training records; contributions sum to baseline_score − score (0 for band)",
    }),
    columns: z.array(ColumnContribution).openapi({ description: "Every learned column, largest contribution first" }),
  })
  .openapi("Explanation", {
    description:
      "Why the rule that flagged the point flagged it, per input column (a categorical field's one-hot features as one column): a version's Shapley values of replacing the point's values by reference records', or each column's band severity (anomaly/explain/voterExplain.ts).",
  });

export const ExplainQuery = z.object({
  explain: z
    .enum(["0", "1", "true", "false"], { error: 'must be "1", "true", "0" or "false"' })
    .optional()
    .openapi({
      param: { name: "explain", in: "query" },
      example: "1",
      description: "Add `explanation` (per-column contributions) to the verdict",
    }),
});

const ExpectedQuery = z.object({
  expected: z
    .enum(["0", "1", "true", "false"], { error: 'must be "1", "true", "0" or "false"' })
    .optional()
    .openapi({ description: "1: add each numeric column's expected value and band to the verdict." }),
});

/** The query of /detect and /detect_only: each flag adds one optional field to the verdict. */
export const VerdictQuery = ExplainQuery.extend(ExpectedQuery.shape);

/**
 * POST /detect's optional header (the IETF httpapi draft's name): a retry
 * with the same key is answered with the first answer and stores nothing
 * (server/anomaly/idempotency.ts). Checked there, so a bad key gets the
 * API's own error sentence.
 */
export const DetectHeaders = z.object({
  "idempotency-key": z
    .string()
    .optional()
    .openapi({
      param: { name: "idempotency-key", in: "header" },
      example: "3f1c9b2e-7d4a-4c1e-9a53-0e2b6f9d8c71",
      description:
        "1 to 255 printable ASCII characters, unique per point (a UUID). A retried request with the same key is answered with the first answer, with `Idempotent-Replayed: true`, and its point is not stored again; the same key with another body is a 422. The newest 10,000 keys of each model are remembered, across restarts.",
    }),
});

const isOn = (flag: string | undefined) => flag === "1" || flag === "true";

/** What the query's flags ask the service to add to a verdict. */
export const verdictOptions = (q: { explain?: string; expected?: string }) => ({
  explain: isOn(q.explain),
  expected: isOn(q.expected),
});

export const VerdictBody = z
  .object({
    status: z.literal("success"),
    model: z.string(),
    anomaly: z.boolean(),
    score: z.number(),
    data_points: z.number().int(),
    versions: z.record(z.string(), VersionVerdict),
    data_point: z.record(z.string(), z.unknown()),
    explanation: Explanation.nullable()
      .optional()
      .openapi({ description: "Only with ?explain=1; null when no forest version can score the point" }),
    severity: z.number().min(0).max(100).openapi({
      description:
        "0–100, monotone in the score and on one rarity scale for every model: −20·log10 of the estimated share of normal points this far out (anomaly from −20·log10(false_alarm_rate), 46 at the default 0.5 %).",
    }),
    voters: VerdictRecord.shape.voters,
    top_columns: VerdictRecord.shape.top_columns,
    alert: z.boolean().openapi({
      description:
        "True when this point opens an alert: it is flagged and no point of the model was flagged in the quiet period before it (the stream's clock; 240 minutes unless set with PUT /api/dynamic/{m}/alert_quiet). The point to page on; `anomaly` stays true for every flagged point. Never true while `learning`.",
    }),
    learning: z.boolean().openapi({
      description:
        "True while the model is in its warm-up: the stream's clock has not yet covered `warmup_min` minutes (2 days unless set with PUT /api/dynamic/{m}/alert_quiet) since the oldest point it holds. Flags are given but open no alert and page no alert rule.",
    }),
    maintenance: z.boolean().openapi({
      description:
        "True when the point's time is in a declared maintenance window (POST /api/dynamic/{m}/maintenance): the verdict stands, alert rules log the notification as muted instead of sending it.",
    }),
    expected: z
      .record(
        z.string(),
        z.object({
          value: z.number(),
          expected: z.number(),
          lower: z.number(),
          upper: z.number(),
          severity: z.number().min(0).max(100),
          anomaly: z.boolean(),
        }),
      )
      .optional()
      .openapi({
        description:
          "Only with ?expected=1: per numeric column, its value, the expected value (the median of the last day of the stream's clock) and the band [lower, upper] that stays under the anomaly margin, with the column's own severity.",
      }),
  })
  .openapi("Verdict");

export const CollectingBody = z
  .object({
    status: z.literal("collecting"),
    message: z.string().openapi({ example: "Collecting data (12/50 points)." }),
    data_points: z.number().int(),
    min_data_points: z.number().int(),
    model_name: z.string(),
  })
  .openapi("Collecting");

export const MessageBody = z.object({ status: z.literal("success"), message: z.string() }).openapi("Message");

export const TrainedBody = MessageBody.extend({ points_used: z.number().int() }).openapi("Trained");

export const Metadata = z
  .record(z.string(), z.unknown())
  .openapi("Metadata", { description: "The model's metadata.json (see ANOMALY.md), field order kept." });

export const ModelsBody = z
  .object({
    status: z.literal("success"),
    models: z.record(z.string(), Metadata),
    min_data_points: z.number().int(),
    max_data_points: z.number().int(),
    damaged_models: z.record(z.string(), z.object({ file: z.string(), error: z.string() })).openapi({
      description:
        "Models whose files exist but cannot be loaded (kept untouched; every route on them answers 409 until `anomaly doctor` rebuilds or quarantines them)",
    }),
  })
  .openapi("Models");

export const DataQuery = z.object({
  limit: z
    .union([z.literal("all"), z.coerce.number().int().min(0)], { error: 'must be a non-negative integer or "all"' })
    .optional()
    .openapi({
      param: { name: "limit", in: "query" },
      example: 100,
      description: 'How many recent points (default 100); "all" for every point',
    }),
});

export const DataBody = z
  .object({
    status: z.literal("success"),
    model_name: z.string(),
    data_points_count: z.number().int(),
    data: z.array(z.record(z.string(), z.unknown())),
  })
  .openapi("ModelData");

const positive = z.number().finite();
export const ScheduleRequest = z
  .object({
    below_max_retrain_frequency: positive.optional(),
    at_max_retrain_frequency: positive.optional(),
  })
  .openapi("ScheduleRequest", { description: "Values > 0 apply; others are ignored." });

export const ScheduleBody = MessageBody.extend({
  training_schedule: z.object({ below_max: z.number(), at_max: z.number() }),
}).openapi("Schedule");

export const FinetuneBody = MessageBody.extend({
  adjusted_margins: z.record(z.string(), z.number()),
  max_anomaly_scores: z.record(z.string(), z.number()),
}).openapi("Finetune");

export const FalseAlarmRateRequest = z
  .object({
    false_alarm_rate: z.number().min(1e-6).max(0.5),
    version: z.string().min(1).optional(),
  })
  .openapi("FalseAlarmRateRequest", { example: { false_alarm_rate: 0.005 } });

export const FalseAlarmRateBody = z
  .object({
    status: z.literal("success"),
    message: z.string(),
    false_alarm_rate: z.number(),
    version: z.string().nullable(),
    margins: z.record(z.string(), z.number()),
  })
  .openapi("FalseAlarmRate");

export const AlertQuietRequest = z
  .object({
    quiet_min: z.number().min(0).max(525_600).optional(),
    warmup_min: z.number().min(0).max(525_600).optional().openapi({
      description:
        "Minutes of the stream's clock a model learns before alerting (default 2880, two days; 0: no warm-up). Setting it on a model that is still learning applies at once; a model past its warm-up stays past it.",
    }),
  })
  .openapi("AlertQuietRequest", { example: { quiet_min: 240, warmup_min: 2880 } });

export const AlertQuietBody = z
  .object({
    status: z.literal("success"),
    message: z.string(),
    quiet_min: z.number(),
    warmup_min: z.number(),
    learning: z.boolean().openapi({ description: "Whether the model is still in its warm-up" }),
  })
  .openapi("AlertQuiet");

export const MarginRequest = z
  .object({ version: z.string().min(1), margin: z.number().finite() })
  .openapi("MarginRequest", { example: { version: "daily", margin: 0.1 } });

export const MarginBody = MessageBody.extend({ version: z.string(), margin: z.number() }).openapi("Margin");

export const AutoencoderRequest = z
  .object({
    hidden: z.array(z.number().int().positive()).min(1).optional(),
    contamination: z.number().finite().optional(),
  })
  .openapi("AutoencoderRequest", { example: { hidden: [64, 32, 64], contamination: 0.1 } });

export const AutoencoderBody = MessageBody.extend({
  training_data_points: z.number().int(),
  filtered_anomalies: z.number().int(),
  reconstruction_threshold: z.number(),
}).openapi("AutoencoderTrained");

export const BatchJson = z
  .object({
    csv: z.string().optional(),
    has_header: z.boolean().optional(),
    file_path: z.string().optional(),
    model_name: z.unknown().optional(),
  })
  .openapi("BatchRequest", {
    description:
      "Give `csv` (text) or `file_path` (a file inside the server's data folder). `model_name` is refused: batch detection never uses a stored model.",
  });

export const BatchForm = z
  .object({
    file: z.unknown().optional().openapi({ type: "string", format: "binary" }),
    has_header: z.string().optional(),
    model_name: z.unknown().optional(),
  })
  .openapi("BatchUpload");

export const BatchBody = MessageBody.extend({
  result: z.object({
    total_rows: z.number().int(),
    anomaly_count: z.number().int(),
    anomaly_percentage: z.number(),
    has_anomalies: z.boolean(),
    anomaly_indices: z.array(z.number().int()),
    scores: z.array(z.number()),
    model_used: z.literal("batch:iforest"),
    skipped_rows: z
      .number()
      .int()
      .openapi({ description: "Rows left out: their count of numeric fields differs from the first numeric row's" }),
  }),
}).openapi("BatchResult");

export const ModelBundle = z.record(z.string(), z.unknown()).openapi("ModelBundle", {
  description: "A whole model (metadata, ring, forests) as produced by export; import it elsewhere to share.",
});

// The bodies as TypeScript sees them: what the server sends (z.output) and,
// for requests, what a client may send (z.input).
export type CollectingBody = z.output<typeof CollectingBody>;
export type VerdictBody = z.output<typeof VerdictBody>;
/** POST /detect's answer: 202 while collecting, else the verdict (POST /detect_only answers only verdicts). */
export type DetectBody = CollectingBody | VerdictBody;
export type MessageBody = z.output<typeof MessageBody>;
export type TrainedBody = z.output<typeof TrainedBody>;
export type ModelsBody = z.output<typeof ModelsBody>;
export type DataBody = z.output<typeof DataBody>;
export type ScheduleBody = z.output<typeof ScheduleBody>;
export type FinetuneBody = z.output<typeof FinetuneBody>;
export type FalseAlarmRateBody = z.output<typeof FalseAlarmRateBody>;
export type AlertQuietBody = z.output<typeof AlertQuietBody>;
export type MarginBody = z.output<typeof MarginBody>;
export type AutoencoderBody = z.output<typeof AutoencoderBody>;
export type BatchBody = z.output<typeof BatchBody>;
export type BatchResult = BatchBody["result"];
export type ScheduleRequest = z.input<typeof ScheduleRequest>;
export type MarginRequest = z.input<typeof MarginRequest>;
export type FalseAlarmRateRequest = z.input<typeof FalseAlarmRateRequest>;
export type AlertQuietRequest = z.input<typeof AlertQuietRequest>;
export type AutoencoderRequest = z.input<typeof AutoencoderRequest>;
