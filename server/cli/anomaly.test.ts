// The `anomaly` command run for real (node + tsx loader) against temp
// stores. Models are seeded in-process through the same engine so the
// slow part (50+ points to train) does not cost 50 process starts.
import { execFile, spawn } from "node:child_process";
import { appendFile, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AnomalyService } from "../../anomaly";
import { FileStore } from "../../anomaly/node";
import { CLI, REPO_ROOT } from "../anomaly/testing";
import { parseAddr, parseRecord } from "./anomaly";

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

let dir: string;
let store: string;

function anomaly(args: string[], options: { env?: Record<string, string>; input?: string } = {}): Promise<Run> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [...CLI, ...args],
      { cwd: REPO_ROOT, env: { ...process.env, ANOMALY_HOME: "", ...options.env } },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
      },
    );
    child.stdin?.end(options.input ?? "");
  });
}

const point = (i: number) => ({ temperature: 20 + (i % 7) * 0.5, load: 40 + (i % 5), site: i % 2 ? "north" : "south" });

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "anomaly-cli-"));
  store = join(dir, "store");
  const service = new AnomalyService(new FileStore(store));
  for (let i = 0; i < 120; i++) await service.detect("seeded", point(i));
  await service.close();
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("argument parsing", () => {
  it("key=value pairs keep numbers as numbers and everything else as strings", () => {
    expect(parseRecord(["a=1.5", "b=north", "c=-2e3", "d=0x10", "e=", "f=a=b", "g=Infinity"])).toEqual({
      a: 1.5,
      b: "north",
      c: -2000,
      d: "0x10",
      e: "",
      f: "a=b",
      g: "Infinity",
    });
  });

  it("a key named __proto__ is an ordinary column", () => {
    const record = parseRecord(["__proto__=1", "constructor=x"]);
    expect(Object.hasOwn(record, "__proto__")).toBe(true);
    expect(JSON.stringify(record)).toBe('{"__proto__":1,"constructor":"x"}');
  });

  it("--addr takes HOST:PORT, [v6]:PORT and :PORT", () => {
    expect(parseAddr("127.0.0.1:8001")).toEqual({ host: "127.0.0.1", port: 8001 });
    expect(parseAddr("[::1]:0")).toEqual({ host: "::1", port: 0 });
    expect(parseAddr(":9000")).toEqual({ host: "0.0.0.0", port: 9000 });
    expect(() => parseAddr("localhost")).toThrow(/HOST:PORT/);
    expect(() => parseAddr("h:70000")).toThrow(/HOST:PORT/);
  });
});

describe("anomaly command", () => {
  it("--help lists every command, <command> --help shows its usage, --version prints 0.4.0", async () => {
    const help = await anomaly(["--help"]);
    expect(help.code).toBe(0);
    for (const name of ["detect", "score", "batch", "train", "train-ae", "reset", "rm", "ls", "info", "serve"]) {
      expect(help.stdout).toMatch(new RegExp(`^  ${name} `, "m"));
    }
    const one = await anomaly(["batch", "--help"]);
    expect(one.code).toBe(0);
    expect(one.stdout).toContain("Usage: anomaly [--store DIR] batch [-f FILE] [-H]");
    const version = await anomaly(["--version"]);
    expect(version).toMatchObject({ code: 0, stdout: "0.4.0\n" });
  });

  it("usage errors exit 2 with a hint and touch no store", async () => {
    const empty = join(dir, "untouched");
    const cases = [
      [],
      ["frobnicate"],
      ["detect"],
      ["detect", "m"],
      ["detect", "m", "novalue"],
      ["detect", "bad-name", "a=1"],
      ["info", "a", "extra"],
      ["ls", "--bogus"],
      ["serve", "--addr", "nowhere"],
      ["train-ae", "m", "--hidden", "64,x"],
    ];
    const runs = await Promise.all(cases.map((args) => anomaly(["--store", empty, ...args])));
    runs.forEach((run, i) => {
      const args = cases[i]?.join(" ");
      expect(run.code, args).toBe(2);
      expect(run.stderr, args).toMatch(/^anomaly: .+\nRun `anomaly --help` for usage\.\n$/);
    });
    const bad = await anomaly(["--store", empty, "detect", "bad-name", "a=1"]);
    expect(bad.stderr).toContain("Invalid model name. Use only letters, numbers, and underscores.");
    await expect(import("node:fs/promises").then((fs) => fs.stat(empty))).rejects.toThrow();
  });

  it("detect stores a record and prints the verdict as JSON; runtime errors exit 1", async () => {
    const run = await anomaly(["--store", store, "detect", "fresh", "temperature=21.5", "site=north"]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      status: "collecting",
      message: "Collecting data (1/50 points).",
      data_points: 1,
      min_data_points: 50,
      model_name: "fresh",
    });
    const missing = await anomaly(["--store", store, "info", "nobody"]);
    expect(missing).toMatchObject({ code: 1, stderr: "anomaly: Model nobody not found\n" });
    const untrained = await anomaly(["--store", store, "score", "fresh", "temperature=1"]);
    expect(untrained.code).toBe(1);
    expect(untrained.stderr).toContain("exists but is not trained yet");
  });

  it("score, train, info and ls work on a trained model without storing the scored point", async () => {
    const score = await anomaly(["--store", store, "score", "seeded", "temperature=21", "load=41", "site=north"]);
    expect(score.code).toBe(0);
    expect(JSON.parse(score.stdout)).toMatchObject({ status: "success", model: "seeded", data_points: 120 });
    const train = await anomaly(["--store", store, "train", "seeded"]);
    expect(train).toMatchObject({ code: 0, stdout: "Model seeded trained (120 points)\n" });
    const info = await anomaly(["--store", store, "info", "seeded"]);
    expect(info.stdout).toMatch(/^\{\n {2}"name": "seeded",/);
    expect(JSON.parse(info.stdout)).toMatchObject({ n_seen: 120, model_name: "seeded" });
    const ls = await anomaly(["--store", store, "ls"]);
    expect(
      ls.stdout
        .split("\n")
        .filter(Boolean)
        .map((l) => l.split("\t")[0]),
    ).toEqual(["fresh", "seeded"]);
  });

  it("$ANOMALY_HOME is the store when --store is absent", async () => {
    const ls = await anomaly(["ls"], { env: { ANOMALY_HOME: store } });
    expect(ls.stdout).toContain("seeded\t120\t");
  });

  it("batch reads a file (-f, -H) or stdin and prints index<TAB>score per row, summary on stderr", async () => {
    const csv = "a,b\n1,2\n1.1,2.1\n0.9,1.9\n1,2.05\n40,-30\n";
    await writeFile(join(dir, "rows.csv"), csv);
    const fromFile = await anomaly(["--store", store, "batch", "-f", join(dir, "rows.csv"), "-H"]);
    expect(fromFile.code).toBe(0);
    const lines = fromFile.stdout.trimEnd().split("\n");
    expect(lines.map((l) => l.split("\t")[0])).toEqual(["0", "1", "2", "3", "4"]);
    for (const l of lines) expect(Number.isFinite(Number(l.split("\t")[1]))).toBe(true);
    expect(fromFile.stderr).toMatch(/^5 rows, \d+ anomalies \(\d+\.\d\d%\)\n$/);
    const fromStdin = await anomaly(["--store", store, "batch"], { input: csv.split("\n").slice(1).join("\n") });
    expect(fromStdin.stdout).toBe(fromFile.stdout);
    const missing = await anomaly(["--store", store, "batch", "-f", join(dir, "nope.csv")]);
    expect(missing.code).toBe(1);
  });

  it("train-ae, reset and rm", async () => {
    const ae = await anomaly(["--store", store, "train-ae", "seeded", "--hidden", "4", "--contamination", "0.1"]);
    expect(ae.code, ae.stderr).toBe(0);
    expect(JSON.parse(ae.stdout)).toMatchObject({ status: "success" });
    expect(await anomaly(["--store", store, "reset", "seeded"])).toMatchObject({
      code: 0,
      stdout: "Model seeded reset\n",
    });
    expect(await anomaly(["--store", store, "rm", "fresh"])).toMatchObject({
      code: 0,
      stdout: "Model fresh deleted successfully\n",
    });
    expect((await anomaly(["--store", store, "rm", "fresh"])).code).toBe(1);
  });

  it("runs through its shebang as an executable", async () => {
    const run = await new Promise<Run>((resolve) => {
      execFile(join(REPO_ROOT, "server/cli/anomaly.ts"), ["--version"], { cwd: REPO_ROOT }, (error, stdout, stderr) =>
        resolve({ code: error ? 1 : 0, stdout, stderr }),
      );
    });
    expect(run).toMatchObject({ code: 0, stdout: "0.4.0\n" });
  });
});

describe("anomaly doctor", () => {
  it("ls lists a damaged model with its error; doctor reports it (exit 1), rebuilds it or quarantines it", async () => {
    const clinic = join(dir, "clinic");
    const service = new AnomalyService(new FileStore(clinic, { durable: false }));
    for (let i = 0; i < 55; i++) {
      await service.detect("broken", point(i));
      await service.detect("lost", point(i));
    }
    await service.detect("healthy", point(0));
    await service.close();
    for (const model of ["broken", "lost"]) {
      await writeFile(join(clinic, model, "metadata.json"), "{");
      await appendFile(join(clinic, model, "data.jsonl"), "not json\n");
    }
    const ls = await anomaly(["--store", clinic, "ls"]);
    expect(ls.code).toBe(0);
    expect(ls.stdout).toMatch(/^broken\tDAMAGED\tModel broken cannot be loaded: metadata\.json is not valid JSON/m);
    expect(ls.stdout).toMatch(/^healthy\t1\t0$/m);

    const help = await anomaly(["doctor", "--help"]);
    expect(help.stdout).toContain("Usage: anomaly [--store DIR] doctor [<model>] [--rebuild | --quarantine]");
    expect(help.stdout).toContain("--rebuild");
    expect(help.stdout).toContain("--quarantine");

    const report = await anomaly(["--store", clinic, "doctor"]);
    expect(report.code).toBe(1);
    expect(report.stdout).toMatch(
      /^broken\tdamaged\tmetadata\.json is not valid JSON.*data\.jsonl has 1 unreadable line/m,
    );
    expect(report.stdout).toMatch(/^healthy\tok\t1 records$/m);

    const rebuilt = await anomaly(["--store", clinic, "doctor", "broken", "--rebuild"]);
    expect(rebuilt.code, rebuilt.stderr).toBe(0);
    expect(rebuilt.stdout).toMatch(/^broken\trebuilt\t.*recomputed from 55 records/m);
    const quarantined = await anomaly(["--store", clinic, "doctor", "lost", "--quarantine"]);
    expect(quarantined.stdout).toMatch(/^lost\tquarantined\t.*moved to .*\.quarantine\/lost-\d+$/m);

    const after = await anomaly(["--store", clinic, "doctor"]);
    expect(after.code).toBe(0);
    expect(after.stdout).toMatch(
      /^broken\tok\t55 records \(data\.jsonl has 1 unreadable line\(s\); loading skips them\)$/m,
    );
    expect(after.stdout).not.toContain("lost");
    expect((await anomaly(["--store", clinic, "info", "broken"])).stdout).toContain('"n_seen": 55');
  }, 120_000);
});

describe("anomaly serve", () => {
  it("serves the API and $ANOMALY_WEBROOT, and exits 0 after a graceful SIGTERM", async () => {
    const web = join(dir, "web");
    await mkdir(web, { recursive: true });
    await writeFile(join(web, "anomalies.html"), "<title>Anomalies</title>");
    const child = spawn(process.execPath, [...CLI, "--store", store, "serve", "--addr", "127.0.0.1:0"], {
      cwd: REPO_ROOT,
      env: { ...process.env, ANOMALY_WEBROOT: web },
    });
    let out = "";
    let err = "";
    child.stderr.on("data", (c) => {
      err += c;
    });
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on("data", (c) => {
        out += c;
        const match = /serving on (http:\/\/\S+)/.exec(out);
        if (match?.[1]) resolve(match[1]);
      });
      child.once("exit", (code) => reject(new Error(`exited ${code}: ${err}`)));
    });
    expect(out).toContain(`dashboards ${web}`);
    const models = await (await fetch(`${url}/models/dynamic`)).json();
    expect(Object.keys(models.models)).toContain("seeded");
    expect(await (await fetch(`${url}/anomalies.html`)).text()).toContain("Anomalies");
    const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(err).toContain("SIGTERM received");
  });

  it("a port in use is a clear message and exit 1", async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, "127.0.0.1", r));
    const port = (blocker.address() as { port: number }).port;
    try {
      const run = await anomaly(["--store", store, "serve", "--addr", `127.0.0.1:${port}`]);
      expect(run.code).toBe(1);
      expect(run.stderr).toBe(`anomaly: cannot listen on 127.0.0.1:${port}: the port is already in use\n`);
    } finally {
      blocker.close();
    }
  });
});
