import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./env.server";

const dataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "studio-env-"));

describe("configuration", () => {
  it("has working defaults for the embedded setup", () => {
    const dir = dataDir();
    const config = parseConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.host).toBe("127.0.0.1");
    expect(config.appUrl).toBe("http://localhost:3000");
    expect(config.databaseUrl).toBeUndefined();
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
