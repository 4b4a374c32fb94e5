import { sql } from "drizzle-orm";
import type { Queryable } from "../db/client.server";
import type { PeriodRange } from "~/lib/analytics-period";
import { OTHER } from "./store.server";
import { leadsBetween, n, query, TOP, utcStart } from "./report-sql.server";
import { topPosts, type PostRow } from "./top-posts.server";
import { REPORT_WAYS, revenueByWays, revenueReport, spanOfPeriod, type RevenueReport } from "./revenue.server";
import { answerEngineReport, ENGINE_WAYS, type AnswerEngineReport } from "./answer-engines.server";
import { campaignKey, keptSums, topCandidates, TOTAL_ROW, type KeySums } from "./kept-sums.server";

/**
 * The Analytics screen's figures. Visits come from the daily rollups (analytics_daily: the '*'
 * rows are each day's totals per type, the others break them down), never from the raw events,
 * so a year answers as fast as a week; audit requests come from the leads table. Every query
 * binds the same few parameters whatever the data holds (docs/decisions/0038).
 */

const FUNNEL_TYPES = ["pageview", "audit_open", "audit_sent", "booking"] as const;
type FunnelType = (typeof FUNNEL_TYPES)[number];

export type Totals = { visitors: number; pageViews: number; auditRequests: number };
export type SeriesPoint = { bucket: string; visitors: number; auditRequests: number };
/** 'call': the leads whose booked call the scheduler's webhook confirmed (revenue.server.ts), after the frame's 'booking' message. */
export type FunnelStep = { type: FunnelType | "call"; visitors: number };
/** `path` null: the pages that are not the site's, together ("Other pages"). */
export type PageRow = { path: string | null; views: number; visitors: number };
/** `referrer` '' for direct visits, null for the referrers past each day's top ones together ("Other sources"). */
export type SourceRow = { referrer: string | null; views: number; leads: number };
/** All three null: the campaigns past each day's top ones together ("Other campaigns"). */
export type CampaignRow = { source: string | null; medium: string | null; campaign: string | null; views: number; leads: number };

export type AnalyticsReport = {
  current: Totals;
  previous: Totals;
  series: SeriesPoint[];
  funnel: FunnelStep[];
  pages: PageRow[];
  posts: PostRow[];
  sources: SourceRow[];
  campaigns: CampaignRow[];
  revenue: RevenueReport;
  answerEngines: AnswerEngineReport;
};

/*
 * The breakdown rows of page views per dimension. A day rolled up since decision 0038 has one row
 * per value of each dimension, the others '*'; an older day has one row per combination of all of
 * them. "This dimension is not '*'" picks the right rows of both, and summing them per value gives
 * its page views either way (the rollup never stores a referrer, or a whole campaign, of '*').
 * Visitors per page are exact on the newer days, a sum over combinations on the older ones.
 * The sums per page, referrer and campaign are kept-sums.server.ts's (the rows each reads are there).
 */

export async function analyticsReport(db: Queryable, range: PeriodRange): Promise<AnalyticsReport> {
  const { from, to, previous } = range;
  // Revenue and the answer engines' credit: every way in one statement (revenue.server.ts).
  const credited = revenueByWays(db, spanOfPeriod(range), { ...REPORT_WAYS, ...ENGINE_WAYS });
  const [totals, leadTotals, series, pages, posts, sources, campaigns, revenue, answerEngines] = await Promise.all([
    totalsByType(db, range),
    query<{ current: number; previous: number }>(
      db,
      sql`select count(*) filter (where created_at >= ${utcStart(from)})::int as current, count(*) filter (where created_at < ${utcStart(from)})::int as previous
            from leads where ${leadsBetween(previous.from, to)}`,
    ),
    seriesOf(db, range),
    topPages(db, range),
    topPosts(db, range),
    topSources(db, range),
    topCampaigns(db, range),
    revenueReport(db, range, credited),
    answerEngineReport(db, range, credited),
  ]);

  const leadCounts = leadTotals[0] ?? { current: 0, previous: 0 };
  const total = (period: "current" | "previous", type: FunnelType, field: "events" | "visitors") =>
    n(totals.find((t) => t.period === period && t.type === type)?.[field]);

  return {
    current: { visitors: total("current", "pageview", "visitors"), pageViews: total("current", "pageview", "events"), auditRequests: n(leadCounts.current) },
    previous: {
      visitors: total("previous", "pageview", "visitors"),
      pageViews: total("previous", "pageview", "events"),
      auditRequests: n(leadCounts.previous),
    },
    series,
    funnel: [...FUNNEL_TYPES.map((type) => ({ type, visitors: total("current", type, "visitors") })), { type: "call", visitors: revenue.total.calls }],
    pages,
    posts,
    sources,
    campaigns,
    revenue,
    answerEngines,
  };
}

/*
 * The top lists: each one query that sums, joins, sorts and keeps the first TOP rows in the
 * database, with the same few parameters however many pages, referrers or campaigns were recorded.
 */

/**
 * The most viewed pages, the pages that are not the site's as one row. The sums come most viewed
 * first (kept-sums.server.ts); every path tied with the tenth is read, and the database orders
 * them as before (its collation for paths).
 */
async function topPages(db: Queryable, { from, to }: PeriodRange): Promise<PageRow[]> {
  const list: KeySums[] = [];
  for (const r of (await keptSums(db, "page", from, to)).ordered) {
    const tenth = list[TOP - 1];
    if (tenth && (r.views < tenth.views || (r.views === tenth.views && r.visitors < tenth.visitors))) break;
    list.push(r);
  }
  if (list.length === 0) return [];
  // Those read as much as the tenth are a tie that only paths order: sent as paths alone, the first TOP kept.
  const { views, visitors } = list.at(-1)!;
  const tied = list.filter((r) => r.views === views && r.visitors === visitors);
  const few = list.filter((r) => r.views !== views || r.visitors !== visitors);
  const rows = await query<{ path: string; views: number; visitors: number }>(
    db,
    sql`with tied as (select path from unnest(${sql.param(tied.map((r) => r.key))}::text[]) as t(path) order by path limit ${TOP})
        select path, views, visitors
          from unnest(${sql.param(few.map((r) => r.key))}::text[], ${sql.param(few.map((r) => r.views))}::int[],
                      ${sql.param(few.map((r) => r.visitors))}::int[]) as c(path, views, visitors)
        union all
        select path, ${views}::int, ${visitors}::int from tied
         order by views desc, visitors desc, path
         limit ${TOP}`,
  );
  return rows.map((r) => ({ path: r.path === OTHER ? null : r.path, views: n(r.views), visitors: n(r.visitors) }));
}

/** Page views and leads per referring domain ('' for direct), most views first, then most leads. */
async function topSources(db: Queryable, { from, to }: PeriodRange): Promise<SourceRow[]> {
  const [sums, brought] = await Promise.all([
    keptSums(db, "referrer", from, to),
    query<{ key: string; leads: number }>(
      db,
      sql`select coalesce(referrer, '') as key, count(*)::int as leads from leads where ${leadsBetween(from, to)} group by 1`,
    ),
  ]);
  const list = topCandidates(TOP, sums, new Map(brought.map((b) => [b.key, n(b.leads)])), () => true);
  if (list.length === 0) return [];
  const rows = await query<{ referrer: string; views: number; leads: number }>(
    db,
    sql`select referrer, views, leads
          from unnest(${sql.param(list.map(([key]) => key))}::text[], ${sql.param(list.map(([, c]) => c.views))}::int[],
                      ${sql.param(list.map(([, c]) => c.leads))}::int[]) as c(referrer, views, leads)
         order by views desc, leads desc, referrer
         limit ${TOP}`,
  );
  return rows.map((r) => ({ referrer: r.referrer === OTHER ? null : r.referrer, views: n(r.views), leads: n(r.leads) }));
}

/** A campaign key's three tags; none set (all '') is not a campaign. */
const tagsOf = (key: string) => JSON.parse(key) as [string, string, string];
const isCampaign = (key: string) => tagsOf(key).some((tag) => tag !== "");

/** Page views and leads per campaign (any UTM tag set), most views first, then most leads. */
async function topCampaigns(db: Queryable, { from, to }: PeriodRange): Promise<CampaignRow[]> {
  const [sums, brought] = await Promise.all([
    keptSums(db, "campaign", from, to),
    query<{ key: string; leads: number }>(
      db,
      sql`select ${campaignKey(sql`coalesce(utm_source, '')`, sql`coalesce(utm_medium, '')`, sql`coalesce(utm_campaign, '')`)} as key, count(*)::int as leads
            from leads where ${leadsBetween(from, to)} group by 1`,
    ),
  ]);
  const list = topCandidates(TOP, sums, new Map(brought.map((b) => [b.key, n(b.leads)])), isCampaign).map(([key, c]) => ({ tags: tagsOf(key), ...c }));
  if (list.length === 0) return [];
  const rows = await query<{ source: string; medium: string; campaign: string; views: number; leads: number }>(
    db,
    sql`select source, medium, campaign, views, leads
          from unnest(${sql.param(list.map((c) => c.tags[0]))}::text[], ${sql.param(list.map((c) => c.tags[1]))}::text[],
                      ${sql.param(list.map((c) => c.tags[2]))}::text[], ${sql.param(list.map((c) => c.views))}::int[],
                      ${sql.param(list.map((c) => c.leads))}::int[]) as c(source, medium, campaign, views, leads)
         order by views desc, leads desc, source, medium, campaign
         limit ${TOP}`,
  );
  return rows.map((r) => {
    const other = r.source === OTHER && r.medium === OTHER && r.campaign === OTHER;
    return {
      source: other ? null : r.source,
      medium: other ? null : r.medium,
      campaign: other ? null : r.campaign,
      views: n(r.views),
      leads: n(r.leads),
    };
  });
}

/** Events and summed daily visitors per type in the period and the one before, from the '*' rows. */
async function totalsByType(db: Queryable, { from, to, previous }: PeriodRange) {
  return query<{ period: "current" | "previous"; type: FunnelType; events: number; visitors: number }>(
    db,
    sql`select case when day >= ${from}::date then 'current' else 'previous' end as period, type,
               sum(events)::int as events, sum(visitors)::int as visitors
          from analytics_daily
         where day between ${previous.from}::date and ${to}::date and ${TOTAL_ROW}
           and type in ('pageview', 'audit_open', 'audit_sent', 'booking')
         group by 1, 2`,
  );
}

/** Visitors and audit requests per day (or per month for 'Last 12 months'), zeros included. */
async function seriesOf(db: Queryable, { from, to, unit, buckets }: PeriodRange): Promise<SeriesPoint[]> {
  const format = unit === "month" ? "YYYY-MM" : "YYYY-MM-DD";
  const [visits, leads] = await Promise.all([
    query<{ bucket: string; visitors: number }>(
      db,
      sql`select to_char(day, ${format}) as bucket, sum(visitors)::int as visitors from analytics_daily
           where day between ${from}::date and ${to}::date and type = 'pageview' and ${TOTAL_ROW}
           group by 1`,
    ),
    query<{ bucket: string; leads: number }>(
      db,
      sql`select to_char(created_at at time zone 'UTC', ${format}) as bucket, count(*)::int as leads from leads where ${leadsBetween(from, to)} group by 1`,
    ),
  ]);
  const visitorsBy = new Map(visits.map((v) => [v.bucket, n(v.visitors)]));
  const leadsBy = new Map(leads.map((l) => [l.bucket, n(l.leads)]));
  return buckets.map((bucket) => ({ bucket, visitors: visitorsBy.get(bucket) ?? 0, auditRequests: leadsBy.get(bucket) ?? 0 }));
}
