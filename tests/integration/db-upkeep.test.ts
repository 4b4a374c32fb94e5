import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { vacuumEmbeddedDatabase } from "~/server/db/upkeep.server";
import { testPostgresUrl } from "../support/test-db";
import { fileDatabase } from "../support/file-database";
import { query } from "../support/archive-source";

/** The embedded database's daily vacuum (PGlite has no autovacuum; PostgreSQL's own is left to it). */

const handle = fileDatabase();

const bytesOf = async (table: string) => (await query<{ bytes: number }>(handle.db, sql`select pg_relation_size(${table})::int as bytes`))[0]!.bytes;
const notDone = async (which: "last_vacuum" | "last_analyze") =>
  (await query<{ name: string }>(handle.db, sql`select schemaname || '.' || relname as name from pg_stat_user_tables where ${sql.raw(which)} is null`)).map(
    (row) => row.name,
  );

describe("vacuumEmbeddedDatabase", () => {
  const onPostgres = Boolean(testPostgresUrl());

  it.skipIf(onPostgres)("on PGlite, vacuums and analyses every table, the job queue's too: rows written then deleted leave no pages behind", async () => {
    // Rows written and deleted, as the analytics rollup, rate limits and the job queue do all day.
    await handle.db.execute(sql`create table upkeep_probe (id int, pad text)`);
    await handle.db.execute(sql`insert into upkeep_probe select g, repeat('x', 200) from generate_series(1, 2000) g`);
    await handle.db.execute(sql`delete from upkeep_probe`);
    expect(await bytesOf("upkeep_probe")).toBeGreaterThan(50 * 8192);

    const tables = await vacuumEmbeddedDatabase(handle);
    expect(tables).toBe((await query<{ n: number }>(handle.db, sql`select count(*)::int as n from pg_stat_user_tables`))[0]!.n);
    expect(await bytesOf("upkeep_probe")).toBe(0);
    expect(await notDone("last_vacuum")).toEqual([]);
    expect(await notDone("last_analyze")).toEqual([]);
    expect(tables).toBeGreaterThan((await query<{ n: number }>(handle.db, sql`select count(*)::int as n from pg_tables where schemaname = 'public'`))[0]!.n);
  });

  it("the handle's vacuum after a bulk write vacuums as well as analyses: rows just rewritten are read from an index alone again", async () => {
    await handle.db.execute(sql`create table vacuum_probe (id int primary key, n int)`);
    await handle.db.execute(sql`insert into vacuum_probe select g, 0 from generate_series(1, 2000) g`);
    await handle.db.execute(sql`update vacuum_probe set n = 1`);
    await handle.vacuum();
    const [stats] = await query<{ vacuumed: boolean; analysed: boolean }>(
      handle.db,
      sql`select last_vacuum is not null as vacuumed, last_analyze is not null as analysed from pg_stat_user_tables where relname = 'vacuum_probe'`,
    );
    expect(stats).toEqual({ vacuumed: true, analysed: true });
    const plan = await handle.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      const result: unknown = await tx.execute(sql`explain (analyze, costs off, timing off, summary off) select id from vacuum_probe where id > 0`);
      return (result as { rows: { "QUERY PLAN": string }[] }).rows.map((r) => r["QUERY PLAN"]).join("\n");
    });
    expect(plan).toMatch(/Index Only Scan using vacuum_probe_pkey/);
    expect(plan).toMatch(/Heap Fetches: 0\b/);
  });

  it.runIf(onPostgres)("on PostgreSQL, leaves it to autovacuum", async () => {
    expect(await vacuumEmbeddedDatabase(handle)).toBe(0);
  });
});
