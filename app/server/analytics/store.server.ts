import { lt, sql } from "drizzle-orm";
import { db } from "../db/client.server";
import { aiCrawls, analyticsDaily, analyticsDailyChanges, analyticsEvents, analyticsRollups, analyticsSalts, answerEngineVisits } from "../db/schema.server";
import { config } from "~/server/core/env.server";
import type { Task } from "~/server/jobs/jobs.server";
import { log } from "~/server/core/log.server";
import { publiclyVisible } from "~/server/posts/post-queries.server";
import { SITE_PAGES } from "~/lib/site-pages";
import { utcDay } from "./day.server";
import { rollUpAnswerEngineVisits } from "./answer-engines.server";
import { flushCrawls } from "./crawl-counts.server";
import { warmKeptSums } from "./kept-sums.server";

/**
 * Where beacon events go (docs/decisions: beacon analytics, 0038): an in-memory batch written with
 * multi-row inserts every second or every BATCH_SIZE events, never one insert per request (a batch
 * the database refuses is split until the row it cannot store is found and dropped); a rollup every
 * minute (a pg-boss job, one process of the cluster) into analytics_daily for today and yesterday,
 * which also drops raw events older than 30 days, past days' salts and rollups older than
 * ANALYTICS_RETENTION_MONTHS.
 */
export type AnalyticsEvent = typeof analyticsEvents.$inferInsert;

/** Rows per INSERT statement (eleven array parameters, whatever the number of rows). */
const BATCH_SIZE = 2000;
const FLUSH_EVERY_MS = 1000;
/** Events held while the database is slow or away; beyond this the newest are dropped (and logged). */
const MAX_PENDING = 200_000;
/** The advisory lock key of rollUpAnalytics. */
const ROLLUP_LOCK = 0x5a_0012;
/** Raw events are kept this many days; the rollups ANALYTICS_RETENTION_MONTHS. */
export const RAW_DAYS = 30;

/** Referrers, campaigns and CTA labels kept by name per day, the most frequent first; the rest count under OTHER. */
export const TOP_PER_DAY = 50;
/**
 * The value a rollup row holds for "everything else" (pages that are not the site's, referrers,
 * campaigns and labels past TOP_PER_DAY). Never a path (no leading '/'); any real value equal to it
 * is simply counted with the others.
 */
export const OTHER = "(other)";

let pending: AnalyticsEvent[] = [];
let writing: Promise<void> = Promise.resolve();
let flushTimer: ReturnType<typeof setInterval> | undefined;
let dropped = 0;

export { utcDay };

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
    insert into analytics_events (day, visitor, type, path, label, referrer, utm_source, utm_medium, utm_campaign, landing, engine)
    select * from unnest(${column("day")}::date[], ${column("visitor")}::text[], ${column("type")}::text[], ${column("path")}::text[],
                         ${column("label")}::text[], ${column("referrer")}::text[], ${column("utmSource")}::text[], ${column("utmMedium")}::text[],
                         ${column("utmCampaign")}::text[], ${column("landing")}::text[], ${column("engine")}::text[])`);
}

/**
 * Recomputes analytics_daily for the UTC days `from`..`to` (default yesterday and today) from the
 * raw events: each of those days that still has raw events gets its rows replaced (running it
 * twice changes nothing); a day whose raw events are purged keeps its rows.
 *
 * A day's rows per type (docs/decisions/0038): the total (every dimension '*'), then one breakdown
 * per dimension with the others '*': per page (a path that is not one of the site's pages counts
 * under OTHER), per CTA label, per referrer ('' for none) and per campaign (utm_source, utm_medium,
 * utm_campaign; '' for none), the last three keeping the TOP_PER_DAY most frequent values of the
 * day by name and counting the rest under OTHER. So a day holds a bounded number of rows whatever
 * is sent, and each row's visitors are that value's distinct visitors.
 */
export async function rollUpAnalytics(from?: string, to?: string): Promise<void> {
  const today = utcDay();
  const last = to ?? today;
  const first = from ?? addDays(today, -1);
  if (first > last) return;
  const handle = await db();
  await handle.transaction(async (tx) => {
    // One rollup at a time (the minute job runs in one process at a time, the Analytics screen may roll up meanwhile): the next waits, then writes the same rows.
    await tx.execute(sql`select pg_advisory_xact_lock(${ROLLUP_LOCK})`);
    // What this rollup reads of each day, noted before it reads (an event stored meanwhile is then
    // counted but not noted, and the next view rolls its day up again: never the other way round).
    await tx.execute(sql`
      insert into analytics_rollups (day, events, last_id)
      select day, count(*)::int, max(id) from analytics_events where day between ${first}::date and ${last}::date group by day
      on conflict (day) do update set events = excluded.events, last_id = excluded.last_id`);
    // '*' is never kept by name: a label, referrer or campaign of '*' would be a total row.
    await tx.execute(sql`
      with events as (
        select day, type, visitor, path, coalesce(label, '') as label, coalesce(referrer, '') as referrer,
               coalesce(utm_source, '') as utm_source, coalesce(utm_medium, '') as utm_medium, coalesce(utm_campaign, '') as utm_campaign
          from analytics_events
         where day between ${first}::date and ${last}::date
      ),
      -- Pages kept by path: the site's pages and each public post (a tag or category page is /blog
      -- with a query, which the collector drops); every other path is counted under OTHER. Only
      -- the paths the events name are looked up (by slug), never the list of every public post.
      pages as (
        select path from (select distinct path from events) p
         where path = any(${sql.param(SITE_PAGES)}::text[])
            or (path like '/blog/%' and exists (select 1 from blog_posts where blog_posts.slug = substr(p.path, 7) and ${publiclyVisible()}))
      ),
      labels as (
        select day, label from (
          select day, label, row_number() over (partition by day order by count(*) desc, label) as rank
            from events where label not in ('', '*') group by day, label) ranked
         where rank <= ${TOP_PER_DAY}
      ),
      referrers as (
        select day, referrer from (
          select day, referrer, row_number() over (partition by day order by count(*) desc, referrer) as rank
            from events where referrer not in ('', '*') group by day, referrer) ranked
         where rank <= ${TOP_PER_DAY}
      ),
      campaigns as (
        select day, utm_source, utm_medium, utm_campaign from (
          select day, utm_source, utm_medium, utm_campaign,
                 row_number() over (partition by day order by count(*) desc, utm_source, utm_medium, utm_campaign) as rank
            from events where (utm_source, utm_medium, utm_campaign) not in (('', '', ''), ('*', '*', '*'))
           group by day, utm_source, utm_medium, utm_campaign) ranked
         where rank <= ${TOP_PER_DAY}
      ),
      kept as (
        select e.day, e.type, e.visitor,
               case when e.path in (select path from pages) then e.path else ${OTHER} end as page,
               case when e.label = '' or l.label is not null then e.label else ${OTHER} end as label,
               case when e.referrer = '' or r.referrer is not null then e.referrer else ${OTHER} end as referrer,
               case when (e.utm_source, e.utm_medium, e.utm_campaign) = ('', '', '') or c.day is not null then e.utm_source else ${OTHER} end as utm_source,
               case when (e.utm_source, e.utm_medium, e.utm_campaign) = ('', '', '') or c.day is not null then e.utm_medium else ${OTHER} end as utm_medium,
               case when (e.utm_source, e.utm_medium, e.utm_campaign) = ('', '', '') or c.day is not null then e.utm_campaign else ${OTHER} end as utm_campaign
          from events e
          left join labels l on l.day = e.day and l.label = e.label
          left join referrers r on r.day = e.day and r.referrer = e.referrer
          left join campaigns c on c.day = e.day and c.utm_source = e.utm_source and c.utm_medium = e.utm_medium and c.utm_campaign = e.utm_campaign
      ),
      fresh as (
        select day, type,
               case when grouping(page) = 0 then page else '*' end as path,
               case when grouping(label) = 0 then label else '*' end as label,
               case when grouping(referrer) = 0 then referrer else '*' end as referrer,
               case when grouping(utm_source) = 0 then utm_source else '*' end as utm_source,
               case when grouping(utm_medium) = 0 then utm_medium else '*' end as utm_medium,
               case when grouping(utm_campaign) = 0 then utm_campaign else '*' end as utm_campaign,
               count(*)::int as events, count(distinct visitor)::int as visitors
          from kept
         group by day, type, grouping sets ((), (page), (label), (referrer), (utm_source, utm_medium, utm_campaign))
      ),
      -- Only what changed is written: a row the day no longer has is deleted, a new one inserted,
      -- one whose counts moved updated, the rest left as they are (the whole day used to be deleted
      -- and written again, each minute and on each view with new events: 1,761 rows on a busy day
      -- for a handful of changes, and every rewrite a new version of the day for the kept sums).
      gone as (
        delete from analytics_daily d
         where d.day between ${first}::date and ${last}::date
           and d.day in (select day from fresh)
           and not exists (
             select 1 from fresh f
              where (f.day, f.type, f.path, f.label, f.referrer, f.utm_source, f.utm_medium, f.utm_campaign)
                  = (d.day, d.type, d.path, d.label, d.referrer, d.utm_source, d.utm_medium, d.utm_campaign))
      )
      insert into analytics_daily as d (day, type, path, label, referrer, utm_source, utm_medium, utm_campaign, events, visitors)
      select * from fresh
      on conflict (day, type, path, label, referrer, utm_source, utm_medium, utm_campaign)
      do update set events = excluded.events, visitors = excluded.visitors
       where (d.events, d.visitors) is distinct from (excluded.events, excluded.visitors)`);
    await rollUpAnswerEngineVisits(tx, first, last, OTHER);
  });
}

/**
 * Drops raw events older than RAW_DAYS, the salts of days before yesterday, and the rollups (with
 * the answer-engine visits, AI crawl counts and the days' change versions) of
 * days more than `retentionMonths` (ANALYTICS_RETENTION_MONTHS) before today.
 */
export async function purgeAnalytics({
  today = utcDay(),
  retentionMonths = config().analyticsRetentionMonths,
}: { today?: string; retentionMonths?: number } = {}) {
  const handle = await db();
  await handle.delete(analyticsEvents).where(lt(analyticsEvents.day, addDays(today, -(RAW_DAYS - 1))));
  await handle.delete(analyticsRollups).where(lt(analyticsRollups.day, addDays(today, -(RAW_DAYS - 1))));
  await handle.delete(analyticsSalts).where(lt(analyticsSalts.day, addDays(today, -1)));
  const kept = sql`(${today}::date - make_interval(months => ${retentionMonths}))::date`;
  // analytics_daily before analytics_daily_changes: deleting the rollups marks their days changed.
  for (const rollup of [analyticsDaily, answerEngineVisits, aiCrawls, analyticsDailyChanges]) await handle.delete(rollup).where(lt(rollup.day, kept));
}

/**
 * The rollup and retention, then the Analytics screen's kept sums checked (kept-sums.server.ts),
 * a pg-boss schedule (jobs.server.ts) run each minute by one process of
 * the cluster: that process's queued events first, then today's and yesterday's rollups and the
 * purge. Every process writes its own events every second (flushAnalytics, above).
 */
export const ANALYTICS_MAINTENANCE_TASK: Task = {
  name: "analytics-maintenance",
  cron: "* * * * *",
  run: async () => {
    await flushAnalytics();
    await flushCrawls();
    await rollUpAnalytics();
    await purgeAnalytics();
    await warmKeptSums(await db());
  },
  // The next minute's run is the retry; a minute's jobs are kept an hour, not pg-boss's 7 days.
  queue: { retryLimit: 0, expireInSeconds: 5 * 60, deleteAfterSeconds: 3600 },
};

/** On shutdown: stops the flush timer and writes what is queued, before the database closes. */
export async function stopAnalytics() {
  if (flushTimer) clearInterval(flushTimer);
  flushTimer = undefined;
  await flushAnalytics();
}
