import { sql } from "drizzle-orm";
import type { Queryable } from "~/server/db/client.server";
import { errorText } from "./errors.server";
import { log } from "~/server/core/log.server";

/**
 * A small in-memory fixed-window rate limiter, per process. `hit` counts one attempt for a key
 * and says whether it is still allowed; `peek` checks without counting. The limits that must hold
 * across processes and restarts use the database versions below (request_limits).
 */
export type RateLimiter = {
  hit(key: string): { allowed: boolean; retryAfterSeconds: number };
  peek(key: string): { allowed: boolean; retryAfterSeconds: number };
  reset(key?: string): void;
};

export function createRateLimiter({ limit, windowMs, now = Date.now }: { limit: number; windowMs: number; now?: () => number }): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();

  function current(key: string) {
    const t = now();
    let entry = windows.get(key);
    if (!entry || entry.resetAt <= t) {
      entry = { count: 0, resetAt: t + windowMs };
      windows.set(key, entry);
    }
    if (windows.size > 10_000) {
      for (const [k, v] of windows) if (v.resetAt <= t) windows.delete(k);
    }
    return { entry, t };
  }

  function answer(entry: { count: number; resetAt: number }, t: number, allowed: boolean) {
    return { allowed, retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((entry.resetAt - t) / 1000)) };
  }

  return {
    hit(key) {
      const { entry, t } = current(key);
      if (entry.count >= limit) return answer(entry, t, false);
      entry.count += 1;
      return answer(entry, t, true);
    },
    peek(key) {
      const { entry, t } = current(key);
      return answer(entry, t, entry.count < limit);
    },
    reset(key) {
      if (key === undefined) windows.clear();
      else windows.delete(key);
    },
  };
}

/* ------------------------------------------------------------------ shared by every process */

/** A limit kept in the database: `limit` per `windowMs`, its keys prefixed with `name`. */
export type SharedLimit = { name: string; limit: number; windowMs: number };
export type LimitAnswer = { allowed: boolean; retryAfterSeconds: number };

type Rows<T> = T[] | { rows: T[] };
const rowsOf = <T>(result: unknown): T[] => {
  const r = result as Rows<T>;
  return Array.isArray(r) ? r : r.rows;
};
const secondsLeft = (value: number | string | null | undefined) => Math.max(1, Math.ceil(Number(value ?? 1)));

/** Whether `key` may still take a slot, without taking one. */
export async function peekSharedLimit(database: Queryable, { name, limit }: SharedLimit, key: string): Promise<LimitAnswer> {
  const rows = rowsOf<{ count: number; left: number | string }>(
    await database.execute(sql`
      select count, extract(epoch from reset_at - now()) as left
        from request_limits where key = ${`${name}:${key}`} and reset_at > now()`),
  );
  const row = rows[0];
  if (!row || row.count < limit) return { allowed: true, retryAfterSeconds: 0 };
  return { allowed: false, retryAfterSeconds: secondsLeft(row.left) };
}

/**
 * Takes one slot of `key`'s window when one is left, atomically (one upsert: of processes asking
 * together, no more than `limit` get one); a window that ended starts again.
 */
export async function takeSharedLimit(database: Queryable, { name, limit, windowMs }: SharedLimit, key: string): Promise<LimitAnswer> {
  const rows = rowsOf<{ count: number }>(
    await database.execute(sql`
      insert into request_limits as r (key, count, reset_at) values (${`${name}:${key}`}, 1, now() + make_interval(secs => ${windowMs / 1000}))
      on conflict (key) do update set
        count = case when r.reset_at <= now() then 1 else r.count + 1 end,
        reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
       where r.reset_at <= now() or r.count < ${limit}
      returning count`),
  );
  if (rows.length > 0) return { allowed: true, retryAfterSeconds: 0 };
  return peekSharedLimit(database, { name, limit, windowMs }, key).then((answer) => ({ allowed: false, retryAfterSeconds: answer.retryAfterSeconds || 1 }));
}

/** Adds counted hits to their keys' windows in one statement; returns each key's total and seconds left. */
export async function addSharedHits(database: Queryable, { name, windowMs }: SharedLimit, hits: Map<string, number>) {
  if (hits.size === 0) return new Map<string, { count: number; resetInMs: number }>();
  const keys = [...hits.keys()];
  const rows = rowsOf<{ key: string; count: number; left: number | string }>(
    await database.execute(sql`
      insert into request_limits as r (key, count, reset_at)
      select ${name} || ':' || k, c, now() + make_interval(secs => ${windowMs / 1000})
        from unnest(${sql.param(keys)}::text[], ${sql.param(keys.map((k) => hits.get(k)!))}::int[]) as t(k, c)
      on conflict (key) do update set
        count = case when r.reset_at <= now() then excluded.count else r.count + excluded.count end,
        reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
      returning key, count, extract(epoch from reset_at - now()) as left`),
  );
  return new Map(rows.map((row) => [row.key.slice(name.length + 1), { count: row.count, resetInMs: Number(row.left) * 1000 }]));
}

/** Drops the windows that ended (the hourly housekeeping), and better-auth's counters idle for a day. */
export async function purgeExpiredLimits(database: Queryable) {
  await database.execute(sql`delete from request_limits where reset_at < now()`);
  await database.execute(sql`delete from rate_limits where last_request < ${Date.now() - 24 * 60 * 60 * 1000}`);
}

/**
 * A database-backed limit cheap enough for every request (the beacon endpoint): hits are decided
 * from this process's view — the cluster's count at the last flush plus its own hits since — and
 * the new hits are added to the database every `flushMs` in one statement. Across processes the
 * limit holds to within one flush interval's hits.
 */
export type BatchedLimiter = {
  hit(key: string): LimitAnswer;
  /** Writes the counted hits now (also run every `flushMs`). */
  flush(): Promise<void>;
  stop(): Promise<void>;
};

export function createBatchedLimiter(
  limit: SharedLimit,
  { database, flushMs = 1000, now = Date.now }: { database: () => Promise<Queryable>; flushMs?: number; now?: () => number },
): BatchedLimiter {
  type Window = { known: number; unflushed: number; resetAt: number };
  const windows = new Map<string, Window>();
  let timer: ReturnType<typeof setInterval> | undefined;
  let writing: Promise<void> = Promise.resolve();

  const flush = () => {
    writing = writing.then(async () => {
      const hits = new Map<string, number>();
      for (const [key, w] of windows) if (w.unflushed > 0) hits.set(key, w.unflushed);
      if (hits.size === 0) return;
      for (const key of hits.keys()) windows.get(key)!.unflushed -= hits.get(key)!;
      try {
        const totals = await addSharedHits(await database(), limit, hits);
        const t = now();
        for (const [key, total] of totals) {
          const w = windows.get(key);
          if (w) Object.assign(w, { known: total.count, resetAt: t + total.resetInMs });
        }
      } catch (error) {
        // Kept for the next flush: the counts are not lost while the database is away.
        for (const [key, n] of hits) {
          const w = windows.get(key);
          if (w) w.unflushed += n;
        }
        log.warn("could not write rate-limit counts", { error: errorText(error) });
      }
      const t = now();
      for (const [key, w] of windows) if (w.resetAt <= t && w.unflushed === 0) windows.delete(key);
    });
    return writing;
  };

  return {
    hit(key) {
      const t = now();
      let w = windows.get(key);
      if (!w || w.resetAt <= t) {
        w = { known: 0, unflushed: w?.unflushed ?? 0, resetAt: t + limit.windowMs };
        windows.set(key, w);
      }
      timer ??= setInterval(() => void flush(), flushMs).unref();
      if (w.known + w.unflushed >= limit.limit) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((w.resetAt - t) / 1000)) };
      w.unflushed += 1;
      return { allowed: true, retryAfterSeconds: 0 };
    },
    flush,
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await flush();
    },
  };
}
