import { sql } from "drizzle-orm";
import { db } from "../db/client.server";

/** A UTC day as 'YYYY-MM-DD'. */
function utcDay(value: Date) {
  return value.toISOString().slice(0, 10);
}

function dayOf(value: string | Date) {
  return typeof value === "string" ? value : utcDay(value);
}

/**
 * Writes the events waiting in this process's batch. The beacon branch owns the batch (the
 * collect endpoint queues events and writes them in bulk); here there is none to write.
 */
export async function flushAnalytics(): Promise<void> {}

/**
 * Recomputes analytics_daily from analytics_events for the UTC days `from`..`to` (both included;
 * yesterday and today by default): one breakdown row per combination of path, label, referrer
 * and UTM tags ('' when none), and per type a total row with '*' in each of them whose visitors
 * are the day's distinct visitors. Rows are upserted, never deleted, so days whose raw events are
 * gone (after 30 days) keep their figures.
 */
export async function rollUpAnalytics(from?: string | Date, to?: string | Date): Promise<void> {
  const now = new Date();
  const last = to === undefined ? utcDay(now) : dayOf(to);
  const first = from === undefined ? utcDay(new Date(now.getTime() - 24 * 60 * 60 * 1000)) : dayOf(from);
  const database = await db();
  await database.execute(sql`
    insert into analytics_daily (day, type, path, label, referrer, utm_source, utm_medium, utm_campaign, events, visitors)
    select day, type, path, coalesce(label, ''), coalesce(referrer, ''), coalesce(utm_source, ''), coalesce(utm_medium, ''), coalesce(utm_campaign, ''),
           count(*)::int, count(distinct visitor)::int
      from analytics_events
     where day between ${first}::date and ${last}::date
     group by day, type, path, coalesce(label, ''), coalesce(referrer, ''), coalesce(utm_source, ''), coalesce(utm_medium, ''), coalesce(utm_campaign, '')
    union all
    select day, type, '*', '*', '*', '*', '*', '*', count(*)::int, count(distinct visitor)::int
      from analytics_events
     where day between ${first}::date and ${last}::date
     group by day, type
    on conflict (day, type, path, label, referrer, utm_source, utm_medium, utm_campaign)
    do update set events = excluded.events, visitors = excluded.visitors
  `);
}
