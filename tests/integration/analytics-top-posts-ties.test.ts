import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshTestDatabase, testPostgresUrl } from "../support/test-db";
import { post } from "../support/post-input";
import { withStatementLog } from "../support/statement-log";
import type { DbHandle } from "~/server/db/client.server";
import { analyticsDaily, blogPosts } from "~/server/db/schema.server";
import { analyticsReport } from "~/server/analytics/report.server";
import { utcDay } from "~/server/analytics/store.server";
import { addDays, periodRange } from "~/lib/analytics-period";

process.env.AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";

const DB = testPostgresUrl() ? "PostgreSQL" : "PGlite";
const STAR = { path: "*", label: "*", referrer: "*", utmSource: "*", utmMedium: "*", utmCampaign: "*" };
const today = utcDay();

/*
 * Top posts walk the kept sums most read first and check the paths against the posts in batches
 * (docs/decisions/0061): a tie at the tenth is ordered by title, so every tied path is sent, but once.
 */

let own: DbHandle;
beforeAll(async () => {
  own = await freshTestDatabase();
});
afterAll(async () => {
  await own?.close();
});

describe(`top posts when many are read alike (${DB})`, () => {
  it("orders 600 posts tied at the top by title, checking them against the posts in one statement", async () => {
    // 600 posts read once each yesterday, titled out of slug order; and a path read as much with no post.
    const titleOf = (i: number) => `Tied ${String(997 - i).padStart(3, "0")}`;
    await own.db
      .insert(blogPosts)
      .values(Array.from({ length: 600 }, (_, i) => ({ ...post({ title: titleOf(i), slug: `tied-${i}` }), publishedAt: new Date("2026-01-01T00:00:00Z") })));
    const day = addDays(today, -1);
    const paths = [...Array.from({ length: 600 }, (_, i) => `/blog/tied-${i}`), "/blog/gone"];
    await own.db
      .insert(analyticsDaily)
      .values([
        { day, type: "pageview", ...STAR, events: paths.length, visitors: paths.length },
        ...paths.map((path) => ({ day, type: "pageview", ...STAR, path, events: 1, visitors: 1 })),
      ]);
    const log = withStatementLog(own.db);
    const report = await analyticsReport(log.db, periodRange("7d", new Date(`${today}T12:00:00Z`)));
    const firstTen = Array.from({ length: 600 }, (_, i) => titleOf(i))
      .sort()
      .slice(0, 10);
    expect(report.posts.map((p) => p.title)).toEqual(firstTen);
    expect(report.posts.every((p) => p.views === 1 && p.leads === 0)).toBe(true);
    expect(log.texts.filter((text) => /\bblog_posts\b/.test(text))).toHaveLength(1);
  });
});
