// Every environment variable the server and the CLIs read, in one table:
// its name, what it accepts, its default, what it does and which programs
// read it. The readers take their values through this module, each program
// checks all of its variables when it starts (a malformed value stops it
// with a message naming the variable, the value and what is accepted), and
// the README's table and the /docs description are written from it, so the
// documentation cannot drift from what the programs read.
import { availableParallelism, homedir, tmpdir } from "node:os";
import { join } from "node:path";

/** The programs that read the environment, as the README names them. */
export type Program = "server" | "anomaly" | "anomaly serve" | "npm run dev" | "npm test" | "single executable";

export type Kind =
  | { type: "integer"; min: number; max?: number }
  /** 1, 0, true or false. */
  | { type: "boolean" }
  | { type: "enum"; values: readonly string[] }
  /** An absolute URL whose scheme is one of `schemes`. */
  | { type: "url"; schemes: readonly string[] }
  | { type: "path" }
  | { type: "text" }
  /** Comma-separated; blanks between commas are dropped. */
  | { type: "list" };

export interface EnvironmentVariable {
  name: string;
  kind: Kind;
  /** The value when the variable is unset or blank; none where it has no default. */
  defaultValue?: number | string | boolean;
  /** The default as documented, where it depends on the machine ("" shows none). */
  shown?: string;
  description: string;
  readBy: readonly Program[];
}

const cores = availableParallelism();

const integer = (min: number, max?: number): Kind => ({ type: "integer", min, max });
const BOOLEAN: Kind = { type: "boolean" };
const PATH: Kind = { type: "path" };
const TEXT: Kind = { type: "text" };
const LIST: Kind = { type: "list" };
const HTTP: Kind = { type: "url", schemes: ["http", "https"] };

const SERVER: readonly Program[] = ["server"];
/** The anomaly API, served by both the server and `anomaly serve`. */
const ANOMALY_API: readonly Program[] = ["server", "anomaly serve"];

export const ENVIRONMENT: readonly EnvironmentVariable[] = [
  {
    name: "PORT",
    kind: integer(0, 65535),
    defaultValue: 8000,
    description: "port to listen on",
    readBy: SERVER,
  },
  { name: "HOST", kind: TEXT, defaultValue: "0.0.0.0", description: "address to listen on", readBy: SERVER },
  {
    name: "PUBLIC_URL",
    kind: HTTP,
    description:
      "the address users reach (e.g. `https://play.example.com`): base of absolute download URLs, and a host MCP requests may name; unset, URLs come from Host / X-Forwarded-Proto / X-Forwarded-Host",
    readBy: SERVER,
  },
  {
    name: "TRUST_PROXY",
    kind: BOOLEAN,
    defaultValue: false,
    shown: "0",
    description: "1 to key rate limits on X-Forwarded-For (only behind your own proxy); 0: the socket address",
    readBy: SERVER,
  },
  {
    name: "CROSS_ORIGIN_ISOLATION",
    kind: BOOLEAN,
    defaultValue: true,
    shown: "1",
    description:
      "0 serves the playground without its cross-origin isolation headers (COOP/COEP), as a static host that cannot set them would: programs then run without SharedArrayBuffer, re-run from the start to answer stdin and each debugger step",
    readBy: SERVER,
  },
  {
    name: "MCP_ALLOWED_HOSTS",
    kind: LIST,
    description:
      "more host names (comma-separated) that `/mcp` requests may name in Host/Origin; loopback and `PUBLIC_URL`'s host always are",
    readBy: SERVER,
  },
  {
    name: "ARTIFACT_DIR",
    kind: PATH,
    defaultValue: join(tmpdir(), "pith-artifacts"),
    shown: "<tmp>/pith-artifacts",
    description: "folder of stored downloads, kept across restarts (images: /data/artifacts)",
    readBy: SERVER,
  },
  {
    name: "ANOMALY_HOME",
    kind: PATH,
    defaultValue: join(homedir(), ".anomaly"),
    shown: "~/.anomaly",
    description: "folder of the anomaly models (images: /data/models); `anomaly --store` overrides it",
    readBy: ["server", "anomaly"],
  },
  {
    name: "ANOMALY_DATA_DIR",
    kind: PATH,
    description:
      "folder of CSV streams the anomaly dashboards may list and load (`anomaly serve --data-dir` overrides it)",
    readBy: ANOMALY_API,
  },
  {
    name: "ANOMALY_WEBROOT",
    kind: PATH,
    shown: "dist/",
    description:
      "folder of the built anomaly dashboards that `anomaly serve` serves (`--webroot` overrides it; default: this checkout's dist/ when built)",
    readBy: ["anomaly serve"],
  },
  {
    name: "ANOMALY_MAX_UPLOAD_BYTES",
    kind: integer(1),
    defaultValue: 64 * 1024 * 1024,
    description: "largest CSV upload or model bundle",
    readBy: ANOMALY_API,
  },
  {
    name: "ANOMALY_GPU",
    kind: { type: "enum", values: ["0", "1", "force"] },
    description:
      "1 or `force` to score on a GPU through the optional `webgpu` package (Dawn; `force` takes a software adapter too); 0 never",
    readBy: ["server", "anomaly"],
  },
  {
    name: "LANG_GPU",
    kind: TEXT,
    description: "`cpu` keeps anomaly scoring off any accelerator, as ANOMALY_GPU=0 does; other values change nothing",
    readBy: ["server", "anomaly"],
  },
  {
    name: "PITH_SEA_DIR",
    kind: PATH,
    shown: "~/.cache/pith",
    description:
      "single executable only: where it unpacks its files on first start (default: ~/.cache/pith, else <tmp>)",
    readBy: ["single executable"],
  },
  {
    name: "API_PORT",
    kind: integer(0, 65535),
    defaultValue: 8787,
    description: "`npm run dev`: port of the API server that Vite's dev server proxies to",
    readBy: ["npm run dev"],
  },
  {
    name: "MAX_SOURCE_BYTES",
    kind: integer(1),
    defaultValue: 1 << 20,
    description: "largest program source in UTF-8 bytes; larger is a 413",
    readBy: SERVER,
  },
  {
    name: "MAX_BODY_BYTES",
    kind: integer(1024),
    defaultValue: 4 << 20,
    description: "largest JSON request body in bytes; larger is a 413",
    readBy: SERVER,
  },
  {
    name: "COMPILER_WORKERS",
    kind: integer(1),
    defaultValue: cores,
    shown: "cores",
    description: "worker threads running compiler.wasm",
    readBy: SERVER,
  },
  {
    name: "COMPILE_CACHE_BYTES",
    kind: integer(0),
    defaultValue: 64 << 20,
    description:
      "memory for remembered compile results (the compiler is deterministic, so a repeated build is answered without compiling); 0 turns it off",
    readBy: SERVER,
  },
  {
    name: "COMPILER_NICE",
    kind: integer(0, 19),
    defaultValue: 0,
    description:
      "nice value (0-19) of the compiler threads on Linux; e.g. 10 keeps /health and downloads fast while every worker is busy, at the cost of compiles when other programs compete for the CPU",
    readBy: SERVER,
  },
  {
    name: "COMPILE_TIMEOUT_MS",
    kind: integer(100),
    defaultValue: 10_000,
    description: "time limit of one compile; past it the worker is stopped and the answer is a 504",
    readBy: SERVER,
  },
  {
    name: "DEBUG_TIMEOUT_MS",
    kind: integer(100),
    defaultValue: 5_000,
    description:
      "wall-clock limit of one lang_debug run of a program (after its compile); past it the program's thread is terminated and the tool answers that the limit stopped it",
    readBy: SERVER,
  },
  {
    name: "DEBUG_MEMORY_MB",
    kind: integer(1, 4096),
    defaultValue: 64,
    description:
      "memory one lang_debug run's program may grow to, written into the module as its maximum; past it the program's allocations fail",
    readBy: SERVER,
  },
  {
    name: "DEBUG_THREADS",
    kind: integer(1),
    defaultValue: 2,
    description:
      "threads running lang_debug programs at once (started when first needed); more runs wait, a few at most",
    readBy: SERVER,
  },
  {
    name: "NATIVE_BUILD_TIMEOUT_MS",
    kind: integer(100),
    defaultValue: 30_000,
    description: "time limit of one native build (compile + clang + link); past it a 504",
    readBy: SERVER,
  },
  {
    name: "NATIVE_BUILD_CONCURRENCY",
    kind: integer(1),
    defaultValue: cores,
    shown: "cores",
    description: "native builds running at once",
    readBy: SERVER,
  },
  {
    name: "NATIVE_BUILD_QUEUE",
    kind: integer(0),
    defaultValue: 4 * cores,
    shown: "4 × cores",
    description: "native builds waiting for a slot; one more is a 429 with Retry-After",
    readBy: SERVER,
  },
  {
    name: "COMPILE_QUEUE",
    kind: integer(0),
    defaultValue: 64 * cores,
    shown: "64 × cores",
    description: "compiles waiting for a compiler thread, all clients together; one more is a 429 with Retry-After",
    readBy: SERVER,
  },
  {
    name: "COMPILE_CLIENT_RUNNING",
    kind: integer(1),
    defaultValue: 1,
    description:
      "compiles one client (IP address, or `X-Forwarded-For` with `TRUST_PROXY`) runs at once; a free thread goes to the waiting client with the least recent compile time, so one client's compiles wait behind each other, not in front of others'",
    readBy: SERVER,
  },
  {
    name: "COMPILE_CLIENT_QUEUE",
    kind: integer(0),
    defaultValue: 4,
    description:
      "compiles one client may have waiting beyond `COMPILE_CLIENT_RUNNING`; one more in flight is a 429 with Retry-After",
    readBy: SERVER,
  },
  {
    name: "COMPILE_MAX_WAIT_MS",
    kind: integer(100),
    defaultValue: 10_000,
    description:
      "longest wait for a compiler thread: a compile expected to wait longer is refused up front, one that has waited this long gives up; both a 503 with Retry-After",
    readBy: SERVER,
  },
  {
    name: "COMPILE_LIGHT_RESERVE",
    kind: integer(0),
    defaultValue: 1,
    description:
      "above 0, light clients (new ones, or whose compiles are short: `COMPILE_LIGHT_MS`) have `COMPILER_WORKERS` + this compiler threads, and heavy clients' compiles run on `COMPILER_WORKERS` threads of their own at the lowest CPU priority (nice 19), so a quick build never waits for a slow one's thread nor shares the CPU with it; 0: one set of threads for all",
    readBy: SERVER,
  },
  {
    name: "COMPILE_LIGHT_MS",
    kind: integer(0),
    defaultValue: 100,
    description:
      "a client whose compile length estimate (CPU time; up at once to a longer compile, halfway down to a shorter one) is over this, or with a compile running longer, is not light (`COMPILE_LIGHT_RESERVE`)",
    readBy: SERVER,
  },
  {
    name: "COMPILE_LIGHT_USE_MS",
    kind: integer(1),
    defaultValue: 4000,
    description:
      "a client whose recent compile CPU time (older use counting half as much every 10 s; 4000 is about 28% of a thread kept busy) is over this is not light (`COMPILE_LIGHT_RESERVE`) until it halves, however short its compiles, so a flood of cheap programs sent one at a time runs on the heavy threads at nice 19 (a client that sends compiles faster than it is served is heavy at once)",
    readBy: SERVER,
  },
  {
    name: "NATIVE_BUILD_CLIENT_RUNNING",
    kind: integer(1),
    defaultValue: 1,
    description:
      "native builds one client runs at once (a free slot goes to the waiting client with the least recent build time)",
    readBy: SERVER,
  },
  {
    name: "NATIVE_BUILD_CLIENT_QUEUE",
    kind: integer(0),
    defaultValue: 2,
    description:
      "native builds one client may have waiting beyond `NATIVE_BUILD_CLIENT_RUNNING`; one more in flight is a 429 with Retry-After",
    readBy: SERVER,
  },
  {
    name: "NATIVE_BUILD_MAX_WAIT_MS",
    kind: integer(100),
    defaultValue: 30_000,
    description:
      "longest wait for a native build slot: a build expected to wait longer is refused up front, one that has waited this long gives up; both a 503 with Retry-After",
    readBy: SERVER,
  },
  {
    name: "HTTP_HEADERS_TIMEOUT_MS",
    kind: integer(1000),
    defaultValue: 10_000,
    description:
      "time a client has to send a request's headers; past it the connection is closed (a 408), so slow clients cannot hold sockets",
    readBy: ["server", "anomaly serve"],
  },
  {
    name: "HTTP_REQUEST_TIMEOUT_MS",
    kind: integer(1000),
    defaultValue: 30_000,
    description:
      "time a client has to send a whole request, headers and body; past it the connection is closed (a 408). The answer (a long build) is not limited by it",
    readBy: ["server", "anomaly serve"],
  },
  {
    name: "RATE_LIMIT_WASM_PER_MINUTE",
    kind: integer(0),
    defaultValue: 300,
    description: "POST /build_wasm requests per client per minute (0: no limit); beyond it a 429 with Retry-After",
    readBy: SERVER,
  },
  {
    name: "RATE_LIMIT_NATIVE_PER_MINUTE",
    kind: integer(0),
    defaultValue: 60,
    description: "native build requests per client per minute (0: no limit); beyond it a 429 with Retry-After",
    readBy: SERVER,
  },
  {
    name: "MAX_OUTPUT_BYTES",
    kind: integer(1024),
    defaultValue: 64 << 20,
    description: "largest executable a native build may write",
    readBy: SERVER,
  },
  {
    name: "ARTIFACT_TTL_SECONDS",
    kind: integer(1),
    defaultValue: 3600,
    description: "how long a build's downloads stay available",
    readBy: SERVER,
  },
  {
    name: "ARTIFACT_MAX_BYTES",
    kind: integer(1),
    defaultValue: 1 << 30,
    description: "disk budget of all stored downloads; the oldest builds are evicted first",
    readBy: SERVER,
  },
  {
    name: "ARTIFACT_SWEEP_SECONDS",
    kind: integer(1),
    defaultValue: 60,
    description: "how often expired downloads are deleted",
    readBy: SERVER,
  },
  {
    name: "SHARE_TTL_SECONDS",
    kind: integer(1),
    defaultValue: 90 * 24 * 3600,
    description:
      "how long a short link (POST /share) lives after it was last shared; sharing the same workspace again renews it",
    readBy: SERVER,
  },
  {
    name: "SHARE_MAX_BYTES",
    kind: integer(1024),
    defaultValue: 256 << 20,
    description:
      "disk quota of all short links; past it POST /share answers 507 until links expire (long links in the URL need no storage)",
    readBy: SERVER,
  },
  {
    name: "SHARE_PROGRAM_BYTES",
    kind: integer(1024),
    defaultValue: 256 * 1024,
    description: "largest shared workspace (every file, stdin) in UTF-8 bytes; larger is a 413",
    readBy: SERVER,
  },
  {
    name: "SHARE_DIR",
    kind: PATH,
    defaultValue: join(tmpdir(), "pith-shares"),
    shown: "<tmp>/pith-shares",
    description: "folder of short links, kept across restarts (images: /data/shares)",
    readBy: SERVER,
  },
  {
    name: "S3_ENDPOINT",
    kind: HTTP,
    description:
      "several instances: S3 API address (e.g. `http://127.0.0.1:7480`); set, downloads and short links live in S3_BUCKET under `builds/` and `shares/` instead of the folders, with the same TTLs and quotas, downloads answer a 302 to a signed URL valid 60 s, and compile results are shared under `compile-cache/`",
    readBy: SERVER,
  },
  {
    name: "S3_BUCKET",
    kind: TEXT,
    description:
      "bucket of downloads, short links and shared compile results (required with S3_ENDPOINT; created if missing)",
    readBy: SERVER,
  },
  { name: "S3_REGION", kind: TEXT, defaultValue: "us-east-1", description: "region of S3_ENDPOINT", readBy: SERVER },
  {
    name: "S3_ACCESS_KEY_ID",
    kind: TEXT,
    description: "S3 access key (required with S3_ENDPOINT)",
    readBy: SERVER,
  },
  {
    name: "S3_SECRET_ACCESS_KEY",
    kind: TEXT,
    description: "S3 secret key (required with S3_ENDPOINT)",
    readBy: SERVER,
  },
  {
    name: "REDIS_URL",
    kind: { type: "url", schemes: ["redis", "rediss"] },
    description:
      "several instances: `redis://host:port`; set, the build rate limits count across every instance instead of per process",
    readBy: SERVER,
  },
  {
    name: "ANOMALY_DATABASE_URL",
    kind: { type: "url", schemes: ["postgres", "postgresql"] },
    description:
      "several instances: `postgres://user@host:port/db`; set, anomaly models live in PostgreSQL instead of ANOMALY_HOME, each owned by one instance at a time",
    readBy: SERVER,
  },
  {
    name: "ANOMALY_ADVERTISE_URL",
    kind: HTTP,
    description:
      "this instance's address as the other instances reach it (e.g. `http://10.0.0.5:8000`), where they forward requests for the models it owns (required with ANOMALY_DATABASE_URL)",
    readBy: SERVER,
  },
  {
    name: "ANOMALY_LEASE_MS",
    kind: integer(500, 600_000),
    defaultValue: 10_000,
    description:
      "how long a model stays with an instance that stopped renewing its lease; a dead instance's models move after it",
    readBy: SERVER,
  },
  {
    name: "ANOMALY_STREAM_PARTITIONS",
    kind: integer(0, 1024),
    defaultValue: 0,
    description:
      "Redis Streams ingestion: number of partitions `anomaly:points:<p>` read (0: off; needs REDIS_URL and ANOMALY_DATABASE_URL)",
    readBy: SERVER,
  },
  {
    name: "ANOMALY_API_TOKENS",
    kind: LIST,
    description:
      "anomaly API: comma-separated bearer tokens (`Authorization: Bearer <token>`); once set, a state change without one is a 401",
    readBy: ANOMALY_API,
  },
  {
    name: "ANOMALY_READ_TOKENS",
    kind: LIST,
    description: "anomaly API: comma-separated read-only tokens; a state change with one is a 403",
    readBy: ANOMALY_API,
  },
  {
    name: "ANOMALY_AUTH_READS",
    kind: BOOLEAN,
    defaultValue: false,
    shown: "0",
    description: "anomaly API: 1 requires a token (full or read-only) for reads too",
    readBy: ANOMALY_API,
  },
  {
    name: "ANOMALY_STATE_GETS",
    kind: BOOLEAN,
    defaultValue: true,
    shown: "1",
    description:
      "anomaly API: 0 turns off the reference service's state-changing GETs (`GET /force_train`, `GET /delete_model`: 405 naming the method to use)",
    readBy: ANOMALY_API,
  },
  {
    name: "ANOMALY_BODY_TYPES",
    kind: { type: "enum", values: ["strict", "browser", "lenient"] },
    defaultValue: "strict",
    description:
      "anomaly API, state-changing routes: `strict` refuses bodies not sent as `application/json` (415), since any web page can send text/plain or form bodies cross-origin without a CORS preflight; `browser` refuses them only from browsers (Origin or Sec-Fetch-Site sent); `lenient`: reference behaviour",
    readBy: ANOMALY_API,
  },
  {
    name: "ANOMALY_CORS_ORIGINS",
    kind: LIST,
    description:
      "anomaly API: comma-separated origins (or `*`) allowed by CORS, and allowed to change state from their pages; unset: no CORS headers, other sites' pages cannot change state",
    readBy: ANOMALY_API,
  },
  {
    name: "ANOMALY_WEBHOOK_ALLOW",
    kind: LIST,
    description:
      "alert webhooks: comma-separated host names, addresses or CIDRs (e.g. `127.0.0.1/32,hooks.internal`) that rules may send to although they are loopback, link-local, private or otherwise internal; unset, such targets are refused when a rule is saved and before each delivery",
    readBy: ["server", "anomaly serve", "anomaly"],
  },
  {
    name: "ANOMALY_DASHBOARD_URL",
    kind: HTTP,
    description:
      "alert webhooks: base URL of the anomaly dashboards as receivers reach them (e.g. `https://anomaly.example.com`), for Alertmanager's `generatorURL` and the link in Slack text (`<base>/anomalies.html?model=<m>`); unset: `PUBLIC_URL` (server) or the address the server listens on",
    readBy: ["server", "anomaly serve"],
  },
  {
    name: "ANOMALY_METRICS_MAX_MODELS",
    kind: integer(0),
    defaultValue: 1000,
    description:
      "`/metrics`: most models given their own per-model series (ingest counts, latency, queue depth); models past it are counted in the route totals only",
    readBy: ANOMALY_API,
  },
  {
    name: "SHUTDOWN_DRAIN_SECONDS",
    kind: integer(0, 3600),
    defaultValue: 120,
    description:
      "on SIGTERM/SIGINT, how long requests already accepted may take to finish (their points stored and answered) before they are cut; new requests get 503 meanwhile",
    readBy: ["server", "anomaly serve"],
  },
  {
    name: "ANOMALY_LOG_LEVEL",
    kind: { type: "enum", values: ["debug", "info", "warn", "error"] },
    defaultValue: "info",
    description: "`anomaly serve`: least severe level written as JSON lines on stderr (debug, info, warn, error)",
    readBy: ["anomaly serve"],
  },
  {
    name: "ANOMALY_RESTART_BUDGET_S",
    kind: integer(1),
    defaultValue: 45,
    description:
      "`npm test`: seconds of kill -9 cycles the restart-equivalence test runs (server/anomaly/restartEquivalence.test.ts; at least 12 kills whatever the budget); raise it (e.g. 1800) to hunt rarer interleavings",
    readBy: ["npm test"],
  },
];

const BY_NAME = new Map(ENVIRONMENT.map((v) => [v.name, v]));

/** The table's entry for a name; an unknown name is a programming error. */
export function environmentVariable(name: string): EnvironmentVariable {
  const variable = BY_NAME.get(name);
  if (!variable) throw new Error(`${name} is not in the table of environment variables (server/config/environment.ts)`);
  return variable;
}

/** What a kind accepts, in the words of the error message. */
export function accepted(kind: Kind): string {
  switch (kind.type) {
    case "integer":
      return kind.max === undefined ? `an integer >= ${kind.min}` : `an integer from ${kind.min} to ${kind.max}`;
    case "boolean":
      return "1, 0, true or false";
    case "enum":
      return `one of ${kind.values.join(", ")}`;
    case "url":
      return kind.schemes.length === 2 && kind.schemes[0] === "http"
        ? "an absolute http(s) URL"
        : `a ${kind.schemes.map((s) => `${s}://`).join(" or ")} URL`;
    default:
      return "any text";
  }
}

type Value = number | string | boolean | string[] | undefined;

/** A set variable's value by its kind; throws naming the variable, the value and what is accepted. */
function parse(variable: EnvironmentVariable, raw: string): Value {
  const { kind } = variable;
  const refuse = () => new Error(`${variable.name} must be ${accepted(kind)}, got ${JSON.stringify(raw)}`);
  switch (kind.type) {
    case "integer": {
      const value = Number(raw);
      if (!Number.isSafeInteger(value) || value < kind.min || value > (kind.max ?? Number.MAX_SAFE_INTEGER)) {
        throw refuse();
      }
      return value;
    }
    case "boolean":
      if (raw === "1" || raw === "true") return true;
      if (raw === "0" || raw === "false") return false;
      throw refuse();
    case "enum":
      if (!kind.values.includes(raw)) throw refuse();
      return raw;
    case "url": {
      const scheme = /^([a-z][a-z0-9+.-]*):\/\/[^/\s]+/i.exec(raw)?.[1]?.toLowerCase();
      if (scheme === undefined || !kind.schemes.includes(scheme)) throw refuse();
      return raw;
    }
    case "list":
      return raw
        .split(",")
        .map((s) => s.trim())
        .filter((s) => s !== "");
    default:
      return raw;
  }
}

/** The variable's value: parsed when set (blank counts as unset), else its default. */
function read(env: NodeJS.ProcessEnv, name: string): Value {
  const variable = environmentVariable(name);
  const raw = env[name]?.trim();
  if (raw === undefined || raw === "") return variable.kind.type === "list" ? [] : variable.defaultValue;
  return parse(variable, raw);
}

function wrongKind(name: string, wanted: string): Error {
  return new Error(`${name} is not ${wanted} in the table of environment variables`);
}

/** An integer variable (with a default in the table). */
export function integerVariable(env: NodeJS.ProcessEnv, name: string): number {
  const value = read(env, name);
  if (typeof value !== "number") throw wrongKind(name, "an integer with a default");
  return value;
}

/** A boolean variable (with a default in the table). */
export function booleanVariable(env: NodeJS.ProcessEnv, name: string): boolean {
  const value = read(env, name);
  if (typeof value !== "boolean") throw wrongKind(name, "a boolean with a default");
  return value;
}

/** A text, path, URL or enum variable: its value, else its default, else undefined. */
export function textVariable(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = read(env, name);
  if (value !== undefined && typeof value !== "string") throw wrongKind(name, "text");
  return value;
}

/** A comma-separated variable's items. */
export function listVariable(env: NodeJS.ProcessEnv, name: string): string[] {
  const value = read(env, name);
  if (!Array.isArray(value)) throw wrongKind(name, "a list");
  return value;
}

/** Every malformed variable a program reads, one message each. */
export function environmentErrors(programs: readonly Program[], env: NodeJS.ProcessEnv = process.env): string[] {
  const errors: string[] = [];
  for (const variable of ENVIRONMENT) {
    if (!variable.readBy.some((p) => programs.includes(p))) continue;
    try {
      read(env, variable.name);
    } catch (error) {
      errors.push((error as Error).message);
    }
  }
  return errors;
}

/** Throws, naming every malformed variable the programs read; called when a program starts. */
export function checkEnvironment(programs: readonly Program[], env: NodeJS.ProcessEnv = process.env): void {
  const errors = environmentErrors(programs, env);
  if (errors.length > 0) throw new Error(errors.join("\n"));
}

/** The table as Markdown, columns padded as the README's formatter writes them. */
export function environmentTable(programs?: readonly Program[]): string {
  const rows = ENVIRONMENT.filter((v) => programs === undefined || v.readBy.some((p) => programs.includes(p))).map(
    (v) => [
      `\`${v.name}\``,
      v.shown ?? (v.defaultValue === undefined ? "" : String(v.defaultValue)),
      v.readBy.join(", "),
      v.description,
    ],
  );
  const header = ["variable", "default", "read by", "meaning"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => [...r[i]].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c + " ".repeat(widths[i] - [...c].length)).join(" | ")} |`;
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}
