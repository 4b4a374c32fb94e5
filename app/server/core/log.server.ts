import { loadedConfig, logLevelFrom, type LogLevel } from "./env.server";

type Fields = Record<string, unknown>;
type Level = Exclude<LogLevel, "silent">;

const RANK: Record<LogLevel, number> = { info: 0, warn: 1, error: 2, silent: 3 };

/**
 * The lowest level written: LOG_LEVEL from the parsed settings, or, before they are parsed (or
 * when they are invalid, so the process is about to say so), the raw variable read leniently.
 */
function threshold(): LogLevel {
  return loadedConfig()?.logLevel ?? logLevelFrom(process.env.LOG_LEVEL);
}

function describe(fields: Fields) {
  try {
    return JSON.stringify(fields);
  } catch {
    return String(Object.keys(fields));
  }
}

/** Writes one line; never throws, whatever the fields hold or the settings say. */
function write(level: Level, message: string, fields?: Fields) {
  try {
    if (RANK[level] < RANK[threshold()]) return;
    const line = fields && Object.keys(fields).length ? `${message} ${describe(fields)}` : message;
    const stamp = new Date().toISOString();
    (level === "info" ? console.log : level === "warn" ? console.warn : console.error)(`[${stamp}] ${level}: ${line}`);
  } catch {
    // A log line is never worth failing the request that writes it.
  }
}

/** One-line logs with optional JSON fields, from LOG_LEVEL up (the tests run with LOG_LEVEL=silent). */
export const log = {
  info: (message: string, fields?: Fields) => write("info", message, fields),
  warn: (message: string, fields?: Fields) => write("warn", message, fields),
  error: (message: string, fields?: Fields) => write("error", message, fields),
};
