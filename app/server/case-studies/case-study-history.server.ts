import { and, desc, eq } from "drizzle-orm";
import { recordAudit } from "~/server/admin/audit.server";
import { invalidatePublicCache } from "~/server/cache/data-cache.server";
import type { Db, Queryable } from "~/server/db/client.server";
import { caseStudyRevisions } from "~/server/db/schema.server";
import { errorText, notFound } from "~/server/http/errors.server";
import { failureReply, redirectWithToast } from "~/server/admin/form.server";
import { log } from "~/server/core/log.server";
import { recordSlugChange } from "~/server/site/redirects.server";
import { adminGetCaseStudy, isCaseStudySlugTaken } from "./case-study-queries.server";
import { updateCaseStudy, type CaseStudyRecord } from "./case-study-writes.server";
import { formatDateTime } from "~/lib/publication-date";
import type { CaseStudySnapshot } from "~/lib/case-study";
import { refreshCaseStudyPublicationSchedule } from "./case-study-scheduler.server";

/**
 * A case study's history: every save keeps a revision (the whole record, who saved it, when);
 * /admin/case-studies/edit/{id}/history lists them with the fields each changed, and 'Restore'
 * saves an old one again, as a new revision, with its audit entry and the public caches emptied.
 */

export type Editor = { name: string; email: string };
export const SYSTEM_EDITOR: Editor = { name: "System", email: "system" };

export function toSnapshot(record: CaseStudyRecord): CaseStudySnapshot {
  return { ...record, publishedAt: record.publishedAt?.toISOString() ?? null };
}

function fromSnapshot(snapshot: CaseStudySnapshot): CaseStudyRecord {
  return { ...snapshot, publishedAt: snapshot.publishedAt ? new Date(snapshot.publishedAt) : null };
}

/** Keeps the record as saved now (call it in the save's transaction). */
export async function recordCaseStudyRevision(db: Queryable, caseStudyId: string, record: CaseStudyRecord, editor: Editor) {
  await db.insert(caseStudyRevisions).values({ caseStudyId, authorName: editor.name, authorEmail: editor.email, snapshot: toSnapshot(record) });
}

const FIELD_NAMES: Partial<Record<keyof CaseStudySnapshot, string>> = {
  title: "Title",
  slug: "Slug",
  client: "Client",
  industry: "Industry",
  summary: "Summary",
  problem: "The problem",
  solution: "What we built",
  tools: "Tools",
  quote: "Quote",
  quoteAuthor: "Quote by",
  quoteRole: "Their role",
  imageUrl: "Cover",
  coverAlt: "Cover alt text",
  published: "Published",
  featured: "Featured",
  publishedAt: "Publication date",
};

/** The names of the fields that differ between two snapshots (the figures as one entry, 'Results'). */
function changedNames(before: CaseStudySnapshot | null, after: CaseStudySnapshot): string[] {
  if (!before) return ["Created"];
  const differs = (key: keyof CaseStudySnapshot) => JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null);
  const names = (Object.keys(FIELD_NAMES) as (keyof CaseStudySnapshot)[]).filter(differs).map((key) => FIELD_NAMES[key]!);
  const figures = ["hoursBefore", "hoursAfter", "errorRateBefore", "errorRateAfter", "costBefore", "costAfter"] as const;
  if (figures.some(differs)) names.push("Results");
  return names;
}

/** The revisions of a case study, newest first, each with the fields it changed from the one before. */
export async function listCaseStudyRevisions(db: Queryable, caseStudyId: string) {
  const rows = await db
    .select()
    .from(caseStudyRevisions)
    .where(eq(caseStudyRevisions.caseStudyId, caseStudyId))
    .orderBy(desc(caseStudyRevisions.createdAt), desc(caseStudyRevisions.id));
  return rows.map((row, i) => ({
    id: row.id,
    authorName: row.authorName,
    savedAt: row.createdAt.toISOString(),
    savedLabel: formatDateTime(row.createdAt),
    title: row.snapshot.title,
    summary: row.snapshot.summary,
    changed: changedNames(rows[i + 1]?.snapshot ?? null, row.snapshot),
  }));
}

/** Who saved the case study last, and when (what a refused save tells the editor); null when it has no revision. */
export async function latestCaseStudyRevision(db: Queryable, caseStudyId: string) {
  const [row] = await db
    .select({ authorName: caseStudyRevisions.authorName, createdAt: caseStudyRevisions.createdAt })
    .from(caseStudyRevisions)
    .where(eq(caseStudyRevisions.caseStudyId, caseStudyId))
    .orderBy(desc(caseStudyRevisions.createdAt), desc(caseStudyRevisions.id))
    .limit(1);
  return row ?? null;
}

const ERROR_TITLE = "Error restoring version";

/** 'Restore this version': the revision's record saved again over the case study (a new revision). */
export async function restoreCaseStudyRevision(database: Db, caseStudyId: string, revisionId: string, editor: Editor) {
  const [current, [revision]] = await Promise.all([
    adminGetCaseStudy(database, caseStudyId),
    database
      .select()
      .from(caseStudyRevisions)
      .where(and(eq(caseStudyRevisions.id, revisionId), eq(caseStudyRevisions.caseStudyId, caseStudyId)))
      .limit(1),
  ]);
  if (!current) notFound("Case study");
  if (!revision) return failureReply(404, ERROR_TITLE, "That version no longer exists.");
  const record = fromSnapshot(revision.snapshot);
  if (await isCaseStudySlugTaken(database, record.slug, caseStudyId)) {
    return failureReply(409, ERROR_TITLE, `The slug "${record.slug}" is now used by another case study: change it there first.`);
  }
  try {
    await database.transaction(async (tx) => {
      await updateCaseStudy(tx, caseStudyId, record);
      await recordCaseStudyRevision(tx, caseStudyId, record, editor);
      const when = revision.createdAt.toISOString().slice(0, 16).replace("T", " ");
      await recordAudit(
        tx,
        {
          action: "case-study.restore-version",
          target: { type: "case-study", id: caseStudyId, label: record.title },
          summary: `Restored case study "${record.title}" to the version saved ${when} UTC by ${revision.authorName}`,
        },
        { inTransaction: true },
      );
    });
  } catch (error) {
    log.error("restoring a case study version failed", { error: errorText(error) });
    return failureReply(503, ERROR_TITLE, "The version could not be restored. Please try again.");
  }
  await recordSlugChange(database, current, record, new Date(), (slug) => `/case-studies/${slug}`);
  invalidatePublicCache();
  refreshCaseStudyPublicationSchedule();
  return redirectWithToast(`/admin/case-studies/edit/${caseStudyId}`, "Version restored", `"${record.title}" is back as it was saved then.`);
}
