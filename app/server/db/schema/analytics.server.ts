import { sql } from "drizzle-orm";
import { bigint, date, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.server";

/* Beacon analytics: raw events, daily rollups and the daily salts (docs/decisions/0020, 0038). */

/**
 * Raw events from the beacon, kept 30 days. `visitor` is 16 hex characters of
 * sha256(daily salt + host + ip + user agent): no address, agent or cookie is stored.
 */
export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    createdAt: createdAt(),
    /** The UTC day of the event. */
    day: date("day").notNull(),
    visitor: text("visitor").notNull(),
    /** 'pageview', 'cta', 'audit_open', 'audit_sent', 'work_open' or 'booking'. */
    type: text("type").notNull(),
    path: text("path").notNull(),
    /** The call-to-action's name for 'cta', else null. */
    label: text("label"),
    /** The referring domain; null when none or this site. */
    referrer: text("referrer"),
    utmSource: text("utm_source"),
    utmMedium: text("utm_medium"),
    utmCampaign: text("utm_campaign"),
    /** The path the visit landed on. */
    landing: text("landing"),
    /** A page view's answer engine (app/lib/answer-engines.ts), from its full referrer and utm_source; null for any other. */
    engine: text("engine"),
  },
  (t) => [index("analytics_events_day_idx").on(t.day), index("analytics_events_visitor_day_idx").on(t.visitor, t.day)],
);

/**
 * Daily rollups, kept forever. Rows whose path, label, referrer and utm_* are all '*' are the
 * day's total for that type; the others are breakdowns ('' when a value is absent).
 */
export const analyticsDaily = pgTable(
  "analytics_daily",
  {
    day: date("day").notNull(),
    type: text("type").notNull(),
    path: text("path").notNull(),
    label: text("label").notNull(),
    referrer: text("referrer").notNull(),
    utmSource: text("utm_source").notNull(),
    utmMedium: text("utm_medium").notNull(),
    utmCampaign: text("utm_campaign").notNull(),
    events: integer("events").notNull(),
    /** Distinct visitors. */
    visitors: integer("visitors").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.type, t.path, t.label, t.referrer, t.utmSource, t.utmMedium, t.utmCampaign] }),
    // The '*' rows alone (a few per day): the totals, the chart and the fingerprint of kept page sums
    // read them without walking a year's million breakdown rows in the primary key.
    index("analytics_daily_totals_idx")
      .on(t.day, t.type)
      .where(sql`${t.path} = '*' and ${t.label} = '*' and ${t.referrer} = '*' and ${t.utmSource} = '*' and ${t.utmMedium} = '*' and ${t.utmCampaign} = '*'`),
  ],
);

/**
 * One row per day of analytics_daily that was ever written (docs/decisions/0038, amended
 * 2026-11-28): a statement trigger on analytics_daily (migration analytics-daily-changes) adds
 * one to `version` of each day any insert, update or delete touched, whichever rows (totals or
 * breakdowns) and whoever wrote them. The Analytics screen's kept sums of older days read these
 * few rows to see that a day changed, instead of reading the day's rows.
 */
export const analyticsDailyChanges = pgTable("analytics_daily_changes", {
  day: date("day").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull().default(1),
});

/**
 * What the last rollup of each day read of its raw events (docs/decisions/0038, amended
 * 2026-11-28): their count and largest id, written in the rollup's transaction before it reads
 * the events. The Analytics screen rolls up on view only the days whose events differ from this
 * (new events since the minute's rollup or the previous view's).
 */
export const analyticsRollups = pgTable("analytics_rollups", {
  day: date("day").primaryKey(),
  events: integer("events").notNull(),
  lastId: bigint("last_id", { mode: "number" }).notNull(),
});

/** The random salt of each UTC day's visitor hash; deleted after two days, so a past day's hashes cannot be recomputed. */
export const analyticsSalts = pgTable("analytics_salts", {
  day: date("day").primaryKey(),
  salt: text("salt").notNull(),
});

/**
 * Visits an answer engine referred, per UTC day, landing page and engine (docs/decisions/0053):
 * rolled up from the raw events with analytics_daily and kept as long. `visitors` counts distinct
 * visitors; a landing page that is not one of the site's pages, posts or case studies counts under '(other)'.
 */
export const answerEngineVisits = pgTable(
  "answer_engine_visits",
  {
    day: date("day").notNull(),
    landing: text("landing").notNull(),
    engine: text("engine").notNull(),
    visitors: integer("visitors").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.landing, t.engine] })],
);

/**
 * Fetches by known AI crawlers (AI_CRAWLER_AGENTS) of a post, its markdown, a case study and
 * /llms.txt, per UTC day, path and crawler (docs/decisions/0053). No address or agent string is
 * kept: only the crawler's token and a count, added to in batches.
 */
export const aiCrawls = pgTable(
  "ai_crawls",
  {
    day: date("day").notNull(),
    path: text("path").notNull(),
    crawler: text("crawler").notNull(),
    fetches: integer("fetches").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.path, t.crawler] })],
);
