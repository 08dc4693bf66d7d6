#!/usr/bin/env -S node --import tsx
import { existsSync, realpathSync } from "node:fs";
// The `anomaly` command: the same engine as the HTTP API, on a model store
// folder, without a server. Exit codes: 0 ok, 1 runtime error, 2 usage error.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type ParseArgsConfig, parseArgs } from "node:util";
import { type AnomalyService, API_VERSION } from "../../anomaly";
import { FileStore } from "../../anomaly/node";
import { ForestCheck } from "../anomaly/damagedVersions";
import { INVALID_MODEL_NAME, MODEL_NAME } from "../anomaly/errors";
import { createLogger } from "../anomaly/logger";
import { ListenError, openNodeService, startAnomalyServer } from "../anomaly/serve";
import { checkEnvironment, textVariable } from "../config/environment";
import { alertLog, alertRules, formatDelivery } from "./anomalyAlerts";

class UsageError extends Error {}

type Options = NonNullable<ParseArgsConfig["options"]>;

interface Command {
  usage: string;
  summary: string;
  options?: Options;
  /** Changes no model file: its service opens the store read-only (no repair on load). */
  readOnly?: boolean;
  /** Resolves to the exit code when it is not 0. */
  run(args: Parsed, service: () => AnomalyService, storeDir: string): Promise<number | undefined>;
}

type Parsed = { values: Record<string, string | boolean | undefined>; positionals: string[] };

const GLOBAL_OPTIONS: Options = {
  store: { type: "string" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean" },
};

const DEFAULT_ADDR = "127.0.0.1:8001";

const print = (line: string) => process.stdout.write(`${line}\n`);
const printJson = (value: unknown, pretty = false) => print(JSON.stringify(value, null, pretty ? 2 : undefined));

function modelArg(args: Parsed, command: string): string {
  const model = args.positionals[0];
  if (model === undefined) throw new UsageError(`${command}: missing <model>`);
  if (!MODEL_NAME.test(model)) throw new UsageError(INVALID_MODEL_NAME);
  return model;
}

function noMoreArgs(args: Parsed, used: number, command: string) {
  const extra = args.positionals.slice(used);
  if (extra.length > 0) throw new UsageError(`${command}: unexpected argument ${JSON.stringify(extra[0])}`);
}

// Decimal literals only, so "0x10" or "Infinity" stay strings as written.
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** `key=val` pairs to a record: numbers stay numbers, everything else a string. */
export function parseRecord(pairs: string[]): Record<string, string | number> {
  if (pairs.length === 0) throw new UsageError("give the record as key=value pairs, e.g. temperature=21.5 site=north");
  const entries: [string, string | number][] = [];
  for (const pair of pairs) {
    const eq = pair.indexOf("=");
    if (eq <= 0) throw new UsageError(`expected key=value, got ${JSON.stringify(pair)}`);
    const value = pair.slice(eq + 1);
    const number = Number(value);
    entries.push([pair.slice(0, eq), DECIMAL.test(value) && Number.isFinite(number) ? number : value]);
  }
  // fromEntries defines own properties: `__proto__=1` is a column like any other.
  return Object.fromEntries(entries);
}

/** `HOST:PORT`, `[v6]:PORT` or `:PORT` (all interfaces). */
export function parseAddr(addr: string): { host: string; port: number } {
  const match = /^(?:\[([^\]]+)\]|([^:]*)):(\d{1,5})$/.exec(addr);
  const port = match ? Number(match[3]) : Number.NaN;
  if (!match || port > 65535)
    throw new UsageError(`--addr must be HOST:PORT with a port from 0 to 65535, got ${JSON.stringify(addr)}`);
  return { host: match[1] ?? (match[2] || "0.0.0.0"), port };
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** The built dashboards: --webroot, then $ANOMALY_WEBROOT, then dist/ of this checkout. */
function locateWebroot(flag: string | undefined): string | undefined {
  if (flag) return flag;
  const fromEnv = textVariable(process.env, "ANOMALY_WEBROOT");
  if (fromEnv) return fromEnv;
  const built = fileURLToPath(new URL("../../dist/", import.meta.url));
  return existsSync(join(built, "modelmanager.html")) ? built : undefined;
}

const verdictCommand = (name: "detect" | "score", summary: string): Command => ({
  usage: `${name} <model> [--explain] key=value...`,
  summary,
  options: { explain: { type: "boolean" } },
  async run(args, service) {
    const model = modelArg(args, name);
    const record = parseRecord(args.positionals.slice(1));
    const options = { explain: args.values.explain === true };
    const body =
      name === "detect"
        ? (await service().detect(model, record, undefined, options)).body
        : await service().detectOnly(model, record, undefined, options);
    printJson(body);
  },
});

const TIME_HELP = "unix seconds or ISO-8601, on the points' own clock";

/** --from/--to (and --at for one point) as the feedback routes' body fields. */
function rangeOptions(args: Parsed, command: string, pointAllowed: boolean): Record<string, string> {
  const { at, from, to } = args.values as Record<string, string | undefined>;
  if (pointAllowed && at !== undefined) {
    if (from !== undefined || to !== undefined)
      throw new UsageError(`${command}: give --at or --from and --to, not both`);
    return { timestamp: at };
  }
  if (from === undefined || to === undefined) {
    throw new UsageError(
      `${command}: give ${pointAllowed ? "--at TIME, or " : ""}--from TIME and --to TIME (${TIME_HELP})`,
    );
  }
  return { from, to };
}

const noteOf = (args: Parsed) => (typeof args.values.note === "string" ? { note: args.values.note } : {});

const COMMANDS: Record<string, Command> = {
  detect: verdictCommand("detect", "store one record and print its verdict (JSON)"),
  score: verdictCommand("score", "print the verdict for one record without storing it"),
  batch: {
    usage: "batch [-f FILE] [-H]",
    summary: "one-off detection over a CSV (stdin without -f): stdout index<TAB>score, summary on stderr",
    options: { file: { type: "string", short: "f" }, header: { type: "boolean", short: "H" } },
    async run(args, service) {
      noMoreArgs(args, 0, "batch");
      const file = args.values.file as string | undefined;
      const csv = file ? await readFile(file, "utf8") : await readStdin();
      const { result } = await service().batch(csv, args.values.header === true);
      process.stdout.write(result.scores.map((score, i) => `${i}\t${score}\n`).join(""));
      const skipped = result.skipped_rows
        ? `, ${result.skipped_rows} rows skipped (wrong number of numeric fields)`
        : "";
      process.stderr.write(
        `${result.total_rows} rows, ${result.anomaly_count} anomalies (${result.anomaly_percentage.toFixed(2)}%)${skipped}\n`,
      );
    },
  },
  train: {
    usage: "train <model>",
    summary: "retrain every enabled version now",
    async run(args, service) {
      const model = modelArg(args, "train");
      noMoreArgs(args, 1, "train");
      const body = await service().forceTrain(model);
      print(`${body.message} (${body.points_used} points)`);
    },
  },
  "train-ae": {
    usage: "train-ae <model> [--hidden 64,32,64] [--contamination X]",
    summary: "train the autoencoder version on the model's points",
    options: { hidden: { type: "string" }, contamination: { type: "string" } },
    async run(args, service) {
      const model = modelArg(args, "train-ae");
      noMoreArgs(args, 1, "train-ae");
      const body: { hidden?: number[]; contamination?: number } = {};
      if (typeof args.values.hidden === "string") {
        body.hidden = args.values.hidden.split(",").map(Number);
        if (body.hidden.some((n) => !Number.isInteger(n) || n <= 0))
          throw new UsageError("--hidden must be positive integers separated by commas, e.g. 64,32,64");
      }
      if (typeof args.values.contamination === "string") {
        body.contamination = Number(args.values.contamination);
        if (!Number.isFinite(body.contamination)) throw new UsageError("--contamination must be a number");
      }
      printJson(await service().trainAutoencoder(model, body), true);
    },
  },
  "false-alarm-rate": {
    usage: "false-alarm-rate <model> <rate> [--vname VERSION]",
    summary:
      "set the target share of normal points flagged (0.005 = 0.5 %, the default) for the model or one version; margins follow at once",
    options: { vname: { type: "string" } },
    async run(args, service) {
      const model = modelArg(args, "false-alarm-rate");
      const rate = args.positionals[1];
      if (rate === undefined) throw new UsageError("false-alarm-rate: missing <rate>");
      noMoreArgs(args, 2, "false-alarm-rate");
      const version = typeof args.values.vname === "string" ? args.values.vname : undefined;
      printJson(await service().setFalseAlarmRate(model, { false_alarm_rate: Number(rate), version }), true);
    },
  },
  "alert-quiet": {
    usage: "alert-quiet <model> <minutes>",
    summary:
      "set how long the model must go without a flagged point before the next flag opens an alert (240, the default; 0: every flag)",
    async run(args, service) {
      const model = modelArg(args, "alert-quiet");
      const minutes = args.positionals[1];
      if (minutes === undefined) throw new UsageError("alert-quiet: missing <minutes>");
      noMoreArgs(args, 2, "alert-quiet");
      printJson(await service().setAlertQuiet(model, { quiet_min: Number(minutes) }), true);
    },
  },
  reset: {
    usage: "reset <model>",
    summary: "forget the model's points and forests",
    async run(args, service) {
      const model = modelArg(args, "reset");
      noMoreArgs(args, 1, "reset");
      print((await service().reset(model)).message);
    },
  },
  rm: {
    usage: "rm <model>",
    summary: "delete the model and its files",
    async run(args, service) {
      const model = modelArg(args, "rm");
      noMoreArgs(args, 1, "rm");
      print((await service().deleteModel(model)).message);
    },
  },
  ls: {
    usage: "ls",
    readOnly: true,
    summary: "list models: name, points seen, last training (unix seconds); damaged models with their error",
    async run(args, service) {
      noMoreArgs(args, 0, "ls");
      const { models, damaged_models } = await service().listModels();
      for (const [name, meta] of Object.entries(models)) {
        print(`${name}\t${meta.n_seen}\t${meta.last_trained}`);
      }
      for (const [name, { error }] of Object.entries(damaged_models)) print(`${name}\tDAMAGED\t${error}`);
    },
  },
  doctor: {
    usage: "doctor [<model>] [--rebuild | --quarantine]",
    summary:
      "report models whose files cannot be loaded or whose forest files do not decode (exit 1 if any remain); --rebuild recomputes metadata.json from data.jsonl, --quarantine moves the folder to <store>/.quarantine/",
    options: { rebuild: { type: "boolean" }, quarantine: { type: "boolean" } },
    async run(args, _service, storeDir) {
      const model = args.positionals.length > 0 ? modelArg(args, "doctor") : undefined;
      noMoreArgs(args, model === undefined ? 0 : 1, "doctor");
      const rebuild = args.values.rebuild === true;
      const quarantine = args.values.quarantine === true;
      if (rebuild && quarantine) throw new UsageError("doctor: give --rebuild or --quarantine, not both");
      const store = new FileStore(storeDir, { log: () => {} });
      const forests = new ForestCheck(storeDir);
      try {
        for (const path of await store.removeStaleTemps()) print(`removed stale temporary file ${path}`);
        const names = await store.list();
        if (model !== undefined && !names.includes(model)) throw new Error(`Model ${model} not found`);
        if (model !== undefined) names.splice(0, names.length, model);
        let remaining = 0;
        for (const name of names) {
          const d = await store.diagnose(name);
          // A forest that does not decode leaves the model loading but a version scoring nothing: damage to fix.
          const brokenForests = d.ok ? await forests.damaged([name]) : [];
          if (brokenForests.length > 0 && !quarantine) {
            remaining++;
            for (const b of brokenForests) print(`${name}\tdamaged\t${b.error}; run \`anomaly train ${name}\``);
          } else if (d.ok && brokenForests.length === 0) {
            const note = d.problem ? ` (${d.file} ${d.problem})` : "";
            print(`${name}\tok\t${d.records} records${note}`);
          } else if (d.ok) {
            const files = brokenForests.map((b) => b.file).join(", ");
            print(`${name}\tquarantined\t${files} cannot be decoded; moved to ${await store.quarantine(name)}`);
          } else if (rebuild) {
            const meta = await store.rebuild(name);
            const how =
              d.file === "metadata.json" ? `recomputed from ${meta.n_seen} records in data.jsonl` : "settings kept";
            print(`${name}\trebuilt\t${d.file} ${d.problem}; ${how}`);
          } else if (quarantine) {
            print(`${name}\tquarantined\t${d.file} ${d.problem}; moved to ${await store.quarantine(name)}`);
          } else {
            remaining++;
            const next = d.rebuildsOnLoad
              ? "data.jsonl is intact: the next load rebuilds it (or run --rebuild)"
              : d.file === "data.jsonl" || d.file === "metadata.json#scaler"
                ? "run --rebuild to repair it (settings kept) or --quarantine"
                : `data.jsonl has ${d.badLines} unreadable line(s): run --rebuild (keeps the readable ${d.records}) or --quarantine`;
            print(`${name}\tdamaged\t${d.file} ${d.problem}; ${next}`);
          }
        }
        return remaining > 0 ? 1 : 0;
      } finally {
        await store.close();
      }
    },
  },
  alerts: {
    usage: "alerts <model> [--set FILE|-]",
    readOnly: true,
    summary:
      'print the model\'s webhook alert rules and open incidents (JSON); --set replaces them from a JSON file (- for stdin): {"rules": [{"id", "url", "format", "k", "n", ...}]}',
    options: { set: { type: "string" } },
    async run(args, service, storeDir) {
      const model = modelArg(args, "alerts");
      noMoreArgs(args, 1, "alerts");
      // Rules exist only for existing models (they live in its folder).
      await service().metadata(model);
      const set = args.values.set as string | undefined;
      const text = set === undefined ? undefined : set === "-" ? await readStdin() : await readFile(set, "utf8");
      printJson({ model, ...(await alertRules(storeDir, model, text)) }, true);
    },
  },
  "alert-log": {
    usage: "alert-log <model> [--limit N] [--json]",
    readOnly: true,
    summary: "print the model's webhook delivery attempts, oldest first (time, rule, event, attempt, outcome)",
    options: { limit: { type: "string" }, json: { type: "boolean" } },
    async run(args, service, storeDir) {
      const model = modelArg(args, "alert-log");
      noMoreArgs(args, 1, "alert-log");
      const limit = Number((args.values.limit as string | undefined) ?? 100);
      if (!Number.isInteger(limit) || limit < 1) throw new UsageError("--limit must be a positive whole number");
      await service().metadata(model);
      const entries = await alertLog(storeDir, model, limit);
      if (args.values.json === true) printJson(entries);
      else for (const e of entries) print(formatDelivery(e));
    },
  },
  info: {
    usage: "info <model>",
    readOnly: true,
    summary: "print the model's metadata (pretty JSON)",
    async run(args, service) {
      const model = modelArg(args, "info");
      noMoreArgs(args, 1, "info");
      printJson(await service().metadata(model), true);
    },
  },
  feedback: {
    usage: "feedback <model> [false_positive|true_positive (--at TIME | --from TIME --to TIME) [--note TEXT]]",
    summary:
      "mark a point or range as a false or true positive (false positives leave training and raise the margin); with no label, list marks, maintenance windows and margins",
    options: { at: { type: "string" }, from: { type: "string" }, to: { type: "string" }, note: { type: "string" } },
    async run(args, service) {
      const model = modelArg(args, "feedback");
      const label = args.positionals[1];
      noMoreArgs(args, label === undefined ? 1 : 2, "feedback");
      if (label === undefined) {
        printJson(await service().feedback(model), true);
        return;
      }
      if (label !== "false_positive" && label !== "true_positive") {
        throw new UsageError(
          `feedback: the label must be false_positive or true_positive, got ${JSON.stringify(label)}`,
        );
      }
      printJson(
        await service().addFeedback(model, { label, ...rangeOptions(args, "feedback", true), ...noteOf(args) }),
        true,
      );
    },
  },
  maintenance: {
    usage: "maintenance <model> --from TIME --to TIME [--note TEXT]",
    summary: "declare a maintenance window: its points are left out of training",
    options: { from: { type: "string" }, to: { type: "string" }, note: { type: "string" } },
    async run(args, service) {
      const model = modelArg(args, "maintenance");
      noMoreArgs(args, 1, "maintenance");
      printJson(
        await service().addMaintenance(model, { ...rangeOptions(args, "maintenance", false), ...noteOf(args) }),
        true,
      );
    },
  },
  unmark: {
    usage: "unmark <model> <id>",
    summary: "remove a feedback mark or maintenance window by its id",
    async run(args, service) {
      const model = modelArg(args, "unmark");
      noMoreArgs(args, 2, "unmark");
      const id = Number(args.positionals[1]);
      if (!Number.isSafeInteger(id) || id <= 0) throw new UsageError("unmark: <id> must be a positive whole number");
      print((await service().removeFeedback(model, id)).message);
    },
  },
  serve: {
    usage: "serve [--addr HOST:PORT] [--webroot DIR] [--data-dir DIR] [--no-fsync]",
    summary: `serve the HTTP API and dashboards (default ${DEFAULT_ADDR})`,
    options: {
      addr: { type: "string" },
      webroot: { type: "string" },
      "data-dir": { type: "string" },
      // Skipping fsync keeps every acknowledged point through a killed
      // process (the page cache survives) but not through power loss.
      "no-fsync": { type: "boolean" },
    },
    async run(args, _service, storeDir) {
      noMoreArgs(args, 0, "serve");
      const { host, port } = parseAddr((args.values.addr as string | undefined) ?? DEFAULT_ADDR);
      const webroot = locateWebroot(args.values.webroot as string | undefined);
      const dataDir = (args.values["data-dir"] as string | undefined) || textVariable(process.env, "ANOMALY_DATA_DIR");
      const logger = createLogger();
      const store = new FileStore(storeDir, {
        durable: args.values["no-fsync"] !== true,
        log: (line) => logger.log("warn", line),
      });
      // A crash between a temp file's write and its rename leaves it behind.
      for (const path of await store.removeStaleTemps()) print(`removed stale temporary file ${path}`);
      const handle = await startAnomalyServer({
        host,
        port,
        store,
        logger,
        webroot,
        dataDir,
        handleSignals: true,
      });
      print(
        `anomaly ${API_VERSION} serving on ${handle.url} (store ${storeDir}${webroot ? `, dashboards ${webroot}` : ", no dashboards"})`,
      );
    },
  },
};

function globalHelp(): string {
  const width = Math.max(...Object.values(COMMANDS).map((c) => c.usage.length));
  const lines = Object.values(COMMANDS).map((c) => `  ${c.usage.padEnd(width)}  ${c.summary}`);
  return [
    "Usage: anomaly [--store DIR] <command> [args]",
    "",
    "Streaming anomaly detection with isolation forests, on a folder of models.",
    "",
    "Commands:",
    ...lines,
    "",
    "Options:",
    "  --store DIR   model folder (default $ANOMALY_HOME, else ~/.anomaly)",
    "  -h, --help    this help; `anomaly <command> --help` for one command",
    `  --version     print the service API version (${API_VERSION})`,
    "",
    "Environment: ANOMALY_HOME, ANOMALY_WEBROOT, ANOMALY_DATA_DIR, ANOMALY_GPU=0 (no accelerator);",
    "  serve: ANOMALY_API_TOKENS, ANOMALY_READ_TOKENS, ANOMALY_AUTH_READS, ANOMALY_STATE_GETS,",
    "  ANOMALY_BODY_TYPES, ANOMALY_CORS_ORIGINS, ANOMALY_LOG_LEVEL (see the README).",
    "Exit codes: 0 ok, 1 runtime error, 2 usage error.",
  ].join("\n");
}

function commandHelp(name: string, command: Command): string {
  const options = Object.entries(command.options ?? {}).map(
    ([long, o]) => `  ${o.short ? `-${o.short}, ` : ""}--${long}${o.type === "string" ? " VALUE" : ""}`,
  );
  return [
    `Usage: anomaly [--store DIR] ${command.usage}`,
    "",
    `${name}: ${command.summary}`,
    ...(options.length ? ["", "Options:", ...options] : []),
  ].join("\n");
}

/** The first argument that is not an option (or the value of --store). */
function findCommand(argv: string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === "--store") i++;
    else if (!arg.startsWith("-")) return arg;
  }
  return undefined;
}

export async function main(argv: string[]): Promise<number> {
  let opened: ReturnType<typeof openNodeService> | undefined;
  try {
    const name = findCommand(argv);
    const command = name === undefined ? undefined : COMMANDS[name];
    if (name !== undefined && !command) throw new UsageError(`unknown command ${JSON.stringify(name)}`);
    let parsed: Parsed;
    try {
      const options = { ...GLOBAL_OPTIONS, ...command?.options };
      parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true }) as Parsed;
    } catch (err) {
      throw new UsageError((err as Error).message);
    }
    if (parsed.values.version) {
      print(API_VERSION);
      return 0;
    }
    if (!command || !name) {
      if (parsed.values.help) {
        print(globalHelp());
        return 0;
      }
      throw new UsageError("missing <command>");
    }
    if (parsed.values.help) {
      print(commandHelp(name, command));
      return 0;
    }
    parsed.positionals.splice(parsed.positionals.indexOf(name), 1);
    // Every variable this command reads (server/config/environment.ts):
    // a malformed one is a usage error naming it, before the store is touched.
    try {
      checkEnvironment(name === "serve" ? ["anomaly", "anomaly serve"] : ["anomaly"]);
    } catch (err) {
      throw new UsageError((err as Error).message);
    }
    const storeDir =
      (parsed.values.store as string | undefined) ?? (textVariable(process.env, "ANOMALY_HOME") as string);
    // The service is built on first use: `serve` builds its own, and a usage
    // error in a command's arguments should not touch the store.
    const lazyService = () => {
      opened ??= openNodeService(new FileStore(storeDir, { readOnly: command.readOnly === true }));
      return opened.service;
    };
    return (await command.run(parsed, lazyService, storeDir)) ?? 0;
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`anomaly: ${err.message}\nRun \`anomaly --help\` for usage.\n`);
      return 2;
    }
    if (err instanceof ListenError) {
      process.stderr.write(`anomaly: ${err.message}\n`);
      return 1;
    }
    process.stderr.write(`anomaly: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  } finally {
    await opened?.close();
  }
}

// Run only as a program, so tests can import the parsers above.
// npx runs it through a symlink in node_modules/.bin, hence realpath.
if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const code = await main(process.argv.slice(2));
  // serve keeps the process alive through its listener; everything else exits.
  if (code !== 0 || findCommand(process.argv.slice(2)) !== "serve") process.exitCode = code;
}
