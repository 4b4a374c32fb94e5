import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import { z } from "zod";
import { parseTrustProxy, TRUST_PROXY_MESSAGE, type TrustProxy } from "./client-address.server";

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

const schema = z.object({
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

export type Env = z.infer<typeof schema>;

export type Config = {
  nodeEnv: Env["NODE_ENV"];
  isProduction: boolean;
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Connections per process when `databaseUrl` is set. */
  databasePoolSize: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  leadsEmail: string;
  s3:
    | {
        bucket: string;
        region: string;
        endpoint: string | undefined;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        publicUrl: string | undefined;
        forcePathStyle: boolean;
      }
    | undefined;
  authSecret: string;
  /** Who may speak for the client in X-Forwarded-For (client-address.server.ts). */
  trustProxy: TrustProxy;
  /** Page requests get a 103 Early Hints with the stylesheet and font (EARLY_HINTS, on by default). */
  earlyHints: boolean;
  /** Audit requests one client address may send per 10 minutes. */
  leadsRateLimit: number;
  /** The CRM webhook new leads are POSTed to (LEADS_WEBHOOK_*); undefined when LEADS_WEBHOOK_URL is not set. */
  leadsWebhook: { url: string; secret: string | undefined; retryDelaySeconds: number; retries: number } | undefined;
  seedDemo: Env["SEED_DEMO"];
  logLevel: LogLevel;
  /** /llms.txt and each post's /blog/{slug}.md are served and allowed in robots.txt (AI_CRAWLERS=on, the default). */
  aiCrawlers: boolean;
  /** The cookieless beacon on public pages and its collect endpoint (ANALYTICS=on, the default). */
  analytics: boolean;
  /** Months the daily analytics rollups are kept (ANALYTICS_RETENTION_MONTHS, 25 by default: two 12-month periods and the month under way). */
  analyticsRetentionMonths: number;
  site: SiteConfig;
};

/** What the browser may see: brand and public addresses only. */
export type SiteConfig = {
  brandName: string;
  defaultAuthor: string;
  siteUrl: string;
  schedulingUrl: string;
  communityUrl: string;
  linkedinUrl: string;
  privacyEmail: string;
  legalEmail: string;
};

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

export function parseConfig(rawSource: NodeJS.ProcessEnv): Config {
  // An empty value means "not set" (as in .env.example), never an empty setting.
  const source = Object.fromEntries(Object.entries(rawSource).filter(([, v]) => v !== undefined && v.trim() !== ""));
  const result = schema.safeParse(source);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => {
        const key = String(issue.path[0] ?? "environment");
        const value = source[key];
        return `${key}: ${issue.message}${value === undefined ? "" : ` (got "${value}")`}`;
      }),
    );
  }
  const env = result.data;
  const isProduction = env.NODE_ENV === "production";
  const dataDir = path.resolve(env.DATA_DIR);
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");

  const problems: string[] = [];
  // The embedded default (one process, no DATABASE_URL) keeps a generated secret beside its data;
  // a production deployment on PostgreSQL runs several processes that must share one secret.
  if (isProduction && env.DATABASE_URL && !env.AUTH_SECRET) {
    problems.push("AUTH_SECRET: required when NODE_ENV=production with DATABASE_URL (32+ random characters)");
  }
  const s3Keys = ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;
  const s3Given = s3Keys.filter((k) => env[k] !== undefined);
  if (s3Given.length > 0 && s3Given.length < s3Keys.length) {
    problems.push(`S3: set all of ${s3Keys.join(", ")} to use S3 storage (missing ${s3Keys.filter((k) => !env[k]).join(", ")})`);
  }
  if (problems.length) throw new ConfigError(problems);

  return {
    nodeEnv: env.NODE_ENV,
    isProduction,
    port: env.PORT,
    host: env.HOST,
    appUrl,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    leadsEmail: env.LEADS_EMAIL,
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION ?? "us-east-1",
          endpoint: env.S3_ENDPOINT,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          publicUrl: env.S3_PUBLIC_URL,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    authSecret: env.AUTH_SECRET ?? readOrCreateLocalSecret(dataDir),
    trustProxy: env.TRUST_PROXY,
    earlyHints: env.EARLY_HINTS,
    leadsRateLimit: env.LEADS_RATE_LIMIT,
    leadsWebhook: env.LEADS_WEBHOOK_URL
      ? {
          url: env.LEADS_WEBHOOK_URL,
          secret: env.LEADS_WEBHOOK_SECRET,
          retryDelaySeconds: env.LEADS_WEBHOOK_RETRY_DELAY,
          retries: env.LEADS_WEBHOOK_RETRIES,
        }
      : undefined,
    seedDemo: env.SEED_DEMO,
    logLevel: env.LOG_LEVEL,
    aiCrawlers: env.AI_CRAWLERS === "on",
    analytics: env.ANALYTICS === "on",
    analyticsRetentionMonths: env.ANALYTICS_RETENTION_MONTHS,
    site: {
      brandName: env.BRAND_NAME,
      defaultAuthor: `${env.BRAND_NAME} Team`,
      siteUrl: appUrl,
      schedulingUrl: env.SCHEDULING_URL,
      communityUrl: env.COMMUNITY_URL,
      linkedinUrl: env.LINKEDIN_URL,
      privacyEmail: env.PRIVACY_EMAIL,
      legalEmail: env.LEGAL_EMAIL,
    },
  };
}

/** For the embedded default: a secret made once and kept in DATA_DIR, so sessions survive restarts. */
function readOrCreateLocalSecret(dataDir: string) {
  const file = path.join(dataDir, "auth-secret");
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch {
    // not there yet
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(32).toString("base64url");
  fs.writeFileSync(file, secret + "\n", { mode: 0o600 });
  return secret;
}

/**
 * Reads the settings file (./.env by default) into the environment when it is there; variables
 * already in the environment win. The only place that reads it: `config()` calls it first, and
 * every entry (server/main.js, npm run dev, the scripts) reaches its settings through `config()`.
 * Tests read only their own environment (NODE_ENV=test), never a developer's .env.
 */
export function loadDotEnv(file = ".env") {
  if (process.env.NODE_ENV === "test" || !fs.existsSync(file)) return;
  process.loadEnvFile(file);
}

const CONFIG_KEY = Symbol.for("studio.config");
type GlobalWithConfig = typeof globalThis & { [CONFIG_KEY]?: Config };

/** The process-wide configuration, parsed (after reading .env) on first use. */
export function config(): Config {
  const g = globalThis as GlobalWithConfig;
  if (!g[CONFIG_KEY]) {
    loadDotEnv();
    g[CONFIG_KEY] = parseConfig(process.env);
  }
  return g[CONFIG_KEY];
}

/** The configuration when `config()` has parsed it already, else undefined; never parses or throws. */
export function loadedConfig(): Config | undefined {
  return (globalThis as GlobalWithConfig)[CONFIG_KEY];
}

/** LOG_LEVEL read leniently, for logs written before the settings are parsed (or when they are invalid). */
export function logLevelFrom(value: string | undefined): LogLevel {
  const level = value?.trim();
  return LOG_LEVELS.find((known) => known === level) ?? "info";
}
