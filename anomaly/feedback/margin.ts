/**
 * How a version's margin adapts to feedback, in one function so that the
 * calibration of margins (from the training scores) and the feedback stay
 * separate: `base` is whatever margin the calibration or the operator set,
 * and the marks' current decision values move it.
 *
 * A point is flagged when decision ≤ −margin. A false positive that is
 * still flagged raises the margin just past its decision value, so it (and
 * any point that looks no worse) is no longer flagged. A true positive is
 * never silenced by that raise: the margin stays at or below every true
 * positive's −decision, so each stays flagged. When the two conflict the
 * true positive wins (missing an incident costs more than a repeated false
 * alarm). Feedback never lowers the margin below `base`: a missed true
 * positive is a matter for the calibration or the operator, not a reason to
 * flag everything that looks like it.
 */
export interface MarkScores {
  /** Decision values of the points marked false positive, under this version. */
  falsePositives: ArrayLike<number>;
  /** Decision values of the points marked true positive, under this version. */
  truePositives: ArrayLike<number>;
}

/** The smallest margin m > −score, so that score > −m: the point is not flagged. */
function justPast(score: number): number {
  const m = -score;
  const step = Math.max(Math.abs(m) * Number.EPSILON, Number.MIN_VALUE);
  let out = m + step;
  while (!(score > -out)) out += step;
  return out;
}

export function adaptMargin(base: number, marks: MarkScores): number {
  let raise = base;
  for (let i = 0; i < marks.falsePositives.length; i++) {
    const s = marks.falsePositives[i];
    if (s <= -raise) raise = justPast(s);
  }
  if (raise === base) return base;
  let cap = Number.POSITIVE_INFINITY;
  for (let i = 0; i < marks.truePositives.length; i++) cap = Math.min(cap, -marks.truePositives[i]);
  return Math.max(base, Math.min(raise, cap));
}
