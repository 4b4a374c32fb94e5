import { and, eq, isNull, sql } from "drizzle-orm";
import type { Queryable } from "~/server/db/client.server";
import { caseStudies } from "~/server/db/schema.server";
import type { CaseStudyFigures, CaseStudyText } from "~/lib/case-study";

/*
 * The one writer of case_studies besides the trash (app/server/trash/): the form's saves, the
 * demo content and preview tokens. Reads are in case-study-queries.server.ts.
 */

export type CaseStudyRecord = CaseStudyFigures &
  CaseStudyText & {
    imageUrl: string | null;
    coverAlt: string;
    published: boolean;
    featured: boolean;
    /** Stored as given: a published case study always has one (the save dates it now when none was chosen). */
    publishedAt: Date | null;
  };

const returned = { id: caseStudies.id, slug: caseStudies.slug, title: caseStudies.title };

export async function createCaseStudy(db: Queryable, record: CaseStudyRecord) {
  const [row] = await db.insert(caseStudies).values(record).returning(returned);
  return row!;
}

/**
 * Writes the record and raises its version; null: no such case study (or it is in the trash), or,
 * with `expectedVersion`, its version is no longer that one (saved by someone else meanwhile).
 */
export async function updateCaseStudy(db: Queryable, id: string, record: CaseStudyRecord, expectedVersion?: number) {
  const [row] = await db
    .update(caseStudies)
    .set({ ...record, updatedAt: new Date(), version: sql`${caseStudies.version} + 1` })
    .where(and(eq(caseStudies.id, id), isNull(caseStudies.deletedAt), expectedVersion === undefined ? undefined : eq(caseStudies.version, expectedVersion)))
    .returning(returned);
  return row ?? null;
}

/** Demo content: inserts the rows whose fixed ids are not there yet; answers how many were added. */
export async function insertCaseStudiesIfAbsent(db: Queryable, rows: (CaseStudyRecord & { id: string; createdAt: Date; updatedAt: Date })[]) {
  if (rows.length === 0) return 0;
  const inserted = await db.insert(caseStudies).values(rows).onConflictDoNothing().returning({ id: caseStudies.id });
  return inserted.length;
}

/** The case study's preview token, set to `token` when it has none; null when there is no such case study. */
export async function setCaseStudyPreviewTokenOnce(db: Queryable, id: string, token: string, expectedVersion?: number) {
  const [row] = await db
    .update(caseStudies)
    .set({ previewToken: sql`coalesce(${caseStudies.previewToken}, ${token})` })
    .where(and(eq(caseStudies.id, id), isNull(caseStudies.deletedAt), atVersion(expectedVersion)))
    .returning({ slug: caseStudies.slug, token: caseStudies.previewToken });
  return row?.token ? { slug: row.slug, token: row.token } : null;
}

/** Clears the preview token; false when there is no such case study (or, with `expectedVersion`, not at that version). */
export async function clearCaseStudyPreviewToken(db: Queryable, id: string, expectedVersion?: number) {
  const rows = await db
    .update(caseStudies)
    .set({ previewToken: null })
    .where(and(eq(caseStudies.id, id), isNull(caseStudies.deletedAt), atVersion(expectedVersion)))
    .returning({ id: caseStudies.id });
  return rows.length > 0;
}

/** With a version, only the row at that version (the preview link's buttons, decision 0055): the token is not the content, so the version stays. */
function atVersion(expectedVersion: number | undefined) {
  return expectedVersion === undefined ? undefined : eq(caseStudies.version, expectedVersion);
}
