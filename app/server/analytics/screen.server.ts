import { sql } from "drizzle-orm";
import { db } from "../db/client.server";
import { addDays, type PeriodRange } from "~/lib/analytics-period";
import { flushAnalytics, rollUpAnalytics } from "./store.server";
import { flushCrawls } from "./crawl-counts.server";
import { analyticsReport } from "./report.server";

/**
 * The Analytics screen's roll-up on view: only the days of `from`..`to` whose raw events differ
 * from what their last rollup read (analytics_rollups: count and largest id), i.e. that received
 * events since the minute's rollup or the previous view's, usually today alone, or none. Counting
 * a day's events reads its rows of analytics_events_day_idx, a few thousand at most.
 */
export async function rollUpArrivals(from: string, to: string): Promise<void> {
  const result: unknown = await (
    await db()
  ).execute(sql`
    select e.day::text as day
      from (select day, count(*)::int as events, max(id) as last_id from analytics_events
             where day between ${from}::date and ${to}::date group by day) e
      left join analytics_rollups r using (day)
     where r.day is null or r.events <> e.events or r.last_id <> e.last_id
     order by e.day`);
  const days = (result as { rows: { day: string }[] }).rows.map((r) => r.day);
  if (days.length > 0) await rollUpAnalytics(days[0], days[days.length - 1]);
}

/**
 * What /admin/analytics reads (its loader, and bench:scale's in-process timing): the events and AI
 * crawl counts still in this process's memory written, then the days of today and yesterday (older
 * days are final) that received events since they were last rolled up, then the report.
 */
export async function analyticsScreen(range: PeriodRange) {
  await flushAnalytics();
  await flushCrawls();
  await rollUpArrivals(range.from > addDays(range.to, -1) ? range.from : addDays(range.to, -1), range.to);
  return analyticsReport(await db(), range);
}
