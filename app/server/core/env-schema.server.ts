import { z } from "zod";
import { parseTrustProxy, TRUST_PROXY_MESSAGE } from "~/server/http/client-address.server";

/**
 * Every setting the server reads, parsed once at start-up. A bad value stops the
 * process with a message that names the variable (see `loadConfig`).
 */
const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();
const optionalUrl = (name: string) => optionalText.refine((v) => v === undefined || isUrl(v), { message: `${name} must be a full URL (http:// or https://)` });

function isUrl(value: string) {
  try {
    const u = new URL(value);
    return u.protocol === "http:" || u.protocol === "https:";
  } catch {
    return false;
  }
}

/** How much the server log writes: each level includes those after it; `silent` writes nothing. */
export const LOG_LEVELS = ["info", "warn", "error", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Connections per process to PostgreSQL when DATABASE_URL is set. */
export const DEFAULT_DATABASE_POOL_SIZE = 10;
const POOL_SIZE_MESSAGE = "DATABASE_POOL_SIZE must be a whole number of connections between 1 and 1000";

const RETENTION_MESSAGE = "ANALYTICS_RETENTION_MONTHS must be a whole number of months between 1 and 1200";

const booleanText = z
  .enum(["true", "false", "1", "0", "yes", "no", ""])
  .optional()
  .transform((v) => v === "true" || v === "1" || v === "yes");

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce
    .number({ message: "PORT must be a whole number between 1 and 65535" })
    .int("PORT must be a whole number between 1 and 65535")
    .min(1, "PORT must be a whole number between 1 and 65535")
    .max(65535, "PORT must be a whole number between 1 and 65535")
    .default(3000),
  HOST: z.string().trim().min(1).default("127.0.0.1"),
  APP_URL: optionalUrl("APP_URL"),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  DATABASE_URL: optionalText.refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), {
    message: "DATABASE_URL must start with postgres:// or postgresql://",
  }),
  DATABASE_POOL_SIZE: z.coerce
    .number({ message: POOL_SIZE_MESSAGE })
    .int(POOL_SIZE_MESSAGE)
    .min(1, POOL_SIZE_MESSAGE)
    .max(1000, POOL_SIZE_MESSAGE)
    .default(DEFAULT_DATABASE_POOL_SIZE),
  SMTP_URL: optionalText.refine((v) => v === undefined || /^smtps?:\/\//.test(v), {
    message: "SMTP_URL must start with smtp:// or smtps://",
  }),
  MAIL_FROM: z.string().trim().min(3).default("Flowstate <no-reply@flowstate.example>"),
  LEADS_EMAIL: z.email({ message: "LEADS_EMAIL must be an e-mail address" }).default("hello@flowstate.example"),
  PRIVACY_EMAIL: z.email({ message: "PRIVACY_EMAIL must be an e-mail address" }).default("privacy@flowstate.example"),
  LEGAL_EMAIL: z.email({ message: "LEGAL_EMAIL must be an e-mail address" }).default("legal@flowstate.example"),
  S3_BUCKET: optionalText,
  S3_REGION: optionalText,
  S3_ENDPOINT: optionalUrl("S3_ENDPOINT"),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_PUBLIC_URL: optionalUrl("S3_PUBLIC_URL"),
  S3_FORCE_PATH_STYLE: booleanText,
  SCHEDULING_URL: optionalUrl("SCHEDULING_URL").default("https://cal.com/flowstate/discovery"),
  COMMUNITY_URL: optionalUrl("COMMUNITY_URL").default("https://community.flowstate.example"),
  LINKEDIN_URL: optionalUrl("LINKEDIN_URL").default("https://www.linkedin.com/company/flowstate-example"),
  BRAND_NAME: z.string().trim().min(1).max(60).default("Flowstate"),
  AUTH_SECRET: optionalText.refine((v) => v === undefined || v.length >= 32, {
    message: "AUTH_SECRET must be at least 32 characters",
  }),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const trust = parseTrustProxy(v);
      if (trust === null) ctx.addIssue({ code: "custom", message: TRUST_PROXY_MESSAGE });
      return trust ?? false;
    }),
  // On unless switched off: a proxy in front that cannot pass on 103 answers needs EARLY_HINTS=false.
  EARLY_HINTS: z
    .enum(["true", "false", "1", "0", "yes", "no", ""])
    .optional()
    .transform((v) => v !== "false" && v !== "0" && v !== "no"),
  // On unless switched off: a few public pages rendered before the port opens (app/server/site/warm-up.server.ts).
  WARM_UP: z
    .enum(["true", "false", "1", "0", "yes", "no", ""], { message: "WARM_UP must be true or false" })
    .optional()
    .transform((v) => v !== "false" && v !== "0" && v !== "no"),
  LEADS_RATE_LIMIT: z.coerce
    .number({ message: "LEADS_RATE_LIMIT must be a whole number of requests" })
    .int("LEADS_RATE_LIMIT must be a whole number of requests")
    .min(1, "LEADS_RATE_LIMIT must be at least 1")
    .default(5),
  LEADS_WEBHOOK_URL: optionalUrl("LEADS_WEBHOOK_URL"),
  LEADS_WEBHOOK_SECRET: optionalText,
  LEADS_WEBHOOK_RETRY_DELAY: z.coerce
    .number({ message: "LEADS_WEBHOOK_RETRY_DELAY must be a whole number of seconds" })
    .int("LEADS_WEBHOOK_RETRY_DELAY must be a whole number of seconds")
    .min(1, "LEADS_WEBHOOK_RETRY_DELAY must be at least 1 second")
    .default(30),
  LEADS_WEBHOOK_RETRIES: z.coerce
    .number({ message: "LEADS_WEBHOOK_RETRIES must be a whole number" })
    .int("LEADS_WEBHOOK_RETRIES must be a whole number")
    .min(0, "LEADS_WEBHOOK_RETRIES must be 0 or more")
    .max(20, "LEADS_WEBHOOK_RETRIES must be 20 at most")
    .default(8),
  // The scheduler's webhook (POST /api/webhooks/scheduler): its signing secret; without it the endpoint answers 404.
  SCHEDULER_WEBHOOK_SECRET: optionalText.refine((v) => v === undefined || v.length >= 16, {
    message: "SCHEDULER_WEBHOOK_SECRET must be at least 16 characters",
  }),
  SEED_DEMO: z.enum(["auto", "always", "never"]).default("auto"),
  LOG_LEVEL: z.enum(LOG_LEVELS, { message: `LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}` }).default("info"),
  AI_CRAWLERS: z.enum(["on", "off"], { message: "AI_CRAWLERS must be on or off" }).default("on"),
  ANALYTICS: z.enum(["on", "off"], { message: "ANALYTICS must be on or off" }).default("on"),
  ANALYTICS_RETENTION_MONTHS: z.coerce
    .number({ message: RETENTION_MESSAGE })
    .int(RETENTION_MESSAGE)
    .min(1, RETENTION_MESSAGE)
    .max(1200, RETENTION_MESSAGE)
    .default(25),
});

export type Env = z.infer<typeof envSchema>;
