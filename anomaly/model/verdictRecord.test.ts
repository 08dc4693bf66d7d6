// The verdict given to a point is stored with it: in its data.jsonl line, on
// through a restart, an export and an import, exactly as it was answered;
// lines from before verdicts were recorded load as "not recorded"; a bundle
// whose recorded verdict is malformed is refused with where and why.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { VerdictRecord as VerdictRecordSchema } from "../../protocol/anomaly/verdictRecord";
import { FileStore } from "../node/fileStore";
import { AnomalyError, AnomalyService, type VerdictBody } from "../service";
import { type ParsedBundle, parseBundle } from "../store/bundle";
import { splitStored, VERDICT_KEY, type VerdictRecord } from "./verdictRecord";

const T0 = 1_767_225_600;
const open = (root: string) => new AnomalyService(new FileStore(root, { durable: false, log: () => {} }));

/** cpu on a gentle wave with a little jitter; a spike at 150 and a drop of requests to zero at 170. */
function point(i: number): Record<string, unknown> {
  const jitter = ((i * 7919) % 13) / 13;
  return {
    timestamp: T0 + 300 * i,
    cpu: i === 150 ? 400 : 40 + 5 * Math.sin(i / 10) + jitter,
    requests: i === 170 ? 0 : 100 + 10 * jitter,
    region: i % 3 === 0 ? "eu" : "us",
  };
}

/** The export as it travels (JSON), and parsed. */
async function exportRaw(service: AnomalyService, model: string): Promise<Record<string, unknown>> {
  return JSON.parse(JSON.stringify(await service.exportModel(model)));
}

async function exported(service: AnomalyService, model: string): Promise<ParsedBundle> {
  const bundle = parseBundle(await exportRaw(service, model));
  if (typeof bundle === "string") throw new Error(bundle);
  return bundle;
}

const recordedOf = (bundle: ParsedBundle) => bundle.ring.map((line) => splitStored(line).verdict);

/** The verdict record an answer stands for. */
function given(body: VerdictBody, trainedAt: number): VerdictRecord {
  return {
    anomaly: body.anomaly,
    alert: body.alert,
    learning: body.learning,
    severity: body.severity,
    score: body.score,
    voters: body.voters,
    top_columns: body.top_columns,
    trained_at: trainedAt,
  };
}

describe("verdict records", () => {
  it("are stored with their points, and survive a restart, an export and an import unchanged", async () => {
    const root = mkdtempSync(join(tmpdir(), "anomaly-verdicts-"));
    let service = open(root);
    const answers: (VerdictBody | null)[] = [];
    for (let i = 0; i < 200; i++) {
      const { body } = await service.detect("web", point(i), T0 + 300 * i);
      answers.push(body.status === "success" ? body : null);
    }
    const spike = answers[150] as VerdictBody;
    expect(spike.anomaly).toBe(true);
    expect(spike.voters[0]).toBe("band:cpu");
    expect(spike.top_columns[0].column).toBe("cpu");
    const drop = answers[170] as VerdictBody;
    expect(drop.anomaly).toBe(true);
    expect(drop.voters[0]).toBe("band:requests");
    expect(drop.top_columns[0].column).toBe("requests");

    const raw = await exportRaw(service, "web");
    const recorded = recordedOf(parseBundle(raw) as ParsedBundle);
    // Every answered point carries exactly what it was answered; collecting ones carry none.
    answers.forEach((body, i) => {
      if (body === null) expect(recorded[i]).toBeNull();
      else expect(recorded[i]).toEqual(given(body, recorded[i]?.trained_at ?? -1));
    });
    // The warm-up is part of the record: two days at 5-minute points outlast these 200.
    expect(recorded.filter((r) => r?.learning === true).length).toBe(answers.filter((b) => b?.learning).length);
    expect(spike.learning).toBe(true);
    // What the engine stores is what the wire schema accepts.
    for (const r of recorded) if (r !== null) expect(VerdictRecordSchema.parse(r)).toEqual(r);
    const lines = readFileSync(join(root, "web", "data.jsonl"), "utf8")
      .trim()
      .split("\n");
    expect(JSON.parse(lines[150])[VERDICT_KEY].voters).toEqual(spike.voters);
    // The column list never learns the key.
    expect((await service.metadata("web")).cols).toEqual(["cpu", "requests", "region"]);

    await service.close();
    service = open(root);
    expect(recordedOf(await exported(service, "web"))).toEqual(recorded);
    // A later point after the restart goes on being recorded.
    const next = await service.detect("web", point(200), T0 + 300 * 200);
    expect(next.httpStatus).toBe(200);
    expect(recordedOf(await exported(service, "web"))[200]).not.toBeNull();

    await service.importModel("copy", raw);
    expect(recordedOf(await exported(service, "copy"))).toEqual(recorded);
    await service.close();
    // And the copy's verdicts are still there after its own restart.
    service = open(root);
    expect(recordedOf(await exported(service, "copy"))).toEqual(recorded);
    await service.close();
  }, 120_000);

  it("loads points stored before verdicts were recorded as not recorded", async () => {
    const root = mkdtempSync(join(tmpdir(), "anomaly-verdicts-old-"));
    const service = open(root);
    for (let i = 0; i < 80; i++) await service.detect("web", point(i), T0 + 300 * i);
    const raw = await exportRaw(service, "web");
    // An old store's lines: the records alone.
    const old = { ...raw, ring: (raw.ring as Record<string, unknown>[]).map((line) => splitStored(line).record) };
    await service.importModel("old", old);
    const recorded = recordedOf(await exported(service, "old"));
    expect(recorded.every((r) => r === null)).toBe(true);
    // It scores and records new points as any model does.
    const { body } = await service.detect("old", point(80), T0 + 300 * 80);
    expect(body.status).toBe("success");
    expect(recordedOf(await exported(service, "old"))[80]).not.toBeNull();
    // Verdict records from before the warm-up was recorded read as given by a warm model.
    const noLearning = {
      ...raw,
      ring: (raw.ring as Record<string, unknown>[]).map((line) => {
        if (!(VERDICT_KEY in line)) return line;
        const { learning: _dropped, ...verdict } = line[VERDICT_KEY] as Record<string, unknown>;
        return { ...line, [VERDICT_KEY]: verdict };
      }),
    };
    await service.importModel("older", noLearning);
    const asGiven = recordedOf(await exported(service, "web"));
    const older = recordedOf(await exported(service, "older"));
    expect(asGiven.some((r) => r?.learning === true)).toBe(true);
    expect(older).toEqual(asGiven.map((r) => (r === null ? null : { ...r, learning: false })));
    await service.close();
  }, 60_000);

  it("refuses a bundle whose recorded verdict is malformed, and a record carrying the key, changing nothing", async () => {
    const root = mkdtempSync(join(tmpdir(), "anomaly-verdicts-bad-"));
    const service = open(root);
    for (let i = 0; i < 60; i++) await service.detect("web", point(i), T0 + 300 * i);
    const raw = await exportRaw(service, "web");
    const bundle = parseBundle(raw) as ParsedBundle;
    const ring = (raw.ring as Record<string, unknown>[]).map((line) => ({ ...line }));
    ring[55] = { ...ring[55], [VERDICT_KEY]: { ...(ring[55][VERDICT_KEY] as object), anomaly: "yes" } };
    const error = await service.importModel("web", { ...raw, ring }).catch((e) => e);
    expect(error).toBeInstanceOf(AnomalyError);
    expect(error.status).toBe(400);
    expect(error.message).toBe(
      "The bundle's ring[55] (data.jsonl line 56): its @verdict anomaly must be true or false.",
    );
    expect(recordedOf(await exported(service, "web"))).toEqual(recordedOf(bundle));
    const line55 = (raw.ring as Record<string, unknown>[])[55];
    ring[55] = { ...line55, [VERDICT_KEY]: { ...(line55[VERDICT_KEY] as object), learning: "yes" } };
    const badLearning = await service.importModel("web", { ...raw, ring }).catch((e) => e);
    expect(badLearning.message).toBe(
      "The bundle's ring[55] (data.jsonl line 56): its @verdict learning must be true or false.",
    );
    expect(recordedOf(await exported(service, "web"))).toEqual(recordedOf(bundle));

    const refused = await service.detect("web", { ...point(60), [VERDICT_KEY]: 1 }).catch((e) => e);
    expect(refused).toBeInstanceOf(AnomalyError);
    expect(refused.status).toBe(400);
    expect(refused.message).toBe("Field '@verdict' is reserved: stored points keep their verdict under it.");
    expect((await service.metadata("web")).n_seen).toBe(60);
    await service.close();
  }, 60_000);
});
