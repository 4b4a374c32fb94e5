import { describe, expect, it, onTestFinished } from "vitest";
import { sql } from "drizzle-orm";
import { addSharedHits, createBatchedLimiter, peekSharedLimit, purgeExpiredLimits, takeSharedLimit, type SharedLimit } from "~/server/http/rate-limit.server";
import { notifyCacheInvalidation, reconnectDelay, startCacheListener } from "~/server/jobs/cluster.server";
import { cacheGeneration, invalidatePublicCache, setInvalidationBroadcast } from "~/server/cache/data-cache.server";
import { testPostgresUrl } from "../support/test-db";
import { fileDatabase } from "../support/file-database";

/**
 * What keeps several processes consistent (docs/decisions/0032), on PGlite and (with
 * TEST_DATABASE_URL) PostgreSQL: limits in request_limits and (PostgreSQL only) cache
 * invalidations over LISTEN/NOTIFY. Work that runs once per cluster is pg-boss's:
 * background-jobs.test.ts and publication.test.ts.
 */
const DB = testPostgresUrl() ? "PostgreSQL" : "PGlite";
const handle = fileDatabase();

const rows = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

describe(`limits kept in the database (${DB})`, () => {
  const limit: SharedLimit = { name: "test-take", limit: 3, windowMs: 600_000 };

  it("gives `limit` slots per key and window, then refuses with the seconds left; other keys are apart", async () => {
    expect(await peekSharedLimit(handle.db, limit, "10.1.0.1")).toEqual({ allowed: true, retryAfterSeconds: 0 });
    for (let i = 0; i < 3; i++) expect((await takeSharedLimit(handle.db, limit, "10.1.0.1")).allowed).toBe(true);
    const refused = await takeSharedLimit(handle.db, limit, "10.1.0.1");
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(500);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(600);
    expect((await peekSharedLimit(handle.db, limit, "10.1.0.1")).allowed).toBe(false);
    expect((await takeSharedLimit(handle.db, limit, "10.1.0.2")).allowed).toBe(true);
  });

  it("never gives more than `limit` slots to requests arriving together", async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, () => takeSharedLimit(handle.db, limit, "10.1.0.3")));
    expect(answers.filter((a) => a.allowed)).toHaveLength(3);
  });

  it("starts a window again once it ended, and the hourly purge drops ended windows", async () => {
    const short: SharedLimit = { name: "test-short", limit: 1, windowMs: 1000 };
    expect((await takeSharedLimit(handle.db, short, "10.1.0.4")).allowed).toBe(true);
    expect((await takeSharedLimit(handle.db, short, "10.1.0.4")).allowed).toBe(false);
    await handle.db.execute(sql`update request_limits set reset_at = now() - interval '1 second' where key = 'test-short:10.1.0.4'`);
    expect((await takeSharedLimit(handle.db, short, "10.1.0.4")).allowed).toBe(true);
    await handle.db.execute(sql`update request_limits set reset_at = now() - interval '1 second' where key = 'test-short:10.1.0.4'`);
    await purgeExpiredLimits(handle.db);
    const left = rows<{ key: string }>(await handle.db.execute(sql`select key from request_limits where key like 'test-short:%'`));
    expect(left).toEqual([]);
    // Open windows stay.
    expect(rows(await handle.db.execute(sql`select key from request_limits where key = 'test-take:10.1.0.1'`))).toHaveLength(1);
  });

  it("adds batched hits of several keys in one statement and returns each key's total", async () => {
    const batch: SharedLimit = { name: "test-batch", limit: 300, windowMs: 60_000 };
    await addSharedHits(handle.db, batch, new Map([["a", 5]]));
    const totals = await addSharedHits(
      handle.db,
      batch,
      new Map([
        ["a", 7],
        ["b", 2],
      ]),
    );
    expect(totals.get("a")?.count).toBe(12);
    expect(totals.get("b")?.count).toBe(2);
    expect(totals.get("a")?.resetInMs).toBeGreaterThan(50_000);
  });

  it("a batched limiter counts in memory, and two of them (two processes) share the limit after a flush", async () => {
    const events: SharedLimit = { name: "test-events", limit: 10, windowMs: 60_000 };
    const one = createBatchedLimiter(events, { database: () => Promise.resolve(handle.db), flushMs: 60_000 });
    const two = createBatchedLimiter(events, { database: () => Promise.resolve(handle.db), flushMs: 60_000 });
    onTestFinished(async () => {
      await one.stop();
      await two.stop();
    });
    for (let i = 0; i < 6; i++) expect(one.hit("10.2.0.1").allowed).toBe(true);
    await one.flush();
    // The second process learns the cluster's count at its own flush.
    for (let i = 0; i < 3; i++) expect(two.hit("10.2.0.1").allowed).toBe(true);
    await two.flush();
    expect(two.hit("10.2.0.1").allowed).toBe(true);
    const refused = two.hit("10.2.0.1");
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    await two.flush();
    const [row] = rows<{ count: number }>(await handle.db.execute(sql`select count from request_limits where key = 'test-events:10.2.0.1'`));
    expect(row?.count).toBe(10);
    // Another address is not limited.
    expect(one.hit("10.2.0.2").allowed).toBe(true);
  });
});

describe("cache invalidation across processes", () => {
  it("waits longer after each failed reconnect, up to 5 s", () => {
    expect([0, 1, 2, 3, 4, 5, 9].map(reconnectDelay)).toEqual([250, 500, 1000, 2000, 4000, 5000, 5000]);
  });

  it("an invalidation here is broadcast; without a broadcaster (PGlite) it stays local", () => {
    let sent = 0;
    const before = cacheGeneration();
    setInvalidationBroadcast(() => void (sent += 1));
    onTestFinished(() => setInvalidationBroadcast(undefined));
    invalidatePublicCache();
    expect(cacheGeneration()).toBe(before + 1);
    expect(sent).toBe(1);
    setInvalidationBroadcast(undefined);
    invalidatePublicCache();
    expect(sent).toBe(1);
  });

  it.skipIf(!testPostgresUrl())("(PostgreSQL) another process's NOTIFY reaches every listener, not the sender's own", async () => {
    if (handle.connection?.kind !== "postgres") throw new Error("expected PostgreSQL");
    let a = 0;
    let b = 0;
    const listenerA = await startCacheListener(handle.connection.url, { onInvalidate: () => void (a += 1) });
    const listenerB = await startCacheListener(handle.connection.url, { onInvalidate: () => void (b += 1) });
    onTestFinished(async () => {
      await listenerA.stop();
      await listenerB.stop();
    });
    expect(listenerA.connected() && listenerB.connected()).toBe(true);
    await notifyCacheInvalidation(handle.db, "another-process");
    await expect.poll(() => [a, b], { timeout: 1000 }).toEqual([1, 1]);
    // This process's own notification: it emptied its caches already.
    await notifyCacheInvalidation(handle.db);
    await notifyCacheInvalidation(handle.db, "another-process");
    await expect.poll(() => [a, b], { timeout: 1000 }).toEqual([2, 2]);
  });

  it.skipIf(!testPostgresUrl())("(PostgreSQL) a listener whose connection is cut reconnects and empties the caches once", async () => {
    if (handle.connection?.kind !== "postgres") throw new Error("expected PostgreSQL");
    let emptied = 0;
    const listener = await startCacheListener(handle.connection.url, { onInvalidate: () => void (emptied += 1) });
    onTestFinished(() => listener.stop());
    await handle.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where query = 'LISTEN studio_cache' and datname = current_database() and pid <> pg_backend_pid()`,
    );
    await expect.poll(() => emptied, { timeout: 5000 }).toBe(1);
    await expect.poll(() => listener.connected(), { timeout: 5000 }).toBe(true);
    await notifyCacheInvalidation(handle.db, "another-process");
    await expect.poll(() => emptied, { timeout: 1000 }).toBe(2);
  });
});
