import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testPostgresUrl } from "../support/test-db";
import { NOW, seededPipeline } from "../support/revenue-report-data";
import type { DbHandle } from "~/server/db/client.server";
import { analyticsReport } from "~/server/analytics/report.server";
import { revenueReport, revenueTotal } from "~/server/analytics/revenue.server";
import { dashboardRevenue } from "~/server/admin/dashboard-revenue.server";
import { periodRange } from "~/lib/analytics-period";

process.env.AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";

const DB = testPostgresUrl() ? "PostgreSQL" : "PGlite";
const usd = (value: string) => ({ currency: "USD", value });
const eur = (value: string) => ({ currency: "EUR", value });

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
    expect(r.total).toEqual({ calls: 4, open: 3, won: [eur("500.00"), usd("12000.00")] });
    const funnel = (await analyticsReport(handle.db, periodRange("30d", NOW))).funnel;
    expect(funnel.map((s) => s.type)).toEqual(["pageview", "audit_open", "audit_sent", "booking", "call"]);
    expect(funnel.at(-1)).toEqual({ type: "call", visitors: 4 });
  });

  it("credits each post as first touch (landed on) and last touch (converted on), side by side", async () => {
    const r = await revenueReport(handle.db, periodRange("30d", NOW));
    expect(r.posts).toEqual([
      { path: "/blog/post-one", title: "Post One", first: { calls: 2, open: 1, won: [usd("12000.00")] }, last: { calls: 1, open: 1, won: [] } },
      { path: "/blog/post-two", title: "Post Two", first: { calls: 0, open: 0, won: [] }, last: { calls: 1, open: 0, won: [usd("12000.00")] } },
    ]);
  });

  it("credits sources and campaigns, the most won first, with the median hours from the audit request to the call", async () => {
    const r = await revenueReport(handle.db, periodRange("30d", NOW));
    expect(r.sources).toEqual([
      // 1 (6 h) and 7 (10 h); 6 was created by its booking, so it has no request to time from.
      { referrer: "google.com", calls: 3, open: 2, won: [usd("12000.00")], medianHours: 8 },
      { referrer: "linkedin.com", calls: 0, open: 0, won: [eur("500.00")], medianHours: null },
      { referrer: "", calls: 1, open: 1, won: [], medianHours: 48 },
    ]);
    expect(r.campaigns).toEqual([
      { source: "newsletter", medium: "email", campaign: "launch", calls: 1, open: 0, won: [usd("12000.00")] },
      { source: "linkedin", medium: "social", campaign: "autumn", calls: 0, open: 0, won: [eur("500.00")] },
    ]);
  });

  it("a deal counts in the period it was won in, whenever its call was booked", async () => {
    const week = await revenueReport(handle.db, periodRange("7d", NOW));
    expect(week.total).toEqual({ calls: 0, open: 0, won: [usd("12000.00")] });
    expect(week.sources).toEqual([{ referrer: "google.com", calls: 0, open: 0, won: [usd("12000.00")], medianHours: null }]);
    // Lead 5 was won on 1 Oct: in 'Last 12 months', not in 'Last 30 days'.
    const year = await revenueTotal(handle.db, { start: new Date("2025-12-01T00:00:00Z"), end: new Date("2026-12-01T00:00:00Z") });
    expect(year.won).toEqual([eur("500.00"), usd("12999.00")]);
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
