import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { DatabaseLockedError, migrateDatabase, openDatabase } from "~/server/db/client.server";

describe("embedded database lock", () => {
  it("refuses a second opener while the first holds the directory, and frees it on close", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-lock-"));
    const first = await openDatabase({ dataDir });
    await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DatabaseLockedError);
    await expect(openDatabase({ dataDir })).rejects.toThrow(/already in use by another process/);
    await first.close();
    const again = await openDatabase({ dataDir });
    await again.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("takes over a lock left by a process that no longer runs", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-lock-"));
    const dead = spawnSync(process.execPath, ["-e", "console.log(process.pid)"], { encoding: "utf8" });
    fs.writeFileSync(path.join(dataDir, "pglite.lock"), dead.stdout.trim());
    const handle = await openDatabase({ dataDir });
    expect(fs.readFileSync(path.join(dataDir, "pglite.lock"), "utf8")).toBe(String(process.pid));
    await handle.close();
    expect(fs.existsSync(path.join(dataDir, "pglite.lock"))).toBe(false);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("applies the committed migrations idempotently", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-migrate-"));
    const handle = await openDatabase({ dataDir });
    await migrateDatabase(handle);
    await migrateDatabase(handle);
    const result = await handle.db.execute("select count(*)::int as n from information_schema.tables where table_schema = 'public'");
    expect(Number((result as { rows: { n: number }[] }).rows[0]!.n)).toBeGreaterThanOrEqual(11);
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
