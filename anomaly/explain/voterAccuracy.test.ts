// Does the verdict name the column that changed? Generated streams of 2–8
// numeric and categorical columns (levels, noise, daily waves, counts and
// category mixes drawn from a seeded generator), each trained on 200 points,
// then one column changed four ways: a spike, a drop to zero, a category
// never seen, a level shift (24 points, each flagged one a case). A case
// counts only when the change made the flag: the same point unchanged must
// not be flagged (else the verdict is about something else, and naming
// another column is right). For every flagged point the
// verdict's top column (its recorded `top_columns[0]`, which `?explain=1`
// must repeat) is compared with the column changed. Deterministic: the same
// seeds give the same table on every run.
import { describe, expect, it } from "vitest";
import { AnomalyService, type VerdictBody } from "../service";
import { MemoryStore } from "../store/memoryStore";
import { seededUniform } from "../testing";

const SHAPES = 200;
const TRAIN = 200;
const SHIFT_POINTS = 24;
const STEP = 300; // seconds between points: 200 points cover most of a day
const T0 = 1_767_225_600;

const generator = seededUniform;

interface NumericColumn {
  kind: "numeric";
  name: string;
  level: number;
  noise: number;
  wave: number;
  integer: boolean;
}
interface CategoricalColumn {
  kind: "categorical";
  name: string;
  categories: string[];
  weights: number[];
}
type Column = NumericColumn | CategoricalColumn;

function drawShape(random: () => number): Column[] {
  const count = 2 + Math.floor(random() * 7);
  const categorical = Math.min(count - 1, Math.floor(random() * 4));
  const columns: Column[] = [];
  for (let c = 0; c < count; c++) {
    if (c < count - categorical) {
      const level = 10 ** (1 + random() * 3);
      const noise = level * (0.02 + 0.08 * random());
      columns.push({
        kind: "numeric",
        name: `n${c}`,
        level,
        noise,
        wave: random() < 0.5 ? noise * 3 * random() : 0,
        integer: random() < 0.3,
      });
    } else {
      const k = 2 + Math.floor(random() * 4);
      const weights = Array.from({ length: k }, () => 0.2 + random());
      columns.push({
        kind: "categorical",
        name: `c${c}`,
        categories: Array.from({ length: k }, (_, j) => `v${j}`),
        weights,
      });
    }
  }
  return columns;
}

/** A normal deviate (Box–Muller) from the seeded generator. */
function gauss(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

function value(column: Column, i: number, random: () => number): number | string {
  if (column.kind === "categorical") {
    const total = column.weights.reduce((a, b) => a + b, 0);
    let r = random() * total;
    for (let j = 0; j < column.categories.length; j++) {
      r -= column.weights[j];
      if (r <= 0) return column.categories[j];
    }
    return column.categories[column.categories.length - 1];
  }
  const x = column.level + column.wave * Math.sin((2 * Math.PI * i * STEP) / 86_400) + column.noise * gauss(random);
  return column.integer ? Math.round(x) : x;
}

function record(columns: Column[], i: number, random: () => number): Record<string, unknown> {
  const out: Record<string, unknown> = { timestamp: T0 + i * STEP };
  for (const c of columns) out[c.name] = value(c, i, random);
  return out;
}

type Kind = "spike" | "drop to zero" | "new category" | "level shift";
const KINDS: Kind[] = ["spike", "drop to zero", "new category", "level shift"];

interface Tally {
  cases: number;
  flagged: number;
  named: number;
}

function pick<T>(items: T[], random: () => number): T {
  return items[Math.floor(random() * items.length)];
}

describe("explanations name the changed column", () => {
  it(`in at least 95 % of flagged cases over ${SHAPES} generated streams`, async () => {
    const tally = new Map<Kind, Tally>(KINDS.map((k) => [k, { cases: 0, flagged: 0, named: 0 }]));
    const misses: string[] = [];
    let baselineFlagged = 0;
    const service = new AnomalyService(new MemoryStore());
    for (let shape = 0; shape < SHAPES; shape++) {
      const random = generator(1000 + shape);
      const columns = drawShape(random);
      const model = `s${shape}`;
      const numeric = columns.filter((c): c is NumericColumn => c.kind === "numeric");
      const categorical = columns.filter((c): c is CategoricalColumn => c.kind === "categorical");
      for (let i = 0; i < TRAIN; i++) {
        await service.detect(model, record(columns, i, random), T0 + i * STEP);
        // One training, on the whole history: the schedule's early trainings would only cost time.
        if (i === 0) await service.setSchedule(model, { below_max_retrain_frequency: 1_000_000 });
      }
      await service.forceTrain(model, T0 + TRAIN * STEP);

      const judge = (kind: Kind, column: string, body: VerdictBody, explain?: VerdictBody["explanation"]) => {
        const t = tally.get(kind) as Tally;
        if (!body.anomaly) return;
        t.flagged++;
        expect(body.voters.length).toBeGreaterThan(0);
        const top = body.top_columns[0]?.column;
        if (top === column) t.named++;
        else if (misses.length < 20)
          misses.push(`${model} ${kind} ${column}: named ${top} by ${body.voters.join(",")}`);
        if (explain !== undefined && explain !== null) {
          // ?explain=1 explains the strongest voter, and names the same column.
          expect(explain.voter).toBe(body.voters[0]);
          expect(explain.columns.find((c) => c.share > 0)?.column).toBe(top);
          if (explain.version !== null) expect(body.versions[explain.version].anomaly).toBe(true);
        }
      };
      const base = record(columns, TRAIN, random);
      const baseFlagged = (await service.detectOnly(model, base)).anomaly;
      if (baseFlagged) baselineFlagged++;
      const probe = async (kind: Kind, column: string, changed: Record<string, unknown>) => {
        if (baseFlagged) return;
        (tally.get(kind) as Tally).cases++;
        const body = await service.detectOnly(model, changed, undefined, { explain: true });
        judge(kind, column, body, body.explanation);
      };
      const spiked = pick(numeric, random);
      await probe("spike", spiked.name, {
        ...base,
        [spiked.name]: spiked.level + spiked.wave + spiked.noise * (8 + 20 * random()),
      });
      const dropped = pick(numeric, random);
      await probe("drop to zero", dropped.name, { ...base, [dropped.name]: 0 });
      if (categorical.length > 0) {
        const changed = pick(categorical, random);
        await probe("new category", changed.name, { ...base, [changed.name]: "never-seen" });
      }
      // A level shift is a run: ingested, each point's recorded verdict judged.
      const shifted = pick(numeric, random);
      const delta = (random() < 0.5 ? -1 : 1) * shifted.noise * (4 + 4 * random());
      (tally.get("level shift") as Tally).cases++;
      for (let i = TRAIN; i < TRAIN + SHIFT_POINTS; i++) {
        const r = record(columns, i, random);
        const unchanged = (await service.detectOnly(model, r, T0 + i * STEP)).anomaly;
        r[shifted.name] = (r[shifted.name] as number) + delta;
        const answer = await service.detect(model, r, T0 + i * STEP);
        if (answer.body.status === "success" && !unchanged) judge("level shift", shifted.name, answer.body);
      }
      await service.deleteModel(model);
    }
    await service.close();

    const rows = KINDS.map((kind) => {
      const t = tally.get(kind) as Tally;
      return { kind, cases: t.cases, flagged: t.flagged, named: t.named, accuracy: t.named / Math.max(1, t.flagged) };
    });
    console.log(
      [
        "kind           cases  flagged  named  accuracy",
        ...rows.map(
          (r) =>
            `${r.kind.padEnd(14)} ${String(r.cases).padStart(5)}  ${String(r.flagged).padStart(7)}  ${String(r.named).padStart(5)}  ${(100 * r.accuracy).toFixed(1)} %`,
        ),
      ].join("\n"),
    );
    console.log(
      `shapes whose unchanged point was flagged already (single-point kinds not counted): ${baselineFlagged}`,
    );
    if (misses.length > 0) console.log(`first misses:\n${misses.join("\n")}`);
    for (const r of rows) {
      // A category never seen is not flagged by the forests (it projects to
      // all zeros, like a row between the known ones: anomaly/README.md), so
      // that row may have no flagged case; the others must have many.
      if (r.kind !== "new category") expect(r.flagged, `${r.kind}: flagged cases`).toBeGreaterThanOrEqual(SHAPES / 2);
      expect(r.accuracy, `${r.kind}: top column is the changed one`).toBeGreaterThanOrEqual(r.flagged === 0 ? 0 : 0.95);
    }
  }, 1_800_000);
});
