// The leave-one-category-out report of the nab bench: the headline held-out
// score, each fold's chosen settings, and the provenance of every default.
import { DEFAULTS, type Fold, leaveOneGroupOut, PROVENANCE, type Scored, scoreWith } from "./loco";
import { PROFILES } from "./scoring";

const describe = (f: Fold) =>
  `threshold ${f.chosen.threshold.toFixed(1)}${f.chosen.threshold === DEFAULTS.threshold ? " (default)" : ""}, ` +
  `quiet ${f.chosen.quietMin} min${f.chosen.quietMin === DEFAULTS.quietMin ? " (default)" : ""}`;

export function printLoco(list: Scored[]): void {
  const standard = PROFILES[0];
  const folds = leaveOneGroupOut(list, standard);
  if (folds.length < 2) {
    console.log("\nleave-one-category-out: needs series from two groups at least (drop --only)");
    return;
  }
  const mean = folds.reduce((t, f) => t + f.heldOutScore, 0) / folds.length;
  console.log(
    `\nleave-one-category-out, standard profile, alerts re-made offline from each point's severity ` +
      `(defaults over all: ${scoreWith(list, DEFAULTS, standard).toFixed(1)})`,
  );
  console.log(`HEADLINE held-out score (mean over ${folds.length} held-out groups): ${mean.toFixed(1)}`);
  console.log(
    `${"held out".padEnd(18)}${"chosen on".padEnd(22)}${"held-out".padStart(10)}${"defaults".padStart(10)}${"train".padStart(8)}   chosen settings`,
  );
  for (const f of folds) {
    console.log(
      `${f.heldOut.padEnd(18)}${f.trainedOn.join("+").padEnd(22)}${f.heldOutScore.toFixed(1).padStart(10)}` +
        `${f.defaultsScore.toFixed(1).padStart(10)}${f.trainScore.toFixed(1).padStart(8)}   ${describe(f)}`,
    );
  }
  console.log(
    "(held-out: the group's score with settings chosen on the others; defaults: with the defaults, a fit since they were chosen seeing every group; train: the chosen settings' score where they were chosen)",
  );
  console.log(`\n${"setting".padEnd(64)}${"value".padEnd(18)}chosen on`);
  for (const p of PROVENANCE) {
    console.log(`${p.setting.padEnd(64)}${p.value.padEnd(18)}${p.chosenOn}`);
  }
}
