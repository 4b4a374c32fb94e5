import { and, desc, eq, isNull, lte, sql, type SQL } from "drizzle-orm";
import type { Queryable } from "~/server/db/client.server";
import { caseStudies } from "~/server/db/schema.server";

/* ------------------------------------------------------------------ public reads */

/**
 * The one rule of what the public may read of case studies, as for posts: published, not in the
 * trash, and its publication time has come. The list, the page, its markdown, the sitemap, the
 * feed and /llms.txt all filter with it.
 */
export function caseStudyVisible(): SQL {
  return and(eq(caseStudies.published, true), lte(caseStudies.publishedAt, sql`now()`), isNull(caseStudies.deletedAt))!;
}

const displayDate = sql<Date>`coalesce(${caseStudies.publishedAt}, ${caseStudies.createdAt})`.mapWith(caseStudies.createdAt);

const figureColumns = {
  hoursBefore: caseStudies.hoursBefore,
  hoursAfter: caseStudies.hoursAfter,
  errorRateBefore: caseStudies.errorRateBefore,
  errorRateAfter: caseStudies.errorRateAfter,
  costBefore: caseStudies.costBefore,
  costAfter: caseStudies.costAfter,
};

const cardColumns = {
  id: caseStudies.id,
  title: caseStudies.title,
  slug: caseStudies.slug,
  client: caseStudies.client,
  industry: caseStudies.industry,
  summary: caseStudies.summary,
  imageUrl: caseStudies.imageUrl,
  coverAlt: caseStudies.coverAlt,
  featured: caseStudies.featured,
  date: displayDate,
  ...figureColumns,
};

/** Featured first, then newest first. */
const listOrder = [desc(caseStudies.featured), sql`${caseStudies.publishedAt} desc nulls last`, desc(caseStudies.id)];

export type CaseStudyCard = Awaited<ReturnType<typeof listPublishedCaseStudies>>[number];

/** /case-studies: every public case study (a studio publishes tens, not thousands). */
export async function listPublishedCaseStudies(db: Queryable, limit = 200) {
  return db
    .select(cardColumns)
    .from(caseStudies)
    .where(caseStudyVisible())
    .orderBy(...listOrder)
    .limit(limit);
}

/** The landing page's featured row: up to `limit` public, featured case studies, newest first. */
export async function listFeaturedCaseStudies(db: Queryable, limit = 3) {
  return db
    .select({ title: caseStudies.title, slug: caseStudies.slug, client: caseStudies.client, industry: caseStudies.industry, ...figureColumns })
    .from(caseStudies)
    .where(and(caseStudyVisible(), eq(caseStudies.featured, true)))
    .orderBy(sql`${caseStudies.publishedAt} desc nulls last`, desc(caseStudies.id))
    .limit(limit);
}

export type PublicCaseStudy = NonNullable<Awaited<ReturnType<typeof getPublishedCaseStudy>>>;

/** One public case study by slug; null when missing, a draft, scheduled or trashed. `anyState`: previews only. */
export async function getPublishedCaseStudy(db: Queryable, slug: string, { anyState = false } = {}) {
  const [row] = await db
    .select({
      ...cardColumns,
      problem: caseStudies.problem,
      solution: caseStudies.solution,
      tools: caseStudies.tools,
      quote: caseStudies.quote,
      quoteAuthor: caseStudies.quoteAuthor,
      quoteRole: caseStudies.quoteRole,
      updatedAt: caseStudies.updatedAt,
    })
    .from(caseStudies)
    .where(and(eq(caseStudies.slug, slug), anyState ? isNull(caseStudies.deletedAt) : caseStudyVisible()))
    .limit(1);
  return row ?? null;
}

/** The id of the public case study with this slug (what a lead records as shown); null when none is public. */
export async function publishedCaseStudyId(db: Queryable, slug: string): Promise<string | null> {
  const [row] = await db
    .select({ id: caseStudies.id })
    .from(caseStudies)
    .where(and(eq(caseStudies.slug, slug), caseStudyVisible()))
    .limit(1);
  return row?.id ?? null;
}

/** Public case studies for the sitemap, the feed and /llms.txt, newest first. */
export async function listCaseStudiesForFeed(db: Queryable, limit = 1000) {
  return db
    .select({
      title: caseStudies.title,
      slug: caseStudies.slug,
      client: caseStudies.client,
      industry: caseStudies.industry,
      summary: caseStudies.summary,
      date: displayDate,
      updatedAt: caseStudies.updatedAt,
    })
    .from(caseStudies)
    .where(caseStudyVisible())
    .orderBy(sql`${caseStudies.publishedAt} desc nulls last`, desc(caseStudies.id))
    .limit(limit);
}

/* ------------------------------------------------------------------ back-office reads */

const editableColumns = {
  id: caseStudies.id,
  title: caseStudies.title,
  slug: caseStudies.slug,
  client: caseStudies.client,
  industry: caseStudies.industry,
  summary: caseStudies.summary,
  problem: caseStudies.problem,
  solution: caseStudies.solution,
  tools: caseStudies.tools,
  ...figureColumns,
  quote: caseStudies.quote,
  quoteAuthor: caseStudies.quoteAuthor,
  quoteRole: caseStudies.quoteRole,
  imageUrl: caseStudies.imageUrl,
  coverAlt: caseStudies.coverAlt,
  published: caseStudies.published,
  featured: caseStudies.featured,
  publishedAt: caseStudies.publishedAt,
  previewToken: caseStudies.previewToken,
  updatedAt: caseStudies.updatedAt,
  version: caseStudies.version,
};

export type AdminCaseStudy = NonNullable<Awaited<ReturnType<typeof adminGetCaseStudy>>>;

/** A case study for its edit form (not in the trash), or null. */
export async function adminGetCaseStudy(db: Queryable, id: string) {
  const [row] = await db
    .select(editableColumns)
    .from(caseStudies)
    .where(and(eq(caseStudies.id, id), isNull(caseStudies.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** /admin/case-studies: every case study not in the trash, newest created first, with the search `q` (title, client, industry, slug). */
export async function adminListCaseStudies(db: Queryable, q = "") {
  const term = q.trim().toLowerCase();
  const search = term
    ? sql`position(${term} in lower(${caseStudies.title} || ' ' || ${caseStudies.client} || ' ' || ${caseStudies.industry} || ' ' || ${caseStudies.slug})) > 0`
    : undefined;
  return db
    .select({
      id: caseStudies.id,
      title: caseStudies.title,
      slug: caseStudies.slug,
      client: caseStudies.client,
      industry: caseStudies.industry,
      published: caseStudies.published,
      publishedAt: caseStudies.publishedAt,
      featured: caseStudies.featured,
      imageUrl: caseStudies.imageUrl,
      updatedAt: caseStudies.updatedAt,
    })
    .from(caseStudies)
    .where(and(isNull(caseStudies.deletedAt), search))
    .orderBy(desc(caseStudies.createdAt), desc(caseStudies.id));
}

/** Whether another case study (in the trash too: restoring it must not collide) holds this slug. */
export async function isCaseStudySlugTaken(db: Queryable, slug: string, exceptId?: string): Promise<boolean> {
  const rows = await db.select({ id: caseStudies.id }).from(caseStudies).where(eq(caseStudies.slug, slug)).limit(2);
  return rows.some((r) => r.id !== exceptId);
}
