import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testPostgresUrl } from "../support/test-db";
import { event, NEWSLETTER, seededAnalytics, type SeededAnalytics } from "../support/analytics-report-data";
import type { Db } from "~/server/db/client.server";
import { analyticsDaily, analyticsEvents } from "~/server/db/schema.server";
import { rollUpAnalytics } from "~/server/analytics/store.server";

process.env.AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";

const DB = testPostgresUrl() ? "PostgreSQL" : "PGlite";

/** The daily rollups the report reads: rolled up again, after the raw events are gone, at scale, and in their older shape. */
let db: Db;
let report: SeededAnalytics["report"];
let close: SeededAnalytics["close"] | undefined;

beforeAll(async () => {
  ({ db, report, close } = await seededAnalytics());
});

afterAll(async () => {
  await close?.();
});

describe(`analytics rollups (${DB})`, () => {
  it("the day's total rows count distinct visitors; rolling up again changes nothing; the rollups outlive the raw events", async () => {
    const before = await report("12m");
    const [total] = await db.select().from(analyticsDaily).where(sqlTotal("2026-11-23", "pageview"));
    expect(total).toMatchObject({ events: 4, visitors: 2 });
    await rollUpAnalytics("2025-11-01", "2026-11-30");
    expect(await report("12m")).toEqual(before);
    // Raw events are dropped after 30 days; the days already rolled up keep their figures.
    await db.delete(analyticsEvents);
    await rollUpAnalytics("2025-11-01", "2026-11-30");
    expect(await report("12m")).toEqual(before);
  });

  it("a new event is counted after the next rollup of its day", async () => {
    const before = await report("7d");
    await db.insert(analyticsEvents).values([event({ day: "2026-11-20", visitor: "Z", type: "pageview", path: "/team", referrer: "bing.com" })]);
    expect(await report("7d")).toEqual(before);
    await rollUpAnalytics("2026-11-20", "2026-11-20");
    const r = await report("7d");
    expect(r.current).toEqual({ ...before.current, visitors: before.current.visitors + 1, pageViews: before.current.pageViews + 1 });
    expect(r.series[3]).toEqual({ bucket: "2026-11-20", visitors: 1, auditRequests: 0 });
    expect(r.pages).toContainEqual({ path: "/team", views: 1, visitors: 1 });
    expect(r.sources).toContainEqual({ referrer: "bing.com", views: 1, leads: 0 });
  });
});

describe(`analytics at scale (${DB})`, () => {
  it("70,000 made-up paths on one day: the report answers, with them as one 'Other pages' row, and the day keeps a bounded number of rows", async () => {
    const day = "2028-03-10";
    // One INSERT … SELECT: 70,000 page views of made-up /blog/ paths from 240 visitors, each with
    // its own referrer and campaign, and three views of a real post.
    await db.execute(sql`
      insert into analytics_events (day, visitor, type, path, referrer, utm_source, utm_medium, utm_campaign)
      select ${day}::date, 'v' || (i % 240), 'pageview', '/blog/made-up-' || i, 'spam-' || i || '.example', 'spam', 'cpc', 'c-' || i
        from generate_series(1, 70000) as i`);
    await db.insert(analyticsEvents).values(["A", "B", "C"].map((visitor) => event({ day, visitor, type: "pageview", path: "/blog/post-one" })));
    await rollUpAnalytics(day, day);

    const r = await report("7d", new Date(`${day}T12:00:00Z`));
    expect(r.current).toEqual({ visitors: 243, pageViews: 70_003, auditRequests: 0 });
    expect(r.pages).toEqual([
      { path: null, views: 70_000, visitors: 240 },
      { path: "/blog/post-one", views: 3, visitors: 3 },
    ]);
    expect(r.posts).toEqual([{ slug: "post-one", title: "Post One", path: "/blog/post-one", views: 3, visitors: 3, leads: 0 }]);
    // 50 referrers and campaigns of the day by name (one view each), the rest as one row each.
    expect(r.sources[0]).toEqual({ referrer: null, views: 70_000 - 50, leads: 0 });
    expect(r.sources).toHaveLength(10);
    expect(r.campaigns[0]).toEqual({ source: null, medium: null, campaign: null, views: 70_000 - 50, leads: 0 });

    const [kept] = await db.select({ rows: count() }).from(analyticsDaily).where(eq(analyticsDaily.day, day));
    expect(kept!.rows).toBeLessThan(200);
  });

  it("days rolled up before the rollups had one row per dimension (one row per combination) still read the same", async () => {
    const day = "2029-04-10";
    const row = (path: string, referrer: string, utm: [string, string, string], events: number, visitors: number) => ({
      day,
      type: "pageview",
      path,
      label: "",
      referrer,
      utmSource: utm[0],
      utmMedium: utm[1],
      utmCampaign: utm[2],
      events,
      visitors,
    });
    await db
      .insert(analyticsDaily)
      .values([
        { ...row("*", "*", ["*", "*", "*"], 6, 4), label: "*" },
        row("/", "", ["", "", ""], 2, 2),
        row("/", "google.com", ["", "", ""], 1, 1),
        row("/blog/post-two", "google.com", NEWSLETTER, 3, 1),
      ]);
    const r = await report("7d", new Date(`${day}T12:00:00Z`));
    expect(r.current).toEqual({ visitors: 4, pageViews: 6, auditRequests: 0 });
    expect(r.pages).toEqual([
      { path: "/", views: 3, visitors: 3 },
      { path: "/blog/post-two", views: 3, visitors: 1 },
    ]);
    expect(r.posts).toEqual([{ slug: "post-two", title: "Post Two", path: "/blog/post-two", views: 3, visitors: 1, leads: 0 }]);
    expect(r.sources).toEqual([
      { referrer: "google.com", views: 4, leads: 0 },
      { referrer: "", views: 2, leads: 0 },
    ]);
    expect(r.campaigns).toEqual([{ source: "newsletter", medium: "email", campaign: "launch", views: 3, leads: 0 }]);
  });
});

function sqlTotal(day: string, type: string) {
  return and(
    eq(analyticsDaily.day, day),
    eq(analyticsDaily.type, type),
    eq(analyticsDaily.path, "*"),
    eq(analyticsDaily.label, "*"),
    eq(analyticsDaily.referrer, "*"),
    eq(analyticsDaily.utmSource, "*"),
    eq(analyticsDaily.utmMedium, "*"),
    eq(analyticsDaily.utmCampaign, "*"),
  );
}
