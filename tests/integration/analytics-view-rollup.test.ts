import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createDatabaseFromTemplate, testPostgresUrl, type TemplateCopy } from "../support/test-db";
import { post } from "../support/post-input";
import { closeDatabase, database, type Db } from "~/server/db/client.server";
import { blogPosts } from "~/server/db/schema.server";
import { queueEvent } from "~/server/analytics/store.server";
import { analyticsScreen } from "~/server/analytics/screen.server";
import { addDays, periodRange } from "~/lib/analytics-period";

process.env.AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";

const DB = testPostgresUrl() ? "PostgreSQL" : "PGlite";

/*
 * /admin/analytics rolls up on view only the days that received events since they were last rolled
 * up (app/server/analytics/screen.server.ts, docs/decisions/0038): a view right after new events
 * must count them exactly, a view with nothing new must not write, and an event of the day before
 * stored after UTC midnight must still be counted on its day.
 */

let db: Db;
let tmp = "";
let pgCopy: TemplateCopy | undefined;
/** Today, in UTC, at the real clock: the test moves the process's clock within it and past its midnight. */
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  const pg = testPostgresUrl();
  if (pg) {
    pgCopy = await createDatabaseFromTemplate(pg);
    process.env.DATABASE_URL = pgCopy.url;
  } else {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "studio-view-rollup-"));
    process.env.DATA_DIR = tmp;
    process.env.DATABASE_URL = "";
  }
  ({ db } = await database());
  await db.insert(blogPosts).values({ ...post({ title: "Post One", slug: "post-one" }), publishedAt: new Date(Date.now() - 3_600_000) });
}, 180_000); // a new database is migrated from scratch here

afterAll(async () => {
  vi.useRealTimers();
  await closeDatabase();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  await pgCopy?.drop();
});

const view = () => analyticsScreen(periodRange("7d", new Date()));

function arrive(day: string, visitor: string, page: string, referrer: string | null = null) {
  queueEvent({ day, visitor, type: "pageview", path: page, referrer, landing: page });
}

/** The versions of analytics_daily_changes: any write to a day's rollup rows adds one. */
async function versions() {
  const result: unknown = await db.execute(sql`select day::text as day, version from analytics_daily_changes order by day`);
  return (result as { rows: { day: string; version: number }[] }).rows.map((r) => `${r.day}:${r.version}`);
}

describe(`the Analytics screen's roll-up on view (${DB})`, () => {
  it("counts the events that arrived since the last view exactly, and writes nothing when none did", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(`${today}T23:58:00Z`));
    arrive(today, "A", "/blog/post-one", "google.com");
    arrive(today, "A", "/");
    arrive(today, "B", "/blog/post-one");
    let report = await view();
    expect(report.current).toMatchObject({ visitors: 2, pageViews: 3 });
    expect(report.pages).toEqual([
      { path: "/blog/post-one", views: 2, visitors: 2 },
      { path: "/", views: 1, visitors: 1 },
    ]);

    // Nothing new: the view reads what is there and rewrites no day.
    const written = await versions();
    expect((await view()).current).toMatchObject({ visitors: 2, pageViews: 3 });
    expect(await versions()).toEqual(written);

    // A returns (not a new visitor), C is new and comes from google.com too, a made-up path is 'Other pages'.
    arrive(today, "A", "/blog/post-one");
    arrive(today, "C", "/blog/post-one", "google.com");
    arrive(today, "C", "/blog/nothing-here");
    report = await view();
    expect(report.current).toMatchObject({ visitors: 3, pageViews: 6 });
    expect(report.pages).toHaveLength(3);
    expect(report.pages[0]).toEqual({ path: "/blog/post-one", views: 4, visitors: 3 });
    expect(report.pages).toContainEqual({ path: "/", views: 1, visitors: 1 });
    expect(report.pages).toContainEqual({ path: null, views: 1, visitors: 1 });
    expect(report.posts).toEqual([expect.objectContaining({ slug: "post-one", views: 4, visitors: 3 })]);
    expect(report.sources).toEqual([
      { referrer: "", views: 4, leads: 0 },
      { referrer: "google.com", views: 2, leads: 0 },
    ]);
    expect(report.series.at(-1)).toEqual({ bucket: today, visitors: 3, auditRequests: 0 });
  });

  it("after UTC midnight, counts the new day's events and the day before's that were stored late", async () => {
    const tomorrow = addDays(today, 1);
    vi.setSystemTime(new Date(`${tomorrow}T00:00:30Z`));
    // D's view was recorded at 23:59:59 but stored after midnight; E's is the new day's first.
    arrive(today, "D", "/");
    arrive(tomorrow, "E", "/blog/post-one");
    let report = await view();
    expect(report.current).toMatchObject({ visitors: 5, pageViews: 8 });
    expect(report.series.slice(-2)).toEqual([
      { bucket: today, visitors: 4, auditRequests: 0 },
      { bucket: tomorrow, visitors: 1, auditRequests: 0 },
    ]);
    expect(report.pages[0]).toEqual({ path: "/blog/post-one", views: 5, visitors: 4 });

    // A later event of the new day only: the day before is not written again.
    const before = (await versions()).find((v) => v.startsWith(today));
    arrive(tomorrow, "A", "/");
    report = await view();
    expect(report.current).toMatchObject({ visitors: 6, pageViews: 9 });
    expect((await versions()).find((v) => v.startsWith(today))).toEqual(before);
  });
});
