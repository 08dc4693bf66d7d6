// The verdicts that were given, as the dashboards show them by default:
// each ring point's recorded verdict (anomaly/model/verdictRecord.ts),
// never a rescoring with today's model, which is the explicit "what would
// it say now" view beside it.
import type { RingScores } from "./engine/ringScores";

/**
 * Ring indices flagged when they arrived, those that opened an alert, those
 * flagged while the model was still learning (its warm-up: they paged no
 * one), how many points were given while learning, and how many carry no record.
 */
export function givenFlags(recorded: RingScores["recorded"]): {
  flagged: number[];
  alerts: number[];
  flaggedLearning: number[];
  learning: number;
  notRecorded: number;
} {
  const flagged: number[] = [];
  const alerts: number[] = [];
  const flaggedLearning: number[] = [];
  let learning = 0;
  let notRecorded = 0;
  recorded.forEach((v, i) => {
    if (v === null) {
      notRecorded++;
      return;
    }
    if (v.learning) learning++;
    if (v.anomaly) {
      flagged.push(i);
      if (v.alert) alerts.push(i);
      if (v.learning) flaggedLearning.push(i);
    }
  });
  return { flagged, alerts, flaggedLearning, learning, notRecorded };
}

/** The scores with the given flags in place of today's (what the charts mark unless "now" is asked for). */
export function asGiven(scores: RingScores): RingScores {
  const { flagged, alerts } = givenFlags(scores.recorded);
  return { ...scores, flagged, alerts };
}
