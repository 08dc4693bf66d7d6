// Structured logs for the anomaly server: one JSON object per line on
// stderr ({time, level, msg, ...fields}), so log collectors can filter by
// level and field instead of parsing sentences. ANOMALY_LOG_LEVEL picks the
// least severe level written (debug, info, warn, error; default info).
import { textVariable } from "../config/environment";

export type LogLevel = "debug" | "info" | "warn" | "error";

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface Logger {
  log(level: LogLevel, msg: string, fields?: Record<string, unknown>): void;
}

export function logLevelFromEnv(env: NodeJS.ProcessEnv = process.env): LogLevel {
  return textVariable(env, "ANOMALY_LOG_LEVEL") as LogLevel;
}

export function createLogger(
  level: LogLevel = logLevelFromEnv(),
  write: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): Logger {
  const least = RANK[level];
  return {
    log(at, msg, fields = {}) {
      if (RANK[at] < least) return;
      write(JSON.stringify({ time: new Date().toISOString(), level: at, msg, ...fields }));
    },
  };
}
