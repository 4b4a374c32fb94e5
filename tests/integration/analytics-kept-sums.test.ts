import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshTestDatabase, testPostgresUrl } from "../support/test-db";
import { post } from "../support/post-input";
import type { DbHandle } from "~/server/db/client.server";
import { analyticsDaily, blogPosts, leads } from "~/server/db/schema.server";
import { analyticsReport } from "~/server/analytics/report.server";
import { utcDay } from "~/server/analytics/store.server";
import { addDays, periodRange, type PeriodKey } from "~/lib/analytics-period";

process.env.AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";

const DB = testPostgresUrl() ? "PostgreSQL" : "PGlite";

/*
 * The top pages, posts, sources and campaigns of /admin/analytics keep the sums of a period's
 * older days in memory (app/server/analytics/kept-sums.server.ts). Whatever is kept, they must
 * read exactly what one query over every row reads: these tests compare them with that query (the
 * report's before the sums were kept) on made-up days full of ties, then rewrite an old day (its
 * totals, or one breakdown row alone) and add today's views.
 */

let handle: DbHandle;
const today = utcDay();
const POSTS = 40;
/** Paths /blog/p-41 … p-45 have views but no post (renamed or deleted): never listed. */
const PATHS = ["/", "/team", "/blog", "(other)", ...Array.from({ length: POSTS + 5 }, (_, i) => `/blog/p-${i + 1}`)];

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function generator(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Referrers ('' direct, '(other)' past the day's top ones) and campaigns ([source, medium, campaign]). */
const REFERRERS = ["", "(other)", "www.google.com", "chatgpt.com", "news.ycombinator.com", ...Array.from({ length: 15 }, (_, i) => `r${i}.example`)];
const CAMPAIGNS = [
  ["(other)", "(other)", "(other)"],
  ["newsletter", "email", "week-1"],
  ["newsletter", "email", "week-2"],
  ["newsletter", "", ""],
  ["", "", "launch"],
  ...Array.from({ length: 12 }, (_, i) => [`s${i % 4}`, "cpc", `c${i}`]),
] as const;
const STAR = { path: "*", label: "*", referrer: "*", utmSource: "*", utmMedium: "*", utmCampaign: "*" };

/**
 * One day's rows as the rollup writes them: a total row, one row per page viewed, one per referrer
 * and one per campaign (views 1–3, many ties; '', '', '' is the views with no campaign).
 */
function dayRows(day: string, random: () => number) {
  const some = <T>(list: readonly T[]) =>
    list
      .filter(() => random() < 0.4)
      .map((value) => {
        const events = 1 + Math.floor(random() * 3);
        return { value, events, visitors: Math.max(1, events - Math.floor(random() * 2)) };
      });
  const pages = some(PATHS);
  const views = pages.reduce((sum, p) => sum + p.events, 0);
  const row = (values: Partial<typeof STAR>, events: number, visitors: number) => ({ day, type: "pageview", ...STAR, ...values, events, visitors });
  return [
    row({}, views, pages.length),
    ...pages.map((p) => row({ path: p.value }, p.events, p.visitors)),
    ...some(REFERRERS).map((r) => row({ referrer: r.value }, r.events, r.visitors)),
    ...some(CAMPAIGNS).map((c) => row({ utmSource: c.value[0], utmMedium: c.value[1], utmCampaign: c.value[2] }, c.events, c.visitors)),
    row({ utmSource: "", utmMedium: "", utmCampaign: "" }, 2, 2),
  ];
}

async function writeDays(days: string[], seed: number) {
  const random = generator(seed);
  await handle.db.delete(analyticsDaily).where(sql`${analyticsDaily.day} = any(${sql.param(days)}::date[])`);
  const rows = days.flatMap((day) => dayRows(day, random));
  for (let i = 0; i < rows.length; i += 1000) await handle.db.insert(analyticsDaily).values(rows.slice(i, i + 1000));
}

/** The report's queries before the sums were kept: every row of the period, summed and sorted by the database. */
async function expected(period: PeriodKey) {
  const { from, to } = periodRange(period, new Date(`${today}T12:00:00Z`));
  const rows = async <T>(statement: ReturnType<typeof sql>) => {
    const result: unknown = await handle.db.execute(statement);
    return (result as { rows: T[] }).rows;
  };
  const pages = await rows<{ path: string; views: number; visitors: number }>(
    sql`select path, sum(events)::int as views, sum(visitors)::int as visitors from analytics_daily
         where day between ${from}::date and ${to}::date and type = 'pageview' and path <> '*'
         group by path order by views desc, visitors desc, path limit 10`,
  );
  const posts = await rows<{ slug: string; title: string; path: string; views: number; visitors: number; leads: number }>(
    sql`with viewed as (
          select path, sum(events)::int as views, sum(visitors)::int as visitors from analytics_daily
           where day between ${from}::date and ${to}::date and type = 'pageview' and path <> '*' and path like '/blog/%' group by path
        ), brought as (
          select converted_on as path, count(*)::int as leads from leads
           where created_at >= ${`${from}T00:00:00Z`}::timestamptz and created_at < ${`${addDays(to, 1)}T00:00:00Z`}::timestamptz
             and converted_on like '/blog/%' group by converted_on
        )
        select p.slug, p.title, '/blog/' || p.slug as path, coalesce(viewed.views, 0) as views, coalesce(viewed.visitors, 0) as visitors,
               coalesce(brought.leads, 0) as leads
          from viewed full join brought using (path) join blog_posts p on p.slug = substr(path, 7)
         order by views desc, leads desc, p.title limit 10`,
  );
  const inPeriod = sql`created_at >= ${`${from}T00:00:00Z`}::timestamptz and created_at < ${`${addDays(to, 1)}T00:00:00Z`}::timestamptz`;
  const sources = await rows<{ referrer: string; views: number; leads: number }>(
    sql`with viewed as (
          select referrer, sum(events)::int as views from analytics_daily
           where day between ${from}::date and ${to}::date and type = 'pageview' and referrer <> '*' group by referrer
        ), brought as (
          select coalesce(referrer, '') as referrer, count(*)::int as leads from leads where ${inPeriod} group by 1
        )
        select referrer, coalesce(views, 0) as views, coalesce(leads, 0) as leads
          from viewed full join brought using (referrer)
         order by 2 desc, 3 desc, referrer limit 10`,
  );
  const campaigns = await rows<{ source: string; medium: string; campaign: string; views: number; leads: number }>(
    sql`with viewed as (
          select utm_source as source, utm_medium as medium, utm_campaign as campaign, sum(events)::int as views from analytics_daily
           where day between ${from}::date and ${to}::date and type = 'pageview' and (utm_source <> '*' or utm_medium <> '*' or utm_campaign <> '*')
           group by 1, 2, 3
        ), brought as (
          select coalesce(utm_source, '') as source, coalesce(utm_medium, '') as medium, coalesce(utm_campaign, '') as campaign, count(*)::int as leads
            from leads where ${inPeriod} group by 1, 2, 3
        )
        select source, medium, campaign, coalesce(views, 0) as views, coalesce(leads, 0) as leads
          from viewed full join brought using (source, medium, campaign)
         where source <> '' or medium <> '' or campaign <> ''
         order by 4 desc, 5 desc, source, medium, campaign limit 10`,
  );
  const other = (value: string) => (value === "(other)" ? null : value);
  return {
    pages: pages.map((r) => ({ path: other(r.path), views: Number(r.views), visitors: Number(r.visitors) })),
    posts: posts.map((r) => ({ ...r, views: Number(r.views), visitors: Number(r.visitors), leads: Number(r.leads) })),
    sources: sources.map((r) => ({ referrer: other(r.referrer), views: Number(r.views), leads: Number(r.leads) })),
    campaigns: campaigns.map((r) => {
      const others = r.source === "(other)" && r.medium === "(other)" && r.campaign === "(other)";
      return {
        source: others ? null : r.source,
        medium: others ? null : r.medium,
        campaign: others ? null : r.campaign,
        views: Number(r.views),
        leads: Number(r.leads),
      };
    }),
  };
}

async function actual(period: PeriodKey) {
  const report = await analyticsReport(handle.db, periodRange(period, new Date(`${today}T12:00:00Z`)));
  return { pages: report.pages, posts: report.posts, sources: report.sources, campaigns: report.campaigns };
}

beforeAll(async () => {
  handle = await freshTestDatabase();
  // Titles out of slug order, and some alike, so ties are broken by title as the database sorts it.
  await handle.db.insert(blogPosts).values(
    Array.from({ length: POSTS }, (_, i) => ({
      ...post({ title: `Post ${String.fromCharCode(90 - (i % 26))} ${i % 3}`, slug: `p-${i + 1}` }),
      publishedAt: new Date(),
    })),
  );
  const days = Array.from({ length: 400 }, (_, i) => addDays(today, -i));
  await writeDays(days, 1);
  const lead = (day: string, convertedOn: string, from: { referrer?: string; utmSource?: string; utmMedium?: string; utmCampaign?: string } = {}) => ({
    name: "Ada",
    email: "ada@example.com",
    company: "Engines",
    message: "Audit please",
    createdAt: new Date(`${day}T10:00:00Z`),
    convertedOn,
    landingPage: convertedOn,
    ...from,
  });
  // A post with leads and few views, a lead on a path with no post, one on a post nobody viewed this
  // year; leads from a referrer and campaigns with views (ties broken by leads) and from ones never seen.
  await handle.db
    .insert(leads)
    .values([
      lead(addDays(today, -3), "/blog/p-7", { referrer: "r3.example", utmSource: "s1", utmMedium: "cpc", utmCampaign: "c5" }),
      lead(addDays(today, -3), "/blog/p-43", { referrer: "lead-only.example", utmSource: "lead-only" }),
      lead(addDays(today, -20), "/blog/p-40", { referrer: "r7.example", utmSource: "newsletter", utmMedium: "email", utmCampaign: "week-2" }),
    ]);
});

afterAll(async () => {
  await handle?.close();
});

describe(`top pages, posts, sources and campaigns with kept sums (${DB})`, () => {
  it("read what one query over every row reads, for each period, viewed twice", async () => {
    for (const period of ["7d", "30d", "12m"] as const) {
      const want = await expected(period);
      expect(want.pages).toHaveLength(10);
      expect(want.sources).toHaveLength(10);
      expect(want.campaigns).toHaveLength(10);
      expect(await actual(period)).toEqual(want);
      expect(await actual(period)).toEqual(want);
    }
  });

  it("see an older day written again (an import, a rollup by hand), though its totals stay alike", async () => {
    await actual("12m");
    await writeDays([addDays(today, -40), addDays(today, -200)], 2);
    expect(await actual("12m")).toEqual(await expected("12m"));
    // Written again with the same total (count and events alike), its views all on one post: only
    // the rows' version tells the kept sums from the new ones.
    const day = addDays(today, -60);
    const star = { label: "*", referrer: "*", utmSource: "*", utmMedium: "*", utmCampaign: "*" };
    const [total] = await handle.db
      .select()
      .from(analyticsDaily)
      .where(sql`${analyticsDaily.day} = ${day}::date and ${analyticsDaily.path} = '*'`);
    expect(total!.events).toBeGreaterThan(0);
    await handle.db.delete(analyticsDaily).where(sql`${analyticsDaily.day} = ${day}::date`);
    await handle.db.insert(analyticsDaily).values([{ ...total! }, { day, type: "pageview", path: "/blog/p-2", ...star, events: total!.events, visitors: 1 }]);
    const want = await expected("12m");
    expect(await actual("12m")).toEqual(want);
  });

  it("see one breakdown row of an older day changed alone, its total row untouched", async () => {
    await actual("12m");
    const [before] = await handle.db
      .select()
      .from(analyticsDaily)
      .where(sql`${analyticsDaily.day} = ${addDays(today, -100)}::date and ${analyticsDaily.path} = '*' and ${analyticsDaily.referrer} = '*'`);
    // A referrer row added to one old day, a campaign's row of another raised: the sources and campaigns change, no total does.
    await handle.db
      .insert(analyticsDaily)
      .values({ day: addDays(today, -100), type: "pageview", ...STAR, referrer: "late.example", events: 1000, visitors: 9 });
    await handle.db.execute(
      sql`update analytics_daily set events = events + 300 where day = ${addDays(today, -150)}::date and utm_source <> '*' and utm_source <> '' and utm_source <> '(other)'`,
    );
    const want = await expected("12m");
    expect(want.sources[0]).toMatchObject({ referrer: "late.example" });
    expect(await actual("12m")).toEqual(want);
    const [after] = await handle.db
      .select()
      .from(analyticsDaily)
      .where(sql`${analyticsDaily.day} = ${addDays(today, -100)}::date and ${analyticsDaily.path} = '*' and ${analyticsDaily.referrer} = '*'`);
    expect(after).toEqual(before);
    // And a row taken away.
    await handle.db.delete(analyticsDaily).where(sql`${analyticsDaily.referrer} = 'late.example'`);
    expect(await actual("12m")).toEqual(await expected("12m"));
  });

  it("add today's and yesterday's views to the kept ones, moving a path past the others", async () => {
    expect(await actual("30d")).toEqual(await expected("30d"));
    const star = { label: "*", referrer: "*", utmSource: "*", utmMedium: "*", utmCampaign: "*" };
    await handle.db.delete(analyticsDaily).where(sql`${analyticsDaily.day} = ${today}::date`);
    await handle.db.insert(analyticsDaily).values([
      { day: today, type: "pageview", path: "*", ...star, events: 500, visitors: 2 },
      { day: today, type: "pageview", path: "/blog/p-33", ...star, events: 400, visitors: 1 },
      { day: today, type: "pageview", path: "/blog/p-44", ...star, events: 100, visitors: 1 },
      // Not a post, though its path ends like one's and is as long as /blog/: viewed most today, it
      // is among the top pages, never among the posts.
      { day: today, type: "pageview", path: "/news/p-33", ...star, events: 450, visitors: 1 },
      { day: today, type: "pageview", ...STAR, referrer: "r14.example", events: 400, visitors: 1 },
      { day: today, type: "pageview", ...STAR, referrer: "", events: 100, visitors: 1 },
      { day: today, type: "pageview", ...STAR, utmSource: "s3", utmMedium: "cpc", utmCampaign: "c11", events: 400, visitors: 1 },
    ]);
    const want = await expected("30d");
    expect(want.posts[0]).toMatchObject({ slug: "p-33" });
    expect(want.pages.map((p) => p.path)).toContain("/news/p-33");
    expect(want.sources[0]).toMatchObject({ referrer: "r14.example" });
    expect(want.campaigns[0]).toMatchObject({ source: "s3", medium: "cpc", campaign: "c11" });
    expect(await actual("30d")).toEqual(want);
  });
});
