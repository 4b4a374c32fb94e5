import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import { type TrustProxy } from "~/server/http/client-address.server";
import { envSchema, LOG_LEVELS, type Env, type LogLevel } from "./env-schema.server";

export { DEFAULT_DATABASE_POOL_SIZE, LOG_LEVELS, type Env, type LogLevel } from "./env-schema.server";

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
  /** Render a few public pages before the port opens (WARM_UP). */
  warmUp: boolean;
  /** Audit requests one client address may send per 10 minutes. */
  leadsRateLimit: number;
  /** The CRM webhook new leads are POSTed to (LEADS_WEBHOOK_*); undefined when LEADS_WEBHOOK_URL is not set. */
  leadsWebhook: { url: string; secret: string | undefined; retryDelaySeconds: number; retries: number } | undefined;
  /** The signing secret of the scheduler's webhook (SCHEDULER_WEBHOOK_SECRET); undefined: the endpoint is off (404). */
  schedulerWebhookSecret: string | undefined;
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
  const result = envSchema.safeParse(source);
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
    warmUp: env.WARM_UP,
    leadsRateLimit: env.LEADS_RATE_LIMIT,
    leadsWebhook: env.LEADS_WEBHOOK_URL
      ? {
          url: env.LEADS_WEBHOOK_URL,
          secret: env.LEADS_WEBHOOK_SECRET,
          retryDelaySeconds: env.LEADS_WEBHOOK_RETRY_DELAY,
          retries: env.LEADS_WEBHOOK_RETRIES,
        }
      : undefined,
    schedulerWebhookSecret: env.SCHEDULER_WEBHOOK_SECRET,
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
