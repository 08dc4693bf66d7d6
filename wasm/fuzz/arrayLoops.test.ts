import { afterAll, describe, expect, it } from "vitest";
import { generateArrayLoopProgram } from "./arrayLoops";
import { Differ, describe as describeVerdict, nativeAvailable } from "./differential";

// Programs that mutate arrays in loops (arrayLoops.ts), each built at -O0
// and -O2 for wasm and for linux-x64 and run: every build must print the
// same, exit alike and pass the program's own copy checks. -O2 is the level
// the playground and `npm run bench` use; the general differential test
// compares -O0 with -O3. PITH_ARRAY_LOOP_PROGRAMS sets how many (24 by
// default): half from fixed seeds, half from a random base seed printed
// for replay.
const PROGRAMS = Number(process.env.PITH_ARRAY_LOOP_PROGRAMS ?? 24);
const FIXED_SEED = 20261207;

describe("array loops at -O0 and -O2", () => {
  const differ = new Differ(nativeAvailable(), ["-O0", "-O2"]);
  afterAll(() => differ.close());

  it("the generator is deterministic and writes the loops it promises", () => {
    expect(generateArrayLoopProgram(3)).toBe(generateArrayLoopProgram(3));
    const programs = Array.from({ length: 60 }, (_, s) => generateArrayLoopProgram(s)).join("\n");
    for (const shape of [/\.flips\(\)/, /var b\d+ = a\n/, /a\.push\(/, /% \(len\(a\) \+ 1\)\]/, /break/]) {
      expect(programs).toMatch(shape);
    }
  });

  for (const [label, base] of [
    ["fixed seeds", FIXED_SEED],
    ["a random base seed", Math.floor(Math.random() * 2 ** 31)],
  ] as const) {
    it(
      `wasm${nativeAvailable() ? " and linux-x64" : ""} agree on every program (${label}: ${base})`,
      async () => {
        const failures: string[] = [];
        let panics = 0;
        for (let i = 0; i < PROGRAMS / 2; i++) {
          const seed = base + i;
          const source = generateArrayLoopProgram(seed);
          const verdict = await differ.judge(source);
          if (verdict.kind === "agree") {
            if (verdict.outcome.exit !== 0) panics++;
            continue;
          }
          failures.push(`seed ${seed}: ${verdict.kind}\n${source}\n${describeVerdict(verdict)}`);
        }
        console.log(`${PROGRAMS / 2} array-loop programs from seed ${base}: ${panics} ended in a panic`);
        expect(failures).toEqual([]);
      },
      PROGRAMS * 30_000,
    );
  }
});
