import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testPostgresUrl } from "../support/test-db";
import { id, NOW, seededPipeline } from "../support/revenue-report-data";
import { withStatementLog } from "../support/statement-log";
import { caseStudies } from "~/server/db/schema.server";
import type { DbHandle } from "~/server/db/client.server";
import { analyticsReport } from "~/server/analytics/report.server";
import { revenueReport, revenueTotal } from "~/server/analytics/revenue.server";
import { dashboardRevenue } from "~/server/admin/dashboard-revenue.server";
import { periodRange } from "~/lib/analytics-period";

process.env.AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";

const DB = testPostgresUrl() ? "PostgreSQL" : "PGlite";
const usd = (value: string) => ({ currency: "USD", value });
const eur = (value: string) => ({ currency: "EUR", value });
const none = { calls: 0, open: 0, pipeline: [], won: [] };

/* Booked calls and won value credited to the post, source and campaign that brought the lead (tests/support/revenue-report-data.ts says who is who). */

let handle: DbHandle;
beforeAll(async () => {
  handle = await seededPipeline();
});
afterAll(async () => {
  await handle.close();
});

describe(`revenue on the analytics report (${DB})`, () => {
  it("counts a call once its booking is confirmed and still on (a reschedule keeps it, a cancellation drops it), and sums won value per currency", async () => {
    const r = await revenueReport(handle.db, periodRange("30d", NOW));
    // 1 (held, then won), 2 (rescheduled), 6 and 7; not 3 (cancelled), 8 (rescheduled, then cancelled), 4 (booked in September).
    // Open: 2 ($5,000 expected), 6 (none entered) and 7 ($2,000.50).
    expect(r.total).toEqual({ calls: 4, open: 3, pipeline: [usd("7000.50")], won: [eur("500.00"), usd("12000.00")] });
    const funnel = (await analyticsReport(handle.db, periodRange("30d", NOW))).funnel;
    expect(funnel.map((s) => s.type)).toEqual(["pageview", "audit_open", "audit_sent", "booking", "call"]);
    expect(funnel.at(-1)).toEqual({ type: "call", visitors: 4 });
  });

  it("credits each post as first touch (landed on) and last touch (converted on), side by side", async () => {
    const r = await revenueReport(handle.db, periodRange("30d", NOW));
    expect(r.posts).toEqual([
      {
        path: "/blog/post-one",
        title: "Post One",
        first: { calls: 2, open: 1, pipeline: [usd("5000.00")], won: [usd("12000.00")] },
        last: { calls: 1, open: 1, pipeline: [usd("5000.00")], won: [] },
      },
      { path: "/blog/post-two", title: "Post Two", first: none, last: { calls: 1, open: 0, pipeline: [], won: [usd("12000.00")] } },
    ]);
  });

  it("credits sources and campaigns to first and last touch side by side, the most won first, with the median hours from the audit request to the call", async () => {
    const r = await revenueReport(handle.db, periodRange("30d", NOW));
    expect(r.sources).toEqual([
      // Lead 1 came back from linkedin.com (last touch): its $12,000 is linkedin.com's last touch and google.com's first.
      {
        referrer: "linkedin.com",
        first: { calls: 0, open: 0, pipeline: [], won: [eur("500.00")] },
        last: { calls: 1, open: 0, pipeline: [], won: [eur("500.00"), usd("12000.00")] },
        medianHours: null,
      },
      // 1 (6 h) and 7 (10 h); 6 was created by its booking, so it has no request to time from.
      {
        referrer: "google.com",
        first: { calls: 3, open: 2, pipeline: [usd("2000.50")], won: [usd("12000.00")] },
        last: { calls: 2, open: 2, pipeline: [usd("2000.50")], won: [] },
        medianHours: 8,
      },
      // Lead 2: direct first, ChatGPT last.
      { referrer: "", first: { calls: 1, open: 1, pipeline: [usd("5000.00")], won: [] }, last: none, medianHours: 48 },
      { referrer: "chatgpt.com", first: none, last: { calls: 1, open: 1, pipeline: [usd("5000.00")], won: [] }, medianHours: null },
    ]);
    expect(r.campaigns).toEqual([
      { source: "linkedin", medium: "social", campaign: "winter", first: none, last: { calls: 1, open: 0, pipeline: [], won: [usd("12000.00")] } },
      { source: "newsletter", medium: "email", campaign: "launch", first: { calls: 1, open: 0, pipeline: [], won: [usd("12000.00")] }, last: none },
      {
        source: "linkedin",
        medium: "social",
        campaign: "autumn",
        first: { calls: 0, open: 0, pipeline: [], won: [eur("500.00")] },
        last: { calls: 0, open: 0, pipeline: [], won: [eur("500.00")] },
      },
    ]);
  });

  it("a deal counts in the period it was won in, whenever its call was booked", async () => {
    const week = await revenueReport(handle.db, periodRange("7d", NOW));
    expect(week.total).toEqual({ calls: 0, open: 0, pipeline: [], won: [usd("12000.00")] });
    const won = { calls: 0, open: 0, pipeline: [], won: [usd("12000.00")] };
    expect(week.sources).toEqual([
      { referrer: "google.com", first: won, last: none, medianHours: null },
      { referrer: "linkedin.com", first: none, last: won, medianHours: null },
    ]);
    // Lead 5 was won on 1 Oct: in 'Last 12 months', not in 'Last 30 days'.
    const year = await revenueTotal(handle.db, { start: new Date("2025-12-01T00:00:00Z"), end: new Date("2026-12-01T00:00:00Z") });
    expect(year.won).toEqual([eur("500.00"), usd("12999.00")]);
  });

  it("the Analytics screen reads the revenue of all its ways (report and answer engines) in one statement, and the engines' counts in another", async () => {
    const { db, texts: statements } = withStatementLog(handle.db);
    const report = await analyticsReport(db, periodRange("30d", NOW));
    // Those reading the bookings credit leads; those reading the engines' visits or the crawls count for the engines.
    expect(statements.filter((text) => text.includes("scheduler_bookings"))).toHaveLength(1);
    expect(statements.filter((text) => text.includes("answer_engine_visits") || text.includes("ai_crawls"))).toHaveLength(1);
    // And that one statement answered every way: the totals, the sources with their medians, the engines.
    expect(report.revenue.total.calls).toBe(4);
    expect(report.revenue.sources.find((s) => s.referrer === "google.com")?.medianHours).toBe(8);
    expect(report.answerEngines.engines.find((e) => e.engine === "chatgpt")?.last.calls).toBe(1);
  });

  it("the dashboard's month: calls booked and value won since the 1st (UTC), the settings' currency first", async () => {
    expect(await dashboardRevenue(handle.db, "USD", NOW)).toEqual({ calls: 4, won: usd("12000.00"), otherCurrencies: [eur("500.00")] });
    expect(await dashboardRevenue(handle.db, "GBP", new Date("2026-10-15T00:00:00Z"))).toEqual({
      calls: 0,
      won: { currency: "GBP", value: "0" },
      otherCurrencies: [usd("999.00")],
    });
  });
});

describe(`revenue credited to a case study (${DB})`, () => {
  it("a lead that landed on a case study and was sent from a post is credited to both, the case study by its title", async () => {
    const december = new Date("2026-12-20T12:00:00Z");
    const own = await seededPipeline([
      {
        id: id(9),
        created: "2026-12-15T10:00:00Z",
        status: "won",
        landing: "/case-studies/deal-intake",
        converted: "/blog/post-one",
        bookings: [["2026-12-15T12:00:00Z", "held"]],
        won: { at: "2026-12-18T09:00:00Z", value: "3000.00", currency: "USD" },
      },
    ]);
    try {
      await own.db.insert(caseStudies).values({
        title: "Deal intake from 22 hours to 3",
        slug: "deal-intake",
        client: "A venture fund",
        industry: "Venture Capital",
        summary: "Summary",
        problem: "Problem",
        solution: "Solution",
        hoursBefore: 22,
        hoursAfter: 3,
        published: true,
        publishedAt: new Date("2026-12-01T00:00:00Z"),
      });
      const r = await revenueReport(own.db, periodRange("7d", december));
      const won = { calls: 1, open: 0, pipeline: [], won: [usd("3000.00")] };
      expect(r.posts).toEqual([
        { path: "/case-studies/deal-intake", title: "Deal intake from 22 hours to 3", first: won, last: none },
        { path: "/blog/post-one", title: "Post One", first: none, last: won },
      ]);
    } finally {
      await own.close();
    }
  });
});
