import { sql } from "drizzle-orm";
import { database, type DbHandle } from "./client.server";
import type { Task } from "~/server/jobs/jobs.server";
import { log } from "~/server/core/log.server";

/**
 * The embedded database's vacuum. PostgreSQL runs autovacuum on its own; PGlite has none, so the
 * rows a site rewrites all day (pg-boss's jobs each minute, rate-limit windows, sessions, the
 * analytics of today and yesterday, the purges) stay as dead rows in their tables and indexes, and
 * the planner's statistics stay those of the day the site was seeded or imported while the posts
 * grow. Table by table, so requests are served between two tables: at 100,000 posts and a million
 * events the whole database took 2.6 s in one statement (blog_posts' analysis alone ~1 s), and the
 * embedded database answers nothing else meanwhile.
 *
 * Returns the number of tables done (0 on PostgreSQL).
 */
export async function vacuumEmbeddedDatabase(handle: DbHandle): Promise<number> {
  if (handle.kind !== "pglite") return 0;
  const result: unknown = await handle.db.execute(sql`select schemaname as schema, relname as name from pg_stat_user_tables order by schemaname, relname`);
  const tables = (result as { rows: { schema: string; name: string }[] }).rows;
  const started = performance.now();
  for (const { schema, name } of tables) {
    await handle.db.execute(sql`vacuum (analyze) ${sql.identifier(schema)}.${sql.identifier(name)}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
  log.info("embedded database vacuumed", { tables: tables.length, ms: Math.round(performance.now() - started) });
  return tables.length;
}

/** Daily at 04:15 UTC (a quiet hour for most sites), one process of the cluster; nothing to do on PostgreSQL. */
export const DATABASE_UPKEEP_TASK: Task = {
  name: "database-upkeep",
  cron: "15 4 * * *",
  run: async () => vacuumEmbeddedDatabase(await database()),
  queue: { retryLimit: 1, retryDelay: 600, expireInSeconds: 30 * 60 },
};
