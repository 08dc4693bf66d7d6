// lang_debug: runs a program under the debugger with breakpoints and returns
// every stop (where, why, the call stack with each frame's locals as
// println prints them), the program's output and exit status. The run
// happens on a debug thread under the server's limits
// (playground/debugRuns.ts); a program that does not compile is a normal
// result with the compiler's diagnostics, a limit that stopped it a tool error.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { conditionError } from "../../lang/runtime/debug/condition";
import type { BuildContext } from "../playground/builds";
import { isPlaygroundHttpError } from "../playground/httpError";
import type { DebugResult } from "../programHost/debugProgram";
import { filesField, perSourceLimit, sourceField } from "./inputs";

/** Stops one call may ask for at most: each carries a whole call stack. */
export const MAX_DEBUG_STOPS = 500;
const DEFAULT_STOPS = 50;
/** A local's text is cut past this many characters, so one long string cannot swamp the answer. */
const MAX_VALUE_CHARS = 2000;

const BreakpointSchema = z
  .object({
    line: z.number().int().min(1).describe("1-based line of the statement to stop before"),
    file: z
      .string()
      .optional()
      .describe(
        "Which file the line is in: main.pith (the source) or a name from files; default: that line in every file",
      ),
    condition: z
      .string()
      .optional()
      .refine((c) => c === undefined || conditionError(c) === null, {
        message: 'condition: write comparisons of locals and literals like i == 3 or name != "x", joined by && or ||',
      })
      .describe(
        'Stop only when this holds, e.g. "i == 3 && total > 10" (comparisons of locals and literals, && and ||)',
      ),
    log: z
      .string()
      .optional()
      .describe(
        'A logpoint: instead of stopping, add this text to logs with {name} replaced by that local, e.g. "i is {i}"',
      ),
  })
  .strict();

const DebugInput = perSourceLimit((maxBytes) =>
  z.object({
    source: sourceField(maxBytes),
    breakpoints: z
      .array(BreakpointSchema)
      .max(100, "breakpoints: at most 100")
      .describe("Where to stop: [{line, condition?, log?, file?}]. Empty: the run only ends (or stops at a panic)"),
    files: filesField,
    stdin: z
      .string()
      .max(maxBytes, `stdin: at most ${maxBytes} bytes`)
      .optional()
      .describe("What the program reads from standard input (default: nothing)"),
    max_stops: z
      .number()
      .int()
      .min(1, "max_stops: at least 1")
      .max(MAX_DEBUG_STOPS, `max_stops: at most ${MAX_DEBUG_STOPS}`)
      .optional()
      .describe(
        `Record at most this many stops (default ${DEFAULT_STOPS}, at most ${MAX_DEBUG_STOPS}); the program then runs on to its end without stopping and truncated is true`,
      ),
  }),
);

const FrameSchema = z.object({
  function: z.string(),
  line: z.number().int(),
  locals: z
    .record(z.string(), z.string())
    .describe(
      "name → value as println prints it; for an outer frame, its locals at the line it calls from (before that line ran)",
    ),
});
const StopSchema = z.object({
  file: z.string(),
  line: z.number().int(),
  reason: z.enum(["breakpoint", "step", "panic"]),
  stack: z.array(FrameSchema).describe("innermost frame first"),
});
const DebugOutput = z.object({
  status: z.enum(["ok", "error"]).describe("error: the program does not compile (see diagnostics); nothing ran"),
  stops: z.array(StopSchema),
  truncated: z.boolean(),
  logs: z.array(z.string()),
  output: z.string(),
  stderr: z.string(),
  exit_code: z.union([z.number().int(), z.null()]),
  diagnostics: z.string(),
});
type DebugAnswer = z.infer<typeof DebugOutput>;

const DESCRIPTION = `Run a Pith program under the debugger and get what it would show at each breakpoint. The program is compiled as a debug build and run on the server with the given stdin; every time execution reaches a breakpoint's line (before that statement runs) and its condition holds, a stop is recorded and the run continues at once. Each stop gives file, line, reason ("breakpoint", or "panic": the program panicked there and the stop shows the state it died in) and the call stack, innermost frame first, each frame with its function, current line and locals {name: value as println would print it}. A breakpoint inside a loop stops once per iteration, so the stops show how the values change. An outer frame's locals are those it had when its current line (the call) began; to read them the program may be run a second time, so a call can take up to twice a normal run's time. Logpoints add text to logs instead of stopping. Returns {status, stops, truncated, logs, output, stderr, exit_code, diagnostics}; output and exit_code are those of a normal run. A program that does not compile gives status "error" with the compiler's diagnostics (call lang_check first). Runs are limited in time and memory (an endless loop is stopped with an error) and count against the same per-client build rate as the build tools.`;

function cut(value: string): string {
  return value.length > MAX_VALUE_CHARS ? `${value.slice(0, MAX_VALUE_CHARS)}… (${value.length} characters)` : value;
}

function shape(result: DebugResult): DebugAnswer {
  if (!result.ok)
    return {
      status: "error",
      stops: [],
      truncated: false,
      logs: [],
      output: "",
      stderr: "",
      exit_code: null,
      diagnostics: result.diagnostics,
    };
  return {
    status: "ok",
    stops: result.stops.map((stop) => ({
      ...stop,
      stack: stop.stack.map((f) => ({
        ...f,
        locals: Object.fromEntries(Object.entries(f.locals).map(([name, value]) => [name, cut(value)])),
      })),
    })),
    truncated: result.truncated,
    logs: result.logs,
    output: result.output,
    stderr: result.stderr,
    exit_code: result.exitCode,
    diagnostics: "",
  };
}

/** The answer as text: one line per stop (the innermost frame's locals), then the output and exit status. */
function summary(answer: DebugAnswer): string {
  if (answer.status === "error") return `the program does not compile:\n${answer.diagnostics}`;
  const shown = 20;
  const lines = answer.stops.slice(0, shown).map((stop, i) => {
    const frame = stop.stack[0];
    const locals = Object.entries(frame?.locals ?? {})
      .map(([name, value]) => `${name} = ${value}`)
      .join(", ");
    return `stop ${i + 1}: ${stop.reason} at ${stop.file}:${stop.line} in ${frame?.function ?? "?"}${locals ? `: ${locals}` : ""}`;
  });
  if (answer.stops.length > shown) lines.push(`… ${answer.stops.length - shown} more stops in the structured result`);
  if (answer.stops.length === 0) lines.push("no stops: no breakpoint's line ran with its condition true");
  if (answer.truncated) lines.push("(max_stops reached: the program ran on to its end without stopping)");
  if (answer.logs.length > 0) lines.push(`logs:\n${answer.logs.join("\n")}`);
  lines.push(`output:\n${answer.output}`, `exit code: ${answer.exit_code}`);
  return lines.join("\n");
}

export function registerDebugTool(server: McpServer, ctx: BuildContext): void {
  const input = DebugInput(ctx.limits.maxSourceBytes);
  server.registerTool(
    "lang_debug",
    {
      description: DESCRIPTION,
      inputSchema: input,
      outputSchema: DebugOutput,
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    async (args) => {
      const files: Record<string, string> = {};
      let bytes = Buffer.byteLength(args.source);
      for (const file of args.files ?? []) {
        if (file.name === "main.pith" || Object.hasOwn(files, file.name))
          return refusal(`files: ${file.name} appears twice (the source is main.pith)`);
        files[file.name] = file.source;
        bytes += Buffer.byteLength(file.source);
      }
      if (bytes > ctx.limits.maxSourceBytes)
        return refusal(
          `source and files are ${bytes} bytes; the limit is ${ctx.limits.maxSourceBytes} (MAX_SOURCE_BYTES)`,
        );
      try {
        const result = await ctx.debugRuns.run(
          {
            source: args.source,
            files,
            breakpoints: args.breakpoints,
            stdin: args.stdin,
            maxStops: args.max_stops ?? DEFAULT_STOPS,
          },
          ctx,
        );
        const answer = shape(result);
        return { content: [{ type: "text" as const, text: summary(answer) }], structuredContent: answer };
      } catch (error) {
        if (!isPlaygroundHttpError(error)) throw error;
        const retry = error.retryAfterSeconds !== null ? ` (retry after ${error.retryAfterSeconds} s)` : "";
        return refusal(`debug run failed (${error.status}): ${error.message}${retry}`);
      }
    },
  );
}

function refusal(text: string) {
  return { content: [{ type: "text" as const, text }], isError: true };
}
