import { lt, sql } from "drizzle-orm";
import { db } from "../db/client.server";
import { claimTimer } from "../cluster.server";
import { analyticsEvents, analyticsSalts } from "../db/schema.server";
import { log } from "../log.server";

/**
 * Where beacon events go (docs/decisions: beacon analytics, 0038): an in-memory batch written with
 * multi-row inserts every second or every BATCH_SIZE events, never one insert per request (a batch
 * the database refuses is split until the row it cannot store is found and dropped); a rollup every
 * minute into analytics_daily for today and yesterday, which also drops raw events
 * older than 30 days and past days' salts.
 */
export type AnalyticsEvent = typeof analyticsEvents.$inferInsert;

/** Rows per INSERT statement (ten array parameters, whatever the number of rows). */
const BATCH_SIZE = 2000;
const FLUSH_EVERY_MS = 1000;
const ROLLUP_EVERY_MS = 60_000;
/** Events held while the database is slow or away; beyond this the newest are dropped (and logged). */
const MAX_PENDING = 200_000;
/** The advisory lock key of rollUpAnalytics. */
const ROLLUP_LOCK = 0x5a_0012;
/** Raw events are kept this many days; the rollups forever. */
export const RAW_DAYS = 30;

let pending: AnalyticsEvent[] = [];
let writing: Promise<void> = Promise.resolve();
let flushTimer: ReturnType<typeof setInterval> | undefined;
let rollupTimer: ReturnType<typeof setInterval> | undefined;
let dropped = 0;

/** The UTC day of a moment, as PostgreSQL's date text ('2026-11-23'). */
export function utcDay(at = new Date()) {
  return at.toISOString().slice(0, 10);
}

function addDays(day: string, days: number) {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return utcDay(at);
}

/** Adds one event to the batch; written within a second (or at once when the batch is full). */
export function queueEvent(event: AnalyticsEvent) {
  if (pending.length >= MAX_PENDING) {
    if (dropped++ % 10_000 === 0) log.warn("analytics batch full: dropping events", { pending: pending.length });
    return;
  }
  pending.push(event);
  flushTimer ??= setInterval(() => void flushAnalytics(), FLUSH_EVERY_MS).unref();
  if (pending.length >= BATCH_SIZE) void flushAnalytics();
}

/**
 * Writes every queued event now (one multi-row INSERT per BATCH_SIZE events); resolves when they
 * are stored. A row the database refuses (a value it cannot hold) is dropped, the rows around it
 * stored; when the database is away, what is queued stays queued for the next flush.
 */
export function flushAnalytics(): Promise<void> {
  // One writer at a time: each flush waits for the one before and then takes what is queued.
  writing = writing.then(async () => {
    while (pending.length > 0) {
      const rows = pending.slice(0, BATCH_SIZE);
      const { done, failure } = await storeRows(rows);
      pending = pending.slice(done);
      if (failure !== undefined) {
        log.error("could not store analytics events", { error: messageOf(failure), pending: pending.length });
        return;
      }
    }
  });
  return writing;
}

/**
 * Stores rows in order, splitting a refused batch in halves until the refused rows stand alone
 * (each then dropped with one log line): about 2 × log2(BATCH_SIZE) statements for one bad row
 * in a full batch. Answers how many rows from the front are done (stored or dropped) and, when
 * the database failed otherwise (away, overloaded), why it stopped.
 */
async function storeRows(rows: AnalyticsEvent[]): Promise<{ done: number; failure?: unknown }> {
  try {
    await insertEvents(rows);
    return { done: rows.length };
  } catch (error) {
    if (!refusedData(error)) return { done: 0, failure: error };
    if (rows.length === 1) {
      const [row] = rows;
      log.warn("analytics event dropped: the database refused it", { error: messageOf(error), type: row!.type, day: row!.day, path: row!.path });
      return { done: 1 };
    }
    const half = Math.ceil(rows.length / 2);
    const first = await storeRows(rows.slice(0, half));
    if (first.failure !== undefined) return first;
    const second = await storeRows(rows.slice(half));
    return { done: half + second.done, failure: second.failure };
  }
}

/**
 * Whether the database refused the data itself (SQLSTATE class 22, a data exception such as a NUL
 * byte or a bad date; 23, a constraint; 54, a limit) rather than failed to run the statement: only
 * then does a smaller batch store what the larger could not. Drizzle wraps the driver's error.
 */
function refusedData(error: unknown) {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return ["22", "23", "54"].includes(code.slice(0, 2));
  }
  return false;
}

function messageOf(error: unknown) {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return cause instanceof Error ? cause.message : String(cause);
}

/**
 * One INSERT for many rows: each column goes as one array parameter, unnested into rows. Ten
 * times faster than a VALUES list on PGlite (one statement to parse whatever the batch's size).
 */
async function insertEvents(rows: AnalyticsEvent[]) {
  const column = (key: Exclude<keyof AnalyticsEvent, "id" | "createdAt">) => sql.param(rows.map((row) => row[key] ?? null));
  await (
    await db()
  ).execute(sql`
    insert into analytics_events (day, visitor, type, path, label, referrer, utm_source, utm_medium, utm_campaign, landing)
    select * from unnest(${column("day")}::date[], ${column("visitor")}::text[], ${column("type")}::text[], ${column("path")}::text[],
                         ${column("label")}::text[], ${column("referrer")}::text[], ${column("utmSource")}::text[], ${column("utmMedium")}::text[],
                         ${column("utmCampaign")}::text[], ${column("landing")}::text[])`);
}

/**
 * Recomputes analytics_daily for the UTC days `from`..`to` (default yesterday and today) from the
 * raw events, as an upsert: running it twice changes nothing, and a day whose raw events are already
 * purged keeps its rows (nothing is deleted; within the 30 kept days events are only ever added, so
 * no breakdown row can go stale).
 */
export async function rollUpAnalytics(from?: string, to?: string): Promise<void> {
  const today = utcDay();
  const last = to ?? today;
  const first = from ?? addDays(today, -1);
  if (first > last) return;
  const handle = await db();
  await handle.transaction(async (tx) => {
    // One rollup at a time (the minute timer runs in one process, a call from elsewhere may overlap): the next waits, then writes the same rows.
    await tx.execute(sql`select pg_advisory_xact_lock(${ROLLUP_LOCK})`);
    await tx.execute(sql`
      insert into analytics_daily (day, type, path, label, referrer, utm_source, utm_medium, utm_campaign, events, visitors)
      select day, type, path, coalesce(label, ''), coalesce(referrer, ''), coalesce(utm_source, ''), coalesce(utm_medium, ''), coalesce(utm_campaign, ''),
             count(*)::int, count(distinct visitor)::int
        from analytics_events
       where day between ${first}::date and ${last}::date
       group by 1, 2, 3, 4, 5, 6, 7, 8
      union all
      select day, type, '*', '*', '*', '*', '*', '*', count(*)::int, count(distinct visitor)::int
        from analytics_events
       where day between ${first}::date and ${last}::date
       group by 1, 2
      on conflict (day, type, path, label, referrer, utm_source, utm_medium, utm_campaign)
      do update set events = excluded.events, visitors = excluded.visitors`);
  });
}

/** Drops raw events older than RAW_DAYS and the salts of days before yesterday. */
export async function purgeAnalytics() {
  const handle = await db();
  const today = utcDay();
  await handle.delete(analyticsEvents).where(lt(analyticsEvents.day, addDays(today, -(RAW_DAYS - 1))));
  await handle.delete(analyticsSalts).where(lt(analyticsSalts.day, addDays(today, -1)));
}

async function maintain() {
  try {
    await flushAnalytics();
    // Every process writes its own events; the rollup and purge run in one of them per minute.
    if (!(await claimTimer(await db(), "analytics-rollup", ROLLUP_EVERY_MS))) return;
    await rollUpAnalytics();
    await purgeAnalytics();
  } catch (error) {
    log.error("analytics rollup failed", { error: error instanceof Error ? error.message : String(error) });
  }
}

/** Started by the server (lifecycle.server.ts): the minute rollup and purge. */
export function startAnalyticsRollup() {
  rollupTimer ??= setInterval(() => void maintain(), ROLLUP_EVERY_MS).unref();
}

/** On shutdown: stops the timers and writes what is queued, before the database closes. */
export async function stopAnalytics() {
  if (rollupTimer) clearInterval(rollupTimer);
  if (flushTimer) clearInterval(flushTimer);
  rollupTimer = flushTimer = undefined;
  await flushAnalytics();
}
