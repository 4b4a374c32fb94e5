import { sql } from "drizzle-orm";
import { boolean, check, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt, deletedAt } from "./columns.server";
import type { CaseStudySnapshot } from "~/lib/case-study";

/*
 * Case studies: published results in the comparison's own units (app/content/comparison.ts): hours
 * of data work a week, the error rate in percent of records, the manual labour cost in dollars a
 * week. On the posts' publication model: a draft, scheduled (published, dated in the future) or
 * published; the trash sets deleted_at (decision 0051).
 */
export const caseStudies = pgTable(
  "case_studies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The headline of the story ("Deal intake from 22 hours a week to 3"). */
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    /** The client's name, or an anonymised description ("A 12-person venture fund"). */
    client: text("client").notNull(),
    industry: text("industry").notNull(),
    /** One or two sentences for cards, feeds and search results. */
    summary: text("summary").notNull(),
    /** The problem, and what was built (markdown each). */
    problem: text("problem").notNull(),
    solution: text("solution").notNull(),
    /** The tools the build used, in the order shown. */
    tools: jsonb("tools").$type<string[]>().notNull().default([]),
    /** Hours a week spent on the work, before and after (null: not measured). */
    hoursBefore: doublePrecision("hours_before"),
    hoursAfter: doublePrecision("hours_after"),
    /** Percent of records that needed rework, before and after. */
    errorRateBefore: doublePrecision("error_rate_before"),
    errorRateAfter: doublePrecision("error_rate_after"),
    /** Dollars a week of manual labour, before and after. */
    costBefore: doublePrecision("cost_before"),
    costAfter: doublePrecision("cost_after"),
    /** A quote from the client (optional) and who said it. */
    quote: text("quote"),
    quoteAuthor: text("quote_author"),
    quoteRole: text("quote_role"),
    imageUrl: text("image_url"),
    coverAlt: text("cover_alt").notNull().default(""),
    published: boolean("published").notNull().default(false),
    featured: boolean("featured").notNull().default(false),
    /** When it is (or goes) public; a published case study dated in the future is scheduled. */
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /** The secret of the preview link of a draft or scheduled case study (base64url); null when there is none. */
    previewToken: text("preview_token"),
    /** Raised by every save and restore: a form opened on an older version cannot save over a newer one (decision 0055). */
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    uniqueIndex("case_studies_slug_key").on(t.slug),
    index("case_studies_published_idx").on(t.published, t.publishedAt.desc()),
    check("case_studies_published_has_date", sql`not ${t.published} or ${t.publishedAt} is not null`),
    index("case_studies_trash_idx")
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
  ],
);

/**
 * A case study as one save left it (creating it, every later save, a restore): who saved it, when,
 * and every field the form edits, as the form's record (the publication time as ISO text).
 * Deleting a case study forever deletes its revisions; the trash keeps them.
 */
export const caseStudyRevisions = pgTable(
  "case_study_revisions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    caseStudyId: uuid("case_study_id")
      .notNull()
      .references(() => caseStudies.id, { onDelete: "cascade" }),
    authorName: text("author_name").notNull(),
    authorEmail: text("author_email").notNull(),
    snapshot: jsonb("snapshot").$type<CaseStudySnapshot>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("case_study_revisions_case_study_idx").on(t.caseStudyId, t.createdAt.desc())],
);
