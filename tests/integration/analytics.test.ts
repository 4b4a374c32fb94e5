import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import type * as DbClient from "~/server/db/client.server";
import type { DbHandle } from "~/server/db/client.server";
import { analyticsDaily, analyticsEvents, analyticsSalts, blogPosts, leads } from "~/server/db/schema.server";
import { log } from "~/server/core/log.server";
import { periodRange } from "~/lib/analytics-period";
import { post } from "../support/post-input";
import { startSmtp } from "../support/smtp";
import { freshTestDatabase } from "../support/test-db";

let handle: DbHandle;
// A lead's mail goes to a real SMTP server (never a developer's SMTP_URL from .env).
const smtp = await startSmtp();
process.env.SMTP_URL = smtp.url;

vi.mock("~/server/db/client.server", async (original) => ({
  ...(await original<typeof DbClient>()),
  db: () => Promise.resolve(handle.db),
}));

beforeAll(async () => {
  handle = await freshTestDatabase();
});
afterAll(async () => {
  await handle.close();
  await smtp.close();
});

const { action: collect } = await import("~/routes/resources/event-api");
const { action: postLead } = await import("~/routes/resources/leads-api");
const { flushAnalytics, queueEvent, rollUpAnalytics, purgeAnalytics, utcDay } = await import("~/server/analytics/store.server");
const { analyticsReport } = await import("~/server/analytics/report.server");
const { visitorHash, traitsOf } = await import("~/server/analytics/visitor.server");

const ORIGIN = "http://localhost:3000";
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36";

/** A beacon request as navigator.sendBeacon sends it (text/plain JSON, the page's origin). */
function beacon(body: unknown, { ip = "10.1.0.1", ua = BROWSER, headers = {} }: { ip?: string; ua?: string; headers?: Record<string, string> } = {}) {
  const request = new Request(`${ORIGIN}/api/event`, {
    method: "POST",
    body: typeof body === "string" ? body : JSON.stringify(body),
    headers: { "content-type": "text/plain;charset=UTF-8", origin: ORIGIN, "user-agent": ua, "x-client-ip": ip, ...headers },
  });
  return collect({ request, params: {}, context: {} } as never);
}

async function eventsOf(ip: string, ua = BROWSER) {
  await flushAnalytics();
  const visitor = await visitorHash(traitsOf(new Headers({ "user-agent": ua }), ip), utcDay());
  return handle.db.select().from(analyticsEvents).where(eq(analyticsEvents.visitor, visitor)).orderBy(analyticsEvents.id);
}

describe("POST /api/event", () => {
  it("stores a page view from a UTM link with the referrer's domain, the UTM and the landing page, and no address, agent or cookie", async () => {
    const response = await beacon(
      {
        type: "pageview",
        path: "/?x=1",
        landing: "/",
        referrer: "https://www.news.example/item?id=1",
        utm_source: "newsletter",
        utm_medium: "email",
        utm_campaign: "launch",
      },
      { ip: "10.1.0.1" },
    );
    expect(response.status).toBe(204);
    expect(response.headers.get("set-cookie")).toBeNull();
    const rows = await eventsOf("10.1.0.1");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      day: utcDay(),
      type: "pageview",
      path: "/",
      label: null,
      referrer: "news.example",
      utmSource: "newsletter",
      utmMedium: "email",
      utmCampaign: "launch",
      landing: "/",
    });
    expect(rows[0]!.visitor).toMatch(/^[0-9a-f]{16}$/);
    const stored = JSON.stringify(rows[0]);
    expect(stored).not.toContain("10.1.0.1");
    expect(stored).not.toContain("Chrome");
  });

  it("keeps the CTA's name, drops a same-site referrer, and cuts long values", async () => {
    await beacon({ type: "pageview", path: "/blog", referrer: `${ORIGIN}/`, landing: "/" }, { ip: "10.1.0.2" });
    await beacon({ type: "cta", path: "/blog", label: `hero-${"x".repeat(500)}` }, { ip: "10.1.0.2" });
    const [view, cta] = await eventsOf("10.1.0.2");
    expect(view).toMatchObject({ type: "pageview", path: "/blog", referrer: null, landing: "/" });
    expect(cta).toMatchObject({ type: "cta", path: "/blog", referrer: null, utmSource: null });
    expect(cta!.label).toHaveLength(80);
    expect(cta!.label!.startsWith("hero-x")).toBe(true);
  });

  it("records nothing with Sec-GPC: 1, DNT: 1 or a bot's user agent, yet answers 204", async () => {
    const view = { type: "pageview", path: "/", landing: "/" };
    expect((await beacon(view, { ip: "10.1.0.3", headers: { "sec-gpc": "1" } })).status).toBe(204);
    expect((await beacon(view, { ip: "10.1.0.3", headers: { dnt: "1" } })).status).toBe(204);
    const bot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
    expect((await beacon(view, { ip: "10.1.0.3", ua: bot })).status).toBe(204);
    expect(await eventsOf("10.1.0.3")).toHaveLength(0);
    expect(await eventsOf("10.1.0.3", bot)).toHaveLength(0);
  });

  it("refuses another origin, an unknown type, a non-path and an admin path", async () => {
    expect((await beacon({ type: "pageview", path: "/" }, { ip: "10.1.0.4", headers: { origin: "https://evil.example" } })).status).toBe(403);
    expect((await beacon({ type: "purchase", path: "/" }, { ip: "10.1.0.4" })).status).toBe(400);
    expect((await beacon({ type: "pageview", path: "https://evil.example/" }, { ip: "10.1.0.4" })).status).toBe(400);
    expect((await beacon({ type: "pageview", path: "/admin/leads" }, { ip: "10.1.0.4" })).status).toBe(400);
    expect((await beacon("not json", { ip: "10.1.0.4" })).status).toBe(400);
    expect((await beacon({ type: "pageview", path: "/", label: "x".repeat(3000) }, { ip: "10.1.0.4" })).status).toBe(413);
    expect(await eventsOf("10.1.0.4")).toHaveLength(0);
  });

  it("refuses an event with a NUL or another control character in any text field (400), and stores the valid events around it", async () => {
    const ip = "10.1.0.6";
    expect((await beacon({ type: "pageview", path: "/team", utm_campaign: "before" }, { ip })).status).toBe(204);
    const poisoned = [
      { type: "pageview", path: "/blog/\u0000x" },
      { type: "pageview", path: "/team?q=\u0000" },
      { type: "cta", path: "/team", label: "hero\u0007" },
      { type: "pageview", path: "/team", referrer: "https://news.example/\n" },
      { type: "pageview", path: "/team", utm_source: "mail\u0000" },
      { type: "pageview", path: "/team", utm_medium: "\u001b[31m" },
      { type: "pageview", path: "/team", utm_campaign: "c\u0085" },
      { type: "pageview", path: "/team", landing: "/\u007f" },
      { type: "audit_open", path: "/team", utm_source: "\ud800" },
    ];
    for (const event of poisoned) expect((await beacon(event, { ip })).status, JSON.stringify(event)).toBe(400);
    expect((await beacon({ type: "pageview", path: "/team", utm_campaign: "after" }, { ip })).status).toBe(204);
    expect((await eventsOf(ip)).map((e) => [e.path, e.utmCampaign])).toEqual([
      ["/team", "before"],
      ["/team", "after"],
    ]);
  });

  it("stores every event of a burst once the batch is flushed", async () => {
    const sends = Array.from({ length: 2500 }, (_, i) =>
      beacon({ type: "pageview", path: `/burst/${i % 50}` }, { ip: `10.2.${Math.floor(i / 250)}.${i % 250}` }),
    );
    expect(new Set((await Promise.all(sends)).map((r) => r.status))).toEqual(new Set([204]));
    await flushAnalytics();
    const [row] = await handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(analyticsEvents)
      .where(sql`${analyticsEvents.path} like '/burst/%'`);
    expect(row!.n).toBe(2500);
  });

  it("limits one address to 300 events a minute", async () => {
    const statuses = [];
    for (let i = 0; i < 305; i++) statuses.push((await beacon({ type: "cta", path: "/", label: "flood" }, { ip: "10.1.0.5" })).status);
    expect(statuses.filter((s) => s === 204)).toHaveLength(300);
    expect(statuses.slice(300)).toEqual([429, 429, 429, 429, 429]);
  });
});

describe("the event batch", () => {
  it("drops a row the database refuses, with one log line, and stores the events queued before and after it; they show in the report", async () => {
    const warn = vi.spyOn(log, "warn");
    // A day of its own: the report's top pages hold these events alone.
    const day = "2025-07-01";
    const view = (visitor: string) => ({ day, visitor, type: "pageview", path: "/privacy" });
    const valid = [
      ...["before-1", "before-2", "before-3", "before-4", "before-5"].map(view),
      ...["between-1", "between-2", "between-3"].map(view),
      ...["after-1", "after-2", "after-3", "after-4"].map(view),
    ];
    // Values the collector never lets through, queued here as a bug elsewhere might: PostgreSQL stores neither.
    const refused = [
      { ...view("nul"), path: "/privacy\u0000" },
      { ...view("bad-day"), day: "2026-02-30" },
    ];
    for (const event of [...valid.slice(0, 5), refused[0]!, ...valid.slice(5, 8), refused[1]!, ...valid.slice(8)]) queueEvent(event);
    await flushAnalytics();

    const stored = await handle.db
      .select({ visitor: analyticsEvents.visitor })
      .from(analyticsEvents)
      .where(eq(analyticsEvents.path, "/privacy"))
      .orderBy(analyticsEvents.id);
    expect(stored.map((r) => r.visitor)).toEqual(valid.map((v) => v.visitor));
    expect(warn.mock.calls.filter(([message]) => message === "analytics event dropped: the database refused it")).toHaveLength(2);
    warn.mockRestore();

    // Nothing is left blocking the batch: the next event is stored at the next flush.
    queueEvent(view("later"));
    await flushAnalytics();
    expect(
      await handle.db
        .select()
        .from(analyticsEvents)
        .where(and(eq(analyticsEvents.path, "/privacy"), eq(analyticsEvents.visitor, "later"))),
    ).toHaveLength(1);

    await rollUpAnalytics(day, day);
    const report = await analyticsReport(handle.db, periodRange("7d", new Date(`${day}T12:00:00Z`)));
    expect(report.pages).toEqual([{ path: "/privacy", views: 13, visitors: 13 }]);
  });
});

describe("visitor hash", () => {
  it("is the same for one address and browser within a day, and differs across browsers and days", async () => {
    const day = utcDay();
    const a = traitsOf(new Headers({ "user-agent": BROWSER }), "10.3.0.1");
    const b = traitsOf(new Headers({ "user-agent": `${BROWSER} Edg/141` }), "10.3.0.1");
    expect(await visitorHash(a, day)).toBe(await visitorHash(a, day));
    expect(await visitorHash(a, day)).not.toBe(await visitorHash(b, day));
    expect(await visitorHash(a, "2001-01-02")).not.toBe(await visitorHash(a, day));
  });
});

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

describe("lead attribution", () => {
  function lead(email: string, ip: string, headers: Record<string, string> = {}) {
    const body = new URLSearchParams({ name: "Grace Hopper", email, company: "Navy", message: "Our compiler reports by hand" });
    const request = new Request(`${ORIGIN}/api/leads`, {
      method: "POST",
      body,
      headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, "user-agent": BROWSER, "x-client-ip": ip, ...headers },
    });
    return postLead({ request, params: {}, context: {} } as never);
  }
  const stored = async (email: string) => (await handle.db.select().from(leads).where(eq(leads.email, email)))[0]!;

  it("carries the first page view's landing page, referrer and UTM and the last page's path into the lead", async () => {
    const ip = "10.5.0.1";
    await beacon(
      {
        type: "pageview",
        path: "/",
        landing: "/",
        referrer: "https://social.example/p/1",
        utm_source: "linkedin",
        utm_medium: "social",
        utm_campaign: "autumn",
      },
      { ip },
    );
    await beacon({ type: "pageview", path: "/blog/some-post", landing: "/" }, { ip });
    await beacon({ type: "audit_open", path: "/blog/some-post", landing: "/" }, { ip });
    // Not flushed by the test: the lead intake flushes the batch itself.
    expect((await lead("grace@example.com", ip)).status).toBe(200);
    expect(await stored("grace@example.com")).toMatchObject({
      landingPage: "/",
      convertedOn: "/blog/some-post",
      referrer: "social.example",
      utmSource: "linkedin",
      utmMedium: "social",
      utmCampaign: "autumn",
    });
  });

  it("leaves the columns empty for a visitor who opted out or has no page view", async () => {
    const ip = "10.5.0.2";
    await beacon({ type: "pageview", path: "/", utm_source: "linkedin" }, { ip });
    expect((await lead("optout@example.com", ip, { "sec-gpc": "1" })).status).toBe(200);
    expect((await lead("unknown@example.com", "10.5.0.3")).status).toBe(200);
    for (const email of ["optout@example.com", "unknown@example.com"]) {
      expect(await stored(email)).toMatchObject({ landingPage: null, convertedOn: null, referrer: null, utmSource: null, utmMedium: null, utmCampaign: null });
    }
  });
});
