import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, loadDotEnv, logLevelFrom, parseConfig } from "./env.server";

const dataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "studio-env-"));

describe("configuration", () => {
  it("has working defaults for the embedded setup", () => {
    const dir = dataDir();
    const config = parseConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.host).toBe("127.0.0.1");
    expect(config.appUrl).toBe("http://localhost:3000");
    expect(config.databaseUrl).toBeUndefined();
    expect(config.databasePoolSize).toBe(10);
    expect(config.logLevel).toBe("info");
    expect(config.s3).toBeUndefined();
    expect(config.site.defaultAuthor).toBe(`${config.site.brandName} Team`);
  });

  it("names the bad variable", () => {
    expect(() => parseConfig({ PORT: "abc" })).toThrow(ConfigError);
    expect(() => parseConfig({ PORT: "abc" })).toThrow(/PORT/);
    expect(() => parseConfig({ PORT: "70000" })).toThrow(/PORT/);
    expect(() => parseConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => parseConfig({ LEADS_EMAIL: "not-an-email" })).toThrow(/LEADS_EMAIL/);
    expect(() => parseConfig({ SCHEDULING_URL: "javascript:alert(1)" })).toThrow(/SCHEDULING_URL/);
    expect(() => parseConfig({ S3_BUCKET: "b", DATA_DIR: dataDir() })).toThrow(/S3_ACCESS_KEY_ID/);
  });

  it("generates the auth secret once and keeps it in DATA_DIR", () => {
    const dir = dataDir();
    const first = parseConfig({ DATA_DIR: dir }).authSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(parseConfig({ DATA_DIR: dir }).authSecret).toBe(first);
    expect(fs.statSync(path.join(dir, "auth-secret")).mode & 0o777).toBe(0o600);
  });

  it("requires AUTH_SECRET in production on PostgreSQL", () => {
    expect(() => parseConfig({ NODE_ENV: "production", DATABASE_URL: "postgres://h/db", DATA_DIR: dataDir() })).toThrow(/AUTH_SECRET/);
    const secret = "x".repeat(40);
    expect(parseConfig({ NODE_ENV: "production", DATABASE_URL: "postgres://h/db", AUTH_SECRET: secret }).authSecret).toBe(secret);
  });

  it("uses S3 when bucket and keys are set", () => {
    const config = parseConfig({
      S3_BUCKET: "b",
      S3_ACCESS_KEY_ID: "k",
      S3_SECRET_ACCESS_KEY: "s",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_FORCE_PATH_STYLE: "true",
      DATA_DIR: dataDir(),
    });
    expect(config.s3).toMatchObject({ bucket: "b", endpoint: "http://127.0.0.1:9000", forcePathStyle: true, region: "us-east-1" });
  });
});

describe("empty values", () => {
  it("treats an empty value as not set", () => {
    const config = parseConfig({ PORT: "", DATABASE_URL: "", DATA_DIR: dataDir() });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
  });
});

describe("CRM webhook settings", () => {
  it("are off without LEADS_WEBHOOK_URL, and read with their defaults when it is set", () => {
    expect(parseConfig({ DATA_DIR: dataDir(), LEADS_WEBHOOK_URL: "", LEADS_WEBHOOK_SECRET: "" }).leadsWebhook).toBeUndefined();
    expect(parseConfig({ DATA_DIR: dataDir(), LEADS_WEBHOOK_URL: "https://crm.example/hooks/leads", LEADS_WEBHOOK_SECRET: "s3cret" }).leadsWebhook).toEqual({
      url: "https://crm.example/hooks/leads",
      secret: "s3cret",
      retries: 8,
      retryDelaySeconds: 30,
    });
  });

  it("names a bad webhook setting", () => {
    expect(() => parseConfig({ LEADS_WEBHOOK_URL: "ftp://crm.example" })).toThrow(/LEADS_WEBHOOK_URL/);
    expect(() => parseConfig({ LEADS_WEBHOOK_URL: "https://crm.example", LEADS_WEBHOOK_RETRIES: "-1" })).toThrow(/LEADS_WEBHOOK_RETRIES/);
    expect(() => parseConfig({ LEADS_WEBHOOK_URL: "https://crm.example", LEADS_WEBHOOK_RETRY_DELAY: "0" })).toThrow(/LEADS_WEBHOOK_RETRY_DELAY/);
  });
});

describe("scheduler webhook secret", () => {
  it("is off when empty, read when set, and refused when too short to be a secret", () => {
    expect(parseConfig({ DATA_DIR: dataDir(), SCHEDULER_WEBHOOK_SECRET: "" }).schedulerWebhookSecret).toBeUndefined();
    expect(parseConfig({ DATA_DIR: dataDir(), SCHEDULER_WEBHOOK_SECRET: "a-long-enough-secret" }).schedulerWebhookSecret).toBe("a-long-enough-secret");
    expect(() => parseConfig({ DATA_DIR: dataDir(), SCHEDULER_WEBHOOK_SECRET: "short" })).toThrow(/SCHEDULER_WEBHOOK_SECRET/);
  });
});

describe("database pool size", () => {
  it("reads DATABASE_POOL_SIZE as a whole number of connections", () => {
    expect(parseConfig({ DATABASE_POOL_SIZE: "25", DATA_DIR: dataDir() }).databasePoolSize).toBe(25);
    expect(parseConfig({ DATABASE_POOL_SIZE: " 1 ", DATA_DIR: dataDir() }).databasePoolSize).toBe(1);
  });

  it.each(["abc", "0", "-3", "2.5", "1001"])("stops on DATABASE_POOL_SIZE=%s with a message naming it and the value", (value) => {
    expect(() => parseConfig({ DATABASE_POOL_SIZE: value, DATA_DIR: dataDir() })).toThrow(
      `DATABASE_POOL_SIZE: DATABASE_POOL_SIZE must be a whole number of connections between 1 and 1000 (got "${value}")`,
    );
  });
});

describe("log level", () => {
  it.each(["info", "warn", "error", "silent"] as const)("accepts LOG_LEVEL=%s", (level) => {
    expect(parseConfig({ LOG_LEVEL: level, DATA_DIR: dataDir() }).logLevel).toBe(level);
  });

  it("stops on an unknown LOG_LEVEL with a message listing the levels", () => {
    expect(() => parseConfig({ LOG_LEVEL: "verbose", DATA_DIR: dataDir() })).toThrow(
      'LOG_LEVEL: LOG_LEVEL must be one of info, warn, error, silent (got "verbose")',
    );
  });

  it("serves AI crawlers by default; AI_CRAWLERS=off turns /llms.txt and the markdown posts off; anything else stops", () => {
    expect(parseConfig({ DATA_DIR: dataDir() }).aiCrawlers).toBe(true);
    expect(parseConfig({ AI_CRAWLERS: "on", DATA_DIR: dataDir() }).aiCrawlers).toBe(true);
    expect(parseConfig({ AI_CRAWLERS: "off", DATA_DIR: dataDir() }).aiCrawlers).toBe(false);
    expect(() => parseConfig({ AI_CRAWLERS: "no", DATA_DIR: dataDir() })).toThrow('AI_CRAWLERS: AI_CRAWLERS must be on or off (got "no")');
  });

  it("is read leniently before the settings are parsed: an unknown or missing level means info", () => {
    expect(logLevelFrom("warn")).toBe("warn");
    expect(logLevelFrom(" silent ")).toBe("silent");
    expect(logLevelFrom("verbose")).toBe("info");
    expect(logLevelFrom("")).toBe("info");
    expect(logLevelFrom(undefined)).toBe("info");
  });
});

describe("the .env file", () => {
  const nodeEnv = process.env.NODE_ENV;
  const file = () => {
    const dir = dataDir();
    fs.writeFileSync(path.join(dir, ".env"), "STUDIO_ENV_TEST_A=from-file\nSTUDIO_ENV_TEST_B=from-file\n");
    return path.join(dir, ".env");
  };

  afterEach(() => {
    process.env.NODE_ENV = nodeEnv;
    delete process.env.STUDIO_ENV_TEST_A;
    delete process.env.STUDIO_ENV_TEST_B;
  });

  it("fills in what the environment does not set; the environment wins", () => {
    process.env.NODE_ENV = "development";
    process.env.STUDIO_ENV_TEST_B = "from-environment";
    loadDotEnv(file());
    expect(process.env.STUDIO_ENV_TEST_A).toBe("from-file");
    expect(process.env.STUDIO_ENV_TEST_B).toBe("from-environment");
  });

  it("is optional, and tests never read one", () => {
    process.env.NODE_ENV = "development";
    expect(() => loadDotEnv(path.join(dataDir(), "missing.env"))).not.toThrow();
    process.env.NODE_ENV = "test";
    loadDotEnv(file());
    expect(process.env.STUDIO_ENV_TEST_A).toBeUndefined();
  });
});

describe("analytics retention", () => {
  it("keeps the daily rollups 25 months unless ANALYTICS_RETENTION_MONTHS says otherwise", () => {
    expect(parseConfig({ DATA_DIR: dataDir() }).analyticsRetentionMonths).toBe(25);
    expect(parseConfig({ ANALYTICS_RETENTION_MONTHS: "13", DATA_DIR: dataDir() }).analyticsRetentionMonths).toBe(13);
  });

  it.each(["0", "-1", "2.5", "1201", "forever"])("stops on ANALYTICS_RETENTION_MONTHS=%s with a message naming it and the value", (value) => {
    expect(() => parseConfig({ ANALYTICS_RETENTION_MONTHS: value, DATA_DIR: dataDir() })).toThrow(
      `ANALYTICS_RETENTION_MONTHS: ANALYTICS_RETENTION_MONTHS must be a whole number of months between 1 and 1200 (got "${value}")`,
    );
  });
});
