// `pith debug`: runs a program with breakpoints and prints every stop as
// JSON, for scripts and AI assistants: {stops: [{line, reason, stack:
// [{function, line, locals: {name: value as println prints it}}]}],
// output, exit_code}, innermost frame first. stdin comes from --stdin FILE
// (else none); the files the program imports are read from its folder.
import { readFileSync } from "node:fs";
import type { Breakpoint } from "../../lang/runtime/debug/debugEngine";
import { debugProgram } from "../programHost/debugProgram";
import { importedModules } from "./programFolder";

export const DEBUG_USAGE = `usage: pith debug <file.pith> --break LINE[:CONDITION] ... [--log LINE:TEXT] ... [--stdin FILE] [--max-stops N]
  --break 5            stop before line 5 each time it runs
  --break '5:i == 3'   only when the condition holds (comparisons of locals, && and ||)
  --log '5:i is {i}'   a logpoint: add the text (locals in braces) to "logs" instead of stopping
  --max-stops N        record at most N stops (default 100); the program then runs to its end
`;

/** Exit code: 0 with the stops printed (whatever the program's own status, which is in the JSON), 1 compile errors, 2 usage. */
export async function debugCommand(
  args: string[],
  out: NodeJS.WritableStream,
  err: NodeJS.WritableStream,
): Promise<number> {
  const breakpoints: Breakpoint[] = [];
  let file: string | undefined;
  let stdin: string | undefined;
  let maxStops = 100;
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? "";
    const value = () => {
      const v = args[++i];
      if (v === undefined) throw new UsageError(`${a} needs a value`);
      return v;
    };
    try {
      if (a === "--break") breakpoints.push(parseBreak(value()));
      else if (a === "--log") breakpoints.push(parseLog(value()));
      else if (a === "--stdin") stdin = readFileSync(value(), "utf8");
      else if (a === "--max-stops") {
        maxStops = Number(value());
        if (!Number.isInteger(maxStops) || maxStops < 1)
          throw new UsageError("--max-stops needs a whole number from 1");
      } else if (a.startsWith("-")) throw new UsageError(`unknown option '${a}'`);
      else if (file === undefined) file = a;
      else throw new UsageError("more than one input file");
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      err.write(`pith debug: ${error.message}\n${DEBUG_USAGE}`);
      return 2;
    }
  }
  if (file === undefined) {
    err.write(`pith debug: needs a file\n${DEBUG_USAGE}`);
    return 2;
  }
  const files = Object.fromEntries(
    Object.entries(importedModules(file)).map(([name, bytes]) => [name, bytes.toString("utf8")]),
  );
  let result: Awaited<ReturnType<typeof debugProgram>>;
  try {
    result = await debugProgram({ source: readFileSync(file, "utf8"), breakpoints, files, stdin, maxStops });
  } catch (error) {
    err.write(`pith debug: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  if (!result.ok) {
    err.write(result.diagnostics);
    return 1;
  }
  out.write(
    `${JSON.stringify({ stops: result.stops, truncated: result.truncated, logs: result.logs, output: result.output, stderr: result.stderr, exit_code: result.exitCode }, null, 2)}\n`,
  );
  return 0;
}

class UsageError extends Error {}

function parseBreak(text: string): Breakpoint {
  const m = /^(\d+)(?::(.+))?$/.exec(text.trim());
  if (!m)
    throw new UsageError(`--break ${text}: write a line number, optionally ':' and a condition (5 or '5:i == 3')`);
  return m[2] ? { line: Number(m[1]), condition: m[2] } : { line: Number(m[1]) };
}

function parseLog(text: string): Breakpoint {
  const m = /^(\d+):(.+)$/s.exec(text);
  if (!m) throw new UsageError(`--log ${text}: write a line number, ':' and the text ('5:i is {i}')`);
  return { line: Number(m[1]), log: m[2] };
}
