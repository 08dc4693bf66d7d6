// The verdict record's fixed parts in a file without zod, so the engine
// (anomaly/model/verdictRecord.ts), which the browser bundles too, reads the
// same rules as the wire schema (./verdictRecord.ts).

/**
 * A voter names the rule that flagged a point, as `<rule>:<subject>`:
 * `band:<column>`, `version:<name>`, `sustained:<column>`, or `sustained`
 * alone for a model without bands.
 */
export const VOTER_PATTERN = /^(band:.+|version:.+|sustained(:.+)?)$/;

/** At most this many top columns are kept with a verdict. */
export const TOP_COLUMNS = 3;
