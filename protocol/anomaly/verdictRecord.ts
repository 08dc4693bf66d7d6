// The verdict record: what the engine said about one point when it arrived,
// kept with the point (the model's data log, export bundles) so that
// dashboards and alerts show the verdict that was given, never a rescoring
// with a later model. One schema for every place it travels: the live
// verdict body (`voters`, `top_columns`), GET .../data?verdicts=1, and the
// stored line. The engine reads stored records with a checker typed from
// this schema (anomaly/model/verdictRecord.ts), since zod stays out of the
// browser's bundle.
import { z } from "@hono/zod-openapi";
import { TOP_COLUMNS, VOTER_PATTERN } from "./verdictVoters";

/**
 * Which rule flagged the point, as `<rule>:<subject>`:
 * `band:<column>` (the column's expected band), `version:<name>` (a forest
 * version or the autoencoder), `sustained:<column>` (the sustained-departure
 * sum completed a run; the column whose band was furthest out at that
 * point), or `sustained` alone for a model without bands.
 */
export const Voter = z
  .string()
  .regex(VOTER_PATTERN, {
    error: 'must be "band:<column>", "version:<name>", "sustained" or "sustained:<column>"',
  })
  .openapi({ example: "band:cpu" });

export const TopColumn = z.object({
  column: z.string(),
  share: z.number().min(0).max(1),
});

export const VerdictRecord = z
  .object({
    anomaly: z.boolean(),
    alert: z.boolean(),
    learning: z.boolean().openapi({
      description:
        "The model was still in its warm-up when it gave the verdict: it opened no alert, whatever it flagged (false in records stored before warm-ups were recorded)",
    }),
    severity: z.number().min(0).max(100),
    score: z.number(),
    voters: z.array(Voter).openapi({ description: "The rules that flagged the point; empty when none did" }),
    top_columns: z.array(TopColumn).max(TOP_COLUMNS).openapi({
      description:
        "The explanation's top columns, largest share first: for a flagged point the explanation of its strongest voter (explain semantics in anomaly/README.md), for an unflagged one its columns' band deviations (empty without bands)",
    }),
    trained_at: z.number().int().openapi({
      description: "The model version that gave the verdict: last_trained (unix seconds) of the training in force",
    }),
  })
  .openapi("VerdictRecord");

export type Voter = z.output<typeof Voter>;
export type TopColumn = z.output<typeof TopColumn>;
export type VerdictRecord = z.output<typeof VerdictRecord>;
