import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { and, eq, sql, type SQL } from "drizzle-orm";
import type * as DbClient from "~/server/db/client.server";
import type { DbHandle } from "~/server/db/client.server";
import { analyticsDaily, analyticsEvents, analyticsSalts, blogPosts } from "~/server/db/schema.server";
import { post } from "../support/post-input";
import { freshTestDatabase } from "../support/test-db";
import { query } from "../support/archive-source";

/** The daily rollups (totals and bounded breakdowns) and what the purge keeps. */

let handle: DbHandle;

vi.mock("~/server/db/client.server", async (original) => ({
  ...(await original<typeof DbClient>()),
  db: () => Promise.resolve(handle.db),
}));

beforeAll(async () => {
  handle = await freshTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

const { flushAnalytics, rollUpAnalytics, purgeAnalytics, utcDay } = await import("~/server/analytics/store.server");
const { beacon } = await import("../support/analytics-beacon");

describe("rollUpAnalytics and purgeAnalytics", () => {
  /** A rollup row of `day` and `type`: the dimensions not given are '*'. */
  const rollup = (day: string, type: string, dims: Partial<Record<"path" | "label" | "referrer" | "utmSource" | "utmMedium" | "utmCampaign", string>>) => ({
    day,
    type,
    path: "*",
    label: "*",
    referrer: "*",
    utmSource: "*",
    utmMedium: "*",
    utmCampaign: "*",
    ...dims,
  });
  const rowsOf = (day: string) =>
    handle.db
      .select()
      .from(analyticsDaily)
      .where(eq(analyticsDaily.day, day))
      .orderBy(
        analyticsDaily.type,
        analyticsDaily.path,
        analyticsDaily.label,
        analyticsDaily.referrer,
        analyticsDaily.utmSource,
        analyticsDaily.utmMedium,
        analyticsDaily.utmCampaign,
      );
  const rawEvent = (day: string, visitor: string, path: string, extra: Partial<typeof analyticsEvents.$inferInsert> = {}) => ({
    day,
    visitor,
    type: "pageview",
    path,
    ...extra,
  });

  it("writes the day's total per type and one breakdown per page, CTA label, referrer and campaign, the same on every run", async () => {
    await beacon({ type: "pageview", path: "/audit", utm_source: "ads" }, { ip: "10.4.0.1" });
    await beacon({ type: "pageview", path: "/audit", utm_source: "ads" }, { ip: "10.4.0.1" });
    await beacon({ type: "pageview", path: "/audit" }, { ip: "10.4.0.2" });
    await beacon({ type: "cta", path: "/audit", label: "rollup-cta" }, { ip: "10.4.0.2" });
    await flushAnalytics();
    const today = utcDay();
    await rollUpAnalytics();
    const first = await rowsOf(today);
    await rollUpAnalytics(today, today);
    expect(await rowsOf(today)).toEqual(first);

    const [raw] = await handle.db
      .select({ events: sql<number>`count(*)::int`, visitors: sql<number>`count(distinct visitor)::int` })
      .from(analyticsEvents)
      .where(and(eq(analyticsEvents.day, today), eq(analyticsEvents.type, "pageview")));
    expect(first).toContainEqual({ ...rollup(today, "pageview", {}), events: raw!.events, visitors: raw!.visitors });
    expect(first).toContainEqual({ ...rollup(today, "pageview", { path: "/audit" }), events: 3, visitors: 2 });
    expect(first).toContainEqual({ ...rollup(today, "pageview", { utmSource: "ads", utmMedium: "", utmCampaign: "" }), events: 2, visitors: 1 });
    expect(first).toContainEqual({ ...rollup(today, "cta", { path: "/audit" }), events: 1, visitors: 1 });
    expect(first).toContainEqual({ ...rollup(today, "cta", { label: "rollup-cta" }), events: 1, visitors: 1 });
  });

  it("writes only what changed: nothing new leaves the day's rows and version as they were; a moved count is updated, a row the day lost deleted", async () => {
    const day = "2025-07-01";
    await handle.db
      .insert(analyticsEvents)
      .values([rawEvent(day, "a", "/"), rawEvent(day, "b", "/team"), rawEvent(day, "b", "/", { referrer: "news.example" })]);
    /** The day's total, page and referrer rows with the transaction that last wrote each, and the day's version for the kept sums. */
    const selected = <T>(statement: SQL) => query<T>(handle.db, statement);
    const written = async () => ({
      rows: await selected<{ path: string; referrer: string; events: number; writer: string }>(
        sql`select path, referrer, events, xmin::text as writer from analytics_daily
             where day = ${day}::date and type = 'pageview' and label = '*' and utm_source = '*' order by path, referrer`,
      ),
      version: Number((await selected<{ version: string }>(sql`select version from analytics_daily_changes where day = ${day}::date`))[0]!.version),
    });
    await rollUpAnalytics(day, day);
    const first = await written();
    expect(first.rows.map((r) => [r.path, r.referrer, r.events])).toEqual([
      ["*", "", 2],
      ["*", "*", 3],
      ["*", "news.example", 1],
      ["/", "*", 2],
      ["/team", "*", 1],
    ]);

    await rollUpAnalytics(day, day);
    expect(await written()).toEqual(first);

    // One more view of '/': its row and the total move, '/team' and the referrers' rows stay as written.
    await handle.db.insert(analyticsEvents).values(rawEvent(day, "c", "/"));
    await rollUpAnalytics(day, day);
    const second = await written();
    expect(second.version).toBeGreaterThan(first.version);
    const byKey = (rows: typeof first.rows) => new Map(rows.map((r) => [`${r.path} ${r.referrer}`, r]));
    const [before, after] = [byKey(first.rows), byKey(second.rows)];
    expect(after.get("/ *")!.events).toBe(3);
    expect(after.get("* *")!.events).toBe(4);
    for (const key of ["/team *", "* news.example"]) expect(after.get(key)).toEqual(before.get(key));

    // '/team' loses its only view (raw events are the truth of a day still held): its row goes.
    await handle.db.delete(analyticsEvents).where(and(eq(analyticsEvents.day, day), eq(analyticsEvents.path, "/team")));
    await rollUpAnalytics(day, day);
    expect((await written()).rows.map((r) => r.path)).not.toContain("/team");
  });

  it("counts a public post's and the site's pages by path, every other path (a draft, a trashed or unknown post, a made-up path) as one '(other)' row", async () => {
    const day = "2025-06-01";
    const [published, draft, trashed] = [post(), post({ published: false }), post()];
    await handle.db
      .insert(blogPosts)
      .values([
        { ...published, publishedAt: new Date("2025-05-01T00:00:00Z") },
        draft,
        { ...trashed, publishedAt: new Date("2025-05-01T00:00:00Z"), deletedAt: new Date() },
      ]);
    await handle.db
      .insert(analyticsEvents)
      .values([
        rawEvent(day, "a", "/"),
        rawEvent(day, "a", `/blog/${published.slug}`),
        rawEvent(day, "b", `/blog/${published.slug}`),
        rawEvent(day, "b", `/blog/${draft.slug}`),
        rawEvent(day, "c", `/blog/${trashed.slug}`),
        rawEvent(day, "c", "/blog/no-such-post"),
        rawEvent(day, "d", "/wp-login.php"),
        rawEvent(day, "d", `/blog/${published.slug}/extra`),
      ]);
    await rollUpAnalytics(day, day);
    const pages = (await rowsOf(day)).filter((r) => r.path !== "*");
    expect(Object.fromEntries(pages.map((r) => [r.path, [r.events, r.visitors]]))).toEqual({
      "(other)": [5, 3],
      "/": [1, 1],
      [`/blog/${published.slug}`]: [2, 2],
    });
  });

  it("keeps the 50 most frequent referrers, campaigns and CTA labels of a day by name and counts the rest under '(other)'", async () => {
    const day = "2025-06-02";
    // Value i is sent i + 1 times: 60 referrers, 60 campaigns and 60 labels, one visitor per event.
    const events = Array.from({ length: 60 }, (_, i) =>
      Array.from({ length: i + 1 }, (_, k) => [
        rawEvent(day, `r${i}-${k}`, "/", { referrer: `site-${i}.example` }),
        rawEvent(day, `u${i}-${k}`, "/", { utmSource: "news", utmMedium: "email", utmCampaign: `week-${i}` }),
        rawEvent(day, `l${i}-${k}`, "/", { type: "cta", label: `cta-${i}` }),
      ]).flat(),
    ).flat();
    await handle.db.insert(analyticsEvents).values(events);
    await rollUpAnalytics(day, day);
    const rows = await rowsOf(day);
    const referrers = rows.filter((r) => r.type === "pageview" && r.referrer !== "*");
    const campaigns = rows.filter((r) => r.type === "pageview" && r.utmCampaign !== "*");
    const labels = rows.filter((r) => r.type === "cta" && r.label !== "*");

    // The ten least frequent (sent 1 to 10 times: 55 events) count together; '' (none) is always kept.
    const kept = Array.from({ length: 50 }, (_, i) => i + 10);
    expect(referrers.map((r) => [r.referrer, r.events]).sort()).toEqual([["", 1830], ["(other)", 55], ...kept.map((i) => [`site-${i}.example`, i + 1])].sort());
    expect(campaigns.map((r) => [r.utmSource, r.utmMedium, r.utmCampaign, r.events]).sort()).toEqual(
      [["", "", "", 1830], ["(other)", "(other)", "(other)", 55], ...kept.map((i) => ["news", "email", `week-${i}`, i + 1])].sort(),
    );
    expect(labels.map((r) => [r.label, r.events]).sort()).toEqual([["(other)", 55], ...kept.map((i) => [`cta-${i}`, i + 1])].sort());
    expect(referrers.find((r) => r.referrer === "(other)")).toMatchObject({ events: 55, visitors: 55 });
  });

  it("counts a label, referrer or campaign of '*' (the total rows' mark) under '(other)' rather than as a second total", async () => {
    const day = "2025-06-03";
    await handle.db
      .insert(analyticsEvents)
      .values([
        rawEvent(day, "a", "/", { referrer: "*", utmSource: "*", utmMedium: "*", utmCampaign: "*" }),
        rawEvent(day, "a", "/", { type: "cta", label: "*" }),
      ]);
    await rollUpAnalytics(day, day);
    const rows = await rowsOf(day);
    const isTotal = (r: (typeof rows)[number]) => [r.path, r.label, r.referrer, r.utmSource, r.utmMedium, r.utmCampaign].every((v) => v === "*");
    expect(rows.filter(isTotal).map((r) => [r.type, r.events])).toEqual([
      ["cta", 1],
      ["pageview", 1],
    ]);
    const once = { events: 1, visitors: 1 };
    expect(rows).toContainEqual({ ...rollup(day, "pageview", { referrer: "(other)" }), ...once });
    expect(rows).toContainEqual({ ...rollup(day, "pageview", { utmSource: "(other)", utmMedium: "(other)", utmCampaign: "(other)" }), ...once });
    expect(rows).toContainEqual({ ...rollup(day, "cta", { label: "(other)" }), ...once });
  });

  it("drops raw events older than 30 days, the salts of days before yesterday and the rollups older than 25 months", async () => {
    const today = utcDay();
    await handle.db.insert(analyticsEvents).values([
      { day: "2000-01-01", visitor: "0000000000000000", type: "pageview", path: "/old" },
      { day: utcDay(new Date(Date.now() - 29 * 86_400_000)), visitor: "0000000000000000", type: "pageview", path: "/recent" },
    ]);
    await handle.db.insert(analyticsSalts).values({ day: "2000-01-01", salt: "old" });
    // The first day of the month 24 months back is within 25 months whatever today is; the last day of the month 26 months back is not.
    const monthStart = (monthsBack: number) => {
      const at = new Date(`${today}T00:00:00Z`);
      return utcDay(new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - monthsBack, 1)));
    };
    const [kept, expired, older] = [monthStart(24), utcDay(new Date(Date.parse(`${monthStart(25)}T00:00:00Z`) - 86_400_000)), "2000-01-01"];
    await handle.db.insert(analyticsDaily).values([kept, expired, older].map((day) => ({ ...rollup(day, "pageview", {}), events: 1, visitors: 1 })));
    await purgeAnalytics();
    await rollUpAnalytics("2000-01-01", "2000-01-02");
    const paths = (await handle.db.select({ path: analyticsEvents.path }).from(analyticsEvents).where(eq(analyticsEvents.visitor, "0000000000000000"))).map(
      (r) => r.path,
    );
    expect(paths).toEqual(["/recent"]);
    expect(await handle.db.select().from(analyticsSalts).where(eq(analyticsSalts.day, "2000-01-01"))).toEqual([]);
    const days = async () =>
      (
        await handle.db
          .select({ day: analyticsDaily.day })
          .from(analyticsDaily)
          .where(sql`${analyticsDaily.day} in (${kept}, ${expired}, ${older})`)
      ).map((r) => r.day);
    expect(await days()).toEqual([kept]);

    // A shorter retention (ANALYTICS_RETENTION_MONTHS) drops more.
    await purgeAnalytics({ retentionMonths: 23 });
    expect(await days()).toEqual([]);
  });
});
