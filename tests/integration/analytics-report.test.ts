import { and, count, eq, sql } from "drizzle-orm";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabaseFromTemplate, testPostgresUrl, type TemplateCopy } from "../support/test-db";
import { post } from "../support/post-input";
import { closeDatabase, database, type Db } from "~/server/db/client.server";
import { analyticsDaily, analyticsEvents, blogPosts, leads } from "~/server/db/schema.server";
import { rollUpAnalytics } from "~/server/analytics/store.server";
import { analyticsReport } from "~/server/analytics/report.server";
import { periodRange, type PeriodKey } from "~/lib/analytics-period";

process.env.AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";

const DB = testPostgresUrl() ? "PostgreSQL" : "PGlite";
/** Noon (UTC) on Monday 23 November 2026: 'Last 7 days' is 17–23 Nov, 'Last 30 days' 25 Oct–23 Nov, 'Last 12 months' Dec 2025–Nov 2026. */
const NOW = new Date("2026-11-23T12:00:00Z");

/**
 * rollUpAnalytics works on the process's database (like the server), so this file points the
 * process at a fresh one: PGlite in a temporary DATA_DIR, or a copy of the migrated PostgreSQL template.
 */
let tmp = "";
let pgCopy: TemplateCopy | undefined;
async function openProcessDatabase(): Promise<Db> {
  const pg = testPostgresUrl();
  if (pg) {
    pgCopy = await createDatabaseFromTemplate(pg);
    process.env.DATABASE_URL = pgCopy.url;
  } else {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "studio-analytics-"));
    process.env.DATA_DIR = tmp;
    process.env.DATABASE_URL = "";
  }
  return (await database()).db;
}

let db: Db;

type Event = { day: string; visitor: string; type: string; path: string; referrer?: string; utm?: [string, string, string]; label?: string };

function event({ day, visitor, type, path: page, referrer, utm, label }: Event) {
  return {
    createdAt: new Date(`${day}T09:00:00Z`),
    day,
    visitor,
    type,
    path: page,
    label: label ?? null,
    referrer: referrer ?? null,
    utmSource: utm?.[0] ?? null,
    utmMedium: utm?.[1] ?? null,
    utmCampaign: utm?.[2] ?? null,
    landing: page,
  };
}

function lead(createdAt: string, convertedOn: string, extra: { referrer?: string; utm?: [string, string, string] } = {}) {
  return {
    name: "Ada",
    email: "ada@example.com",
    company: "Analytical Engines",
    message: "Audit please",
    createdAt: new Date(createdAt),
    convertedOn,
    landingPage: convertedOn,
    referrer: extra.referrer ?? null,
    utmSource: extra.utm?.[0] ?? null,
    utmMedium: extra.utm?.[1] ?? null,
    utmCampaign: extra.utm?.[2] ?? null,
  };
}

const NEWSLETTER: [string, string, string] = ["newsletter", "email", "launch"];

beforeAll(async () => {
  db = await openProcessDatabase();
  await db
    .insert(blogPosts)
    .values([post({ title: "Post One", slug: "post-one" }), post({ title: "Post Two", slug: "post-two" })].map((p) => ({ ...p, publishedAt: NOW })));
  await db.insert(analyticsEvents).values(
    [
      // Today: A comes from google.com, reads Post One, opens the dialog, sends it and books; B views the home page twice.
      { day: "2026-11-23", visitor: "A", type: "pageview", path: "/", referrer: "google.com" },
      { day: "2026-11-23", visitor: "A", type: "pageview", path: "/blog/post-one", referrer: "google.com" },
      { day: "2026-11-23", visitor: "A", type: "cta", path: "/blog/post-one", referrer: "google.com", label: "Get a Free Automation Audit" },
      { day: "2026-11-23", visitor: "A", type: "audit_open", path: "/blog/post-one", referrer: "google.com" },
      { day: "2026-11-23", visitor: "A", type: "audit_sent", path: "/blog/post-one", referrer: "google.com" },
      { day: "2026-11-23", visitor: "A", type: "booking", path: "/blog/post-one", referrer: "google.com" },
      { day: "2026-11-23", visitor: "B", type: "pageview", path: "/" },
      { day: "2026-11-23", visitor: "B", type: "pageview", path: "/" },
      // Yesterday A came back directly (a new day counts A again, as daily unique visitors do).
      { day: "2026-11-22", visitor: "A", type: "pageview", path: "/" },
      // The first day of 'Last 7 days': C from the newsletter opens the dialog on Post One.
      { day: "2026-11-17", visitor: "C", type: "pageview", path: "/blog/post-one", utm: NEWSLETTER },
      { day: "2026-11-17", visitor: "C", type: "audit_open", path: "/blog/post-one", utm: NEWSLETTER },
      // The day before: only in 'Last 30 days' (and the 7 days before the last 7).
      { day: "2026-11-16", visitor: "D", type: "pageview", path: "/team", referrer: "linkedin.com" },
      // The first day of 'Last 30 days', and the day before it.
      { day: "2026-10-25", visitor: "E", type: "pageview", path: "/" },
      { day: "2026-10-24", visitor: "F", type: "pageview", path: "/blog/post-two" },
      // The first day of 'Last 12 months', and the day before it.
      { day: "2025-12-01", visitor: "G", type: "pageview", path: "/" },
      { day: "2025-11-30", visitor: "H", type: "pageview", path: "/" },
    ].map(event),
  );
  await db
    .insert(leads)
    .values([
      lead("2026-11-23T10:00:00Z", "/blog/post-one", { referrer: "google.com" }),
      lead("2026-11-17T00:00:00Z", "/blog/post-one", { utm: NEWSLETTER }),
      lead("2026-11-16T23:59:59Z", "/"),
      lead("2026-11-24T00:00:00Z", "/"),
      lead("2025-12-01T00:00:00Z", "/blog/post-two"),
      lead("2025-11-30T23:59:59Z", "/blog/post-two"),
    ]);
  await rollUpAnalytics("2025-11-01", "2026-11-30");
});

afterAll(async () => {
  await closeDatabase();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  await pgCopy?.drop();
});

const report = (period: PeriodKey, now = NOW) => analyticsReport(db, periodRange(period, now));

describe(`analytics report (${DB})`, () => {
  it("'Last 7 days': figures, the previous period, the funnel and the daily series, first and last day included", async () => {
    const r = await report("7d");
    // Visitors sum each day's distinct visitors (A twice: two days); B's two views count once that day.
    expect(r.current).toEqual({ visitors: 4, pageViews: 6, auditRequests: 2 });
    expect(r.previous).toEqual({ visitors: 1, pageViews: 1, auditRequests: 1 });
    expect(r.funnel).toEqual([
      { type: "pageview", visitors: 4 },
      { type: "audit_open", visitors: 2 },
      { type: "audit_sent", visitors: 1 },
      { type: "booking", visitors: 1 },
    ]);
    expect(r.series).toEqual([
      { bucket: "2026-11-17", visitors: 1, auditRequests: 1 },
      { bucket: "2026-11-18", visitors: 0, auditRequests: 0 },
      { bucket: "2026-11-19", visitors: 0, auditRequests: 0 },
      { bucket: "2026-11-20", visitors: 0, auditRequests: 0 },
      { bucket: "2026-11-21", visitors: 0, auditRequests: 0 },
      { bucket: "2026-11-22", visitors: 1, auditRequests: 0 },
      { bucket: "2026-11-23", visitors: 2, auditRequests: 1 },
    ]);
  });

  it("'Last 7 days': top pages, posts with the leads they brought, sources with '' for direct, campaigns", async () => {
    const r = await report("7d");
    expect(r.pages).toEqual([
      { path: "/", views: 4, visitors: 3 },
      { path: "/blog/post-one", views: 2, visitors: 2 },
    ]);
    expect(r.posts).toEqual([{ slug: "post-one", title: "Post One", path: "/blog/post-one", views: 2, visitors: 2, leads: 2 }]);
    expect(r.sources).toEqual([
      { referrer: "", views: 4, leads: 1 },
      { referrer: "google.com", views: 2, leads: 1 },
    ]);
    expect(r.campaigns).toEqual([{ source: "newsletter", medium: "email", campaign: "launch", views: 1, leads: 1 }]);
  });

  it("'Last 30 days' starts 29 days before today; the previous 30 days end the day before", async () => {
    const r = await report("30d");
    expect(r.current).toEqual({ visitors: 6, pageViews: 8, auditRequests: 3 });
    expect(r.previous).toEqual({ visitors: 1, pageViews: 1, auditRequests: 0 });
    expect(r.series).toHaveLength(30);
    expect(r.series[0]).toEqual({ bucket: "2026-10-25", visitors: 1, auditRequests: 0 });
    expect(r.series.at(-1)).toEqual({ bucket: "2026-11-23", visitors: 2, auditRequests: 1 });
    expect(r.pages.map((p) => p.path)).toEqual(["/", "/blog/post-one", "/team"]);
    expect(r.sources).toEqual([
      { referrer: "", views: 5, leads: 2 },
      { referrer: "google.com", views: 2, leads: 1 },
      { referrer: "linkedin.com", views: 1, leads: 0 },
    ]);
  });

  it("'Last 12 months' is this month and the eleven before, by month; posts without views still show the leads they brought", async () => {
    const r = await report("12m");
    expect(r.current).toEqual({ visitors: 8, pageViews: 10, auditRequests: 4 });
    expect(r.previous).toEqual({ visitors: 1, pageViews: 1, auditRequests: 1 });
    expect(r.series.map((p) => p.bucket)).toEqual([
      "2025-12",
      "2026-01",
      "2026-02",
      "2026-03",
      "2026-04",
      "2026-05",
      "2026-06",
      "2026-07",
      "2026-08",
      "2026-09",
      "2026-10",
      "2026-11",
    ]);
    expect(r.series[0]).toEqual({ bucket: "2025-12", visitors: 1, auditRequests: 1 });
    expect(r.series[10]).toEqual({ bucket: "2026-10", visitors: 2, auditRequests: 0 });
    expect(r.series[11]).toEqual({ bucket: "2026-11", visitors: 5, auditRequests: 3 });
    expect(r.posts).toEqual([
      { slug: "post-one", title: "Post One", path: "/blog/post-one", views: 2, visitors: 2, leads: 2 },
      { slug: "post-two", title: "Post Two", path: "/blog/post-two", views: 1, visitors: 1, leads: 1 },
    ]);
  });

  it("a period with nothing recorded has zeros and empty lists", async () => {
    const r = await report("7d", new Date("2030-06-15T08:00:00Z"));
    expect(r.current).toEqual({ visitors: 0, pageViews: 0, auditRequests: 0 });
    expect(r.funnel.map((s) => s.visitors)).toEqual([0, 0, 0, 0]);
    expect(r.series.every((p) => p.visitors === 0 && p.auditRequests === 0)).toBe(true);
    expect([r.pages, r.posts, r.sources, r.campaigns]).toEqual([[], [], [], []]);
  });
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
