import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testPostgresUrl } from "../support/test-db";
import { seededAnalytics, type SeededAnalytics } from "../support/analytics-report-data";

process.env.AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";

const DB = testPostgresUrl() ? "PostgreSQL" : "PGlite";

/** The analytics report of each period: figures against the previous period, funnel, series, top lists. */
let report: SeededAnalytics["report"];
let close: SeededAnalytics["close"] | undefined;

beforeAll(async () => {
  ({ report, close } = await seededAnalytics());
});

afterAll(async () => {
  await close?.();
});

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
      // The frame's message ('Started booking'); no booking was confirmed by the scheduler's webhook.
      { type: "booking", visitors: 1 },
      { type: "call", visitors: 0 },
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
    expect(r.funnel.map((s) => s.visitors)).toEqual([0, 0, 0, 0, 0]);
    expect(r.series.every((p) => p.visitors === 0 && p.auditRequests === 0)).toBe(true);
    expect([r.pages, r.posts, r.sources, r.campaigns]).toEqual([[], [], [], []]);
  });
});
