// The leave-one-category-out report of the nab bench: the headline held-out
// score, each fold's chosen settings, and the provenance of every default.
import { DEFAULTS, type Fold, leaveOneGroupOut, PROVENANCE, type Scored, type Setting, scoreWith } from "./loco";
import { PROFILES } from "./scoring";

const LABELS: { [K in keyof Setting]: (v: number) => string } = {
  threshold: (v) => `threshold ${v.toFixed(1)}`,
  quietMin: (v) => `quiet ${v} min`,
  slack: (v) => `slack ${v}`,
  limit: (v) => `limit ${v}`,
  calibrate: (v) => `calibration ${v === 1 ? "on" : "off"}`,
  warmUp: (v) => `warm-up ${v} pts`,
  evidenceAsTrained: (v) => `sustained sum ${v === 1 ? "as trained" : "as calibrated"}`,
};

const describe = (f: Fold) =>
  (Object.keys(LABELS) as (keyof Setting)[])
    .map((k) => `${LABELS[k](f.chosen[k])}${f.chosen[k] === DEFAULTS[k] ? " (default)" : ""}`)
    .join(", ");

export function printLoco(list: Scored[]): void {
  const standard = PROFILES[0];
  const folds = leaveOneGroupOut(list, standard);
  if (folds.length < 2) {
    console.log("\nleave-one-category-out: needs series from two groups at least (drop --only)");
    return;
  }
  const mean = (f: (x: Fold) => number) => folds.reduce((t, x) => t + f(x), 0) / folds.length;
  console.log(
    `\nleave-one-category-out, standard profile, verdicts replayed offline from each check's severity ` +
      `(defaults over all: alerts ${scoreWith(list, DEFAULTS, standard).toFixed(1)}, flags ${scoreWith(list, DEFAULTS, standard, "anomaly").toFixed(1)})`,
  );
  // The stream calibration as the engine would run it once switched on: no setting of it chosen on these series' scores.
  const calibrated = { ...DEFAULTS, calibrate: 1, evidenceAsTrained: 1 };
  console.log(
    `with the stream calibration on (sum as trained), same defaults otherwise: alerts ${scoreWith(list, calibrated, standard).toFixed(1)}, ` +
      `flags ${scoreWith(list, calibrated, standard, "anomaly").toFixed(1)}`,
  );
  console.log(
    `HEADLINE held-out score (mean over ${folds.length} held-out groups): alerts ${mean((f) => f.heldOutScore).toFixed(1)}, ` +
      `per-point flags ${mean((f) => f.heldOutFlags).toFixed(1)}; distance to ARTime's 74.9: ${(74.9 - mean((f) => f.heldOutScore)).toFixed(1)}`,
  );
  console.log(
    `${"held out".padEnd(16)}${"chosen on".padEnd(18)}${"alerts".padStart(8)}${"flags".padStart(8)}${"defaults".padStart(10)}${"train".padStart(8)}   chosen settings`,
  );
  for (const f of folds) {
    console.log(
      `${f.heldOut.padEnd(16)}${f.trainedOn.join("+").padEnd(18)}${f.heldOutScore.toFixed(1).padStart(8)}` +
        `${f.heldOutFlags.toFixed(1).padStart(8)}${f.defaultsScore.toFixed(1).padStart(10)}${f.trainScore.toFixed(1).padStart(8)}   ${describe(f)}`,
    );
  }
  console.log(
    "(alerts, flags: the held-out group's scores with settings chosen on the others' alerts; defaults: its alerts with the defaults, a fit since they were chosen seeing every group; train: the chosen settings' alert score where they were chosen)",
  );
  console.log(`\n${"setting".padEnd(90)}${"value".padEnd(26)}chosen on`);
  for (const p of PROVENANCE) {
    console.log(`${p.setting.padEnd(90)}${p.value.padEnd(26)}${p.chosenOn}`);
  }
}
