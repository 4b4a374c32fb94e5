import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";

/** The npm run export command itself (the archive's content is proven in export-import.test.ts). */
const root = path.resolve(import.meta.dirname, "../..");
const work = fs.mkdtempSync(path.join(os.tmpdir(), "studio-export-cli-"));

afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

it("refuses a data directory that holds no site yet, says what to do, and leaves no archive behind", () => {
  const out = path.join(work, "site.tar.gz");
  const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/export.ts", "--out", out], {
    cwd: root,
    env: { ...process.env, DATA_DIR: path.join(work, "data"), DATABASE_URL: "" },
    encoding: "utf8",
    timeout: 120_000,
  });
  expect(run.status, run.stderr).toBe(1);
  expect(run.stderr).toContain("No site to export in embedded database");
  expect(run.stderr).toContain("Start the site once (npm start)");
  expect(fs.existsSync(out)).toBe(false);
}, 150_000);
