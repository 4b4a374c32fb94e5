import { sql, type SQL } from "drizzle-orm";
import type { Queryable } from "../db/client.server";
import { addDays, type PeriodRange } from "~/lib/analytics-period";

/**
 * The Analytics screen's figures. Visits come from the daily rollups (analytics_daily: the '*'
 * rows are each day's totals per type, the others break them down), never from the raw events,
 * so a year answers as fast as a week; audit requests come from the leads table.
 */

const TOP = 10;
const FUNNEL_TYPES = ["pageview", "audit_open", "audit_sent", "booking"] as const;
type FunnelType = (typeof FUNNEL_TYPES)[number];

export type Totals = { visitors: number; pageViews: number; auditRequests: number };
export type SeriesPoint = { bucket: string; visitors: number; auditRequests: number };
export type FunnelStep = { type: FunnelType; visitors: number };
export type PageRow = { path: string; views: number; visitors: number };
export type PostRow = { slug: string; title: string; path: string; views: number; visitors: number; leads: number };
export type SourceRow = { referrer: string; views: number; leads: number };
export type CampaignRow = { source: string; medium: string; campaign: string; views: number; leads: number };

export type AnalyticsReport = {
  current: Totals;
  previous: Totals;
  series: SeriesPoint[];
  funnel: FunnelStep[];
  pages: PageRow[];
  posts: PostRow[];
  sources: SourceRow[];
  campaigns: CampaignRow[];
};

/** Both drivers (PGlite, node-postgres) answer raw SQL with { rows }. */
async function query<T>(db: Queryable, statement: SQL): Promise<T[]> {
  const result: unknown = await db.execute(statement);
  return (result as { rows: T[] }).rows;
}

/** The '*' rows: one per day and type. */
const TOTAL_ROW = sql`path = '*' and label = '*' and referrer = '*' and utm_source = '*' and utm_medium = '*' and utm_campaign = '*'`;
/** The breakdown rows of page views. */
const PAGEVIEW_BREAKDOWN = sql`type = 'pageview' and path <> '*'`;

/** Leads created on the UTC days from..to (both included). */
function leadsBetween(from: string, to: string) {
  return sql`created_at >= ${utcStart(from)} and created_at < ${utcStart(addDays(to, 1))}`;
}

/** Midnight UTC of a day, whatever the database session's time zone. */
function utcStart(day: string) {
  return sql`${`${day}T00:00:00Z`}::timestamptz`;
}

const n = (value: unknown) => Number(value ?? 0);

export async function analyticsReport(db: Queryable, range: PeriodRange): Promise<AnalyticsReport> {
  const { from, to, previous } = range;
  const [totals, leadTotals, series, breakdown, leadAttribution, brought] = await Promise.all([
    totalsByType(db, range),
    query<{ current: number; previous: number }>(
      db,
      sql`select count(*) filter (where created_at >= ${utcStart(from)})::int as current, count(*) filter (where created_at < ${utcStart(from)})::int as previous
            from leads where ${leadsBetween(previous.from, to)}`,
    ),
    seriesOf(db, range),
    // One pass over the period's page-view breakdown rows gives the pages, the sources and the campaigns.
    query<{
      kind: "page" | "source" | "campaign";
      path: string;
      referrer: string;
      source: string;
      medium: string;
      campaign: string;
      views: number;
      visitors: number;
    }>(
      db,
      sql`select case when grouping(path) = 0 then 'page' when grouping(referrer) = 0 then 'source' else 'campaign' end as kind,
                 path, referrer, utm_source as source, utm_medium as medium, utm_campaign as campaign,
                 sum(events)::int as views, sum(visitors)::int as visitors
            from analytics_daily
           where day between ${from}::date and ${to}::date and ${PAGEVIEW_BREAKDOWN}
           group by grouping sets ((path), (referrer), (utm_source, utm_medium, utm_campaign))`,
    ),
    query<{ kind: "source" | "campaign"; referrer: string; source: string; medium: string; campaign: string; leads: number }>(
      db,
      sql`select case when grouping(coalesce(referrer, '')) = 0 then 'source' else 'campaign' end as kind,
                 coalesce(referrer, '') as referrer, coalesce(utm_source, '') as source, coalesce(utm_medium, '') as medium,
                 coalesce(utm_campaign, '') as campaign, count(*)::int as leads
            from leads
           where ${leadsBetween(from, to)}
           group by grouping sets ((coalesce(referrer, '')), (coalesce(utm_source, ''), coalesce(utm_medium, ''), coalesce(utm_campaign, '')))`,
    ),
    query<{ path: string; leads: number }>(
      db,
      sql`select converted_on as path, count(*)::int as leads from leads
           where ${leadsBetween(from, to)} and left(converted_on, 6) = '/blog/'
           group by converted_on`,
    ),
  ]);

  const leadCounts = leadTotals[0] ?? { current: 0, previous: 0 };
  const total = (period: "current" | "previous", type: FunnelType, field: "events" | "visitors") =>
    n(totals.find((t) => t.period === period && t.type === type)?.[field]);
  const pageRows = breakdown.filter((r) => r.kind === "page").map((p) => ({ path: p.path, views: n(p.views), visitors: n(p.visitors) }));
  const hasUtm = (c: { source: string; medium: string; campaign: string }) => c.source !== "" || c.medium !== "" || c.campaign !== "";

  return {
    current: { visitors: total("current", "pageview", "visitors"), pageViews: total("current", "pageview", "events"), auditRequests: n(leadCounts.current) },
    previous: {
      visitors: total("previous", "pageview", "visitors"),
      pageViews: total("previous", "pageview", "events"),
      auditRequests: n(leadCounts.previous),
    },
    series,
    funnel: FUNNEL_TYPES.map((type) => ({ type, visitors: total("current", type, "visitors") })),
    pages: pageRows.sort((a, b) => b.views - a.views || b.visitors - a.visitors || a.path.localeCompare(b.path)).slice(0, TOP),
    posts: await topPosts(
      db,
      pageRows.filter((p) => p.path.startsWith("/blog/")),
      brought.map((b) => ({ path: b.path, leads: n(b.leads) })),
    ),
    sources: merge(
      breakdown.filter((r) => r.kind === "source").map((s) => ({ key: s.referrer, row: { referrer: s.referrer, views: n(s.views), leads: 0 } })),
      leadAttribution.filter((r) => r.kind === "source").map((s) => ({ key: s.referrer, row: { referrer: s.referrer, views: 0, leads: n(s.leads) } })),
    ),
    campaigns: merge(
      breakdown
        .filter((r) => r.kind === "campaign" && hasUtm(r))
        .map((c) => ({ key: campaignKey(c), row: { source: c.source, medium: c.medium, campaign: c.campaign, views: n(c.views), leads: 0 } })),
      leadAttribution
        .filter((r) => r.kind === "campaign" && hasUtm(r))
        .map((c) => ({ key: campaignKey(c), row: { source: c.source, medium: c.medium, campaign: c.campaign, views: 0, leads: n(c.leads) } })),
    ),
  };
}

/** The posts read or converted on in the period (matched by their current slug), most read first, with the leads each brought. */
async function topPosts(db: Queryable, viewed: PageRow[], brought: { path: string; leads: number }[]): Promise<PostRow[]> {
  const paths = [...new Set([...viewed.map((v) => v.path), ...brought.map((b) => b.path)])];
  if (paths.length === 0) return [];
  const slugs = paths.map((p) => p.slice("/blog/".length));
  const posts = await query<{ slug: string; title: string }>(
    db,
    sql`select slug, title from blog_posts where slug in (${sql.join(
      slugs.map((slug) => sql`${slug}`),
      sql`, `,
    )})`,
  );
  const views = new Map(viewed.map((v) => [v.path, v]));
  const leads = new Map(brought.map((b) => [b.path, b.leads]));
  return posts
    .map((p) => {
      const path = `/blog/${p.slug}`;
      return { slug: p.slug, title: p.title, path, views: views.get(path)?.views ?? 0, visitors: views.get(path)?.visitors ?? 0, leads: leads.get(path) ?? 0 };
    })
    .sort((a, b) => b.views - a.views || b.leads - a.leads || a.title.localeCompare(b.title))
    .slice(0, TOP);
}

function campaignKey(c: { source: string; medium: string; campaign: string }) {
  return JSON.stringify([c.source, c.medium, c.campaign]);
}

/** Joins page views and leads of the same source (or campaign), most views first, then most leads. */
function merge<T extends { views: number; leads: number }>(views: { key: string; row: T }[], leads: { key: string; row: T }[]): T[] {
  const byKey = new Map(views.map((v) => [v.key, { ...v.row }]));
  for (const { key, row } of leads) {
    const known = byKey.get(key);
    if (known) known.leads = row.leads;
    else byKey.set(key, { ...row });
  }
  return [...byKey.entries()]
    .sort(([ka, a], [kb, b]) => b.views - a.views || b.leads - a.leads || ka.localeCompare(kb))
    .slice(0, TOP)
    .map(([, row]) => row);
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
