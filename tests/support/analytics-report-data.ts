import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createDatabaseFromTemplate, testPostgresUrl, type TemplateCopy } from "./test-db";
import { post } from "./post-input";
import { closeDatabase, database } from "~/server/db/client.server";
import { analyticsEvents, blogPosts, leads } from "~/server/db/schema.server";
import { rollUpAnalytics } from "~/server/analytics/store.server";
import { analyticsReport } from "~/server/analytics/report.server";
import { periodRange, type PeriodKey } from "~/lib/analytics-period";

/** Noon (UTC) on Monday 23 November 2026: 'Last 7 days' is 17–23 Nov, 'Last 30 days' 25 Oct–23 Nov, 'Last 12 months' Dec 2025–Nov 2026. */
export const NOW = new Date("2026-11-23T12:00:00Z");

/**
 * rollUpAnalytics works on the process's database (like the server), so a report test points the
 * process at a fresh one: PGlite in a temporary DATA_DIR, or a copy of the migrated PostgreSQL template.
 */
async function openProcessDatabase() {
  let tmp = "";
  let pgCopy: TemplateCopy | undefined;
  const pg = testPostgresUrl();
  if (pg) {
    pgCopy = await createDatabaseFromTemplate(pg);
    process.env.DATABASE_URL = pgCopy.url;
  } else {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "studio-analytics-"));
    process.env.DATA_DIR = tmp;
    process.env.DATABASE_URL = "";
  }
  const { db } = await database();
  const close = async () => {
    await closeDatabase();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
    await pgCopy?.drop();
  };
  return { db, close };
}

type Event = { day: string; visitor: string; type: string; path: string; referrer?: string; utm?: [string, string, string]; label?: string };

export function event({ day, visitor, type, path: page, referrer, utm, label }: Event) {
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

export const NEWSLETTER: [string, string, string] = ["newsletter", "email", "launch"];

/**
 * The made-up site the report tests read: two posts, page views and CTA clicks from 23 Nov 2026 back
 * to 30 Nov 2025 (each period's first day and the day before it) and the leads they brought, rolled up.
 * `report` reads a period ending `now` (NOW unless given); `close` drops the database.
 */
export async function seededAnalytics() {
  const { db, close } = await openProcessDatabase();
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
  const report = (period: PeriodKey, now = NOW) => analyticsReport(db, periodRange(period, now));
  return { db, report, close };
}

export type SeededAnalytics = Awaited<ReturnType<typeof seededAnalytics>>;
