type Fields = Record<string, unknown>;

function write(level: "info" | "warn" | "error", message: string, fields?: Fields) {
  const line = fields && Object.keys(fields).length ? `${message} ${JSON.stringify(fields)}` : message;
  const stamp = new Date().toISOString();
  (level === "info" ? console.log : level === "warn" ? console.warn : console.error)(`[${stamp}] ${level}: ${line}`);
}

/** One-line logs with optional JSON fields; quiet in tests unless LOG_LEVEL=info. */
export const log = {
  info: (message: string, fields?: Fields) => {
    if (process.env.LOG_LEVEL !== "silent") write("info", message, fields);
  },
  warn: (message: string, fields?: Fields) => write("warn", message, fields),
  error: (message: string, fields?: Fields) => write("error", message, fields),
};
